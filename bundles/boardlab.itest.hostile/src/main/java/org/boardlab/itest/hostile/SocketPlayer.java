package org.boardlab.itest.hostile;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import javax.inject.Named;
import org.boardlab.api.Move;
import org.boardlab.api.MoveRequest;
import org.boardlab.api.Player;

/**
 * Tries, on every move, to connect to 127.0.0.1 at the port where its test listens, and prints what
 * happened ({@code hostile-socket: 127.0.0.1:PORT could not connect: ...}). It plays a legal move
 * when it cannot connect, and throws "I could connect" when it can.
 *
 * <p>The test passes the port in the match's seed ({@code MatchSettings.withSeed(port)}, one game):
 * boardlab's referee gives each side the seed {@code game seed * 2 + side} (0 for the first side, 1
 * for the second), so the port is {@code request.seed() / 2}. A seed that is no port (outside
 * 1..65535) is a mistake of the test and fails the move, so the test cannot pass without the player
 * having tried the port the test opened.
 */
@Named("hostile-socket")
public final class SocketPlayer implements Player {

    /** The port this player tries: {@code request.seed() / 2} (see the class comment). */
    public static int port(MoveRequest request) {
        long port = request.seed() / 2;
        if (port < 1 || port > 65535) {
            throw new IllegalStateException("no port to try: the request's seed " + request.seed()
                    + " is not twice a port 1..65535 (set the match's seed to the port)");
        }
        return (int) port;
    }

    @Override
    public Move chooseMove(MoveRequest request) {
        int port = port(request);
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", port), 500);
            s.getOutputStream().write("a student's player got through\n".getBytes());
        } catch (IOException e) {
            System.out.println("hostile-socket: 127.0.0.1:" + port + " could not connect: " + e.getMessage());
            return Hostile.firstLegal(request);
        }
        throw new IllegalStateException("I could connect to 127.0.0.1:" + port);
    }
}
