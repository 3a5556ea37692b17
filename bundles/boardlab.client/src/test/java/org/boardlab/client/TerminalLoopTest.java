package org.boardlab.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.PipedReader;
import java.io.PipedWriter;
import java.io.StringReader;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.boardlab.game.tictactoe.TicTacToe;
import org.junit.jupiter.api.Test;

/** {@link TerminalLoop}: what ends a terminal client's run, and with which exit code. */
class TerminalLoopTest {

    private static final long WAIT_SECONDS = 20;

    private final List<String> typed = new CopyOnWriteArrayList<>();
    private final List<String> said = new CopyOnWriteArrayList<>();

    private boolean type(String command) {
        typed.add(command);
        return command.equals("quit");
    }

    @Test
    void typedLinesReachTheCommandsTrimmedUntilTheUserQuits() throws Exception {
        TerminalLoop loop = new TerminalLoop("test-keyboard");
        BufferedReader in = new BufferedReader(new StringReader("  who \n\ninvite bob\nquit\nnever read\n"));
        int code = loop.run(in, this::type, () -> said.add("played"), () -> 7);
        assertThat(code).isEqualTo(7);
        assertThat(typed).containsExactly("who", "", "invite bob", "quit");
        assertThat(said).isEmpty();
    }

    @Test
    void theEndOfTheTypedInputLeavesLikeQuitting() throws Exception {
        TerminalLoop loop = new TerminalLoop("test-keyboard");
        int code = loop.run(new BufferedReader(new StringReader("who\n")), this::type, () -> said.add("played"), () -> {
            said.add("bye");
            return 0;
        });
        assertThat(code).isZero();
        assertThat(typed).containsExactly("who");
        assertThat(said).containsExactly("bye");
    }

    @Test
    void aLoadedPlayerPlaysOnWhenTheTypedInputIsEmptyAndLeavesWhenItsGamesArePlayed() throws Exception {
        TerminalLoop loop = new TerminalLoop("test-keyboard").playOnWhenTypingEnds();
        CompletableFuture<Integer> exit = CompletableFuture.supplyAsync(() -> {
            try {
                return loop.run(new BufferedReader(new StringReader("")), this::type, () -> said.add("played"), () -> {
                    said.add("bye");
                    return 0;
                });
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        Thread.sleep(200); // the empty input has ended by now; a script's bot must not stop there
        assertThat(exit).isNotDone();
        loop.gamesPlayed();
        assertThat(exit.get(5, java.util.concurrent.TimeUnit.SECONDS)).isZero();
        assertThat(said).containsExactly("played", "bye");
    }

    @Test
    void theEndOfTheConnectionReturnsOneAtOnceWhileTheUserTypesNothing() throws Exception {
        TerminalLoop loop = new TerminalLoop("test-keyboard");
        try (PipedWriter keyboard = new PipedWriter()) {
            BufferedReader in = new BufferedReader(new PipedReader(keyboard));
            CompletableFuture<Integer> exit = CompletableFuture.supplyAsync(() -> {
                try {
                    return loop.run(in, this::type, () -> said.add("played"), () -> {
                        said.add("left");
                        return 0;
                    });
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            });
            keyboard.write("who\n");
            keyboard.flush();
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
            while (typed.isEmpty() && System.nanoTime() < until) {
                Thread.sleep(5);
            }
            loop.connectionEnded();
            assertThat(exit.get(WAIT_SECONDS, TimeUnit.SECONDS)).isEqualTo(1);
            assertThat(typed).containsExactly("who");
            assertThat(said).isEmpty(); // the connection is gone: nothing to leave
        }
    }

    @Test
    void theGamesPlayedRunsPlayedThenLeavesEvenWhenItCameBeforeTheRun() throws Exception {
        TerminalLoop loop = new TerminalLoop("test-keyboard");
        loop.gamesPlayed();
        try (PipedWriter keyboard = new PipedWriter()) {
            int code = loop.run(new BufferedReader(new PipedReader(keyboard)), this::type, () -> said.add("played 3 games"), () -> {
                said.add("bye");
                return 0;
            });
            assertThat(code).isZero();
            assertThat(said).containsExactly("played 3 games", "bye");
        }
    }

    @Test
    void theSeatReportSaysWhatThePlayerPlaysAndItsProblemsInWords() {
        SeatListener report = TerminalLoop.seatReport("alphabeta", said::add);
        report.played(new TicTacToe().newGame().parseMove("b2"), Duration.ofMillis(420));
        report.problem("the player returned no move; no move sent");
        report.thinking(new TicTacToe().newGame());
        assertThat(said).containsExactly("alphabeta plays b2 (0.42 s)", "alphabeta: the player returned no move; no move sent");
    }
}
