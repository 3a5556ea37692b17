package org.boardlab.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.boardlab.ai.basic.FirstLegalPlayer;
import org.boardlab.api.GameOptions;
import org.boardlab.api.GameState;
import org.boardlab.api.MoveRequest;
import org.boardlab.api.Side;
import org.boardlab.api.event.MatchOutcome;
import org.boardlab.api.event.MatchOutcome.Ending;
import org.boardlab.core.Submission.Verdict;
import org.boardlab.game.othello.Othello;
import org.boardlab.game.othello.Scoring;
import org.boardlab.game.tictactoe.TicTacToe;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Moves submitted to a match (a network client's, a person's), forced moves, and games that hold no thread. */
class SubmitTest {

    private final Referee referee = new Referee();
    private final EventBus bus = new EventBus();

    @AfterEach
    void close() {
        referee.close();
    }

    /** A seat that only records when it is asked; the test submits its moves. */
    private static final class Seat implements SubmittingPlayer {
        final List<MoveRequest> asked = Collections.synchronizedList(new ArrayList<>());

        @Override
        public void yourTurn(MoveRequest request) {
            asked.add(request);
        }
    }

    @Test
    void aSubmittedMoveIsAcceptedRefusedWithTheReasonOutOfTurnOrTooLate() throws Exception {
        Othello othello = new Othello();
        Seat black = new Seat();
        Seat white = new Seat();
        Referee.GameRun run = referee.newGame(1, othello.newGame(), List.of(black, white), List.of("ann", "bob"),
                Duration.ofSeconds(30), 1, bus);
        run.start(Referee.Gate.OPEN);
        assertThat(black.asked).hasSize(1);
        assertThat(white.asked).isEmpty();
        GameState start = run.state();

        assertThat(run.submit(Side.SECOND, "d3", System.nanoTime()).verdict()).isEqualTo(Verdict.OUT_OF_TURN);
        Submission a1 = run.submit(Side.FIRST, "a1", System.nanoTime());
        assertThat(a1.verdict()).isEqualTo(Verdict.REFUSED);
        assertThat(a1.reason()).isEqualTo(start.whyIllegal(start.parseMove("a1")));
        Submission nonsense = run.submit(Side.FIRST, "zz", System.nanoTime());
        assertThat(nonsense.verdict()).isEqualTo(Verdict.REFUSED);
        assertThat(nonsense.reason()).isNotBlank();
        assertThat(run.journal().ply()).as("a refused move changes nothing").isZero();

        long sent = System.nanoTime();
        assertThat(run.submit(Side.FIRST, "d3", sent)).isEqualTo(new Submission(Verdict.ACCEPTED, null));
        MatchJournal.Entry entry = run.journal().snapshot().entries().get(0);
        assertThat(entry.move().notation()).isEqualTo("d3");
        assertThat(entry.times().thinkingNanos()).isEqualTo(-1);
        assertThat(entry.times().networkNanos()).isBetween(0L, entry.times().elapsedNanos());
        assertThat(run.submit(Side.FIRST, "c3", System.nanoTime()).verdict()).as("already moved").isEqualTo(Verdict.OUT_OF_TURN);
        assertThat(white.asked).hasSize(1);
        assertThat(white.asked.get(0).history()).extracting(m -> m.notation()).containsExactly("d3");

        run.forfeit(Side.SECOND, Ending.OUT_OF_TURN, "bob moved out of turn");
        MatchOutcome outcome = run.outcome().get(5, TimeUnit.SECONDS);
        assertThat(outcome.winner()).isEqualTo(Side.FIRST);
        assertThat(run.submit(Side.SECOND, "c5", System.nanoTime()).verdict()).isEqualTo(Verdict.GAME_OVER);
    }

    @Test
    void aForcedPassIsPlayedByTheRefereeWithoutAskingTheSide() throws Exception {
        Othello othello = new Othello();
        GameState whiteMustPass = othello.position("""
                BBW.....
                ........
                ........
                ........
                ........
                ........
                ........
                ........
                """, Side.SECOND, Scoring.PLAIN);
        Seat black = new Seat();
        Seat white = new Seat();
        Referee.GameRun run = referee.newGame(2, whiteMustPass, List.of(black, white), List.of("ann", "bob"),
                Duration.ofSeconds(30), 1, bus);
        run.start(Referee.Gate.OPEN);
        assertThat(white.asked).as("white only had a pass: not asked").isEmpty();
        assertThat(black.asked).hasSize(1);
        MatchJournal.Entry pass = run.journal().snapshot().entries().get(0);
        assertThat(pass.side()).isEqualTo(Side.SECOND);
        assertThat(pass.move().notation()).isEqualTo("pass");
        assertThat(pass.forced()).isTrue();
        assertThat(run.submit(Side.FIRST, "d1", System.nanoTime()).verdict()).isEqualTo(Verdict.ACCEPTED);
        MatchOutcome outcome = run.outcome().get(5, TimeUnit.SECONDS);
        assertThat(outcome.ending()).isEqualTo(Ending.NORMAL);
        assertThat(outcome.winner()).isEqualTo(Side.FIRST);
        assertThat(outcome.moves()).extracting(m -> m.notation()).containsExactly("pass", "d1");
    }

    @Test
    void aSideThatChoosesItsOwnMovesCannotBeSubmittedFor() throws Exception {
        Seat person = new Seat();
        Match match = new Match(referee, new TicTacToe(), GameOptions.DEFAULT, new PlayerSeat("bot", FirstLegalPlayer::new),
                new PlayerSeat("you", () -> person), MatchSettings.defaults(), bus);
        match.start();
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (person.asked.isEmpty() && System.nanoTime() < until) {
            Thread.sleep(1);
        }
        Submission refused = match.submit(Side.FIRST, "c3", System.nanoTime());
        assertThat(refused.verdict()).isEqualTo(Verdict.REFUSED);
        assertThat(refused.reason()).isEqualTo("bot (X) chooses its own moves: they cannot be submitted");
        match.stop();
        assertThat(match.results().get(5, TimeUnit.SECONDS).get(0).outcome().ending()).isEqualTo(Ending.ABORTED);
    }

    @Test
    void aMoveSubmittedWhileTheMatchHoldsIsPlayedWhenTheSideIsAsked() throws Exception {
        Seat first = new Seat();
        Seat second = new Seat();
        Match match = new Match(referee, new TicTacToe(), GameOptions.DEFAULT, new PlayerSeat("a", () -> first),
                new PlayerSeat("b", () -> second), MatchSettings.defaults(), bus);
        match.setMode(Match.Mode.STEP);
        match.start();
        assertThat(first.asked).isEmpty();
        assertThat(match.submit(Side.FIRST, "b2", System.nanoTime()).verdict()).isEqualTo(Verdict.ACCEPTED);
        assertThat(match.submit(Side.FIRST, "a1", System.nanoTime()).verdict()).as("one move a turn").isEqualTo(Verdict.OUT_OF_TURN);
        assertThat(match.journal().ply()).isZero();
        match.step();
        assertThat(match.journal().snapshot().moves()).extracting(m -> m.notation()).containsExactly("b2");
        assertThat(first.asked).as("the kept move answers the question: the side is not asked").isEmpty();
        match.step();
        assertThat(second.asked).hasSize(1);
        match.stop();
    }

    /**
     * 500 games between network-style players (their moves come from two "network" threads, after
     * a pause) at once: the referee holds no thread for a game that waits, so the thread count stays
     * within the referee's scheduler pool (sized to the cores) however many games run.
     */
    @Test
    void fiveHundredGamesWaitingForNetworkPlayersHoldNoThreads() throws Exception {
        int games = 500;
        ScheduledExecutorService network = Executors.newScheduledThreadPool(2, r -> {
            Thread t = new Thread(r, "test-network");
            t.setDaemon(true);
            return t;
        });
        try {
            CountDownLatch allWaiting = new CountDownLatch(games);
            CountDownLatch go = new CountDownLatch(1);
            List<Match> matches = new ArrayList<>();
            int before = ManagementFactory.getThreadMXBean().getThreadCount();
            for (int i = 0; i < games; i++) {
                Match[] self = new Match[1];
                boolean[] firstAsk = {true};
                SubmittingPlayer client = request -> {
                    GameState state = request.state();
                    Side side = state.sideToMove();
                    String move = state.legalMoves().get(0).notation();
                    if (firstAsk[0]) {
                        firstAsk[0] = false;
                        allWaiting.countDown();
                        network.execute(() -> {
                            try {
                                go.await();
                            } catch (InterruptedException e) {
                                return;
                            }
                            self[0].submit(side, move, System.nanoTime());
                        });
                    } else {
                        network.schedule(() -> self[0].submit(side, move, System.nanoTime()), 1, TimeUnit.MILLISECONDS);
                    }
                };
                Match match = new Match(referee, new TicTacToe(), GameOptions.DEFAULT, new PlayerSeat("c" + i, () -> client),
                        new PlayerSeat("d" + i, () -> client), MatchSettings.defaults().withTimePerMove(Duration.ofSeconds(60)), bus);
                self[0] = match;
                matches.add(match);
            }
            for (Match m : matches) {
                m.start();
            }
            assertThat(allWaiting.await(30, TimeUnit.SECONDS)).isTrue();
            assertThat(referee.gamesInProgress()).isEqualTo(games);
            int waiting = ManagementFactory.getThreadMXBean().getThreadCount();
            int bound = Math.max(2, Runtime.getRuntime().availableProcessors()) + 2; // the scheduler pool and the test's network
            assertThat(waiting - before).as("threads added while %d games wait", games).isLessThanOrEqualTo(bound);
            assertThat(referee.busyPlayerThreads()).isZero();
            go.countDown();
            for (Match m : matches) {
                assertThat(m.results().get(60, TimeUnit.SECONDS).get(0).outcome().ending()).isEqualTo(Ending.NORMAL);
            }
            assertThat(referee.gamesPlayed()).isEqualTo(games);
            assertThat(ManagementFactory.getThreadMXBean().getThreadCount() - before).isLessThanOrEqualTo(bound);
        } finally {
            network.shutdownNow();
        }
    }

    /** A position that counts the referee's legality checks, and hands the count on to the positions after it. */
    private record Counted(GameState state, java.util.concurrent.atomic.AtomicInteger checks) implements GameState {
        @Override
        public org.boardlab.api.Game game() {
            return state.game();
        }

        @Override
        public Side sideToMove() {
            return state.sideToMove();
        }

        @Override
        public List<org.boardlab.api.Move> legalMoves() {
            return state.legalMoves();
        }

        @Override
        public GameState apply(org.boardlab.api.Move move) {
            return new Counted(state.apply(move), checks);
        }

        @Override
        public String whyIllegal(org.boardlab.api.Move move) {
            checks.incrementAndGet();
            return state.whyIllegal(move);
        }

        @Override
        public org.boardlab.api.Move parseMove(String notation) {
            return state.parseMove(notation);
        }

        @Override
        public boolean isTerminal() {
            return state.isTerminal();
        }

        @Override
        public org.boardlab.api.Outcome outcome() {
            return state.outcome();
        }

        @Override
        public int ply() {
            return state.ply();
        }

        @Override
        public String boardText() {
            return state.boardText();
        }
    }

    /**
     * A submitted move is checked once, when it is submitted, in the position it is played in; the
     * referee does not check it again before it plays it (a server checked every client move twice).
     * A move a player inside boardlab returns is still checked.
     */
    @Test
    void aSubmittedMoveIsCheckedOnceAndAPlayersMoveStillIs() throws Exception {
        java.util.concurrent.atomic.AtomicInteger checks = new java.util.concurrent.atomic.AtomicInteger();
        Seat network = new Seat();
        Referee.GameRun run = referee.newGame(1, new Counted(new TicTacToe().newGame(), checks),
                List.of(network, new FirstLegalPlayer()), List.of("ann", "first"), Duration.ofSeconds(30), 1, bus);
        run.start(Referee.Gate.OPEN);
        assertThat(run.submit(Side.FIRST, "b2", System.nanoTime()).verdict()).isEqualTo(Verdict.ACCEPTED);
        for (int i = 0; i < 500 && run.journal().ply() < 2; i++) {
            Thread.sleep(10);
        }
        assertThat(run.journal().ply()).as("the player inside boardlab answered").isEqualTo(2);
        assertThat(checks.get()).as("checks: one of the submitted move, one of the player's").isEqualTo(2);
        run.abort("done");
    }
}
