package org.boardlab.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.boardlab.ai.basic.RandomPlayer;
import org.boardlab.api.GameOptions;
import org.boardlab.api.event.BoardlabEvent;
import org.boardlab.api.event.MatchEvent;
import org.boardlab.api.event.MatchOutcome.Ending;
import org.boardlab.game.tictactoe.TicTacToe;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class MatchTest {

    private final TicTacToe game = new TicTacToe();
    private final Referee referee = new Referee();
    private final EventBus bus = new EventBus();
    private final LinkedBlockingQueue<BoardlabEvent> events = new LinkedBlockingQueue<>();

    MatchTest() {
        bus.subscribe(events::add);
    }

    @AfterEach
    void close() {
        referee.close();
    }

    private Match match(int games) {
        return new Match(referee, game, GameOptions.DEFAULT, new PlayerSeat("alice", RandomPlayer::new),
                new PlayerSeat("bob", RandomPlayer::new), MatchSettings.defaults().withGames(games), bus);
    }

    private MatchEvent.Moved nextMove(long timeoutMillis) throws InterruptedException {
        long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        while (true) {
            long left = until - System.nanoTime();
            BoardlabEvent e = events.poll(Math.max(0, left), TimeUnit.NANOSECONDS);
            if (e == null) {
                return null;
            }
            if (e instanceof MatchEvent.Moved m) {
                return m;
            }
        }
    }

    @Test
    void playsAllGamesAndSwapsSides() {
        List<GameResult> results = match(10).runHere();
        assertThat(results).hasSize(10);
        assertThat(results.get(0).first()).isEqualTo("alice");
        assertThat(results.get(1).first()).isEqualTo("bob");
        assertThat(results).allMatch(r -> r.outcome().ending() == Ending.NORMAL);
    }

    @Test
    void stepModePlaysOneMovePerStep() throws Exception {
        Match match = match(1);
        match.setMode(Match.Mode.STEP);
        match.start();
        assertThat(nextMove(300)).as("no move before a step").isNull();
        match.step();
        assertThat(nextMove(2_000).ply()).isEqualTo(1);
        assertThat(nextMove(300)).isNull();
        match.step();
        match.step();
        assertThat(nextMove(2_000).ply()).isEqualTo(2);
        assertThat(nextMove(2_000).ply()).isEqualTo(3);
        match.setMode(Match.Mode.CONTINUOUS);
        assertThat(match.results().get(5, TimeUnit.SECONDS)).hasSize(1);
    }

    @Test
    void pauseHoldsTheMatchAndResumeLetsItGoOn() throws Exception {
        Match match = new Match(referee, game, GameOptions.DEFAULT, new PlayerSeat("a", RandomPlayer::new),
                new PlayerSeat("b", RandomPlayer::new), MatchSettings.defaults().withMoveDelay(Duration.ofMillis(50)), bus);
        match.start();
        assertThat(nextMove(2_000)).isNotNull();
        match.pause();
        events.clear();
        assertThat(nextMove(400)).as("at most the move in progress").satisfiesAnyOf(m -> assertThat(m).isNull(),
                m -> assertThat(nextMove(400)).isNull());
        match.resume();
        assertThat(match.results().get(5, TimeUnit.SECONDS).get(0).outcome().ending()).isEqualTo(Ending.NORMAL);
    }

    @Test
    void restartAbandonsTheGameAndStartsAgain() throws Exception {
        Match match = match(1);
        match.setMode(Match.Mode.STEP);
        match.start();
        match.step();
        assertThat(nextMove(2_000).ply()).isEqualTo(1);
        match.restart();
        // the abandoned game ends as aborted, a new one starts
        BoardlabEvent e;
        boolean aborted = false;
        boolean restarted = false;
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(3);
        while ((!aborted || !restarted) && (e = events.poll(until - System.nanoTime(), TimeUnit.NANOSECONDS)) != null) {
            if (e instanceof MatchEvent.Ended end) {
                aborted = end.outcome().ending() == Ending.ABORTED;
            }
            if (e instanceof MatchEvent.Started && aborted) {
                restarted = true;
            }
        }
        assertThat(aborted).isTrue();
        assertThat(restarted).isTrue();
        match.setMode(Match.Mode.CONTINUOUS);
        List<GameResult> results = match.results().get(5, TimeUnit.SECONDS);
        assertThat(results).hasSize(1);
        assertThat(results.get(0).outcome().ending()).isEqualTo(Ending.NORMAL);
    }

    @Test
    void restartWithOptionsTheGameRefusesFailsAtOnce() {
        Match match = match(1);
        assertThatThrownBy(() -> match.restart(GameOptions.DEFAULT.with("size", "9")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no option 'size'");
    }

    @Test
    void stopEndsTheMatch() throws Exception {
        Match match = match(100);
        match.setMode(Match.Mode.STEP);
        match.start();
        BoardlabEvent first = events.poll(2, TimeUnit.SECONDS);
        assertThat(first).isInstanceOf(MatchEvent.ModeChanged.class);
        assertThat(events.poll(2, TimeUnit.SECONDS)).isInstanceOf(MatchEvent.Started.class);
        match.stop();
        List<GameResult> results = match.results().get(5, TimeUnit.SECONDS);
        assertThat(results).hasSize(1);
        assertThat(results.get(0).outcome().ending()).isEqualTo(Ending.ABORTED);
    }

    @Test
    void aPlayerThatIsGoneForfeitsItsGames() {
        Match match = new Match(referee, game, GameOptions.DEFAULT, new PlayerSeat("gone", () -> {
            throw new IllegalArgumentException("no player 'gone' is loaded");
        }), new PlayerSeat("b", RandomPlayer::new), MatchSettings.defaults(), bus);
        GameResult result = match.runHere().get(0);
        assertThat(result.outcome().ending()).isEqualTo(Ending.ERROR);
        assertThat(result.winnerName()).isEqualTo("b");
        assertThat(result.outcome().detail()).contains("no player 'gone' is loaded");
    }

    @Test
    void theNextGameWaitsForAPlayerBeingReplacedAndPlaysItsNewVersion() throws Exception {
        java.util.concurrent.atomic.AtomicInteger calls = new java.util.concurrent.atomic.AtomicInteger();
        long back = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(300);
        PlayerSeat swapping = new PlayerSeat("swapping", () -> {
            calls.incrementAndGet();
            if (System.nanoTime() < back) {
                throw new PlayerSeat.Unavailable("no player 'swapping' is loaded");
            }
            return new RandomPlayer();
        });
        Match match = new Match(referee, game, GameOptions.DEFAULT, swapping, new PlayerSeat("b", RandomPlayer::new),
                MatchSettings.defaults().withSwapGrace(Duration.ofSeconds(5)), bus);
        GameResult result = match.runHere().get(0);
        assertThat(result.outcome().ending()).as(result.outcome().detail()).isEqualTo(Ending.NORMAL);
        assertThat(calls.get()).isGreaterThan(1);
        assertThat(events).filteredOn(e -> e instanceof MatchEvent.Waiting).singleElement()
                .extracting(e -> ((MatchEvent.Waiting) e).detail()).asString()
                .startsWith("waiting up to ").contains(" s for player swapping: no player 'swapping' is loaded");
    }

    @Test
    void aPlayerStillMissingAfterTheGraceForfeitsAndTheMatchGoesOn() {
        Match match = new Match(referee, game, GameOptions.DEFAULT, new PlayerSeat("gone", () -> {
            throw new PlayerSeat.Unavailable("no player 'gone' is loaded");
        }), new PlayerSeat("b", RandomPlayer::new), MatchSettings.defaults().withGames(2).withSwapGrace(Duration.ofMillis(100)), bus);
        List<GameResult> results = match.runHere();
        assertThat(results).hasSize(2).allSatisfy(r -> {
            assertThat(r.outcome().ending()).isEqualTo(Ending.ERROR);
            assertThat(r.winnerName()).isEqualTo("b");
            assertThat(r.outcome().detail()).as("the reason alone, no exception class")
                    .endsWith("failed: player gone is not available: no player 'gone' is loaded");
        });
    }

    @Test
    void aConstructorThatThrowsForfeitsAtOnceWithItsMessage() {
        Match match = new Match(referee, game, GameOptions.DEFAULT, new PlayerSeat("broken", () -> {
            throw new RuntimeException("wrapped", new IllegalStateException("the opening book is missing"));
        }), new PlayerSeat("b", RandomPlayer::new), MatchSettings.defaults().withGames(3), bus);
        List<GameResult> results = match.runHere();
        assertThat(results).hasSize(3).allSatisfy(r -> {
            assertThat(r.outcome().ending()).isEqualTo(Ending.ERROR);
            assertThat(r.outcome().detail())
                    .endsWith("failed: player broken could not be created: IllegalStateException: the opening book is missing");
        });
        assertThat(events).noneMatch(e -> e instanceof MatchEvent.Waiting);
    }
}
