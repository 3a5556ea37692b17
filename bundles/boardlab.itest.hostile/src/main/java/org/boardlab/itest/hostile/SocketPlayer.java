package org.boardlab.itest.hostile;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import javax.inject.Named;
import org.boardlab.api.Move;
import org.boardlab.api.MoveRequest;
import org.boardlab.api.Player;

/**
 * Tries to connect to 127.0.0.1:{@value #PORT} (where a test listens) on every move. It plays a legal
 * move when it cannot connect, and throws "I could connect" when it can.
 */
@Named("hostile-socket")
public final class SocketPlayer implements Player {

    public static final int PORT = 47123;

    @Override
    public Move chooseMove(MoveRequest request) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", PORT), 500);
            s.getOutputStream().write("a student's player got through\n".getBytes());
        } catch (IOException e) {
            return Hostile.firstLegal(request);
        }
        throw new IllegalStateException("I could connect to 127.0.0.1:" + PORT);
    }
}
