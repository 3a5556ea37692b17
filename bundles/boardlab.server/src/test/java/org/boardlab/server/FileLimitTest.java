package org.boardlab.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.boardlab.core.EventBus;
import org.boardlab.game.tictactoe.TicTacToe;
import org.boardlab.server.testing.FileLimitRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server that runs out of file descriptors, for real: a server in a process of its own started under a low limit
 * of open files ({@code ulimit -n} {@value #LIMIT}, set by the shell that starts it: a process cannot lower its own
 * limit from Java), and more clients than the limit leaves room for. Each accepted client takes a file; the accept
 * after the last one fails ("Too many open files"), and Netty's acceptor stops accepting for a second and tries
 * again while clients wait in the port's queue. The server says so in one plain line with its limit (not a warning
 * with a stack trace per failed accept), and once clients leave, the waiting ones are accepted and served, which it
 * also says once.
 */
class FileLimitTest {

    /** The limit of open files of the server's process: room for the JVM, its jars and about a hundred clients. */
    static final int LIMIT = 256;

    @TempDir
    Path dir;

    @Test
    void aServerOutOfFileDescriptorsSaysSoOnceWithItsLimitAndAcceptsTheWaitingClientsWhenOthersLeave() throws Exception {
        try (FileLimitRun run = FileLimitRun.start(LIMIT, Server.class, dir)) {
            List<Socket> clients = run.fill(); // Netty's acceptor tries again every second, told in no line
            Socket last = clients.get(clients.size() - 1);
            last.getOutputStream().write("still there?\n".getBytes(StandardCharsets.US_ASCII)); // waits in the kernel meanwhile
            run.freeTwenty();
            last.setSoTimeout(10_000);
            BufferedReader in = new BufferedReader(new InputStreamReader(last.getInputStream(), StandardCharsets.US_ASCII));
            assertThat(in.readLine()).as("the answer to the last client, accepted once others left").isEqualTo("still there?");
            run.assertAcceptingAgain();
            assertThat(run.stderr()).as("the server's standard error (Netty's own warnings)").doesNotContain("Too many open files")
                    .doesNotContain("exceptionCaught");
        }
    }

    /**
     * The server's process: an echo port; its log on standard output ({@code log: ...}), then {@code ready port P, N
     * files open of L}; it stops when its standard input ends.
     */
    public static final class Server {

        private Server() {
        }

        public static void main(String[] args) throws Exception {
            // Netty's warnings on standard error, where the test looks for them, through java.util.logging, set up now
            // (it reads its configuration from a file, which it could not open once the files are used up)
            io.netty.util.internal.logging.InternalLoggerFactory.setDefaultFactory(io.netty.util.internal.logging.JdkLoggerFactory.INSTANCE);
            java.util.logging.Logger.getLogger("").getHandlers(); // its console handler made now
            // and a record formatted once: its time stamp's zone rules are read from a file of the JDK's
            new java.util.logging.SimpleFormatter().format(new java.util.logging.LogRecord(java.util.logging.Level.WARNING, "x"));
            EmbeddedServer server = new EmbeddedServer(id -> new TicTacToe(), new EventBus(), ServerSettings.defaults(), FileLimitRun.log());
            server.addProtocol(new LineProtocol("echo") {
                @Override
                ByteBuf answer(ByteBuf line) {
                    return Unpooled.wrappedBuffer(line.retain(), Unpooled.wrappedBuffer(new byte[] {'\n'}));
                }
            });
            InetSocketAddress address = server.start("echo", "127.0.0.1", 0);
            // one client first, so that every class a connection needs is loaded before the files run out (a class in a
            // folder on the class path is a file opened when it is loaded)
            try (Socket warm = new Socket("127.0.0.1", address.getPort())) {
                warm.getOutputStream().write("warm\n".getBytes(StandardCharsets.US_ASCII));
                warm.getInputStream().read(new byte[5]);
            }
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (!server.connections().isEmpty() && System.nanoTime() < until) {
                Thread.sleep(10);
            }
            FileLimitRun.serve(address.getPort());
            server.close();
            System.exit(0);
        }
    }
}
