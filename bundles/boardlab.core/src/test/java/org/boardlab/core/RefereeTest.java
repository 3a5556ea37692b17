package org.boardlab.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.boardlab.ai.basic.FirstLegalPlayer;
import org.boardlab.ai.basic.RandomPlayer;
import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.api.Player;
import org.boardlab.api.Side;
import org.boardlab.api.event.BoardlabEvent;
import org.boardlab.api.event.MatchEvent;
import org.boardlab.api.event.MatchOutcome;
import org.boardlab.api.event.MatchOutcome.Ending;
import org.boardlab.game.tictactoe.TicTacToe;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class RefereeTest {

    private final TicTacToe game = new TicTacToe();
    private final Referee referee = new Referee();
    private final EventBus bus = new EventBus();
    private final List<BoardlabEvent> events = Collections.synchronizedList(new ArrayList<>());

    RefereeTest() {
        bus.subscribe(events::add);
    }

    @AfterEach
    void close() {
        referee.close();
    }

    private MatchOutcome play(Player first, Player second, Duration perMove) {
        return referee.newGame(7, game.newGame(), List.of(first, second), List.of("a", "b"), perMove, 1, bus)
                .play(Referee.Gate.OPEN);
    }

    @Test
    void aNormalGameEndsByTheRulesAndPublishesEveryMove() {
        MatchOutcome outcome = play(new RandomPlayer(), new RandomPlayer(), Duration.ofSeconds(5));
        assertThat(outcome.ending()).isEqualTo(Ending.NORMAL);
        assertThat(outcome.finalState().isTerminal()).isTrue();
        assertThat(outcome.winner()).isEqualTo(outcome.finalState().outcome().winner());
        List<MatchEvent.Moved> moves = events.stream().filter(e -> e instanceof MatchEvent.Moved)
                .map(e -> (MatchEvent.Moved) e).toList();
        assertThat(moves).hasSize(outcome.moves().size());
        assertThat(moves.get(0).side()).isEqualTo(Side.FIRST);
        assertThat(moves.get(1).side()).isEqualTo(Side.SECOND);
        assertThat(events.get(0)).isInstanceOf(MatchEvent.Started.class);
        assertThat(events.get(events.size() - 1)).isInstanceOf(MatchEvent.Ended.class);
    }

    @Test
    void anIllegalMoveForfeitsWithTheReason() {
        Player cheater = request -> request.state().parseMove("a1"); // a1 is taken after the first move
        MatchOutcome outcome = play(new FirstLegalPlayer(), cheater, Duration.ofSeconds(5));
        assertThat(outcome.ending()).isEqualTo(Ending.ILLEGAL_MOVE);
        assertThat(outcome.loser()).isEqualTo(Side.SECOND);
        assertThat(outcome.winner()).isEqualTo(Side.FIRST);
        assertThat(outcome.detail()).isEqualTo("b (O) played a1: square a1 is taken");
        assertThat(outcome.gmScores()[1]).isZero();
    }

    @Test
    void noMoveAtAllIsIllegal() {
        MatchOutcome outcome = play(request -> null, new RandomPlayer(), Duration.ofSeconds(5));
        assertThat(outcome.ending()).isEqualTo(Ending.ILLEGAL_MOVE);
        assertThat(outcome.detail()).contains("returned no move");
    }

    @Test
    void aMoveOfAnotherGameIsIllegal() {
        Move alien = () -> "zz";
        MatchOutcome outcome = play(request -> alien, new RandomPlayer(), Duration.ofSeconds(5));
        assertThat(outcome.ending()).isEqualTo(Ending.ILLEGAL_MOVE);
        assertThat(outcome.loser()).isEqualTo(Side.FIRST);
    }

    @Test
    void anExceptionForfeitsAsAnError() {
        MatchOutcome outcome = play(new RandomPlayer(), request -> {
            throw new IllegalStateException("my bug");
        }, Duration.ofSeconds(5));
        assertThat(outcome.ending()).isEqualTo(Ending.ERROR);
        assertThat(outcome.loser()).isEqualTo(Side.SECOND);
        assertThat(outcome.detail()).isEqualTo("b (O) failed: IllegalStateException: my bug");
    }

    @Test
    void aSlowPlayerLosesOnTime() {
        Player sleeper = request -> {
            Thread.sleep(10_000);
            return request.state().legalMoves().get(0);
        };
        long start = System.nanoTime();
        MatchOutcome outcome = play(sleeper, new RandomPlayer(), Duration.ofMillis(200));
        long took = System.nanoTime() - start;
        assertThat(outcome.ending()).isEqualTo(Ending.TIMEOUT);
        assertThat(outcome.loser()).isEqualTo(Side.FIRST);
        assertThat(outcome.detail()).isEqualTo("a (X) did not move within 200 ms");
        assertThat(TimeUnit.NANOSECONDS.toMillis(took)).isLessThan(5_000);
        assertThat(outcome.timeNanos()[0]).isEqualTo(TimeUnit.MILLISECONDS.toNanos(200));
    }

    @Test
    void aPlayerThatLoopsForeverLosesAndIsStopped() throws Exception {
        CountDownLatch entered = new CountDownLatch(1);
        Player looper = request -> {
            entered.countDown();
            long x = 0;
            while (true) { // ignores the interrupt and the deadline
                x++;
                if (x == Long.MIN_VALUE) {
                    return null;
                }
            }
        };
        // a second to think: the looper's task must start before its deadline (a task still queued when the
        // deadline comes is cancelled and never runs, so nothing would loop: at 100 ms that happened at load 5-8)
        MatchOutcome outcome = play(looper, new RandomPlayer(), Duration.ofSeconds(1));
        assertThat(entered.await(30, TimeUnit.SECONDS)).isTrue();
        assertThat(outcome.ending()).isEqualTo(Ending.TIMEOUT);
        // the referee is free at once: another game runs normally
        assertThat(play(new RandomPlayer(), new RandomPlayer(), Duration.ofSeconds(5)).ending()).isEqualTo(Ending.NORMAL);
        // and the runaway thread is stopped after the grace period
        long until = System.nanoTime() + Referee.RUNAWAY_GRACE.toNanos() + TimeUnit.SECONDS.toNanos(3);
        while (referee.runawayThreads() == 0 && System.nanoTime() < until) {
            Thread.sleep(20);
        }
        assertThat(referee.runawayThreads()).isEqualTo(1);
        assertThat(referee.runawayThreadsStillRunning()).isZero();
    }

    @Test
    void aForfeitFromOutsideEndsTheGameAtOnce() throws Exception {
        CountDownLatch thinking = new CountDownLatch(1);
        Player slow = request -> {
            thinking.countDown();
            Thread.sleep(5_000);
            return request.state().legalMoves().get(0);
        };
        Referee.GameRun run = referee.newGame(8, game.newGame(), List.of(slow, new RandomPlayer()), List.of("a", "b"),
                Duration.ofSeconds(10), 1, bus);
        Thread t = new Thread(() -> {
            try {
                thinking.await();
            } catch (InterruptedException e) {
                return;
            }
            run.forfeit(Side.SECOND, Ending.OUT_OF_TURN, "b sent a move while a was to move");
        });
        t.start();
        long start = System.nanoTime();
        MatchOutcome outcome = run.play(Referee.Gate.OPEN);
        assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start)).isLessThan(4_000);
        assertThat(outcome.ending()).isEqualTo(Ending.OUT_OF_TURN);
        assertThat(outcome.winner()).isEqualTo(Side.FIRST);
        assertThat(outcome.detail()).isEqualTo("b sent a move while a was to move");
    }

    @Test
    void gameMasterScoresFollowSeed004sExample() {
        // white 5 coins in 8 s, black 2 coins in 4 s, white wins: white 204, black 94
        long s = 1_000_000_000L;
        int[] gm = Referee.gmScores(new int[] {2, 5}, new long[] {4 * s, 8 * s}, Side.SECOND, null);
        assertThat(gm).containsExactly(94, 204);
    }

    @Test
    void aForfeiterScoresZeroInTheGameMasterCount() {
        int[] gm = Referee.gmScores(new int[] {10, 3}, new long[] {1, 1}, Side.SECOND, Side.FIRST);
        assertThat(gm[0]).isZero();
        assertThat(gm[1]).isEqualTo(23 + 50 + 100);
    }

    @Test
    void theSameSeedGivesTheSameGame() {
        List<String> first = play(new RandomPlayer(), new RandomPlayer(), Duration.ofSeconds(5)).moves().stream()
                .map(Move::notation).toList();
        List<String> again = play(new RandomPlayer(), new RandomPlayer(), Duration.ofSeconds(5)).moves().stream()
                .map(Move::notation).toList();
        assertThat(again).isEqualTo(first);
    }

    @Test
    void theStartPositionIsNotChanged() {
        GameState start = game.newGame();
        referee.newGame(9, start, List.of(new RandomPlayer(), new RandomPlayer()), List.of("a", "b"), Duration.ofSeconds(1), 3, null)
                .play(Referee.Gate.OPEN);
        assertThat(start.ply()).isZero();
        assertThat(start.legalMoves()).hasSize(9);
    }

    @Test
    void aDeadlineMovedDuringAMoveLetsALateAnswerCount() throws Exception {
        CountDownLatch thinking = new CountDownLatch(1);
        Player slow = request -> {
            thinking.countDown();
            Thread.sleep(600);
            return request.state().legalMoves().get(0);
        };
        Referee.GameRun run = referee.newGame(10, game.newGame(), List.of(slow, new RandomPlayer()), List.of("a", "b"),
                Duration.ofMillis(200), 1, bus);
        Thread t = new Thread(() -> {
            try {
                thinking.await();
            } catch (InterruptedException e) {
                return;
            }
            run.setDeadline(Side.FIRST, System.nanoTime() + TimeUnit.SECONDS.toNanos(3));
        });
        t.start();
        MatchOutcome outcome = run.play(new Referee.Gate() {
            int asked;

            @Override
            public Decision next(Referee.GameRun r) {
                return asked++ < 1 ? Decision.GO : Decision.STOP; // stop after the first move
            }
        });
        assertThat(outcome.moves()).hasSize(1);
        assertThat(outcome.ending()).isEqualTo(Ending.ABORTED);
    }

    @Test
    void aDeadlineSetBetweenMovesAppliesToTheNextMove() {
        // times wide enough for a loaded machine: first-legal answers well within 1.5 s
        Player slowSecond = request -> {
            Thread.sleep(2_000);
            return request.state().legalMoves().get(0);
        };
        Referee.GameRun run = referee.newGame(11, game.newGame(), List.of(new FirstLegalPlayer(), slowSecond),
                List.of("a", "b"), Duration.ofMillis(1_500), 1, bus);
        run.setDeadline(Side.SECOND, System.nanoTime() + TimeUnit.SECONDS.toNanos(20));
        MatchOutcome outcome = run.play(Referee.Gate.OPEN);
        // the second side's first move had 20 s; its second move only 1.5 s
        assertThat(outcome.ending()).isEqualTo(Ending.TIMEOUT);
        assertThat(outcome.loser()).isEqualTo(Side.SECOND);
        assertThat(outcome.moves()).hasSize(3);
    }

    @Test
    void adjudicationDecidesByTheScoresAsTheyStand() throws Exception {
        CountDownLatch thinking = new CountDownLatch(1);
        Player slow = request -> {
            thinking.countDown();
            Thread.sleep(5_000);
            return request.state().legalMoves().get(0);
        };
        Referee.GameRun run = referee.newGame(12, game.newGame(), List.of(slow, new RandomPlayer()), List.of("a", "b"),
                Duration.ofSeconds(10), 1, bus);
        new Thread(() -> {
            try {
                thinking.await();
            } catch (InterruptedException e) {
                return;
            }
            run.adjudicate("a left and did not come back within 60 s");
        }).start();
        MatchOutcome outcome = run.play(Referee.Gate.OPEN);
        assertThat(outcome.ending()).isEqualTo(Ending.ADJUDICATED);
        assertThat(outcome.winner()).isNull(); // tic-tac-toe has no score: 0-0
        assertThat(outcome.detail()).isEqualTo("a left and did not come back within 60 s (a draw on the scores 0-0)");
        assertThat(outcome.gmScores()[0]).isPositive();
    }

    /**
     * A house player (the server's own AI) thinks on the referee's pool sized to the cores, however many
     * of its games wait for a move at once: forty games of two sleepy house players run on at most as
     * many threads as there are cores, none of them a worker thread of its own. The referee's workers
     * are a cached pool that grows with the queue (113 threads at 10,000 Onitama clients, session 16):
     * on it these games took a thread each.
     */
    @Test
    void houseMovesWaitForACoreOnAPoolThatDoesNotGrow() {
        int cores = Runtime.getRuntime().availableProcessors();
        Set<String> threads = ConcurrentHashMap.newKeySet();
        List<CompletableFuture<MatchOutcome>> games = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            Player first = sleepyHouse(threads);
            Player second = sleepyHouse(threads);
            games.add(referee.newGame(100 + i, game.newGame(), List.of(first, second), List.of("a", "b"),
                    Duration.ofSeconds(30), i, null).start(Referee.Gate.OPEN));
        }
        for (CompletableFuture<MatchOutcome> g : games) {
            assertThat(g.join().ending()).isEqualTo(Ending.NORMAL);
        }
        assertThat(threads).as("the threads the house players thought on").isNotEmpty()
                .allMatch(name -> name.startsWith("boardlab-house-")).hasSizeLessThanOrEqualTo(cores);
        assertThat(referee.houseThreads()).isLessThanOrEqualTo(cores);
        assertThat(referee.houseMovesOnOwnThread()).as("no move waited a quarter of its 30 s").isZero();
    }

    /** A player that sleeps 5 ms and plays the first legal move, noting the thread it thought on. */
    private static final class SleepyPlayer implements Player {
        private final Set<String> threads;

        SleepyPlayer(Set<String> threads) {
            this.threads = threads;
        }

        @Override
        public Move chooseMove(org.boardlab.api.MoveRequest request) throws InterruptedException {
            threads.add(Thread.currentThread().getName());
            Thread.sleep(5);
            return request.state().legalMoves().get(0);
        }
    }

    private static Player sleepyHouse(Set<String> threads) {
        return Referee.housePlayer(new SleepyPlayer(threads));
    }

    /**
     * A house move that waits a quarter of its time for a house thread (every one busy with a player
     * that thinks until its deadline, or longer) gets a worker thread of its own and moves in time,
     * instead of losing on time in the queue.
     */
    @Test
    void aHouseMoveThatWaitsAQuarterOfItsTimeGetsAThreadOfItsOwn() throws Exception {
        try (Referee one = new Referee(1)) {
            CountDownLatch release = new CountDownLatch(1);
            CountDownLatch blocking = new CountDownLatch(1);
            Player blocker = request -> {
                blocking.countDown();
                while (true) { // holds the one house thread until the test ends, interrupt or not
                    try {
                        if (release.await(30, TimeUnit.SECONDS)) {
                            return request.state().legalMoves().get(0);
                        }
                    } catch (InterruptedException e) {
                        // keeps waiting
                    }
                }
            };
            CompletableFuture<MatchOutcome> held = one.newGame(200, game.newGame(),
                    List.of(Referee.housePlayer(blocker), new RandomPlayer()), List.of("a", "b"), Duration.ofSeconds(60), 1,
                    null).start(Referee.Gate.OPEN);
            assertThat(blocking.await(30, TimeUnit.SECONDS)).isTrue();
            long[] ran = new long[1];
            String[] thread = new String[1];
            Player quick = request -> {
                ran[0] = System.nanoTime();
                thread[0] = Thread.currentThread().getName();
                return request.state().legalMoves().get(0);
            };
            Player failing = request -> {
                throw new IllegalStateException("ends the game after the house move");
            };
            long asked = System.nanoTime();
            MatchOutcome outcome = one.newGame(201, game.newGame(), List.of(Referee.housePlayer(quick), failing),
                    List.of("c", "d"), Duration.ofSeconds(2), 1, null).play(Referee.Gate.OPEN);
            assertThat(outcome.ending()).as("the house move was played in time; the other side failed").isEqualTo(Ending.ERROR);
            assertThat(outcome.loser()).isEqualTo(Side.SECOND);
            assertThat(thread[0]).startsWith("boardlab-player-");
            assertThat(TimeUnit.NANOSECONDS.toMillis(ran[0] - asked)).as("waited a quarter of its 2 s first")
                    .isGreaterThanOrEqualTo(450);
            assertThat(one.houseMovesOnOwnThread()).isEqualTo(1);
            release.countDown();
            assertThat(held.get(30, TimeUnit.SECONDS).ending()).isEqualTo(Ending.NORMAL);
        }
    }
}
