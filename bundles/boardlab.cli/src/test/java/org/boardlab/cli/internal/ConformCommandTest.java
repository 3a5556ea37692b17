package org.boardlab.cli.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.boardlab.cli.Cli;
import org.boardlab.cli.Services;
import org.boardlab.conform.ConformanceKit;
import org.boardlab.conform.testing.MutatingRelay;
import org.boardlab.core.Application;
import org.boardlab.core.EventBus;
import org.boardlab.core.Referee;
import org.boardlab.core.Registry;
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

    private final EventBus bus = new EventBus();
    private final Registry registry = new Registry(bus);
    private final Referee referee = new Referee();
    private final OthelloKit kit = new OthelloKit();
    private final org.boardlab.protocol.reversi.internal.ReversiKit reversiKit = new org.boardlab.protocol.reversi.internal.ReversiKit();
    private StringWriter out = new StringWriter();
    private StringWriter err = new StringWriter();
    private EmbeddedServer server;
    private InetSocketAddress address;

    private final Services services = new Services() {
        @Override
        public Registry registry() {
            return registry;
        }

        @Override
        public EventBus events() {
            return bus;
        }

        @Override
        public Referee referee() {
            return referee;
        }

        @Override
        public Optional<Application> application(String id) {
            return Optional.empty();
        }

        @Override
        public String version() {
            return "0.0.0";
        }

        @Override
        public Optional<org.boardlab.client.TerminalClient> terminalClient(String id) {
            return Optional.empty();
        }

        @Override
        public List<org.boardlab.server.ServerProtocol> serverProtocols() {
            return List.of();
        }

        @Override
        public List<ConformanceKit> conformanceKits() {
            return List.of(kit, reversiKit);
        }
    };

    @BeforeEach
    void start() {
        server = new EmbeddedServer(id -> new Othello(), bus, ServerSettings.defaults().withTimePerMove(Duration.ofSeconds(2)), line -> { });
        server.addProtocol(new OthelloServerProtocol(new OthelloProtocol()));
        address = server.start("othello", "127.0.0.1", 0);
    }

    @AfterEach
    void close() {
        server.close();
        referee.close();
    }

    private int run(String... args) {
        out = new StringWriter();
        err = new StringWriter();
        return Cli.execute(services, List.of(args), new PrintWriter(out, true), new PrintWriter(err, true));
    }

    @Test
    void aWholeRunAgainstBoardlabsServerPassesWithAProgressLinePerScenarioAndWritesItsReports() throws Exception {
        Path junit = dir.resolve("reports/othello.xml");
        Path html = dir.resolve("reports/othello.html");
        int code = run("conform", "othello", "server", "127.0.0.1:" + address.getPort(), "--fast", "--move-time", "2", "--answer-time", "3",
                "--junit", junit.toString(), "--html", html.toString());
        assertThat(code).as(out + "\n" + err).isZero();
        String text = out.toString();
        assertThat(text).contains("conform othello server 127.0.0.1:" + address.getPort() + " (seed 000 Othello text protocol): 15 scenarios")
                .containsPattern("\\[ 1/15\\] PASS  login \\(\\d+\\.\\d\\d s\\)")
                .containsPattern("\\[15/15\\] SKIP  silence .*--idle-time")
                .contains("14 passed, 0 failed, 0 errors, 1 skipped");
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
            assertThat(code).as(out + "\n" + err).isEqualTo(1);
            assertThat(out.toString()).contains("[ 2/2] FAIL  ping").contains("othello.ping.answered")
                    .contains("expected SPONG; received nothing within 1 s")
                    .containsPattern(">> #\\d+ \\+\\d+\\.\\d+s pinger_\\w+ -> CPING")
                    .contains("raw: 43 50 49 4E 47 0A")
                    .contains("recorded 1 bug of team-red v0.3 in the bug log");
        }
        assertThat(run("bugs", "--db", db)).isZero();
        assertThat(out.toString()).contains("team-red").contains("v0.3").contains("othello.ping.answered").contains("1 bug (database:");
        assertThat(run("bugs", "--db", db, "--format", "markdown")).isZero();
        assertThat(out.toString()).contains("## 1. othello.ping.answered (team-red v0.3)")
                .contains("| rule | othello README §3 CPING: CPING is answered SPONG, also before logging in |")
                .contains("| expected | SPONG |").contains("```\n").contains("-> CPING");
        assertThat(run("bugs", "--db", db, "--format", "csv", "--component", "team-red")).isZero();
        assertThat(out.toString()).startsWith("id,found_at,protocol,role,component,version,address,scenario,check,rule,expected,received,frames")
                .contains(",othello,server,team-red,v0.3,127.0.0.1:");
        assertThat(run("bugs", "--db", db, "--component", "team-blue")).isZero();
        assertThat(out.toString()).contains("the bug log is empty for team-blue");
    }

    @Test
    void aGameMastersThreePortsAreGivenOneByOneOrAsTheFirst() {
        EmbeddedServer gm = new EmbeddedServer(id -> new Othello(), bus, ServerSettings.defaults(), line -> { });
        try {
            gm.addProtocol(new org.boardlab.protocol.reversi.internal.ReversiServerProtocol(new org.boardlab.protocol.reversi.internal.ReversiProtocol()));
            List<InetSocketAddress> ports = gm.startGroup("reversi", "127.0.0.1", 0);
            String target = "127.0.0.1:" + ports.get(0).getPort() + "," + ports.get(1).getPort() + "," + ports.get(2).getPort();
            int code = run("conform", "reversi", "server", target, "--fast", "--answer-time", "3", "--scenario", "connect,illegal-move");
            assertThat(code).as(out + "\n" + err).isZero();
            assertThat(out.toString()).contains("conform reversi server " + target + " (seed 004 Reversi Game Master binary protocol): 2 scenarios")
                    .contains("2 passed, 0 failed");
        } finally {
            gm.close();
        }
        assertThat(run("conform", "reversi", "server", "127.0.0.1:14000,14001")).isEqualTo(2);
        assertThat(err.toString()).contains("BP (then WP = BP+1, GC = BP+2) or BP,WP,GC");
        assertThat(run("conform", "othello", "server", "127.0.0.1:10000,10001")).isEqualTo(2);
        assertThat(err.toString()).contains("'10000,10001' is not a port");
    }

    @Test
    void usageMistakesAreTold() {
        assertThat(run("conform", "othello", "server")).isEqualTo(2);
        assertThat(err.toString()).contains("give the server's HOST:PORT");
        assertThat(run("conform", "othello", "sever", "h:1")).isEqualTo(2);
        assertThat(run("conform", "chess", "server", "h:1")).isEqualTo(2);
        assertThat(err.toString()).contains("no conformance kit for protocol 'chess' (kits: [othello, reversi])");
        assertThat(run("conform", "othello", "server", "127.0.0.1:1", "--record")).isEqualTo(2);
        assertThat(err.toString()).contains("--record needs --component");
        assertThat(run("conform", "othello", "server", "127.0.0.1:1", "--scenario", "nope")).isEqualTo(2);
        assertThat(run("conform", "othello", "--list")).isZero();
        assertThat(out.toString()).contains("server scenarios (15):").contains("othello.framing.split").contains("client scenarios (5):");
        assertThat(run("conform", "--list")).isZero();
        assertThat(out.toString()).contains("othello    seed 000 Othello text protocol: 15 server scenarios, 5 client scenarios");
    }
}
