package org.boardlab.protocol.othello.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.api.event.MatchOutcome.Ending;
import org.boardlab.core.EventBus;
import org.boardlab.core.GameResult;
import org.boardlab.game.othello.Othello;
import org.boardlab.protocol.othello.Square;
import org.boardlab.server.EmbeddedServer;
import org.boardlab.server.ServerSettings;
import org.boardlab.server.testing.HostileClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Seed 000's protocol against clients that try to take the server down, over loopback sockets: one
 * that sends and never reads. The flood goes on until the server cuts it, for at most
 * {@code -Dboardlab.hostile.seconds} (default 30, the length; a flood that is not cut by then
 * fails the test): cut after 2 s unwritable, it takes 3-6 s here.
 */
class OthelloHostileTest {

    private final Othello othello = new Othello();
    private final EventBus events = new EventBus();
    private final List<GameResult> results = new CopyOnWriteArrayList<>();
    private final List<String> log = new CopyOnWriteArrayList<>();
    private EmbeddedServer server;
    private InetSocketAddress address;

    private void start(ServerSettings settings) {
        start(settings, false);
    }

    /** {@code held}: the port accepts nothing until {@link EmbeddedServer#acceptNow()}, as {@code boardlab serve}'s at start. */
    private void start(ServerSettings settings, boolean held) {
        server = new EmbeddedServer(id -> othello, events, settings, log::add);
        server.addProtocol(new OthelloServerProtocol(new OthelloProtocol()));
        server.onResult(results::add);
        if (held) {
            server.holdAccepting();
        }
        address = server.start("othello", "127.0.0.1", 0);
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    private LineClient login(String name) throws Exception {
        LineClient c = new LineClient(address);
        c.send("CNAME~" + name);
        assertThat(c.next()).isEqualTo("SNAMEOK");
        return c;
    }

    @Test
    void aClientThatPingsAndNeverReadsIsCutWhileAGameGoesOnUntouched() throws Exception {
        start(ServerSettings.defaults().withMaxQueued(1 << 20, Duration.ofSeconds(2)));
        long heapBefore = HostileClient.heapAfterGc();
        long directBefore = HostileClient.nettyDirectMemory();
        Duration length = Duration.ofSeconds(Long.getLong("boardlab.hostile.seconds", 30));
        HostileClient hostile = new HostileClient(address);
        CompletableFuture<HostileClient.Flood> flood = CompletableFuture.supplyAsync(
                () -> hostile.flood("CPING\n".getBytes(StandardCharsets.US_ASCII), length));
        // meanwhile two well-behaved clients play a whole game: every move reaches both, in order
        String end;
        try (LineClient ann = login("ann"); LineClient bob = login("bob")) {
            end = playToTheEnd(pair(ann, bob));
        }
        assertTheFlooderWasCutAndTheGameEndedNormally(hostile, flood, heapBefore, directBefore, end);
    }

    /**
     * {@code boardlab serve} binds its ports before it opens the store and accepts only after it
     * ({@link EmbeddedServer#holdAccepting()}): clients that connect meanwhile wait in the kernel's queue with what
     * they sent. Here a flooder that never reads, a client that repeats a refused invitation and never reads, and two
     * well-behaved clients all connect and send while the port is held; once the server accepts, the flooder is cut
     * as a slow reader and the repeater at its 129th refusal, as any client, and the two others log in and play their
     * whole game meanwhile.
     */
    @Test
    void hostileClientsThatConnectWhileThePortIsHeldAreCutAsAnyOtherAndAGameConnectedWithThemIsPlayed() throws Exception {
        start(ServerSettings.defaults().withMaxQueued(1 << 20, Duration.ofSeconds(2)), true);
        long heapBefore = HostileClient.heapAfterGc();
        long directBefore = HostileClient.nettyDirectMemory();
        Duration length = Duration.ofSeconds(Long.getLong("boardlab.hostile.seconds", 30));
        HostileClient flooder = new HostileClient(address);
        // its writes fill the kernel's buffers on both sides and then wait, until the server accepts and reads
        CompletableFuture<HostileClient.Flood> flood = CompletableFuture.supplyAsync(
                () -> flooder.flood("CPING\n".getBytes(StandardCharsets.US_ASCII), length));
        String end;
        try (HostileClient repeater = new HostileClient(address); LineClient ann = new LineClient(address);
                LineClient bob = new LineClient(address)) {
            repeater.send(("CNAME~eve\n" + "CREQ~eve\n".repeat(200)).getBytes(StandardCharsets.US_ASCII));
            ann.send("CNAME~ann");
            bob.send("CNAME~bob");
            Thread.sleep(300); // time enough for an accept, had there been one
            assertThat(server.connections()).as("connections accepted while the port is held").isEmpty();
            assertThat(log).noneMatch(line -> line.contains("logged in"));

            server.acceptNow();
            assertThat(ann.next()).isEqualTo("SNAMEOK");
            assertThat(bob.next()).isEqualTo("SNAMEOK");
            end = playToTheEnd(pair(ann, bob));
            HostileClient.eventually(() -> server.violations() == 1, "the repeater is closed at its 129th refused invitation");
            assertThat(repeater.drain(Duration.ofSeconds(5))).as("the repeater's connection is closed by the server").isTrue();
        }
        assertTheFlooderWasCutAndTheGameEndedNormally(flooder, flood, heapBefore, directBefore, end);
        assertThat(log).anySatisfy(line -> assertThat(line).contains("(eve): more than 128 refused messages in a row"));
    }

    /**
     * After a flood beside a game: the server cut the flooder as a slow reader (and said so), the heap and Netty's direct
     * memory grew less than 64 MB since {@code heapBefore} and {@code directBefore}, and the one game ended normally.
     */
    private void assertTheFlooderWasCutAndTheGameEndedNormally(HostileClient flooder, CompletableFuture<HostileClient.Flood> flood,
            long heapBefore, long directBefore, String end) throws Exception {
        HostileClient.Flood result = flood.join();
        flooder.close();
        HostileClient.eventually(() -> server.slowReaders() == 1, "the flooder is counted as a slow reader");
        long heapGrowth = HostileClient.heapAfterGc() - heapBefore;
        long directGrowth = HostileClient.nettyDirectMemory() - directBefore;
        assertThat(result.closedByServer()).as("the server cut the flooder: " + result).isTrue();
        assertThat(log).anySatisfy(line -> assertThat(line).startsWith("closing 127.0.0.1:").contains(": a slow reader: "));
        assertThat(heapGrowth).as("heap growth").isLessThan(64L << 20);
        assertThat(directGrowth).as("Netty's direct memory growth").isLessThan(64L << 20);
        assertThat(end).endsWith("~NORMAL");
        assertThat(results).hasSize(1);
        assertThat(results.get(0).outcome().ending()).isEqualTo(Ending.NORMAL);
    }

    /**
     * A client that sends only refused messages (an invitation that cannot be made, every 20 ms) gets
     * small answers, 64 at once and then 1 a second, and is closed with SERR at the 129th in a row;
     * the server sends less than twice what it received.
     */
    @Test
    void refusedMovesAreAnsweredWithinLimitsAndARepeaterIsClosed() throws Exception {
        start(ServerSettings.defaults());
        try (LineClient ann = login("ann"); LineClient bob = login("bob");
                HostileClient hostile = new HostileClient(address)) {
            hostile.send("CNAME~eve\n".getBytes(StandardCharsets.US_ASCII));
            ann.await("SADDP~eve");
            ann.send("CREQ~bob");
            bob.await("SREQ~ann");
            bob.send("CRES~ann~ACCEPT");
            bob.await("SSTARTG");
            hostile.drain(Duration.ofMillis(300)); // SNAMEOK and the lobby list
            hostile.resetCounts();
            // eve is in the lobby, not free to be invited by herself: every CREQ is declined at once
            int sent = hostile.sendUntilClosed("CREQ~eve\n".getBytes(StandardCharsets.US_ASCII), 140);
            boolean closed = hostile.closedByServer();
            assertThat(closed).as("closed after " + sent + " refused messages").isTrue();
            assertThat(sent).isEqualTo(129);
            double ratio = (double) hostile.received() / hostile.sent();
            System.out.printf("[hostile] othello: %d refused CREQ (%d bytes) answered with %d bytes: ratio %.2f%n", sent,
                    hostile.sent(), hostile.received(), ratio);
            assertThat(ratio).as("bytes out / bytes in").isLessThan(2.0);
            assertThat(server.violations()).isEqualTo(1);
            assertThat(log).anySatisfy(line -> assertThat(line).contains("(eve): more than 128 refused messages in a row"));
            // the game goes on
            ann.send("CMOV~3~2");
            assertThat(bob.await("SMOV")).startsWith("SMOV~3~2~BLACK~WHITE~");
        }
    }

    @Test
    void anIllegalMoveRepeatedGetsSixtyFourAnswersThenNoneThenSerrButALegalMoveStartsTheCountAgain() throws Exception {
        start(ServerSettings.defaults());
        LineClient[] c = game();
        for (int i = 0; i < 100; i++) {
            c[0].send("CMOV~0~0"); // a1: illegal for black at the start
        }
        c[0].send("CMOV~3~2"); // d3: legal
        assertThat(c[1].await("SMOV~3~2")).startsWith("SMOV~3~2~BLACK~WHITE~");
        c[1].send("CMOV~2~2"); // c3 for white
        c[0].await("SMOV~2~2");
        for (int i = 0; i < 129; i++) {
            c[0].send("CMOV~0~0");
        }
        assertThat(c[0].await("SERR")).isEqualTo("SERR~" + org.boardlab.server.Connection.REFUSAL_LIMIT);
        long answered = c[0].seen.stream().filter(l -> l.startsWith("SMOVERR~0~0~")).count();
        assertThat(answered).as("64 answered at once each time, then 1 a second").isBetween(128L, 132L);
        c[1].close();
    }

    /** ann (black) and bob (white) in a game; bob has made no move. */
    private LineClient[] game() throws Exception {
        return pair(login("ann"), login("bob"));
    }

    /** ann, logged in, invites bob, who accepts: ann (black) and bob (white) in a game; no move made. */
    private static LineClient[] pair(LineClient ann, LineClient bob) throws Exception {
        ann.await("SADDP~bob");
        ann.send("CREQ~bob");
        bob.await("SREQ~ann");
        bob.send("CRES~ann~ACCEPT");
        ann.await("SSTARTG");
        bob.await("SSTARTG");
        return new LineClient[] {ann, bob};
    }

    @Test
    void aDroppedPlayersSeatIsNotGivenToAnotherAddressButIsToTheSameOne() throws Exception {
        start(ServerSettings.defaults().withReconnectWindow(Duration.ofSeconds(10)));
        LineClient[] c = game();
        c[0].send("CMOV~3~2");
        c[1].await("SMOV");
        c[1].close(); // bob drops
        assertThat(c[0].await("SGAMEI")).isEqualTo("SGAMEI~bob lost the connection and has 10 s to come back");
        try (LineClient thief = new LineClient(address, "127.0.0.2")) {
            thief.send("CNAME~bob");
            assertThat(thief.next()).isEqualTo("SNAMEERR~the name 'bob' is taken: its player dropped out of a game and only"
                    + " the address it played from may take the seat back");
        }
        assertThat(log).anySatisfy(line -> assertThat(line).isEqualTo("bob was refused its seat at table "
                + server.lobby().member("bob").table().id() + " from 127.0.0.2: only the address it played from may take it back"));
        try (LineClient bob = new LineClient(address, "127.0.0.1")) {
            bob.send("CNAME~bob");
            assertThat(bob.next()).isEqualTo("SNAMEOK");
            assertThat(bob.await("SRECOV")).startsWith("SRECOV~").endsWith("~1~0~ann");
            assertThat(c[0].await("SGAMEI")).isEqualTo("SGAMEI~bob is back");
            bob.send("CMOV~2~2"); // c3 is legal for white after d3
            assertThat(c[0].await("SMOV")).startsWith("SMOV~2~2~WHITE~BLACK~");
        }
        c[0].close();
    }

    @Test
    void withReconnectAnyAddressTheSeatGoesToAnyAddressAsInTheSeed() throws Exception {
        start(ServerSettings.defaults().withReconnectWindow(Duration.ofSeconds(10)).withReconnectAnyAddress(true));
        LineClient[] c = game();
        c[1].close();
        c[0].await("SGAMEI");
        try (LineClient other = new LineClient(address, "127.0.0.2")) {
            other.send("CNAME~bob");
            assertThat(other.next()).isEqualTo("SNAMEOK");
            assertThat(other.await("SRECOV")).endsWith("~ann");
        }
        c[0].close();
    }

    /** Plays random legal moves to the end, checking that both clients hear each move; returns SENDG. */
    private String playToTheEnd(LineClient[] c) throws Exception {
        GameState state = othello.newGame();
        Random random = new Random(5);
        while (true) {
            List<Move> legal = state.legalMoves();
            Move move = legal.get(random.nextInt(legal.size()));
            if (move.notation().equals("pass")) {
                state = state.apply(move); // the server passes for us
                continue;
            }
            Square s = Square.of(move.notation());
            c[state.sideToMove().index()].send("CMOV~" + s.x() + "~" + s.y());
            String smov = c[0].await("SMOV~");
            assertThat(c[1].await("SMOV~")).isEqualTo(smov);
            assertThat(smov).startsWith("SMOV~" + s.x() + "~" + s.y() + "~");
            state = state.apply(move);
            if (state.isTerminal()) {
                String end = c[0].await("SENDG");
                assertThat(c[1].await("SENDG")).isEqualTo(end);
                return end;
            }
        }
    }
}
