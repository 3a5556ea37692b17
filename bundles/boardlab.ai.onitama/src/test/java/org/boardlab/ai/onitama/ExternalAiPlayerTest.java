package org.boardlab.ai.onitama;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import org.boardlab.ai.basic.RandomPlayer;
import org.boardlab.api.IllegalMoveException;
import org.boardlab.api.Move;
import org.boardlab.api.Player;
import org.boardlab.api.Side;
import org.boardlab.game.onitama.Onitama;
import org.boardlab.game.onitama.OnitamaPosition;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code onitama-external} with a small Python AI that speaks seed 001's interface ({@code seed_ai.py}). */
class ExternalAiPlayerTest {

    private Path script;

    @BeforeEach
    void copyScript(@TempDir Path dir) throws IOException {
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
}
