package org.boardlab.protocol.reversi.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.boardlab.api.event.MatchOutcome.Ending;
import org.boardlab.core.EventBus;
import org.boardlab.core.GameResult;
import org.boardlab.game.othello.Othello;
import org.boardlab.protocol.reversi.ReversiEncoder;
import org.boardlab.protocol.reversi.ReversiMessage;
import org.boardlab.protocol.reversi.ReversiMessage.Control;
import org.boardlab.server.EmbeddedServer;
import org.boardlab.server.ServerSettings;
import org.boardlab.server.testing.HostileClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Seed 004's Game Master under a hostile Game Controller, as the other protocols are tested (issue
 * on hostile clients): one that floods and never reads is cut as a slow reader while the players of
 * its Game Master and another Game Master's game play on; one that sends only refused Controls gets
 * small answers and is closed at the 129th.
 */
class ReversiHostileTest {

    private final List<String> log = new CopyOnWriteArrayList<>();
    private final List<GameResult> results = new CopyOnWriteArrayList<>();
    private EmbeddedServer server;

    private void start(ServerSettings settings) {
        server = new EmbeddedServer(id -> id.equals("othello") ? new Othello() : null, new EventBus(), settings, log::add);
        server.addProtocol(new ReversiServerProtocol(new ReversiProtocol(), Duration.ofSeconds(10)));
        server.onResult(results::add);
    }

    private List<InetSocketAddress> gameMaster() {
        return server.startGroup("reversi", "127.0.0.1", 0);
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void aControllerThatFloodsAndNeverReadsIsCutWhileTheGamesGoOn() throws Exception {
        start(ServerSettings.defaults().withMaxQueued(1 << 20, Duration.ofSeconds(2)));
        List<InetSocketAddress> flooded = gameMaster();
        List<InetSocketAddress> other = gameMaster();
        long heapBefore = HostileClient.heapAfterGc();
        long directBefore = HostileClient.nettyDirectMemory();
        Duration length = Duration.ofSeconds(Long.getLong("boardlab.hostile.seconds", 10));
        HostileClient hostile = new HostileClient(flooded.get(2));
        // a Control the Game Master accepts (no new size, continuous, no restart): each is answered OK
        byte[] control = ReversiEncoder.encode(new Control(0, 0, Control.CONTINUOUS, 0));
        CompletableFuture<HostileClient.Flood> flood = CompletableFuture.supplyAsync(() -> hostile.flood(control, length));
        // meanwhile the flooded Game Master's players, and another Game Master's, play whole games
        CompletableFuture<GameMasterTest.Seen> black = GameMasterTest.firstLegal(flooded.get(0), "black");
        CompletableFuture<GameMasterTest.Seen> white = GameMasterTest.firstLegal(flooded.get(1), "white");
        CompletableFuture<GameMasterTest.Seen> black2 = GameMasterTest.firstLegal(other.get(0), "black2");
        CompletableFuture<GameMasterTest.Seen> white2 = GameMasterTest.firstLegal(other.get(1), "white2");
        GameMasterTest.Seen b = black.get(60, TimeUnit.SECONDS);
        GameMasterTest.Seen w = white.get(60, TimeUnit.SECONDS);
        GameMasterTest.Seen b2 = black2.get(60, TimeUnit.SECONDS);
        white2.get(60, TimeUnit.SECONDS);
        HostileClient.Flood result = flood.join();
        hostile.close();
        HostileClient.eventually(() -> server.slowReaders() == 1, "the flooding controller is counted as a slow reader");
        long heapGrowth = HostileClient.heapAfterGc() - heapBefore;
        long directGrowth = HostileClient.nettyDirectMemory() - directBefore;
        System.out.printf("[hostile] reversi: a controller flooded %,d bytes of Control in %d ms, never reading: closed by the "
                + "server %s; heap growth %,d KB, direct memory growth %,d KB%n", result.bytesSent(), result.elapsed().toMillis(),
                result.closedByServer(), heapGrowth >> 10, directGrowth >> 10);
        assertThat(result.closedByServer()).as("the server cut the flooder: " + result).isTrue();
        assertThat(log).anySatisfy(line -> assertThat(line).startsWith("closing 127.0.0.1:").contains(": a slow reader: "));
        assertThat(heapGrowth).as("heap growth").isLessThan(64L << 20);
        assertThat(directGrowth).as("Netty's direct memory growth").isLessThan(64L << 20);
        assertThat(b.end()).as("both games ended normally, seen by their players").isEqualTo(w.end());
        assertThat(b.noks() + w.noks() + b2.noks()).isZero();
        HostileClient.eventually(() -> results.size() == 2, "both games recorded");
        assertThat(results).allSatisfy(r -> assertThat(r.outcome().ending()).as(r.outcome().detail()).isEqualTo(Ending.NORMAL));
    }

    @Test
    void refusedControlsAreAnsweredWithinLimitsAndARepeaterIsClosed() throws Exception {
        start(ServerSettings.defaults());
        List<InetSocketAddress> gm = gameMaster();
        try (HostileClient hostile = new HostileClient(gm.get(2))) {
            // size 3 is not even: NOK, nothing changes
            byte[] refused = ReversiEncoder.encode(new Control(3, 3, Control.CONTINUOUS, 0));
            int sent = hostile.sendUntilClosed(refused, 140);
            boolean closed = hostile.closedByServer();
            double ratio = (double) hostile.received() / hostile.sent();
            System.out.printf("[hostile] reversi: %d refused Controls (%d bytes) answered with %d bytes: ratio %.2f%n", sent,
                    hostile.sent(), hostile.received(), ratio);
            assertThat(closed).as("closed after " + sent + " refused Controls").isTrue();
            assertThat(sent).isEqualTo(129);
            assertThat(ratio).as("bytes out / bytes in").isLessThan(2.0);
            assertThat(server.violations()).isEqualTo(1);
        }
        // the Game Master still serves a new controller and a game
        try (WireClient gc = new WireClient(gm.get(2))) {
            gc.send(new Control(6, 6, Control.CONTINUOUS, 0));
            assertThat(gc.next()).isEqualTo(ReversiMessage.Ok.OK);
            CompletableFuture<GameMasterTest.Seen> black = GameMasterTest.firstLegal(gm.get(0), "b");
            CompletableFuture<GameMasterTest.Seen> white = GameMasterTest.firstLegal(gm.get(1), "w");
            GameMasterTest.Watched seen = GameMasterTest.watch(gc);
            assertThat(black.get(60, TimeUnit.SECONDS).end()).isEqualTo(seen.end());
            white.get(60, TimeUnit.SECONDS);
        }
    }
}
