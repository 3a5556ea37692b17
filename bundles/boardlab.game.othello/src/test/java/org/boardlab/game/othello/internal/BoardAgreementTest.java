package org.boardlab.game.othello.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * The bitboards (sizes 4, 6, 8) against the plain byte board on the same positions: same moves,
 * same boards after every move, same perft.
 */
class BoardAgreementTest {

    @Property(tries = 300)
    void bitBoardsAndByteBoardsAgree(@ForAll @IntRange(min = 2, max = 4) int half,
            @ForAll @IntRange(min = 0, max = 64) int plies, @ForAll long seed) {
        int size = half * 2;
        Random random = new Random(seed);
        Board bits = BitBoard.start(size);
        Board bytes = ArrayBoard.start(size);
        int colour = 0;
        for (int ply = 0; ply <= plies; ply++) {
            assertThat(bits.cells()).isEqualTo(bytes.cells());
            for (int c = 0; c < 2; c++) {
                assertThat(bits.moves(c)).isEqualTo(bytes.moves(c));
                assertThat(bits.mobility(c)).isEqualTo(bytes.mobility(c));
                assertThat(bits.count(c)).isEqualTo(bytes.count(c));
                for (int row = 0; row < size; row++) {
                    for (int col = 0; col < size; col++) {
                        Board a = bits.play(c, col, row);
                        Board b = bytes.play(c, col, row);
                        assertThat(a == null).isEqualTo(b == null);
                        if (a != null) {
                            assertThat(a.cells()).isEqualTo(b.cells());
                        }
                    }
                }
            }
            assertThat(bits.perft(colour, 3)).isEqualTo(bytes.perft(colour, 3));
            int[] moves = bits.moves(colour);
            if (moves.length == 0) {
                if (bits.mobility(1 - colour) == 0) {
                    break;
                }
                colour = 1 - colour;
                continue;
            }
            int sq = moves[random.nextInt(moves.length)];
            bits = bits.play(colour, sq % size, sq / size);
            bytes = bytes.play(colour, sq % size, sq / size);
            colour = 1 - colour;
        }
    }

    @Test
    void perftOfTheStartAgreesOnEverySmallSize() {
        for (int size = 4; size <= 8; size += 2) {
            for (int depth = 1; depth <= 6; depth++) {
                assertThat(BitBoard.start(size).perft(0, depth)).as("size %d depth %d", size, depth)
                        .isEqualTo(ArrayBoard.start(size).perft(0, depth));
            }
        }
    }

    @Test
    void boardsFromDiagramsUseTheBitBoardUpTo8() {
        assertThat(Board.parse("....\n.WB.\n.BW.\n....")).isInstanceOf(BitBoard.class).isEqualTo(BitBoard.start(4));
        assertThat(Board.start(10)).isInstanceOf(ArrayBoard.class);
        assertThat(Board.start(8)).isInstanceOf(BitBoard.class);
    }
}
