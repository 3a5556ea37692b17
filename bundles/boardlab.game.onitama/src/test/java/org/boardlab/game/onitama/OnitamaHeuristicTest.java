package org.boardlab.game.onitama;

import static org.assertj.core.api.Assertions.assertThat;

import org.boardlab.api.Side;
import org.junit.jupiter.api.Test;

class OnitamaHeuristicTest {

    private final Onitama game = new Onitama();

    @Test
    void theStartIsEven() {
        assertThat(game.evaluation()).containsSame(OnitamaHeuristic.INSTANCE);
        assertThat(OnitamaHeuristic.INSTANCE.evaluate(game.newGame(), Side.FIRST)).isZero();
    }

    @Test
    void piecesCountAHundredAndMasterStepsTen() {
        // blue: master c2 (3 steps from c5), one student; red: master c5 (1 step... from c1: 4 steps), two students
        OnitamaPosition position = Positions.position("B:c2 b:a1 R:c5 r:a5 r:e5", "ox tiger frog horse crab", Side.FIRST);
        // pieces 2 - 3 = -1; red master's distance to c1 is 4, blue master's distance to c5 is 3: 4 - 3 = 1
        assertThat(OnitamaHeuristic.INSTANCE.evaluate(position, Side.FIRST)).isEqualTo(-100 + 10);
        assertThat(OnitamaHeuristic.INSTANCE.evaluate(position, Side.SECOND)).isEqualTo(100 - 10);
    }

    @Test
    void aFinishedGameIsWorthAThousand() {
        OnitamaPosition state = Positions.position("B:c4 R:a5", "ox tiger frog horse crab", Side.FIRST);
        OnitamaPosition won = state.apply(state.parseMove("ox:c4-c5"));
        assertThat(OnitamaHeuristic.INSTANCE.evaluate(won, Side.FIRST)).isEqualTo(1000);
        assertThat(OnitamaHeuristic.INSTANCE.evaluate(won, Side.SECOND)).isEqualTo(-1000);
    }
}
