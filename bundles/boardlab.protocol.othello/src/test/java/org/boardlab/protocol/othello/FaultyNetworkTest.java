package org.boardlab.protocol.othello;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.boardlab.ai.basic.FirstLegalPlayer;
import org.boardlab.ai.basic.RandomPlayer;
import org.boardlab.api.Move;
import org.boardlab.api.event.MatchOutcome.Ending;
import org.boardlab.api.event.WireEvent;
import org.boardlab.client.SeatListener;
import org.boardlab.client.SeatOptions;
import org.boardlab.core.EventBus;
import org.boardlab.core.GameResult;
import org.boardlab.game.othello.Othello;
import org.boardlab.protocol.othello.internal.OthelloProtocol;
import org.boardlab.protocol.othello.internal.OthelloServerProtocol;
import org.boardlab.server.EmbeddedServer;
import org.boardlab.server.ServerSettings;
import org.boardlab.server.faults.FaultProfile;
import org.boardlab.server.faults.FaultProxy;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * boardlab's own Othello clients ({@link OthelloSeat}) play whole games through a misbehaving network:
 * {@code boardlab proxy} between them and the server, or the server's port given a fault profile
 * ({@code serve --faults}). No move may be lost: the game each client heard is the server's record.
 */
class FaultyNetworkTest {

    private static final long WAIT_SECONDS = 60;

    private final Othello othello = new Othello();
    private final EventBus events = new EventBus();
    private final List<GameResult> results = new CopyOnWriteArrayList<>();
    private final List<WireEvent> faults = new CopyOnWriteArrayList<>();
    private final OthelloServerProtocol protocol = new OthelloServerProtocol(new OthelloProtocol());
    private AutoCloseable subscription;
    private EmbeddedServer server;
    private FaultProxy proxy;
    private OthelloClient ann;
    private OthelloClient bob;

    @BeforeEach
    void start() {
        subscription = events.subscribe(e -> {
            if (((WireEvent) e).isFault()) {
                faults.add((WireEvent) e);
            }
        }, WireEvent.class);
        server = new EmbeddedServer(id -> othello, events, ServerSettings.defaults(), line -> { });
        server.addProtocol(protocol);
        server.onResult(results::add);
    }

    @AfterEach
    void stop() throws Exception {
        for (OthelloClient c : new OthelloClient[] {ann, bob}) {
            if (c != null) {
                c.close();
            }
        }
        if (proxy != null) {
            proxy.close();
        }
        server.close();
        subscription.close();
    }

    private static final class SeatLog implements SeatListener {
        final List<Move> played = new CopyOnWriteArrayList<>();
        final List<String> problems = new CopyOnWriteArrayList<>();

        @Override
        public void played(Move move, Duration thought) {
            played.add(move);
        }

        @Override
        public void problem(String message) {
            problems.add(message);
        }
    }

    private static final class Heard implements OthelloClient.Listener {
        final List<ServerMessage> messages = new CopyOnWriteArrayList<>();
        final List<ProtocolViolation> malformed = new CopyOnWriteArrayList<>();

        @Override
        public void message(ServerMessage message) {
            messages.add(message);
        }

        @Override
        public void malformed(ProtocolViolation violation) {
            malformed.add(violation);
        }

        List<String> moves() {
            return messages.stream().filter(ServerMessage.SMov.class::isInstance).map(m -> ((ServerMessage.SMov) m).square().notation())
                    .toList();
        }
    }

    /** Two seats play one game through {@code profile}: in a proxy ({@code via = proxy}) or on the server's port. */
    private void playOneGame(String via, String profile) throws Exception {
        InetSocketAddress at;
        if (via.equals("proxy")) {
            InetSocketAddress real = server.start("othello", "127.0.0.1", 0);
            proxy = new FaultProxy("127.0.0.1", 0, "127.0.0.1", real.getPort(), FaultProfile.parse(profile), protocol.protocol(),
                    protocol::newTapFramer, server.tap(), line -> { });
            at = proxy.start();
        } else {
            server.portFaults("othello", FaultProfile.parse(profile));
            at = server.start("othello", "127.0.0.1", 0);
        }
        Heard annHears = new Heard();
        Heard bobHears = new Heard();
        bob = new OthelloClient(bobHears);
        bob.connect("127.0.0.1", at.getPort()).get(WAIT_SECONDS, TimeUnit.SECONDS);
        bob.login("bob").get(WAIT_SECONDS, TimeUnit.SECONDS);
        SeatLog bobLog = new SeatLog();
        OthelloSeat bobSeat = OthelloSeat.start(bob, new FirstLegalPlayer(), othello, SeatOptions.defaults().withGames(1), bobLog);
        ann = new OthelloClient(annHears);
        ann.connect("127.0.0.1", at.getPort()).get(WAIT_SECONDS, TimeUnit.SECONDS);
        SeatLog annLog = new SeatLog();
        OthelloSeat annSeat = OthelloSeat.start(ann, new RandomPlayer(), othello,
                SeatOptions.defaults().withInvite("bob").withGames(1).withSeed(5), annLog);
        ann.login("ann").get(WAIT_SECONDS, TimeUnit.SECONDS);

        assertThat(annSeat.finished().get(WAIT_SECONDS, TimeUnit.SECONDS)).isEqualTo(1);
        assertThat(bobSeat.finished().get(WAIT_SECONDS, TimeUnit.SECONDS)).isEqualTo(1);
        assertThat(annLog.problems).isEmpty();
        assertThat(bobLog.problems).isEmpty();
        assertThat(annHears.malformed).isEmpty();
        assertThat(bobHears.malformed).isEmpty();
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
        while (results.isEmpty() && System.nanoTime() < until) {
            Thread.sleep(5);
        }
        GameResult result = results.get(0);
        assertThat(result.outcome().ending()).isEqualTo(Ending.NORMAL);
        List<String> recorded = result.outcome().moves().stream().map(Move::notation).filter(n -> !n.equals("pass")).toList();
        assertThat(annHears.moves()).as("every move ann heard, in order").isEqualTo(recorded);
        assertThat(bobHears.moves()).as("every move bob heard, in order").isEqualTo(recorded);
        assertThat(placements(annLog.played).size() + placements(bobLog.played).size()).isEqualTo(recorded.size());
        assertThat(recorded.size()).isGreaterThan(20);
    }

    private static List<Move> placements(List<Move> moves) {
        return moves.stream().filter(m -> !m.notation().equals("pass")).toList();
    }

    @ParameterizedTest
    @ValueSource(strings = {"delay=3ms,jitter=4ms", "split", "merge=15ms", "to-server:split,to-client:merge=10ms,jitter=2ms"})
    void aWholeGameThroughTheProxyLosesNoMove(String profile) throws Exception {
        playOneGame("proxy", profile);
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (faults.isEmpty() && System.nanoTime() < until) {
            Thread.sleep(5);
        }
        assertThat(faults).as("the faults reach the server's tap").isNotEmpty();
    }

    @org.junit.jupiter.api.Test
    void faultsSetOnAnOpenConnectionApplyFromThenOnAndCanBeLifted() throws Exception {
        InetSocketAddress at = server.start("othello", "127.0.0.1", 0);
        try (java.net.Socket socket = new java.net.Socket("127.0.0.1", at.getPort())) {
            socket.setSoTimeout(10_000);
            java.io.BufferedReader in = new java.io.BufferedReader(new java.io.InputStreamReader(socket.getInputStream(),
                    java.nio.charset.StandardCharsets.US_ASCII));
            java.io.OutputStream out = socket.getOutputStream();
            out.write("CNAME~ann\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            assertThat(in.readLine()).isEqualTo("SNAMEOK");
            org.boardlab.server.Connection c = server.connections().get(0);
            c.faults(FaultProfile.parse("to-client:delay=300ms"));
            assertThat(c.faults().toString()).isEqualTo("to-client:delay=300ms");
            long sent = System.nanoTime();
            out.write("CPING\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            assertThat(in.readLine()).isEqualTo("SPONG");
            long took = (System.nanoTime() - sent) / 1_000_000;
            assertThat(took).as("SPONG held by the delay").isGreaterThanOrEqualTo(295);
            c.faults(FaultProfile.NONE);
            sent = System.nanoTime();
            out.write("CPING\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            assertThat(in.readLine()).isEqualTo("SPONG");
            assertThat((System.nanoTime() - sent) / 1_000_000).as("no delay once lifted").isLessThan(250);
            assertThat(server.faultsInjected()).isEqualTo(1);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"delay=3ms,jitter=4ms", "split", "merge=15ms"})
    void aWholeGameOnAPortWithAFaultProfileLosesNoMove(String profile) throws Exception {
        playOneGame("port", profile);
        assertThat(server.faultsInjected()).isPositive();
    }
}
