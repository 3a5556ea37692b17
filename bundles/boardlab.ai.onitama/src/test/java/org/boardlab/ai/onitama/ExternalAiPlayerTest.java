package org.boardlab.ai.onitama;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.boardlab.ai.basic.RandomPlayer;
import org.boardlab.api.AsyncPlayer;
import org.boardlab.api.GameOptions;
import org.boardlab.api.IllegalMoveException;
import org.boardlab.api.Move;
import org.boardlab.api.Player;
import org.boardlab.api.Side;
import org.boardlab.api.event.MatchOutcome;
import org.boardlab.core.EventBus;
import org.boardlab.core.Match;
import org.boardlab.core.MatchSettings;
import org.boardlab.core.PlayerSeat;
import org.boardlab.core.Referee;
import org.boardlab.game.onitama.Onitama;
import org.boardlab.game.onitama.OnitamaPosition;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code onitama-external} with a small Python AI that speaks seed 001's interface ({@code seed_ai.py}). */
class ExternalAiPlayerTest {

    private static final long WAIT_SECONDS = 20;

    private Path script;
    private Path dir;

    @BeforeEach
    void copyScript(@TempDir Path dir) throws IOException {
        this.dir = dir;
        script = dir.resolve("seed_ai.py");
        try (InputStream in = ExternalAiPlayerTest.class.getResourceAsStream("/seed_ai.py")) {
            Files.copy(in, script, StandardCopyOption.REPLACE_EXISTING);
        }
        Assumptions.assumeTrue(python(), "python3 is not on the PATH");
    }

    private static boolean python() {
        try {
            return new ProcessBuilder("python3", "--version").start().waitFor() == 0;
        } catch (IOException | InterruptedException e) {
            return false;
        }
    }

    @Test
    void thePythonAiPlaysWholeGamesOfLegalMovesAgainstRandom() throws Exception {
        Player ai = new ExternalAiPlayer(List.of("python3", script.toString()), 2);
        Player random = new RandomPlayer();
        for (int game = 0; game < 2; game++) {
            OnitamaPosition state = new Onitama().newGame(org.boardlab.api.GameOptions.of(java.util.Map.of("seed",
                    Integer.toString(game))));
            Side aiSide = game % 2 == 0 ? Side.FIRST : Side.SECOND;
            while (!state.isTerminal()) {
                Player p = state.sideToMove() == aiSide ? ai : random;
                Move move = p.chooseMove(Requests.of(state, 10_000, game));
                assertThat(state.whyIllegal(move)).as(state.sideToMove() + " plays " + move + " in\n" + state.boardText()).isNull();
                state = state.apply(move);
            }
            assertThat(state.isTerminal()).isTrue();
        }
    }

    @Test
    void theProgramReadsThePositionItIsGivenAndTakesTheMaster() throws Exception {
        // red's master stands on c2, right before blue's master on c1; blue holds boar (one step forward)
        OnitamaPosition position = org.boardlab.game.onitama.OnitamaEncoding.parse(new Onitama(),
                "44044" + "00000" + "00000" + "00300" + "22122" + ";BOAR EEL;MANTIS CRANE;MONKEY 0");
        Move move = new ExternalAiPlayer(List.of("python3", script.toString()), 2).chooseMove(Requests.of(position, 10_000, 1));
        assertThat(move.notation()).isEqualTo("boar:c1-c2");
        assertThat(position.apply(move).outcome().winner()).isEqualTo(Side.FIRST);
    }

    @Test
    void aFirstMoveIsTheSeedsAnswerFormatReadBack() throws Exception {
        OnitamaPosition start = new Onitama().newGame();
        Move move = new ExternalAiPlayer(List.of("python3", script.toString()), 2).chooseMove(Requests.of(start, 10_000, 1));
        // the first legal move in hand order: eel, blue's student a1 (digit 20: row 4 col 0) up-left is off, down-left off,
        // right onto b1 (own): none; b1 (row 4 col 1): up-left to a2 -> "4 1 3 0 EEL" = eel:b1-a2
        assertThat(move.notation()).isEqualTo("eel:b1-a2");
    }

    @Test
    void noProgramOrAProgramThatAnswersNonsenseFailsTheMoveWithAReason() {
        OnitamaPosition start = new Onitama().newGame();
        assertThatThrownBy(() -> new ExternalAiPlayer(List.of(), 2).chooseMove(Requests.of(start, 1_000, 1)))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("-Dboardlab.onitama.external=");
        assertThatThrownBy(() -> new ExternalAiPlayer(List.of("python3", "-c", "print('hello')"), 2)
                .chooseMove(Requests.of(start, 10_000, 1))).isInstanceOf(IllegalMoveException.class);
        assertThatThrownBy(() -> new ExternalAiPlayer(List.of("python3", "-c", "pass"), 2)
                .chooseMove(Requests.of(start, 10_000, 1))).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("printed no move");
        assertThatThrownBy(() -> new ExternalAiPlayer(List.of("no-such-program-xyz"), 2)
                .chooseMove(Requests.of(start, 1_000, 1))).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("cannot start");
    }

    /**
     * A program (a shell script) that writes its process id to {@code name.pid}, waits until the
     * file {@code name.go} exists, then prints eel:b1-a2, the first legal move of the start position
     * in the seed's answer format.
     */
    private ExternalAiPlayer gated(String name) {
        Path pid = dir.resolve(name + ".pid");
        Path go = dir.resolve(name + ".go");
        return new ExternalAiPlayer(List.of("sh", "-c", "echo $$ > '" + pid + "'; while [ ! -e '" + go + "' ]; do sleep 0.02; done;"
                + " echo '4 1 3 0 EEL'"), 2);
    }

    /** The process id the program {@code name} wrote, once it has written it. */
    private long pid(String name) throws Exception {
        Path file = dir.resolve(name + ".pid");
        eventually(() -> {
            try {
                return Files.exists(file) && Files.readString(file).trim().matches("[0-9]+");
            } catch (IOException e) {
                return false;
            }
        }, name + " has started");
        return Long.parseLong(Files.readString(file).trim());
    }

    private static boolean running(long pid) {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    private static void eventually(BooleanSupplier condition, String what) throws InterruptedException {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > until) {
                throw new AssertionError("not within " + WAIT_SECONDS + " s: " + what);
            }
            Thread.sleep(10);
        }
    }

    @Test
    void askingReturnsAtOnceAndEachMoveComesWhenItsProgramExitsWithTheTimeItRan() throws Exception {
        OnitamaPosition start = new Onitama().newGame();
        List<CompletableFuture<AsyncPlayer.Timed>> answers = new ArrayList<>();
        long asked = System.nanoTime();
        for (int i = 0; i < 4; i++) {
            answers.add(gated("p" + i).requestTimedMove(Requests.of(start, 30_000, 1))); // one thread asks all four
        }
        for (int i = 0; i < 4; i++) {
            assertThat(running(pid("p" + i))).isTrue();
        }
        assertThat(answers).noneMatch(CompletableFuture::isDone); // each program waits for its go
        for (int i = 0; i < 4; i++) {
            Files.createFile(dir.resolve("p" + i + ".go"));
        }
        for (CompletableFuture<AsyncPlayer.Timed> answer : answers) {
            AsyncPlayer.Timed timed = answer.get(WAIT_SECONDS, TimeUnit.SECONDS);
            assertThat(timed.move().notation()).isEqualTo("eel:b1-a2");
            assertThat(timed.thinkingNanos()).isPositive().isLessThanOrEqualTo(System.nanoTime() - asked);
        }
    }

    @Test
    void cancellingTheRequestKillsTheProgram() throws Exception {
        CompletableFuture<Move> answer = gated("c").requestMove(Requests.of(new Onitama().newGame(), 30_000, 1));
        long pid = pid("c");
        assertThat(running(pid)).isTrue();
        answer.cancel(true); // what the referee does at the deadline
        eventually(() -> !running(pid), "the program is killed");
        assertThat(answer).isCancelled();
    }

    @Test
    void aProgramStillRunningAtTheRequestsDeadlineFailsTheMoveAndIsKilledAtOnceWhenBlockingOrALittleLater() throws Exception {
        CompletableFuture<AsyncPlayer.Timed> answer = gated("d").requestTimedMove(Requests.of(new Onitama().newGame(), 3_000, 1));
        long pid = pid("d");
        assertThatThrownBy(() -> answer.get(WAIT_SECONDS, TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class)
                .hasRootCauseInstanceOf(IllegalStateException.class).hasRootCauseMessage("the AI program did not answer in time");
        eventually(() -> !running(pid), "the program is killed");
        assertThatThrownBy(() -> gated("e").chooseMove(Requests.of(new Onitama().newGame(), 3_000, 1)))
                .isInstanceOf(IllegalStateException.class).hasMessage("the AI program did not answer in time");
        long blocking = pid("e");
        eventually(() -> !running(blocking), "the blocking form's program is killed");
    }

    @Test
    void inAMatchNoRefereeThreadWaitsForTheProgramAndOneThatRunsOutOfTimeIsKilled() throws Exception {
        Referee referee = new Referee();
        try {
            ExternalAiPlayer ai = gated("m"); // never told to go
            Match match = new Match(referee, new Onitama(), GameOptions.DEFAULT, new PlayerSeat("ai", () -> ai),
                    new PlayerSeat("random", RandomPlayer::new),
                    MatchSettings.defaults().withGames(1).withTimePerMove(Duration.ofSeconds(5)), new EventBus());
            match.start();
            long pid = pid("m");
            eventually(() -> referee.busyPlayerThreads() == 0, "no referee thread thinks");
            assertThat(running(pid)).as("the program still thinks").isTrue();
            MatchOutcome outcome = match.results().get(WAIT_SECONDS, TimeUnit.SECONDS).get(0).outcome();
            assertThat(outcome.ending()).isEqualTo(MatchOutcome.Ending.TIMEOUT);
            assertThat(outcome.detail()).contains("did not move within 5000 ms; the AI program was killed");
            eventually(() -> !running(pid), "the program is killed");
        } finally {
            referee.close();
        }
    }
}
