package org.boardlab.game.dots;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.boardlab.api.Move;
import org.boardlab.api.Side;

/** Properties over random boards and random move sequences. */
class DotsPropertiesTest {

    private final Dots game = new Dots();

    private DotsPosition randomPosition(int width, int height, int plies, long seed) {
        Random random = new Random(seed);
        DotsPosition s = game.newGame(width, height);
        for (int i = 0; i < plies && !s.isTerminal(); i++) {
            List<Move> moves = s.legalMoves();
            s = (DotsPosition) s.apply(moves.get(random.nextInt(moves.size())));
        }
        return s;
    }

    @Property(tries = 200)
    void everyPlacedDotStaysOnTheBoard(@ForAll @IntRange(min = 5, max = 30) int width,
            @ForAll @IntRange(min = 5, max = 30) int height, @ForAll @IntRange(min = 0, max = 900) int plies,
            @ForAll long seed) {
        DotsPosition s = randomPosition(width, height, plies, seed);
        assertThat(s.dots(Side.FIRST) + s.dots(Side.SECOND)).isEqualTo(s.ply());
        assertThat(s.dots(Side.FIRST)).isEqualTo((s.ply() + 1) / 2);
        assertThat(s.dots(Side.SECOND)).isEqualTo(s.ply() / 2);
        int free = 0;
        int dots = 0;
        for (int x = 0; x < width; x++) {
            for (int y = 0; y < height; y++) {
                Point p = new Point(x, y);
                free += s.isFree(p) ? 1 : 0;
                dots += s.dotAt(p).isPresent() ? 1 : 0;
            }
        }
        assertThat(dots).isEqualTo(s.ply());
        assertThat(free).isEqualTo(s.freePoints());
    }

    @Property(tries = 200)
    void scoreIsTheNumberOfCapturedEnemyDots(@ForAll @IntRange(min = 5, max = 30) int width,
            @ForAll @IntRange(min = 5, max = 30) int height, @ForAll @IntRange(min = 0, max = 900) int plies,
            @ForAll long seed) {
        DotsPosition s = randomPosition(width, height, plies, seed);
        for (Side side : Side.values()) {
            int captured = 0;
            for (int x = 0; x < width; x++) {
                for (int y = 0; y < height; y++) {
                    Point p = new Point(x, y);
                    if (s.capturedBy(p).equals(Optional.of(side))) {
                        captured++;
                        assertThat(s.dotAt(p)).contains(side.other());
                    }
                }
            }
            assertThat(s.score(side)).isEqualTo(captured);
            assertThat(s.zones().stream().filter(z -> z.owner() == side).mapToInt(Zone::captured).sum())
                    .isEqualTo(captured);
        }
        assertThat(s.details().get("scores"))
                .isEqualTo(java.util.Map.of("red", s.score(Side.FIRST), "blue", s.score(Side.SECOND)));
    }

    @Property(tries = 300)
    void notationRoundTrip(@ForAll @IntRange(min = 5, max = 64) int width,
            @ForAll @IntRange(min = 5, max = 64) int height, @ForAll @IntRange(min = 0, max = 63) int x,
            @ForAll @IntRange(min = 0, max = 63) int y) {
        DotsPosition s = game.newGame(width, height);
        Point p = new Point(x, y);
        assertThat(p.notation()).isEqualTo(x + "," + y);
        if (x < width && y < height) {
            assertThat(s.parseMove(p.notation())).isEqualTo(p);
            assertThat(s.whyIllegal(p)).isNull();
        } else {
            assertThat(s.whyIllegal(p)).startsWith("point " + p + " is off the " + width + "x" + height + " board");
        }
    }

    @Property(tries = 100)
    void rulesHoldInRandomPositions(@ForAll @IntRange(min = 5, max = 20) int width,
            @ForAll @IntRange(min = 5, max = 20) int height, @ForAll @IntRange(min = 0, max = 400) int plies,
            @ForAll long seed) {
        Reference.check(randomPosition(width, height, plies, seed));
    }
}
