package org.boardlab.conform.ui.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BooleanSupplier;
import org.boardlab.api.event.WireEvent;
import org.boardlab.conform.Frame;
import org.boardlab.conform.Report;
import org.boardlab.conform.testing.MutatingRelay;
import org.boardlab.core.EventBus;
import org.boardlab.game.othello.Othello;
import org.boardlab.protocol.othello.internal.OthelloKit;
import org.boardlab.protocol.othello.internal.OthelloProtocol;
import org.boardlab.protocol.othello.internal.OthelloServerProtocol;
import org.boardlab.server.EmbeddedServer;
import org.boardlab.server.ServerSettings;
import org.boardlab.store.Bug;
import org.boardlab.store.BugLog;
import org.boardlab.store.Store;
import org.boardlab.store.Stores;
import org.boardlab.store.testing.TestDatabases;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Conformance view's model without a display: the Othello kit run against boardlab's own server
 * (rows while it runs, every frame in the inspector's stream with its scenario's match id) and
 * through a relay that never sends SPASS (the pass check fails, opened at its frame), and the bug log.
 */
class ConformanceModelTest {

    private static final OthelloKit KIT = new OthelloKit();
    private static EmbeddedServer server;
    private static InetSocketAddress address;

    @TempDir
    Path dir;

    @BeforeAll
    static void start() {
        server = new EmbeddedServer(id -> new Othello(), new EventBus(),
                ServerSettings.defaults().withTimePerMove(Duration.ofSeconds(2)).withReconnectWindow(Duration.ofSeconds(10)), line -> { });
        server.addProtocol(new OthelloServerProtocol(new OthelloProtocol()));
        address = server.start("othello", "127.0.0.1", 0);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private final EventBus events = new EventBus();
    private final List<WireEvent> wire = new CopyOnWriteArrayList<>();
    private final List<List<ScenarioRow>> seen = new CopyOnWriteArrayList<>();
    private Store store;

    private ConformanceModel model() {
        events.subscribe(e -> wire.add((WireEvent) e), WireEvent.class);
        ConformanceModel[] self = new ConformanceModel[1];
        self[0] = new ConformanceModel(() -> List.of(KIT), events, id -> id.equals("othello") ? new OthelloProtocol() : null, () -> store(),
                () -> seen.add(self[0].rows()));
        return self[0];
    }

    private synchronized Store store() {
        if (store == null) {
            store = new Stores().open(TestDatabases.h2(dir));
        }
        return store;
    }

    private static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long end = System.nanoTime() + Duration.ofSeconds(120).toNanos();
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime()).as("waiting for " + what).isLessThan(end);
            Thread.sleep(10);
        }
    }

    @Test
    void aRunAgainstBoardlabsServerShowsEachScenarioAsItRunsAndItsFramesInTheInspectorStream() throws Exception {
        ConformanceModel model = model();
        assertThat(model.kits()).extracting(k -> k.protocol()).containsExactly("othello");
        assertThat(model.start("othello", Report.Role.SERVER, "127.0.0.1:" + address.getPort(), true)).isEmpty();
        assertThat(model.start("othello", Report.Role.SERVER, "127.0.0.1:" + address.getPort(), true)).hasValue("a run is under way: stop it first");
        await("the run's end", () -> !model.running());

        List<ScenarioRow> rows = model.rows();
        assertThat(rows).extracting(ScenarioRow::name).containsExactlyElementsOf(KIT.serverScenarios().stream().map(s -> s.name()).toList());
        assertThat(rows).filteredOn(r -> r.state() == ScenarioRow.State.SKIPPED).extracting(ScenarioRow::name)
                .containsExactlyInAnyOrder("move-timeout", "silence");
        assertThat(rows).filteredOn(r -> r.state() != ScenarioRow.State.SKIPPED).allSatisfy(r -> {
            assertThat(r.state()).as(r.name() + ": " + r.resultText()).isEqualTo(ScenarioRow.State.PASSED);
            assertThat(r.frames()).isPositive();
            assertThat(r.checksText()).isEqualTo(r.checks() + "/" + r.checks() + " passed");
        });
        assertThat(model.status()).startsWith("othello server 127.0.0.1:" + address.getPort() + ": " + rows.size() + " scenarios");
        // while it ran: a scenario running with frames counted, the ones after it still waiting
        assertThat(seen).anySatisfy(snapshot -> {
            assertThat(snapshot.get(0).state()).isEqualTo(ScenarioRow.State.RUNNING);
            assertThat(snapshot.get(0).frames()).isPositive();
            assertThat(snapshot.get(1).state()).isEqualTo(ScenarioRow.State.WAITING);
        });
        assertThat(seen).anySatisfy(snapshot -> {
            assertThat(snapshot.get(0).state()).isEqualTo(ScenarioRow.State.PASSED);
            assertThat(snapshot.get(1).state()).isEqualTo(ScenarioRow.State.RUNNING);
        });

        // every frame reached the inspector's stream, each scenario under a match id of its own, decoded by the protocol
        Report report = model.report().orElseThrow();
        await("every frame in the stream", () -> wire.size() >= report.frames().size());
        assertThat(wire).hasSize(report.frames().size());
        int login = 1;
        List<WireEvent> loginFrames = wire.stream().filter(e -> e.matchId() == model.matchId(login)).toList();
        assertThat(loginFrames).hasSize(model.frames(login).size());
        assertThat(loginFrames).allMatch(e -> e.protocol().equals("othello") && e.player().startsWith("conform: ") && e.remote().equals(
                "127.0.0.1:" + address.getPort()));
        assertThat(loginFrames.stream().filter(WireEvent::fromClient).map(e -> e.decoded().type())).contains("CNAME");
        assertThat(loginFrames.stream().filter(e -> !e.fromClient() && !e.decoded().type().equals("event")).map(e -> e.decoded().type()))
                .contains("SNAMEOK", "SNAMEERR");
        assertThat(loginFrames.stream().map(WireEvent::connectionId).distinct().count()).as("login's three players").isEqualTo(3);
        assertThat(model.matchId(2)).isNotEqualTo(model.matchId(1));
        assertThat(wire.stream().filter(e -> e.matchId() == model.matchId(2)).map(WireEvent::connectionId))
                .doesNotContainAnyElementsOf(loginFrames.stream().map(WireEvent::connectionId).toList());
        assertThat(model.failureText(login)).isEmpty();
        assertThat(model.failureFrame(login)).isEmpty();
    }

    @Test
    void aServerThatNeverSaysPassFailsThePassCheckOpenedAtItsFrameAndTheFailureGoesToTheBugLog() throws Exception {
        MutatingRelay.Mutation noPass = new MutatingRelay.Mutation() {
            @Override
            public List<byte[]> down(MutatingRelay.Link link, MutatingRelay.Piece piece) {
                return piece.text().startsWith("SPASS~") ? List.of() : List.of(piece.frame());
            }
        };
        try (MutatingRelay relay = new MutatingRelay("127.0.0.1", address.getPort(), KIT.codec(), noPass)) {
            ConformanceModel model = model();
            assertThat(model.start("othello", Report.Role.SERVER, "127.0.0.1:" + relay.port(), true)).isEmpty();
            await("the run's end", () -> !model.running());
            List<ScenarioRow> failed = model.rows().stream().filter(r -> r.state() == ScenarioRow.State.FAILED).toList();
            assertThat(failed).extracting(ScenarioRow::name).containsExactly("full-game");
            ScenarioRow row = failed.get(0);
            assertThat(row.failure().orElseThrow().check().id()).isEqualTo("othello.game.pass");
            assertThat(row.resultText()).startsWith("othello.game.pass: expected ");
            assertThat(model.failureText(row.index())).contains("FAILED othello.game.pass", "rule: ", "expected: ", "received: ");
            Frame at = model.failureFrame(row.index()).orElseThrow();
            assertThat(row.failure().get().evidence()).contains(at.seq());
            assertThat(model.frames(row.index())).contains(at);
            assertThat(ScenarioPane.dump(at)).contains("#" + at.seq());

            assertThat(model.bugs()).isEmpty();
            assertThat(model.record("team-b", "v0.3")).isEqualTo(1);
            List<Bug> bugs = model.bugs();
            assertThat(bugs).hasSize(1);
            Bug b = bugs.get(0);
            assertThat(b.component()).isEqualTo("team-b");
            assertThat(b.version()).isEqualTo("v0.3");
            assertThat(b.address()).isEqualTo("127.0.0.1:" + relay.port());
            assertThat(b.scenario()).isEqualTo("full-game");
            assertThat(b.checkId()).isEqualTo("othello.game.pass");
            assertThat(b.frames()).contains(">> #" + at.seq());
            assertThat(BugLog.markdown(bugs, null)).contains("## " + b.id() + ". othello.game.pass (team-b v0.3)");
            assertThat(BugLog.csv(bugs).lines().count()).isGreaterThan(2); // the header, then the bug over lines (its frames)
        }
    }

    /**
     * A client kit on any free port: the status line says the port and how to start a client against it while the
     * scenarios run (the first waits for the client), not only until the first scenario starts.
     */
    @Test
    void aClientKitsPortStaysOnTheStatusLineWhileItWaitsForTheClient() throws Exception {
        ConformanceModel model = model();
        assertThat(model.start("othello", Report.Role.CLIENT, "0", true)).isEmpty();
        try {
            await("the login scenario waiting for a client", () -> model.status().contains("; running 1/"));
            assertThat(model.status()).matches("listening on port \\d+: start the client under test against port \\d+ .*; running 1/5: login .*");
            int port = Integer.parseInt(model.status().replaceFirst("^listening on port (\\d+): .*", "$1"));
            assertThat(port).isPositive();
            assertThat(model.status()).contains("boardlab client othello --port " + port);
        } finally {
            model.stop();
            await("the run's end", () -> !model.running());
        }
    }

    @Test
    void wrongTargetsAreRefusedWithTheReason() {
        ConformanceModel model = model();
        assertThat(model.start("othello", Report.Role.SERVER, "localhost", true)).hasValue("give the server as HOST:PORT, e.g. 127.0.0.1:"
                + KIT.defaultPort());
        assertThat(model.start("othello", Report.Role.SERVER, "localhost:x", true).orElseThrow()).contains("not a port");
        assertThat(model.start("othello", Report.Role.CLIENT, "70000", true).orElseThrow()).contains("not a port");
        assertThat(model.start("gomoku", Report.Role.SERVER, "127.0.0.1:1", true)).hasValue("no conformance kit for protocol 'gomoku'");
        assertThat(model.running()).isFalse();
        assertThat(model.rows()).isEmpty();
    }
}
