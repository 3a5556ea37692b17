package org.boardlab.protocol.dots.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.boardlab.core.EventBus;
import org.boardlab.game.dots.Dots;
import org.boardlab.server.EmbeddedServer;
import org.boardlab.server.ServerSettings;
import org.boardlab.server.testing.FileLimitRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Dots port (Jetty's, not the server's Netty) out of file descriptors, for real, as boardlab.server's
 * {@code FileLimitTest} runs the server's own ports: a server in a process of its own under a low limit of open files
 * ({@code ulimit -n} {@value #LIMIT}, set by the shell that starts it), and more clients than the limit leaves room
 * for. The accept after the last file fails; the port says so in the server's one plain line with its limit (the same
 * line as the Netty ports', and at most one a minute), tries again every second while clients wait in the port's
 * queue, and once clients leave accepts and serves the waiting ones, which it also says once. Before, Jetty logged a
 * warning with a stack trace for each failed accept, which {@code serve} showed nowhere.
 */
class DotsFileLimitTest {

    /** The limit of open files of the server's process: room for the JVM, its jars and some clients. */
    static final int LIMIT = 512;

    @TempDir
    Path dir;

    @Test
    void theDotsPortOutOfFileDescriptorsSaysSoOnceWithItsLimitAndServesTheWaitingClientsWhenOthersLeave() throws Exception {
        try (FileLimitRun run = FileLimitRun.start(LIMIT, Server.class, dir)) {
            List<Socket> clients = run.fill(); // the port tries again every second, told in no line
            Socket last = clients.get(clients.size() - 1);
            // the seed's route without its parameters: answered 400, once the connection is accepted
            last.getOutputStream().write("GET /queue HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
                    .getBytes(StandardCharsets.US_ASCII)); // waits in the kernel meanwhile
            run.freeTwenty();
            last.setSoTimeout(10_000);
            BufferedReader in = new BufferedReader(new InputStreamReader(last.getInputStream(), StandardCharsets.US_ASCII));
            assertThat(in.readLine()).as("the answer to the last client, accepted once others left").startsWith("HTTP/1.1 400 ");
            run.assertAcceptingAgain();
            assertThat(run.stderr()).as("the server's standard error").doesNotContain("Too many open files");
        }
    }

    /**
     * The server's process: the Dots port, its accounts in a fresh H2 store; the server's log on standard output
     * ({@code log: ...}), then {@code ready port P, N files open of L}; it stops when its standard input ends.
     */
    public static final class Server {

        private Server() {
        }

        public static void main(String[] args) throws Exception {
            Accounts accounts = TestAccounts.open("h2");
            Dots dots = new Dots();
            EmbeddedServer server = new EmbeddedServer(id -> dots, new EventBus(), ServerSettings.defaults(), FileLimitRun.log());
            server.addProtocol(new DotsServerProtocol(new DotsProtocol(), () -> accounts, DotsTestServer.FAST));
            InetSocketAddress address = server.start("dots", "127.0.0.1", 0);
            // a request first, so that every class a connection and an answer need is loaded before the files run out (a
            // class in a folder on the class path is a file opened when it is loaded)
            for (int i = 0; i < 2; i++) {
                try (Socket warm = new Socket("127.0.0.1", address.getPort())) {
                    warm.getOutputStream().write("GET /queue HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
                            .getBytes(StandardCharsets.US_ASCII));
                    warm.getInputStream().readAllBytes();
                }
            }
            Thread.sleep(500); // the server's side of the warm connections closed
            FileLimitRun.serve(address.getPort());
            server.close();
            TestAccounts.close(accounts);
            System.exit(0);
        }
    }
}
