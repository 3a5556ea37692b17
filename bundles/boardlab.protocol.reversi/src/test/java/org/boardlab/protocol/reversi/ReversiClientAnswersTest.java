package org.boardlab.protocol.reversi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.atomic.AtomicReference;
import org.boardlab.client.CloseReason;
import org.junit.jupiter.api.Test;

/**
 * How boardlab's seed 004 client matches the Game Master's answers to its requests, with a Game
 * Master of raw bytes on a socket.
 */
class ReversiClientAnswersTest {

    private static final int PING = 0x0A;

    /**
     * The player pings while its Connect waits for Player OK, and the Game Master answers the Ping's
     * OK first (boardlab's conformance kit did so under load: its reader answers Pings at once, its
     * scenario then sends Player OK). The OK is the Ping's: the player keeps pinging after each second
     * of silence and stays connected. Before, it took the OK for the Connect's, waited for an answer to
     * the Ping that had had one, sent no Ping again and closed the connection 2 s later ("the Game
     * Master did not answer a Ping within 2 s"): ReversiKitTest's pings scenario failed at load 24.
     */
    @Test
    void anOkThatOvertakesThePlayerOkOfTheConnectAnswersThePing() throws Exception {
        AtomicReference<CloseReason> closed = new AtomicReference<>();
        ReversiClient player = new ReversiClient(new ReversiClient.Listener() {
            @Override
            public void closed(CloseReason reason) {
                closed.set(reason);
            }
        });
        try (ServerSocket gm = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            player.connect("127.0.0.1", gm.getLocalPort()).thenRun(() -> player.connectAs("ann"));
            try (Socket s = gm.accept()) {
                s.setSoTimeout(5_000);
                InputStream in = s.getInputStream();
                OutputStream out = s.getOutputStream();
                assertEquals(0x01, in.read(), "Connect");
                in.readNBytes(in.read());
                assertEquals(PING, in.read(), "the player's Ping after a second without an answer to its Connect");
                out.write(ReversiEncoder.encode(ReversiMessage.Ok.OK));
                out.write(ReversiEncoder.encode(new ReversiMessage.PlayerOk(ReversiMessage.BLACK)));
                out.flush();
                for (int i = 0; i < 2; i++) {
                    assertEquals(PING, in.read(), "a Ping after another second of silence, not the end of the connection");
                    out.write(ReversiEncoder.encode(ReversiMessage.Ok.OK));
                    out.flush();
                }
                assertNull(closed.get(), "the player is still connected");
            }
        } finally {
            player.close();
        }
    }
}
