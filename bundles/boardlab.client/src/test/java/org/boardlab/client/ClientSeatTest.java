package org.boardlab.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.boardlab.client.ScriptServer.WAIT_SECONDS;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import org.boardlab.ai.basic.FirstLegalPlayer;
import org.boardlab.api.AsyncPlayer;
import org.boardlab.api.Game;
import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.api.MoveRequest;
import org.boardlab.api.Player;
import org.boardlab.game.tictactoe.TicTacToe;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** {@link ClientSeat} playing tic-tac-toe through {@link LineSeat} against a scripted server on loopback. */
class ClientSeatTest {

    private final Game tictactoe = new TicTacToe();
    private final List<AutoCloseable> open = new ArrayList<>();

    @AfterEach
    void closeAll() throws Exception {
        for (AutoCloseable c : open) {
            c.close();
        }
    }

    /** A connected client and the server's end of its connection. */
    private record Wire(LineClient client, ScriptServer server) {
    }

    private Wire connect() throws Exception {
        return connect(Duration.ZERO);
    }

    /** A connected client that sends {@code KEEPALIVE} every {@code keepAlive} ({@link Duration#ZERO}: never). */
    private Wire connect(Duration keepAlive) throws Exception {
        ScriptServer server = new ScriptServer();
        LineClient client = new LineClient(null, keepAlive, null, null);
        open.add(client);
        open.add(server);
        CompletableFuture<LineClient> connected = client.connect("127.0.0.1", server.port());
        server.accept();
        connected.get(WAIT_SECONDS, TimeUnit.SECONDS);
        return new Wire(client, server);
    }

    /** What a seat told its listener, with the threads it told it on. */
    private static final class Log implements SeatListener {
        final List<String> thinkingThreads = new CopyOnWriteArrayList<>();
        final List<Move> played = new CopyOnWriteArrayList<>();
        final List<Duration> thoughts = new CopyOnWriteArrayList<>();
        final List<String> problems = new CopyOnWriteArrayList<>();

        @Override
        public void thinking(GameState position) {
            thinkingThreads.add(Thread.currentThread().getName());
        }

        @Override
        public void played(Move move, Duration thought) {
            thoughts.add(thought);
            played.add(move);
        }

        @Override
        public void problem(String message) {
            problems.add(message);
        }
    }

    /** A player that keeps every request it gets and the thread it was asked on, and plays the first legal move. */
    private static final class Recording implements Player {
        final List<MoveRequest> requests = new CopyOnWriteArrayList<>();
        final List<Long> remainingAtCall = new CopyOnWriteArrayList<>();
        final List<String> threads = new CopyOnWriteArrayList<>();

        @Override
        public Move chooseMove(MoveRequest request) {
            remainingAtCall.add(request.remainingNanos());
            threads.add(Thread.currentThread().getName());
            requests.add(request);
            return request.state().legalMoves().get(0);
        }
    }

    /** A player that, once asked, waits until the test releases it, then plays the first legal move. */
    private static final class Held implements Player {
        final CompletableFuture<MoveRequest> asked = new CompletableFuture<>();
        final CountDownLatch release = new CountDownLatch(1);

        @Override
        public Move chooseMove(MoveRequest request) throws InterruptedException {
            asked.complete(request);
            release.await(WAIT_SECONDS, TimeUnit.SECONDS);
            return request.state().legalMoves().get(0);
        }
    }

    /**
     * A player that, the first time it is asked, ignores cancels and interrupts (it notes an interrupt and
     * goes on waiting) until the test lets it go; later calls play the first legal move at once.
     */
    private static final class Stubborn implements Player {
        final CompletableFuture<MoveRequest> asked = new CompletableFuture<>();
        final AtomicBoolean interrupted = new AtomicBoolean();
        final List<String> threads = new CopyOnWriteArrayList<>();
        volatile boolean released;

        @Override
        public Move chooseMove(MoveRequest request) {
            threads.add(Thread.currentThread().getName());
            if (asked.complete(request)) {
                while (!released) {
                    if (Thread.interrupted()) {
                        interrupted.set(true);
                    }
                    LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(2));
                }
            }
            return request.state().legalMoves().get(0);
        }
    }

    /** An {@link AsyncPlayer} whose answers the test gives: it keeps every request, its thread and its future. */
    private static final class Remote implements AsyncPlayer {
        final List<MoveRequest> requests = new CopyOnWriteArrayList<>();
        final List<String> threads = new CopyOnWriteArrayList<>();
        final List<CompletableFuture<Move>> answers = new CopyOnWriteArrayList<>();

        @Override
        public CompletableFuture<Move> requestMove(MoveRequest request) {
            threads.add(Thread.currentThread().getName());
            requests.add(request);
            CompletableFuture<Move> answer = new CompletableFuture<>();
            answers.add(answer);
            return answer;
        }
    }

    /** An executor on a pool of the test's that counts the tasks that have run to their end. */
    private Executor countingPool(List<CountDownLatch> ends) {
        ExecutorService pool = Executors.newCachedThreadPool();
        open.add(pool::shutdownNow);
        return task -> pool.execute(() -> {
            try {
                task.run();
            } finally {
                ends.forEach(CountDownLatch::countDown); // the answer, if any, is on its way to the event loop
            }
        });
    }

    /** Seats {@code player} at the wire's client: 30 s a move, no limit on games, seed 1, the seat's own threads. */
    private LineSeat seat(Wire w, Player player, Log log) {
        LineSeat seat = LineSeat.start(w.client(), player, tictactoe, new SeatOptions(Duration.ofSeconds(30), 0, 1, null, null, true, true), log);
        open.add(seat);
        return seat;
    }

    /** Waits up to {@link ScriptServer#WAIT_SECONDS} for {@code condition}. */
    static void eventually(BooleanSupplier condition, String what) throws InterruptedException {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > until) {
                throw new AssertionError("not within " + WAIT_SECONDS + " s: " + what);
            }
            Thread.sleep(5);
        }
    }

    /**
     * Shows that the client sent nothing more: every task queued on its event loop so far has run,
     * then a PING is answered and the PONG is the next line the server reads.
     */
    private static void nothingMoreSent(Wire w) throws Exception {
        CompletableFuture<Void> drained = new CompletableFuture<>();
        w.client().execute(() -> drained.complete(null));
        drained.get(WAIT_SECONDS, TimeUnit.SECONDS);
        w.server().send("PING");
        assertThat(w.server().next()).isEqualTo("PONG");
    }

    private static List<String> notations(List<Move> moves) {
        return moves.stream().map(Move::notation).toList();
    }

    @Test
    void thePlayerIsAskedOnTheSeatsThreadWithTheDeadlineTheSeedAndTheHistoryAndItsMoveIsSent() throws Exception {
        Wire w = connect();
        Recording player = new Recording();
        Log log = new Log();
        LineSeat seat = LineSeat.start(w.client(), player, tictactoe, new SeatOptions(Duration.ofSeconds(5), 0, 40, null, null, true, true), log);
        open.add(seat);

        w.server().send("START O");
        w.server().send("MOVE a1");
        assertThat(w.server().next()).isEqualTo("MOVE b1");
        MoveRequest first = player.requests.get(0);
        assertThat(notations(first.history())).containsExactly("a1");
        assertThat(first.seed()).isEqualTo(40);
        assertThat(player.remainingAtCall.get(0)).isPositive().isLessThanOrEqualTo(Duration.ofSeconds(5).toNanos());
        assertThat(player.threads).containsExactly("line-seat");
        assertThat(log.thinkingThreads).allMatch(t -> t.startsWith("line-client"));
        assertThat(notations(log.played)).containsExactly("b1");
        assertThat(log.thoughts.get(0).isNegative()).isFalse();

        w.server().send("MOVE b1"); // the server reports the seat's own move
        w.server().send("END");
        assertThat(w.server().next()).isEqualTo("AGAIN");
        assertThat(seat.gamesPlayed()).isEqualTo(1);
        w.server().send("START X");
        assertThat(w.server().next()).isEqualTo("MOVE a1");
        MoveRequest second = player.requests.get(1);
        assertThat(second.seed()).isEqualTo(41); // game 2 gets seed + 1
        assertThat(second.history()).isEmpty();
        assertThat(log.problems).isEmpty();
        assertThat(seat.finished()).isNotDone();
    }

    @Test
    void aMoveTheServerReportsIsAppliedOnlyWhenItFollowsFromTheSeatsGameAndOtherwiseTheSeatSaysWhy() throws Exception {
        Wire w = connect();
        Recording player = new Recording();
        Log log = new Log();
        seat(w, player, log);

        w.server().send("START O");
        w.server().send("PLAYED O a1"); // X is to move
        w.server().send("PLAYED X z9"); // not a square of the game
        w.server().send("PLAYED X a1"); // follows: the seat, O, is asked
        assertThat(w.server().next()).isEqualTo("MOVE b1");
        assertThat(notations(player.requests.get(0).history())).containsExactly("a1");
        w.server().send("PLAYED O b1"); // the seat's own move, reported
        w.server().send("PLAYED X b1"); // taken: nothing is applied
        w.server().send("PLAYED X c1");
        assertThat(w.server().next()).isEqualTo("MOVE a2");
        assertThat(notations(player.requests.get(1).history())).containsExactly("a1", "b1", "c1");

        assertThat(log.problems).hasSize(3);
        assertThat(log.problems.get(0)).isEqualTo("the server's PLAYED O a1 does not follow: it was X's turn");
        assertThat(log.problems.get(1)).startsWith("the server's PLAYED X z9 does not follow: ").doesNotEndWith(": ");
        assertThat(log.problems.get(2)).isEqualTo("the server's PLAYED X b1 does not follow: square b1 is taken");
        nothingMoreSent(w);
    }

    @Test
    void aMoveTheServerRefusedIsNotAskedForAgainInThatPositionUntilTheProtocolSaysSo() throws Exception {
        Wire w = connect();
        Recording player = new Recording();
        Log log = new Log();
        seat(w, player, log);

        w.server().send("START X");
        assertThat(w.server().next()).isEqualTo("MOVE a1");
        w.server().send("REFUSED not now");
        w.server().send("PLAYED X z9"); // not a move: the seat says so and would ask again, but its move was refused here
        eventually(() -> log.problems.size() == 2, "the refusal and the move that does not follow");
        nothingMoreSent(w);
        assertThat(player.requests).hasSize(1);

        w.server().send("RETRY");
        assertThat(w.server().next()).isEqualTo("MOVE a1");
        assertThat(player.requests).hasSize(2);
        w.server().send("RETRY"); // nothing was refused since: nothing is asked
        nothingMoreSent(w);
        assertThat(player.requests).hasSize(2);
        assertThat(log.problems.get(0)).isEqualTo("the server refused: not now");
    }

    @Test
    void anAnswerAboutAPositionTheGameHasLeftIsDroppedAndItsRequestIsCancelled() throws Exception {
        Wire w = connect();
        Held slow = new Held();
        ExecutorService pool = Executors.newSingleThreadExecutor();
        open.add(pool::shutdownNow);
        CountDownLatch answered = new CountDownLatch(1);
        Executor counting = task -> pool.execute(() -> {
            task.run();
            answered.countDown(); // the answer is on its way to the event loop
        });
        Log log = new Log();
        open.add(LineSeat.start(w.client(), slow, tictactoe, new SeatOptions(Duration.ofSeconds(5), 0, 1, counting, null, true, true), log));

        w.server().send("START X");
        MoveRequest request = slow.asked.get(WAIT_SECONDS, TimeUnit.SECONDS);
        assertThat(request.isCancelled()).isFalse();
        w.server().send("END");
        assertThat(w.server().next()).isEqualTo("AGAIN");
        assertThat(request.isCancelled()).isTrue();
        slow.release.countDown();
        assertThat(answered.await(WAIT_SECONDS, TimeUnit.SECONDS)).isTrue();
        nothingMoreSent(w);
        assertThat(log.played).isEmpty();
        assertThat(log.problems).isEmpty();
    }

    @Test
    void aPlayerThatFailsReturnsNothingOrAMoveThatCannotBePlayedIsReportedAndNothingIsSent() throws Exception {
        Wire w = connect();
        List<Player> behaviours = List.of(
                request -> {
                    throw new IllegalStateException("no idea");
                },
                request -> null,
                request -> request.state().parseMove("a1"),
                request -> request.state().parseMove("a3"));
        int[] call = {0};
        Player player = request -> behaviours.get(call[0]++).chooseMove(request);
        Log log = new Log();
        seat(w, player, log);

        w.server().send("START X");
        eventually(() -> log.problems.size() == 1, "the first problem");
        w.server().send("END");
        assertThat(w.server().next()).isEqualTo("AGAIN");
        w.server().send("START X");
        eventually(() -> log.problems.size() == 2, "the second problem");
        w.server().send("END");
        assertThat(w.server().next()).isEqualTo("AGAIN");
        w.server().send("START O");
        w.server().send("MOVE a1");
        eventually(() -> log.problems.size() == 3, "the third problem");
        w.server().send("END");
        assertThat(w.server().next()).isEqualTo("AGAIN");
        w.server().send("START X");
        eventually(() -> log.problems.size() == 4, "the fourth problem");
        nothingMoreSent(w);

        assertThat(log.problems).containsExactly(
                "the player failed: java.lang.IllegalStateException: no idea; no move sent",
                "the player returned no move; no move sent",
                "the player chose a1, which is illegal: square a1 is taken; no move sent",
                "the player chose a3, which this protocol cannot send: it carries rows 1 and 2 only");
        assertThat(log.played).isEmpty();
    }

    @Test
    void finishedCompletesAfterThePlannedGamesAndTheSeatAsksForNoMore() throws Exception {
        Wire w = connect();
        LineSeat seat = LineSeat.start(w.client(), new FirstLegalPlayer(), tictactoe,
                new SeatOptions(Duration.ofSeconds(5), 2, 1, null, null, true, true), null);
        open.add(seat);
        w.server().send("START X");
        assertThat(w.server().next()).isEqualTo("MOVE a1");
        w.server().send("END");
        assertThat(w.server().next()).isEqualTo("AGAIN");
        assertThat(seat.finished()).isNotDone();
        w.server().send("START X");
        assertThat(w.server().next()).isEqualTo("MOVE a1");
        w.server().send("END");
        assertThat(seat.finished().get(WAIT_SECONDS, TimeUnit.SECONDS)).isEqualTo(2);
        assertThat(seat.gamesPlayed()).isEqualTo(2);
        nothingMoreSent(w); // no AGAIN after the last game
    }

    @Test
    void closingTheSeatFailsFinishedAndItPlaysNoMore() throws Exception {
        Wire w = connect();
        LineSeat seat = LineSeat.start(w.client(), new FirstLegalPlayer(), tictactoe,
                new SeatOptions(Duration.ofSeconds(5), 3, 1, null, null, true, true), null);
        seat.close();
        assertThatThrownBy(() -> seat.finished().get(WAIT_SECONDS, TimeUnit.SECONDS))
                .isInstanceOf(ExecutionException.class).hasRootCauseMessage("the seat was closed after 0 games");
        w.server().send("START X");
        nothingMoreSent(w);
    }

    @Test
    void losingTheConnectionWhileThePlayerThinksFailsFinishedAndCancelsTheRequest() throws Exception {
        Wire w = connect();
        Held slow = new Held();
        LineSeat seat = LineSeat.start(w.client(), slow, tictactoe, new SeatOptions(Duration.ofSeconds(5), 0, 1, null, null, true, true), null);
        open.add(seat);
        w.server().send("START X");
        MoveRequest request = slow.asked.get(WAIT_SECONDS, TimeUnit.SECONDS);
        w.server().hangUp();
        assertThatThrownBy(() -> seat.finished().get(WAIT_SECONDS, TimeUnit.SECONDS))
                .isInstanceOf(ExecutionException.class)
                .hasRootCauseMessage("the connection closed after 0 games: the server closed the connection");
        assertThat(request.isCancelled()).isTrue();
        slow.release.countDown();
    }

    @Test
    void aSlowPlayerDoesNotStopTheSeatFromAnsweringPingsOrSendingItsKeepAlive() throws Exception {
        Wire w = connect(Duration.ofMillis(20));
        Held slow = new Held();
        open.add(slow.release::countDown);
        Log log = new Log();
        seat(w, slow, log);

        w.server().send("START X");
        slow.asked.get(WAIT_SECONDS, TimeUnit.SECONDS);
        int pongs = 0;
        int keepAlives = 0;
        for (int ping = 0; ping < 3; ping++) {
            w.server().send("PING");
            String line;
            while ((line = w.server().next()).equals("KEEPALIVE")) {
                keepAlives++;
            }
            assertThat(line).isEqualTo("PONG"); // answered while the player still thinks: no MOVE yet
            pongs++;
        }
        while (keepAlives < 3) {
            assertThat(w.server().next()).isEqualTo("KEEPALIVE");
            keepAlives++;
        }
        assertThat(pongs).isEqualTo(3);
        assertThat(log.played).isEmpty();

        slow.release.countDown();
        String line;
        while ((line = w.server().next()).equals("KEEPALIVE")) {
            // the keep-alive goes on meanwhile
        }
        assertThat(line).isEqualTo("MOVE a1");
        assertThat(log.problems).isEmpty();
    }

    @Test
    void aPlayerThatIgnoresTheCancelKeepsItsThreadButNotTheSeatWhichPlaysTheNextGameOnAnother() throws Exception {
        Wire w = connect();
        Stubborn stubborn = new Stubborn();
        open.add(() -> stubborn.released = true);
        Log log = new Log();
        LineSeat seat = seat(w, stubborn, log);

        w.server().send("START X");
        MoveRequest first = stubborn.asked.get(WAIT_SECONDS, TimeUnit.SECONDS);
        w.server().send("END"); // the server ended the game (its clock, say) while the player loops
        assertThat(w.server().next()).isEqualTo("AGAIN");
        assertThat(first.isCancelled()).isTrue();
        eventually(stubborn.interrupted::get, "the looping player's thread is interrupted");

        w.server().send("START X");
        assertThat(w.server().next()).isEqualTo("MOVE a1"); // asked on another thread: the first still loops
        assertThat(stubborn.threads).hasSize(2);
        assertThat(stubborn.released).isFalse();
        assertThat(notations(log.played)).containsExactly("a1");
        assertThat(seat.gamesPlayed()).isEqualTo(1);

        stubborn.released = true; // its late answer about game 1 is dropped
        w.server().send("MOVE a1");
        w.server().send("MOVE b1");
        assertThat(w.server().next()).isEqualTo("MOVE c1");
        assertThat(log.problems).isEmpty();
    }

    @Test
    void closingTheSeatWhileItsPlayerThinksReturnsAtOnceCancelsTheRequestAndTheClientStillReads() throws Exception {
        Wire w = connect();
        Stubborn stubborn = new Stubborn();
        open.add(() -> stubborn.released = true);
        CountDownLatch ended = new CountDownLatch(1);
        Log log = new Log();
        LineSeat seat = LineSeat.start(w.client(), stubborn, tictactoe,
                new SeatOptions(Duration.ofSeconds(30), 0, 1, countingPool(List.of(ended)), null, true, true), log);

        w.server().send("START X");
        MoveRequest request = stubborn.asked.get(WAIT_SECONDS, TimeUnit.SECONDS);
        CompletableFuture.runAsync(seat::close).get(WAIT_SECONDS, TimeUnit.SECONDS); // does not wait for the player
        assertThat(request.isCancelled()).isTrue();
        assertThatThrownBy(() -> seat.finished().get(WAIT_SECONDS, TimeUnit.SECONDS))
                .isInstanceOf(ExecutionException.class).hasRootCauseMessage("the seat was closed after 0 games");
        eventually(stubborn.interrupted::get, "the player's thread is interrupted");
        w.server().send("PING");
        assertThat(w.server().next()).isEqualTo("PONG"); // the client reads on, with the player still in its loop
        assertThat(ended.getCount()).isEqualTo(1);

        stubborn.released = true;
        assertThat(ended.await(WAIT_SECONDS, TimeUnit.SECONDS)).isTrue();
        nothingMoreSent(w); // the answer came after the close: dropped
        assertThat(log.played).isEmpty();
        assertThat(log.problems).isEmpty();
    }

    @Test
    void anAsynchronousPlayerIsAskedOnTheEventLoopWithoutAThreadAndItsFutureIsCancelledWhenTheGameEnds() throws Exception {
        Wire w = connect();
        Remote remote = new Remote();
        Log log = new Log();
        seat(w, remote, log);

        w.server().send("START X");
        eventually(() -> remote.answers.size() == 1, "the player is asked");
        assertThat(remote.threads.get(0)).startsWith("line-client"); // no thread of the seat's waits for it
        CompletableFuture<Move> first = remote.answers.get(0);
        first.complete(remote.requests.get(0).state().parseMove("b2")); // from the test's thread
        assertThat(w.server().next()).isEqualTo("MOVE b2");
        assertThat(notations(log.played)).containsExactly("b2");

        w.server().send("MOVE b2");
        w.server().send("MOVE a1");
        eventually(() -> remote.answers.size() == 2, "the player is asked again");
        assertThat(notations(remote.requests.get(1).history())).containsExactly("b2", "a1");
        w.server().send("END");
        assertThat(w.server().next()).isEqualTo("AGAIN");
        assertThat(remote.answers.get(1).isCancelled()).isTrue(); // the player hears the answer is no longer wanted
        assertThat(remote.requests.get(1).isCancelled()).isTrue();
        remote.answers.get(1).complete(remote.requests.get(1).state().parseMove("c3")); // too late: ignored
        nothingMoreSent(w);
        assertThat(log.problems).isEmpty();
    }

    @Test
    void anAsynchronousPlayerThatThrowsOrFailsItsFutureIsReportedAndTheSeatPlaysOn() throws Exception {
        Wire w = connect();
        int[] call = {0};
        AsyncPlayer player = request -> switch (call[0]++) {
            case 0 -> throw new IllegalStateException("cannot start");
            case 1 -> CompletableFuture.failedFuture(new IllegalStateException("the program crashed"));
            case 2 -> CompletableFuture.completedFuture(null);
            default -> CompletableFuture.completedFuture(request.state().legalMoves().get(0));
        };
        Log log = new Log();
        seat(w, player, log);

        for (int game = 1; game <= 3; game++) {
            w.server().send("START X");
            int problems = game;
            eventually(() -> log.problems.size() == problems, "problem " + game);
            w.server().send("END");
            assertThat(w.server().next()).isEqualTo("AGAIN");
        }
        w.server().send("START X");
        assertThat(w.server().next()).isEqualTo("MOVE a1");
        assertThat(log.problems).containsExactly(
                "the player failed: java.lang.IllegalStateException: cannot start; no move sent",
                "the player failed: java.lang.IllegalStateException: the program crashed; no move sent",
                "the player returned no move; no move sent");
    }

    /** A player that says it plays Othello only, so it cannot be seated at tic-tac-toe. */
    static Player othelloOnly() {
        return new Player() {
            @Override
            public Move chooseMove(MoveRequest request) {
                return request.state().legalMoves().get(0);
            }

            @Override
            public boolean supports(Game game) {
                return game.id().equals("othello");
            }

            @Override
            public String description() {
                return "an Othello player";
            }
        };
    }

    @Test
    void aPlayerThatCannotPlayTheGameIsNotSeatedAndAPlanChecksItsValues() {
        LineClient client = new LineClient(null, Duration.ZERO, null, null);
        Player othelloOnly = othelloOnly();
        assertThatThrownBy(() -> LineSeat.start(client, othelloOnly, tictactoe, new SeatOptions(Duration.ofSeconds(1), 0, 1, null, null, true, true), null))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("the player an Othello player cannot play tictactoe");
        assertThatThrownBy(() -> new SeatOptions(Duration.ZERO, 0, 1, null, null, true, true)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new SeatOptions(Duration.ofSeconds(1), -1, 1, null, null, true, true)).isInstanceOf(IllegalArgumentException.class);
    }
}
