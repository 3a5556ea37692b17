package org.boardlab.protocol.dots.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.boardlab.core.EventBus;
import org.boardlab.game.dots.Dots;
import org.boardlab.server.EmbeddedServer;
import org.boardlab.server.ServerSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server stopped and started again on the same store and logins file keeps its users logged in: their tokens
 * still open the HTTP routes and Bayeux, without a new login (and its password hash).
 */
class DotsLoginsTest {

    @TempDir
    Path dir;

    @Test
    void aRestartedServerTakesTheTokensOfTheLastOneAndWithoutTheFileNobodysToken() throws Exception {
        Accounts accounts = TestAccounts.open("h2");
        Path logins = dir.resolve("data").resolve("dots-logins.txt");
        try {
            Map<String, Object> ann;
            try (Running first = new Running(accounts, logins)) {
                ann = RawBayeux.account(first.base, "ann");
            }
            String token = (String) ann.get("token");
            assertThat(Files.readString(logins)).doesNotContain(token).contains(ann.get("id") + " ");

            try (Running second = new Running(accounts, logins)) {
                String q = "/queue?id=" + ann.get("id") + "&token=" + token;
                assertThat(RawBayeux.get(second.base, q).statusCode()).isEqualTo(200);
                RawBayeux c = RawBayeux.connected(second.base, DotsBayeuxTest.auth(ann));
                assertThat(RawBayeux.error(c.subscribe("/game/queue"))).isNull();
                assertThat(RawBayeux.error(c.publish("/game/queue", DotsBayeuxTest.data("type", "heartbeat")))).isNull();
                assertThat(RawBayeux.get(second.base, q.replace(token, "0".repeat(20))).statusCode()).isEqualTo(401);
            }
            try (Running elsewhere = new Running(accounts, dir.resolve("other").resolve("dots-logins.txt"))) {
                assertThat(RawBayeux.get(elsewhere.base, "/queue?id=" + ann.get("id") + "&token=" + token).statusCode())
                        .as("another logins file: logged out").isEqualTo(401);
            }
        } finally {
            TestAccounts.close(accounts);
        }
    }

    /** A server with the Dots port whose tokens are kept in {@code logins}; closing it leaves the accounts open. */
    private static final class Running implements AutoCloseable {
        final EmbeddedServer server;
        final String base;

        Running(Accounts accounts, Path logins) {
            Dots dots = new Dots();
            server = new EmbeddedServer(id -> dots, new EventBus(), ServerSettings.defaults(), line -> { });
            server.addProtocol(new DotsServerProtocol(new DotsProtocol(), () -> accounts, DotsTestServer.FAST,
                    DotsWeb.Options.SERVER, () -> logins));
            InetSocketAddress at = server.start("dots", "127.0.0.1", 0);
            base = "http://127.0.0.1:" + at.getPort();
        }

        @Override
        public void close() {
            server.close();
        }
    }
}
