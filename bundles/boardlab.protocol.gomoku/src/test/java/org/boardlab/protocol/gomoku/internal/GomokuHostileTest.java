package org.boardlab.protocol.gomoku.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.api.Side;
import org.boardlab.api.event.MatchOutcome.Ending;
import org.boardlab.core.EventBus;
import org.boardlab.core.GameResult;
import org.boardlab.game.gomoku.Gomoku;
import org.boardlab.game.gomoku.Point;
import org.boardlab.protocol.gomoku.GomokuMessage;
import org.boardlab.protocol.gomoku.GomokuMessage.Color;
import org.boardlab.protocol.gomoku.GomokuMessage.Place;
import org.boardlab.protocol.gomoku.GomokuMessage.Update;
import org.boardlab.protocol.gomoku.GomokuMessage.Win;
import org.boardlab.protocol.gomoku.GomokuWire;
import org.boardlab.protocol.gomoku.Role;
import org.boardlab.protocol.gomoku.Winner;
import org.boardlab.server.EmbeddedServer;
import org.boardlab.server.ServerSettings;
import org.boardlab.server.testing.HostileClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Seed 003's protocol against clients that try to take the server down, over loopback sockets: one
 * that sends {@code place} out of turn and never reads (GMKU answers nothing else: a refused place is
 * the only request with an answer), one that sends only refused messages. The flood goes on until the server cuts it,
 * for at most {@code -Dboardlab.hostile.seconds} (default 30, the length; a flood not cut by
 * then fails the test).
 */
class GomokuHostileTest {

    private final Gomoku gomoku = new Gomoku();
    private final EventBus events = new EventBus();
    private final List<GameResult> results = new CopyOnWriteArrayList<>();
    private final List<String> log = new CopyOnWriteArrayList<>();
    private final List<AutoCloseable> clients = new CopyOnWriteArrayList<>();
    private EmbeddedServer server;
    private InetSocketAddress address;

    private void start(ServerSettings settings) {
        server = new EmbeddedServer(id -> gomoku, events, settings, log::add);
        server.addProtocol(new GomokuServerProtocol(new GomokuProtocol()));
        server.onResult(results::add);
        address = server.start("gomoku", "127.0.0.1", 0);
    }

    @AfterEach
    void stop() throws Exception {
        for (AutoCloseable c : clients) {
            c.close();
        }
        if (server != null) {
            server.close();
        }
    }

    private GmkuClient join() throws IOException {
        GmkuClient c = new GmkuClient(address);
        clients.add(c);
        c.send(GomokuMessage.JOIN);
        assertThat(c.expectNext()).isEqualTo(GomokuMessage.HELLO);
        return c;
    }

    /** A hostile client seated as white (its partner, black, joined first and waits for its move). */
    private HostileClient seatedHostile() throws Exception {
        GmkuClient partner = join();
        HostileClient hostile = new HostileClient(address);
        clients.add(hostile);
        hostile.send(GomokuWire.frame(GomokuMessage.JOIN));
        assertThat(partner.await(Color.class)).isEqualTo(new Color(Role.BLACK));
        hostile.drain(Duration.ofMillis(300)); // hello, hello, color, the opening board
        return hostile;
    }

    @Test
    void aClientThatPlacesOutOfTurnAndNeverReadsIsCutWhileAGameGoesOnUntouched() throws Exception {
        start(ServerSettings.defaults().withMaxQueued(1 << 20, Duration.ofSeconds(2)));
        HostileClient hostile = seatedHostile();
        long heapBefore = HostileClient.heapAfterGc();
        long directBefore = HostileClient.nettyDirectMemory();
        Duration length = Duration.ofSeconds(Long.getLong("boardlab.hostile.seconds", 30));
        byte[] outOfTurn = GomokuWire.frame(new Place(7, 7)); // white, while black is to move
        CompletableFuture<HostileClient.Flood> flood = CompletableFuture.supplyAsync(() -> hostile.flood(outOfTurn, length));
        // meanwhile two well-behaved clients play a whole game: every stone reaches both
        GmkuClient black = join();
        GmkuClient white = join();
        GmkuClient[] c = {black, white};
        assertThat(black.await(Color.class)).isEqualTo(new Color(Role.BLACK));
        assertThat(white.await(Color.class)).isEqualTo(new Color(Role.WHITE));
        GameState state = gomoku.newGame();
        Random random = new Random(7);
        while (!state.isTerminal()) {
            List<Move> legal = state.legalMoves();
            Move move = legal.get(random.nextInt(legal.size()));
            Point p = Point.parse(move.notation());
            Side mover = state.sideToMove();
            c[mover.index()].send(new Place(p.row(), p.col()));
            for (GmkuClient player : c) {
                assertThat(player.await(Update.class)).isEqualTo(new Update(p.row(), p.col(), GomokuSession.stone(mover.other())));
            }
            state = state.apply(move);
        }
        Winner winner = Winner.of(GomokuSession.stone(state.outcome().winner()));
        assertThat(black.await(Win.class)).isEqualTo(new Win(winner));
        assertThat(white.await(Win.class)).isEqualTo(new Win(winner));

        HostileClient.Flood result = flood.join();
        HostileClient.eventually(() -> results.size() == 2, "both games are over (the hostile client's lost)");
        long heapGrowth = HostileClient.heapAfterGc() - heapBefore;
        long directGrowth = HostileClient.nettyDirectMemory() - directBefore;
        assertThat(result.closedByServer()).as("the server cut the flooder: " + result).isTrue();
        // cut as a slow reader, or (since refusals are limited: 64 answers, then 1 a second) sooner, at
        // its 129th refused place in a row
        assertThat(log).anySatisfy(line -> assertThat(line).matches(
                "(closing 127\\.0\\.0\\.1:\\d+ \\(gomoku-\\d+\\): a slow reader: .*"
                + "|protocol violation by 127\\.0\\.0\\.1:\\d+ \\(gomoku-\\d+\\): more than 128 refused messages .*)"));
        assertThat(heapGrowth).as("heap growth").isLessThan(64L << 20);
        assertThat(directGrowth).as("Netty's direct memory growth").isLessThan(64L << 20);
        assertThat(results).anySatisfy(r -> assertThat(r.outcome().ending()).isEqualTo(Ending.NORMAL));
        assertThat(results).anySatisfy(r -> assertThat(r.outcome().ending()).isEqualTo(Ending.ERROR));
    }

    /**
     * A client that sends only refused messages (a place out of turn, every 20 ms) gets the short
     * {@code refused}, the board once, 64 answers and then 1 a second, and is closed at the 129th in a row;
     * the server sends less than twice what it received (the seed-era answer, refused plus a full
     * board each time, was 22 times).
     */
    @Test
    void placesOutOfTurnAreAnsweredWithinLimitsAndARepeaterIsClosed() throws Exception {
        start(ServerSettings.defaults());
        HostileClient hostile = seatedHostile();
        hostile.resetCounts();
        byte[] outOfTurn = GomokuWire.frame(new Place(7, 7));
        int sent = hostile.sendUntilClosed(outOfTurn, 140);
        boolean closed = hostile.closedByServer();
        assertThat(closed).as("closed after " + sent + " refused places").isTrue();
        assertThat(sent).isEqualTo(129);
        double ratio = (double) hostile.received() / hostile.sent();
        System.out.printf("[hostile] gomoku: %d refused places (%d bytes) answered with %d bytes: ratio %.2f%n", sent,
                hostile.sent(), hostile.received(), ratio);
        assertThat(ratio).as("bytes out / bytes in").isLessThan(2.0);
        assertThat(server.violations()).isEqualTo(1);
        assertThat(log).anySatisfy(line -> assertThat(line).contains("more than 128 refused messages in a row"));
        HostileClient.eventually(() -> results.size() == 1, "the hostile client's round is lost");
        assertThat(results.get(0).outcome().ending()).isEqualTo(Ending.ERROR);
    }

    @Test
    void skippedFramesCountAsRefusalsAndARepeaterIsClosed() throws Exception {
        start(ServerSettings.defaults());
        GmkuClient c = join();
        byte[] chat = GomokuWire.frame("{\"type\":\"chat\"}"); // an unknown type: skipped, never answered
        java.io.ByteArrayOutputStream sixty = new java.io.ByteArrayOutputStream();
        for (int i = 0; i < 200; i++) {
            sixty.write(chat);
        }
        c.sendRaw(sixty.toByteArray()); // in one write: the 129th closes, the rest is neither read on nor counted
        assertThat(c.closedByServer()).isTrue();
        assertThat(log).filteredOn(line -> line.contains("more than 128 refused messages in a row")).hasSize(1);
        assertThat(server.violations()).isEqualTo(1);
    }
}
