package org.boardlab.cli.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.boardlab.conform.testing.MutatingRelay;
import org.boardlab.game.othello.Othello;
import org.boardlab.protocol.othello.internal.OthelloKit;
import org.boardlab.protocol.othello.internal.OthelloProtocol;
import org.boardlab.protocol.othello.internal.OthelloServerProtocol;
import org.boardlab.server.EmbeddedServer;
import org.boardlab.server.ServerSettings;
import org.boardlab.store.testing.TestDatabases;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code conform} against boardlab's Othello server, whole and broken; {@code bugs} lists what {@code --record} stored. */
class ConformCommandTest {

    @TempDir
    Path dir;

    private final OthelloKit kit = new OthelloKit();
    private final org.boardlab.protocol.reversi.internal.ReversiKit reversiKit = new org.boardlab.protocol.reversi.internal.ReversiKit();
    private EmbeddedServer server;
    private InetSocketAddress address;

    private final CliHarness cli = new CliHarness().kits(List.of(kit, reversiKit));

    @BeforeEach
    void start() {
        server = new EmbeddedServer(id -> new Othello(), cli.bus, ServerSettings.defaults().withTimePerMove(Duration.ofSeconds(2)), line -> { });
        server.addProtocol(new OthelloServerProtocol(new OthelloProtocol()));
        address = server.start("othello", "127.0.0.1", 0);
    }

    @AfterEach
    void close() {
        server.close();
        cli.close();
    }

    private int run(String... args) {
        return cli.run(args);
    }

    @Test
    void aWholeRunAgainstBoardlabsServerPassesWithAProgressLinePerScenarioAndWritesItsReports() throws Exception {
        Path junit = dir.resolve("reports/othello.xml");
        Path html = dir.resolve("reports/othello.html");
        int code = run("conform", "othello", "server", "127.0.0.1:" + address.getPort(), "--fast", "--move-time", "2", "--answer-time", "3",
                "--junit", junit.toString(), "--html", html.toString());
        assertThat(code).as(cli.out() + "\n" + cli.err()).isZero();
        String text = cli.out();
        assertThat(text).contains("conform othello server 127.0.0.1:" + address.getPort() + " (seed 000 Othello text protocol): 15 scenarios")
                .containsPattern("\\[ 1/15\\] PASS  login \\(\\d+\\.\\d\\d s\\)")
                .containsPattern("\\[15/15\\] SKIP  silence .*--idle-time")
                .contains("14 passed, 0 failed, 0 errors, 1 skipped; 0 checks failed;");
        String xml = Files.readString(junit, StandardCharsets.UTF_8);
        assertThat(xml).contains("<testsuite name=\"conform.othello.server\"").contains("name=\"othello.game.pass\"").doesNotContain("<failure");
        assertThat(Files.readString(html, StandardCharsets.UTF_8)).contains("<h2 id=\"s10\"><span class=\"PASSED\">PASSED</span> full-game</h2>")
                .contains("SPASS~BLACK");
    }

    @Test
    void aFailureExitsWithOneShowsTheFramesAndGoesToTheBugLog() throws Exception {
        MutatingRelay.Mutation noPongs = new MutatingRelay.Mutation() {
            @Override
            public List<byte[]> down(MutatingRelay.Link link, MutatingRelay.Piece piece) {
                return piece.text().equals("SPONG") ? List.of() : List.of(piece.frame());
            }
        };
        String db = TestDatabases.h2(dir);
        try (MutatingRelay relay = new MutatingRelay("127.0.0.1", address.getPort(), kit.codec(), noPongs)) {
            int code = run("conform", "othello", "server", "127.0.0.1:" + relay.port(), "--fast", "--answer-time", "1", "--scenario", "ping,login",
                    "--record", "--component", "team-red", "--component-version", "v0.3", "--db", db);
            assertThat(code).as(cli.out() + "\n" + cli.err()).isEqualTo(1);
            assertThat(cli.out()).contains("[ 2/2] FAIL  ping").contains("othello.ping.answered")
                    .contains("expected SPONG; received nothing within 1 s")
                    .containsPattern(">> #\\d+ \\+\\d+\\.\\d+s pinger_\\w+ -> CPING")
                    .contains("raw: 43 50 49 4E 47 0A")
                    .contains("recorded 1 bug of team-red v0.3 in the bug log");
        }
        assertThat(run("bugs", "--db", db)).isZero();
        assertThat(cli.out()).contains("team-red").contains("v0.3").contains("othello.ping.answered").contains("1 bug (database:");
        assertThat(run("bugs", "--db", db, "--format", "markdown")).isZero();
        assertThat(cli.out()).contains("## 1. othello.ping.answered (team-red v0.3)")
                .contains("| rule | othello README §3 CPING: CPING is answered SPONG, also before logging in |")
                .contains("| expected | SPONG |").contains("```\n").contains("-> CPING");
        assertThat(run("bugs", "--db", db, "--format", "csv", "--component", "team-red")).isZero();
        assertThat(cli.out()).startsWith("id,found_at,protocol,role,component,version,address,scenario,check,rule,expected,received,frames")
                .contains(",othello,server,team-red,v0.3,127.0.0.1:");
        assertThat(run("bugs", "--db", db, "--component", "team-blue")).isZero();
        assertThat(cli.out()).contains("the bug log is empty for team-blue");
    }

    @Test
    void aGameMastersThreePortsAreGivenOneByOneOrAsTheFirst() {
        EmbeddedServer gm = new EmbeddedServer(id -> new Othello(), cli.bus, ServerSettings.defaults(), line -> { });
        try {
            gm.addProtocol(new org.boardlab.protocol.reversi.internal.ReversiServerProtocol(new org.boardlab.protocol.reversi.internal.ReversiProtocol()));
            List<InetSocketAddress> ports = gm.startGroup("reversi", "127.0.0.1", 0);
            String target = "127.0.0.1:" + ports.get(0).getPort() + "," + ports.get(1).getPort() + "," + ports.get(2).getPort();
            int code = run("conform", "reversi", "server", target, "--fast", "--answer-time", "3", "--scenario", "connect,illegal-move");
            assertThat(code).as(cli.out() + "\n" + cli.err()).isZero();
            assertThat(cli.out()).contains("conform reversi server " + target + " (seed 004 Reversi Game Master binary protocol): 2 scenarios")
                    .contains("2 passed, 0 failed");
        } finally {
            gm.close();
        }
        assertThat(run("conform", "reversi", "server", "127.0.0.1:14000,14001")).isEqualTo(2);
        assertThat(cli.err()).contains("BP (then WP = BP+1, GC = BP+2) or BP,WP,GC");
        assertThat(run("conform", "othello", "server", "127.0.0.1:10000,10001")).isEqualTo(2);
        assertThat(cli.err()).contains("'10000,10001' is not a port");
    }

    /**
     * The Dots client kit's server drops a client silent for the idle time, and a Dots client beats every 5 s: an
     * idle time under 7 s (the heartbeat and 2 s for it to arrive) would fail a client that keeps the rules, so it
     * is a usage error that says the least it takes and why, before anything listens.
     */
    @Test
    void theDotsClientKitRefusesAnIdleTimeAClientKeepingTheHeartbeatCannotMeet() {
        try (CliHarness dots = new CliHarness().kits(List.of(new org.boardlab.protocol.dots.internal.DotsKit()))) {
            assertThat(dots.run("conform", "dots", "client", "--port", "0", "--fast", "--idle-time", "3")).isEqualTo(2);
            assertThat(dots.err()).contains("--idle-time 3 is too short for the dots client kit: give 7 or more.")
                    .contains("drops a client that sends nothing for the idle time").contains("a heartbeat every 5 s");
            assertThat(dots.out()).doesNotContain("listening");
            assertThat(dots.run("conform", "dots", "client", "--port", "0", "--idle-time", "6.95")).isEqualTo(2);
            assertThat(dots.err()).contains("--idle-time 6.95 is too short for the dots client kit: give 7 or more.");
            // the server kit's silence is the server's own: any limit is a fair one to test (nothing listens at port 1)
            assertThat(dots.run("conform", "dots", "server", "127.0.0.1:1", "--fast", "--idle-time", "3", "--answer-time", "1",
                    "--scenario", "accounts")).isEqualTo(1);
            assertThat(dots.err()).doesNotContain("too short");
        }
    }

    @Test
    void usageMistakesAreTold() {
        assertThat(run("conform", "othello", "server")).isEqualTo(2);
        assertThat(cli.err()).contains("give the server's HOST:PORT");
        assertThat(run("conform", "othello", "sever", "h:1")).isEqualTo(2);
        assertThat(run("conform", "chess", "server", "h:1")).isEqualTo(2);
        assertThat(cli.err()).contains("no conformance kit for protocol 'chess' (kits: [othello, reversi])");
        assertThat(run("conform", "othello", "server", "127.0.0.1:1", "--record")).isEqualTo(2);
        assertThat(cli.err()).contains("--record needs --component");
        assertThat(run("conform", "othello", "server", "127.0.0.1:1", "--scenario", "nope")).isEqualTo(2);
        assertThat(run("conform", "othello", "--list")).isZero();
        assertThat(cli.out()).contains("server scenarios (15):").contains("othello.framing.split").contains("client scenarios (5):");
        assertThat(run("conform", "--list")).isZero();
        assertThat(cli.out()).contains("othello    seed 000 Othello text protocol: 15 server scenarios, 5 client scenarios");
    }
}
