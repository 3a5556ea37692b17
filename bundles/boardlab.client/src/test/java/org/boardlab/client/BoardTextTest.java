package org.boardlab.client;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** {@link BoardText}: the boards the terminal clients print. */
class BoardTextTest {

    @Test
    void othellosStartBoardHasNoGapAndNothingMarked() {
        String cells = "........" + "........" + "........" + "...WB..." + "...BW..." + "........" + "........" + "........";
        assertThat(BoardText.of(8, 8, (r, c) -> cells.charAt(r * 8 + c), 0, -1, -1)).isEqualTo("""
                  a b c d e f g h
                1 . . . . . . . .
                2 . . . . . . . .
                3 . . . . . . . .
                4 . . . W B . . .
                5 . . . B W . . .
                6 . . . . . . . .
                7 . . . . . . . .
                8 . . . . . . . .""");
    }

    @Test
    void theLastMoveIsInBracketsAtTheEdgesTooAndTheRowNumbersLineUp() {
        assertThat(BoardText.of(2, 3, (r, c) -> '.', 1, 1, 2)).isEqualTo("""
                   a b c
                1  . . .
                2  . .[.]""");
        assertThat(BoardText.of(10, 2, (r, c) -> r == 9 && c == 0 ? 'B' : '.', 0, 9, 0)).isEqualTo("""
                   a b
                 1 . .
                 2 . .
                 3 . .
                 4 . .
                 5 . .
                 6 . .
                 7 . .
                 8 . .
                 9 . .
                10[B].""");
    }

    @Test
    void columnsPastZAreQuestionMarks() {
        String header = BoardText.of(1, 27, (r, c) -> '.', 0, -1, -1).lines().findFirst().orElseThrow();
        assertThat(header).endsWith("x y z ?");
    }
}
