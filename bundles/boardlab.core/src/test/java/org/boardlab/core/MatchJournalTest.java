package org.boardlab.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.boardlab.ai.basic.FirstLegalPlayer;
import org.boardlab.ai.basic.RandomPlayer;
import org.boardlab.api.AsyncPlayer;
import org.boardlab.api.GameOptions;
import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.api.MoveRequest;
import org.boardlab.api.Side;
import org.boardlab.api.event.MatchOutcome;
import org.boardlab.api.event.MatchOutcome.Ending;
import org.boardlab.game.tictactoe.TicTacToe;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class MatchJournalTest {

    private final TicTacToe game = new TicTacToe();
    private final Referee referee = new Referee();
    private final EventBus bus = new EventBus();

    @AfterEach
    void close() {
        referee.close();
    }

    private Match match(PlayerSeat a, PlayerSeat b, int games) {
        return new Match(referee, game, GameOptions.DEFAULT, a, b, MatchSettings.defaults().withGames(games), bus);
    }

    @Test
    void theRefereeWritesEveryMoveWithItsPositionTimesAndClocksAndTheOutcome() {
        Match match = match(new PlayerSeat("alice", RandomPlayer::new), new PlayerSeat("bob", RandomPlayer::new), 1);
        MatchJournal journal = match.journal();
        assertThat(journal.gameNumber()).isEqualTo(1);
        assertThat(journal.ply()).isZero();
        MatchOutcome outcome = match.runHere().get(0).outcome();

        MatchJournal.Snapshot s = journal.snapshot();
        assertThat(s.isOver()).isTrue();
        assertThat(s.outcome()).isSameAs(outcome);
        assertThat(s.moves()).isEqualTo(outcome.moves());
        GameState replayed = s.start();
        long[] clocks = new long[2];
        for (MatchJournal.Entry e : s.entries()) {
            assertThat(e.side()).isEqualTo(replayed.sideToMove());
            replayed = replayed.apply(e.move());
            assertThat(e.after().boardText()).isEqualTo(replayed.boardText());
            assertThat(e.ply()).isEqualTo(replayed.ply());
            assertThat(s.positionAt(e.ply())).isSameAs(e.after());
            // a bundle player: its thinking is measured, no network part
            assertThat(e.times().networkNanos()).isEqualTo(-1);
            assertThat(e.times().thinkingNanos()).isBetween(0L, e.times().elapsedNanos());
            assertThat(e.times().restNanos()).isEqualTo(e.times().elapsedNanos() - e.times().thinkingNanos());
            clocks[e.side().index()] += e.times().elapsedNanos();
            assertThat(e.clockNanos(Side.FIRST)).isEqualTo(clocks[0]);
            assertThat(e.clockNanos(Side.SECOND)).isEqualTo(clocks[1]);
            assertThat(e.forced()).isFalse();
        }
        assertThat(clocks).containsExactly(outcome.timeNanos());
        assertThat(s.state()).isSameAs(outcome.finalState());
        assertThat(s.turn()).isNull();
    }

    @Test
    void aLongGameKeepsEverySixteenthPositionAndReplaysTheOthersExactly() {
        Match match = new Match(referee, new org.boardlab.game.othello.Othello(), GameOptions.DEFAULT,
                new PlayerSeat("a", RandomPlayer::new), new PlayerSeat("b", RandomPlayer::new),
                MatchSettings.defaults().withGames(1), bus);
        List<MatchJournal.Entry> followed = new ArrayList<>();
        MatchJournal journal = match.journal();
        journal.follow(0, followed::add);
        match.runHere();
        MatchJournal.Snapshot s = journal.snapshot();
        assertThat(s.ply()).isGreaterThan(2 * MatchJournal.KEPT_EVERY);

        // what the journal holds: a position every 16th move and after the last one, none in between
        for (MatchJournal.Entry e : s.entries()) {
            boolean kept = e.ply() % MatchJournal.KEPT_EVERY == 0 || e.ply() == s.ply();
            assertThat(e.holdsPosition()).as("ply %d holds its position", e.ply()).isEqualTo(kept);
        }
        // every position it gives back is the referee's own, read in order, backwards and at random
        List<Integer> plies = new ArrayList<>();
        for (int p = 0; p <= s.ply(); p++) {
            plies.add(p);
        }
        List<Integer> backwards = new ArrayList<>(plies);
        Collections.reverse(backwards);
        List<Integer> shuffled = new ArrayList<>(plies);
        Collections.shuffle(shuffled, new java.util.Random(7));
        for (List<Integer> order : List.of(plies, backwards, shuffled)) {
            for (int p : order) {
                GameState expected = p == 0 ? s.start() : followed.get(p - 1).after();
                assertThat(s.positionAt(p)).as("position after %d moves", p).isEqualTo(expected);
                assertThat(s.positionAt(p).boardText()).isEqualTo(expected.boardText());
            }
        }
        // the entries followers were given kept their positions: they are the referee's objects
        assertThat(followed).hasSize(s.ply());
        assertThat(followed).allMatch(MatchJournal.Entry::holdsPosition);
        assertThat(s.entries()).isEqualTo(followed);
        assertThat(s.state()).isSameAs(followed.get(s.ply() - 1).after());
    }

    @Test
    void plyAtTellsWhichPositionWasOnTheBoardAtAMoment() {
        Match match = match(new PlayerSeat("a", FirstLegalPlayer::new), new PlayerSeat("b", FirstLegalPlayer::new), 1);
        match.runHere();
        MatchJournal.Snapshot s = match.journal().snapshot();
        List<MatchJournal.Entry> entries = s.entries();
        assertThat(s.plyAt(entries.get(0).timeMicros() - 1)).isZero();
        for (MatchJournal.Entry e : entries) {
            assertThat(s.plyAt(e.timeMicros())).isGreaterThanOrEqualTo(e.ply());
        }
        assertThat(s.plyAt(Long.MAX_VALUE)).isEqualTo(entries.size());
    }

    @Test
    void aFollowerFromPlyNGetsEveryLaterMoveOnceInOrderThenTheEnd() throws Exception {
        // a person: the test answers each request itself, so moves come while followers join
        List<CompletableFuture<Move>> asked = Collections.synchronizedList(new ArrayList<>());
        AsyncPlayer person = request -> {
            CompletableFuture<Move> f = new CompletableFuture<>();
            asked.add(f);
            CompletableFuture.runAsync(() -> f.complete(request.state().legalMoves().get(0)));
            return f;
        };
        for (int round = 0; round < 50; round++) {
            Match match = match(new PlayerSeat("a", () -> person), new PlayerSeat("b", FirstLegalPlayer::new), 1);
            MatchJournal journal = match.journal();
            match.start();
            int from = round % 4;
            List<Integer> plies = Collections.synchronizedList(new ArrayList<>());
            CountDownLatch ended = new CountDownLatch(1);
            journal.follow(from, new MatchJournal.Follower() {
                @Override
                public void moved(MatchJournal.Entry entry) {
                    plies.add(entry.ply());
                }

                @Override
                public void ended(MatchOutcome outcome) {
                    ended.countDown();
                }
            });
            assertThat(ended.await(10, TimeUnit.SECONDS)).isTrue();
            int total = journal.ply();
            List<Integer> expected = new ArrayList<>();
            for (int p = from + 1; p <= total; p++) {
                expected.add(p);
            }
            assertThat(plies).as("round %d from ply %d", round, from).isEqualTo(expected);
        }
    }

    @Test
    void aNetworkMoveCarriesItsNetworkTimeAndNoThinkingTime() {
        AsyncPlayer remote = request -> CompletableFuture.supplyAsync(() -> request.state().legalMoves().get(0),
                CompletableFuture.delayedExecutor(5, TimeUnit.MILLISECONDS));
        Match match = match(new PlayerSeat("net", () -> remote), new PlayerSeat("b", FirstLegalPlayer::new), 1);
        match.runHere();
        for (MatchJournal.Entry e : match.journal().snapshot().entries()) {
            if (e.side() == Side.FIRST) {
                assertThat(e.times().thinkingNanos()).isEqualTo(-1);
                assertThat(e.times().networkNanos()).isBetween(TimeUnit.MILLISECONDS.toNanos(5), e.times().elapsedNanos());
            }
        }
    }

    @Test
    void aPersonsMoveAtThisBoardIsThinkingTimeNotNetworkTime() {
        PersonPlayer person = request -> CompletableFuture.supplyAsync(() -> request.state().legalMoves().get(0),
                CompletableFuture.delayedExecutor(5, TimeUnit.MILLISECONDS));
        Match match = match(new PlayerSeat("you", () -> person), new PlayerSeat("b", FirstLegalPlayer::new), 1);
        match.runHere();
        for (MatchJournal.Entry e : match.journal().snapshot().entries()) {
            if (e.side() == Side.FIRST) {
                assertThat(e.times().networkNanos()).isEqualTo(-1);
                assertThat(e.times().hostNanos()).isEqualTo(-1);
                assertThat(e.times().thinkingNanos()).isBetween(TimeUnit.MILLISECONDS.toNanos(5), e.times().elapsedNanos());
            }
        }
    }

    @Test
    void eachGameOfAMatchHasItsOwnJournalAndTheRefereeFindsTheLiveOne() throws Exception {
        CountDownLatch hold = new CountDownLatch(1);
        AsyncPlayer waiting = request -> CompletableFuture.supplyAsync(() -> {
            try {
                hold.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return request.state().legalMoves().get(0);
        });
        Match match = new Match(referee, game, GameOptions.DEFAULT, new PlayerSeat("w", () -> waiting),
                new PlayerSeat("f", FirstLegalPlayer::new),
                MatchSettings.defaults().withGames(2).withTimePerMove(Duration.ofSeconds(10)), bus);
        MatchJournal first = match.journal();
        match.start();
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (referee.journal(match.id()).isEmpty() && System.nanoTime() < until) {
            Thread.sleep(1);
        }
        assertThat(referee.journal(match.id())).containsSame(first);
        assertThat(referee.gamesInProgress()).isEqualTo(1);
        hold.countDown();
        match.results().get(10, TimeUnit.SECONDS);
        MatchJournal second = match.journal();
        assertThat(second).isNotSameAs(first);
        assertThat(second.gameNumber()).isEqualTo(2);
        assertThat(second.players()).containsExactly("f", "w");
        assertThat(first.isOver()).isTrue();
        assertThat(second.isOver()).isTrue();
        assertThat(referee.journal(match.id())).isEmpty();
        assertThat(referee.gamesInProgress()).isZero();
        assertThat(referee.gamesPlayed()).isEqualTo(2);
    }

    @Test
    void anAbortedGameIsInItsJournalAsAborted() throws Exception {
        Match match = match(new PlayerSeat("a", FirstLegalPlayer::new), new PlayerSeat("b", FirstLegalPlayer::new), 1);
        match.setMode(Match.Mode.STEP);
        match.start();
        match.step();
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (match.journal().ply() < 1 && System.nanoTime() < until) {
            Thread.sleep(1);
        }
        match.stop();
        match.results().get(5, TimeUnit.SECONDS);
        MatchJournal.Snapshot s = match.journal().snapshot();
        assertThat(s.ply()).isEqualTo(1);
        assertThat(s.outcome().ending()).isEqualTo(Ending.ABORTED);
    }

    @Test
    void aRecordOfAJournalReadsBackToTheSamePositions() {
        Match match = match(new PlayerSeat("alice", RandomPlayer::new), new PlayerSeat("bob", RandomPlayer::new), 1);
        match.runHere();
        GameRecord record = GameRecord.of(match.journal());
        String text = record.write();
        assertThat(text).startsWith("# boardlab game record\n").contains("game: tictactoe\n", "first: alice\n",
                "second: bob\n");
        GameRecord back = GameRecord.read(text);
        assertThat(back).isEqualTo(record);
        List<GameState> positions = back.positions(game);
        MatchJournal.Snapshot s = match.journal().snapshot();
        assertThat(positions).hasSize(s.ply() + 1);
        for (int i = 0; i <= s.ply(); i++) {
            assertThat(positions.get(i).boardText()).isEqualTo(s.positionAt(i).boardText());
        }
        assertThat(back.result()).isNotEmpty();
    }
}
