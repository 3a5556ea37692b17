package org.boardlab.game.dots;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.boardlab.game.dots.Positions.p;
import static org.boardlab.game.dots.Positions.play;

import java.util.List;
import java.util.Map;
import org.boardlab.api.GameOptions;
import org.boardlab.api.GameState;
import org.boardlab.api.IllegalMoveException;
import org.boardlab.api.Side;
import org.boardlab.testkit.GoldenFile;
import org.boardlab.testkit.Playthrough;
import org.junit.jupiter.api.Test;

/** Hand-made positions, each checked by hand and then by {@link Reference#check}. */
class DotsRulesTest {

    private final Dots game = new Dots();

    /**
     * A whole game of random legal moves (an 8x6 board, to keep the file short) is the golden playthrough in
     * {@code src/test/resources/playthroughs/dots.txt}: a change to the rules, the notation or the
     * board text shows there as a diff (regenerate with {@code scripts/update-golden-files.sh}).
     */
    @Test
    void aRecordedPlaythroughIsTheGoldenOne() {
        GoldenFile.assertMatches("playthroughs/dots.txt", Playthrough.of(game).options(GameOptions.DEFAULT.with("size", "8x6")).seed(1).text());
    }

    @Test
    void diamondOfFourCapturesOneDot() {
        DotsPosition before = play("2,1 2,2 1,2 _ 3,2 _");
        assertThat(before.score(Side.FIRST)).isZero();
        DotsPosition s = play(before, "2,3");
        assertThat(s.score(Side.FIRST)).isEqualTo(1);
        assertThat(s.score(Side.SECOND)).isZero();
        assertThat(s.capturedBy(p(2, 2))).contains(Side.FIRST);
        assertThat(s.dotAt(p(2, 2))).contains(Side.SECOND);
        assertThat(s.zones()).containsExactly(
                new Zone(Side.FIRST, List.of(p(2, 1), p(3, 2), p(2, 3), p(1, 2)), 1));
        assertThat(s.lost(Side.SECOND)).isEqualTo(1);
        Reference.check(s);
    }

    @Test
    void diagonalLinksCloseALine() {
        // red: 3,2 4,2 then diagonals round the two blue dots 3,3 and 4,3
        DotsPosition s = play("3,2 3,3 4,2 4,3 5,3 _ 4,4 _ 3,4 _ 2,3");
        assertThat(s.score(Side.FIRST)).isEqualTo(2);
        assertThat(s.zones()).singleElement().satisfies(z -> {
            assertThat(z.border()).containsExactly(p(3, 2), p(4, 2), p(5, 3), p(4, 4), p(3, 4), p(2, 3));
            assertThat(z.captured()).isEqualTo(2);
        });
        Reference.check(s);
    }

    @Test
    void largeZoneCapturesEveryDotInside() {
        String[] ring = {"3,2", "4,2", "5,2", "6,3", "6,4", "6,5", "5,6", "4,6", "3,6", "2,5", "2,4", "2,3"};
        StringBuilder moves = new StringBuilder();
        int blue = 0;
        for (int i = 0; i < ring.length; i++) {
            moves.append(ring[i]).append(' ');
            if (i < ring.length - 1) {
                moves.append(blue < 9 ? (3 + blue % 3) + "," + (3 + blue / 3) : "_").append(' ');
                blue++;
            }
        }
        String all = moves.toString().trim();
        DotsPosition almost = play(all.substring(0, all.lastIndexOf(' ')));
        assertThat(almost.score(Side.FIRST)).isZero();
        assertThat(almost.zones()).isEmpty();
        DotsPosition s = play(all);
        assertThat(s.score(Side.FIRST)).isEqualTo(9);
        assertThat(s.zones()).singleElement().satisfies(z -> {
            assertThat(z.border()).hasSize(12);
            assertThat(z.captured()).isEqualTo(9);
        });
        assertThat(s.isFree(p(4, 4))).isFalse();
        Reference.check(s);
    }

    @Test
    void zoneAroundAZoneCountsEachDotOnce() {
        // red's diamond takes 5,5; blue adds 5,3 and 7,5 outside it
        DotsPosition inner = play(game.newGame(16, 16), "5,4 5,5 4,5 5,3 6,5 7,5 5,6");
        assertThat(inner.score(Side.FIRST)).isEqualTo(1);
        assertThat(inner.zones()).hasSize(1);
        // then red closes a diamond ring of radius 4 round everything
        DotsPosition s = play(inner, "_ 5,1 _ 6,2 _ 7,3 _ 8,4 _ 9,5 _ 8,6 _ 7,7 _ 6,8 _ 5,9 _ 4,8 _ 3,7 _ 2,6 _ 1,5 _ 2,4 _ 3,3");
        assertThat(s.score(Side.FIRST)).isEqualTo(1);
        s = play(s, "_ 4,2");
        assertThat(s.score(Side.FIRST)).isEqualTo(3);
        assertThat(s.zones()).singleElement().satisfies(z -> {
            assertThat(z.owner()).isEqualTo(Side.FIRST);
            assertThat(z.border()).hasSize(16).startsWith(p(5, 1), p(6, 2), p(7, 3));
            assertThat(z.captured()).isEqualTo(3);
        });
        assertThat(s.details().get("scores")).isEqualTo(Map.of("red", 3, "blue", 0));
        Reference.check(s);
    }

    @Test
    void smallPocketsCloseOneByOne() {
        // red dots next to red's diamond make one-point pockets: each closes on its own, using the
        // diamond's dot 6,5 as part of its line
        DotsPosition inner = play("5,4 5,5 4,5 5,3 6,5 7,5 5,6");
        DotsPosition s = play(inner, "_ 7,4 _ 8,5");
        assertThat(s.zones()).hasSize(1);
        s = play(s, "_ 7,6");
        assertThat(s.zones()).hasSize(2);
        assertThat(s.zones().get(1).border()).containsExactly(p(7, 4), p(8, 5), p(7, 6), p(6, 5));
        assertThat(s.score(Side.FIRST)).isEqualTo(2);
        Reference.check(s);
    }

    @Test
    void noMoveIntoAZone() {
        // red closes round blue 2,2 and the empty point 3,2
        DotsPosition s = play("2,1 2,2 3,1 _ 4,2 _ 3,3 _ 2,3 _ 1,2");
        assertThat(s.score(Side.FIRST)).isEqualTo(1);
        assertThat(s.sideToMove()).isEqualTo(Side.SECOND);
        assertThat(s.isFree(p(3, 2))).isFalse();
        assertThat(s.zoneOwnerAt(p(3, 2))).contains(Side.FIRST);
        assertThat(s.legalMoves()).doesNotContain(p(3, 2)).contains(p(0, 0));
        assertThat(s.whyIllegal(p(3, 2))).isEqualTo("point 3,2 is inside a zone of red");
        assertThatThrownBy(() -> s.apply(s.parseMove("3,2")))
                .isInstanceOf(IllegalMoveException.class)
                .hasMessage("3,2: point 3,2 is inside a zone of red");
        assertThat(s.whyIllegal(p(2, 1))).isEqualTo("point 2,1 already has a red dot");
        assertThat(s.whyIllegal(p(12, 0))).isEqualTo("point 12,0 is off the 12x12 board (x 0..11, y 0..11)");
        Reference.check(s);
    }

    @Test
    void enclosureWithoutEnemyDotsIsNoZone() {
        DotsPosition s = play("2,1 _ 1,2 _ 3,2 _ 2,3");
        assertThat(s.zones()).isEmpty();
        assertThat(s.score(Side.FIRST)).isZero();
        assertThat(s.isFree(p(2, 2))).isTrue();
        assertThat(s.zoneOwnerAt(p(2, 2))).isEmpty();
        assertThat(s.zoneOwnerAt(p(2, 1))).isEmpty();
        // its owner may fill it without effect
        DotsPosition own = play(s, "_ 2,2");
        assertThat(own.zones()).isEmpty();
        Reference.check(own);
    }

    @Test
    void dotPutIntoAnEmptyEnemyEnclosureIsCapturedAtOnce() {
        DotsPosition house = play("2,1 _ 1,2 _ 3,2 _ 2,3");
        DotsPosition s = play(house, "2,2");
        assertThat(s.sideToMove()).isEqualTo(Side.FIRST);
        assertThat(s.capturedBy(p(2, 2))).contains(Side.FIRST);
        assertThat(s.score(Side.FIRST)).isEqualTo(1);
        assertThat(s.zones()).containsExactly(
                new Zone(Side.FIRST, List.of(p(2, 1), p(3, 2), p(2, 3), p(1, 2)), 1));
        Reference.check(s);
    }

    @Test
    void dotIntoAnEnemyEnclosureThatCapturesKeepsItsCapture() {
        // red's empty diamond round 2,3; blue has 2,1 1,2 3,2 round red's 2,2, the top of that diamond
        DotsPosition s = play("2,2 2,1 1,3 1,2 3,3 3,2 2,4");
        assertThat(s.zones()).isEmpty();
        // blue's 2,3 lies in red's enclosure but closes blue's diamond round red 2,2: blue takes it,
        // which breaks red's enclosure, so red does not take 2,3
        DotsPosition after = play(s, "2,3");
        assertThat(after.score(Side.SECOND)).isEqualTo(1);
        assertThat(after.score(Side.FIRST)).isZero();
        assertThat(after.capturedBy(p(2, 2))).contains(Side.SECOND);
        assertThat(after.capturedBy(p(2, 3))).isEmpty();
        assertThat(after.zones()).singleElement().satisfies(z -> assertThat(z.owner()).isEqualTo(Side.SECOND));
        Reference.check(after);
    }

    @Test
    void recaptureTakesTheWallsAndFreesTheDotsInside() {
        DotsPosition red = play("5,4 5,5 4,5 5,3 6,5 6,4 5,6");
        assertThat(red.score(Side.FIRST)).isEqualTo(1);
        DotsPosition s = play(red, "7,5 _ 6,6 _ 5,7 _ 4,6 _ 3,5 _ 4,4");
        assertThat(s.score(Side.SECOND)).isEqualTo(4);
        assertThat(s.score(Side.FIRST)).isZero();
        assertThat(s.capturedBy(p(5, 5))).isEmpty();
        assertThat(s.zoneOwnerAt(p(5, 5))).contains(Side.SECOND);
        for (Point wall : List.of(p(5, 4), p(4, 5), p(6, 5), p(5, 6))) {
            assertThat(s.capturedBy(wall)).as(wall.notation()).contains(Side.SECOND);
        }
        assertThat(s.zones()).singleElement().satisfies(z -> {
            assertThat(z.owner()).isEqualTo(Side.SECOND);
            assertThat(z.captured()).isEqualTo(4);
            assertThat(z.border()).hasSize(8);
        });
        assertThat(s.details().get("captured")).isEqualTo(Map.of("red", 4, "blue", 0));
        Reference.check(s);
    }

    @Test
    void theEdgeOfTheBoardIsNoWall() {
        // a red cup against the top edge round blue 3,0, and red in the corner round blue 0,0
        DotsPosition s = play("2,0 3,0 4,0 0,0 3,1 _ 1,0 _ 0,1 _ 1,1");
        assertThat(s.zones()).isEmpty();
        assertThat(s.score(Side.FIRST)).isZero();
        assertThat(s.capturedBy(p(3, 0))).isEmpty();
        assertThat(s.capturedBy(p(0, 0))).isEmpty();
        Reference.check(s);
    }

    @Test
    void capturedDotsTakeNoPartInNewZones() {
        // blue's diamond takes red 3,3; red's ring 2,2 1,3 2,4 round blue's 2,3 would need 3,3
        DotsPosition s = play("3,3 3,2 2,2 2,3 1,3 4,3 _ 3,4");
        assertThat(s.capturedBy(p(3, 3))).contains(Side.SECOND);
        DotsPosition after = play(s, "2,4");
        assertThat(after.score(Side.FIRST)).isZero();
        assertThat(after.capturedBy(p(2, 3))).isEmpty();
        assertThat(after.zones()).singleElement().satisfies(z -> assertThat(z.owner()).isEqualTo(Side.SECOND));
        Reference.check(after);
    }

    @Test
    void twoZonesAtOnceWithOneDot() {
        // red's last dot 3,2 closes a diamond on each side of it: round blue 2,2 and blue 4,2
        DotsPosition s = play("2,1 2,2 1,2 4,2 2,3 _ 4,1 _ 5,2 _ 4,3 _ 3,2");
        assertThat(s.score(Side.FIRST)).isEqualTo(2);
        assertThat(s.zones()).hasSize(2).allSatisfy(z -> assertThat(z.captured()).isEqualTo(1));
        Reference.check(s);
    }

    @Test
    void fullBoardEndsTheGame() {
        DotsPosition s = game.newGame(5, 5);
        java.util.Random random = new java.util.Random(3);
        while (!s.isTerminal()) {
            List<org.boardlab.api.Move> moves = s.legalMoves();
            s = (DotsPosition) s.apply(moves.get(random.nextInt(moves.size())));
            Reference.check(s);
        }
        assertThat(s.freePoints()).isZero();
        assertThat(s.legalMoves()).isEmpty();
        assertThat(s.outcome().reason()).endsWith("on the full board");
        assertThat(s.whyIllegal(p(0, 0))).isEqualTo("the game is over");
    }

    @Test
    void endByAgreementDecidesByTheScore() {
        DotsPosition s = play("2,1 2,2 1,2 _ 3,2 _ 2,3");
        DotsPosition end = s.endByAgreement();
        assertThat(end.isTerminal()).isTrue();
        assertThat(end.endedByAgreement()).isTrue();
        assertThat(end.legalMoves()).isEmpty();
        assertThat(end.ply()).isEqualTo(s.ply());
        assertThat(end.outcome().winner()).isEqualTo(Side.FIRST);
        assertThat(end.outcome().reason()).isEqualTo("red captured more dots (1-0) when both agreed to stop");
        assertThat(end.endByAgreement()).isSameAs(end);
        assertThatThrownBy(() -> end.apply(p(0, 0))).hasMessage("0,0: the game is over");
        assertThat(s.isTerminal()).isFalse();
        assertThat(game.newGame(6, 6).endByAgreement().outcome().isDraw()).isTrue();
        assertThatThrownBy(s::outcome).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void notationIsXCommaYFromTheTopLeft() {
        DotsPosition s = game.newGame();
        assertThat(s.width()).isEqualTo(39);
        assertThat(s.height()).isEqualTo(32);
        assertThat(s.parseMove("12,7")).isEqualTo(p(12, 7));
        assertThat(s.parseMove(" 38 , 31 ")).isEqualTo(p(38, 31));
        assertThat(p(0, 31).notation()).isEqualTo("0,31");
        assertThatThrownBy(() -> s.parseMove("39,0")).isInstanceOf(IllegalMoveException.class)
                .hasMessage("39,0: point 39,0 is off the 39x32 board (x 0..38, y 0..31)");
        for (String bad : List.of("", "12", "12;7", "a1", "-1,3", "1,2,3", "1.5,2")) {
            assertThatThrownBy(() -> s.parseMove(bad)).as(bad).isInstanceOf(IllegalMoveException.class)
                    .hasMessageEndingWith("a point is written x,y with x 0..38 from the left and y 0..31 from the top, e.g. 12,7");
        }
        assertThat(s.legalMoves()).hasSize(39 * 32).startsWith(p(0, 0), p(1, 0));
    }

    @Test
    void sizeOption() {
        assertThat(game.newGame(GameOptions.DEFAULT.with("size", "10x8"))).satisfies(s -> {
            assertThat(s.width()).isEqualTo(10);
            assertThat(s.height()).isEqualTo(8);
        });
        assertThat(game.newGame(GameOptions.DEFAULT.with("size", "64x5")).freePoints()).isEqualTo(320);
        for (String bad : List.of("4x4", "65x10", "10", "x10", "10x", "ten", "10x10x10")) {
            assertThatThrownBy(() -> game.newGame(GameOptions.DEFAULT.with("size", bad))).as(bad)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("option size must be WIDTHxHEIGHT with each side from 5 to 64, e.g. size=39x32, not '"
                            + bad + "'");
        }
        assertThatThrownBy(() -> game.newGame(GameOptions.DEFAULT.with("board", "9x9")))
                .hasMessageContaining("dots has no option 'board'");
        assertThat(game.sideName(Side.FIRST)).isEqualTo("red");
        assertThat(game.sideName(Side.SECOND)).isEqualTo("blue");
    }

    @Test
    void boardTextAndDetails() {
        DotsPosition s = play(game.newGame(6, 5), "2,1 2,2 1,2 _ 3,2 _ 2,3");
        assertThat(s.boardText()).isEqualTo(String.join("\n",
                "   012345",
                " 0 ......",
                " 1 ..R...",
                " 2 .RbR..",
                " 3 ..R...",
                " 4 BB....",
                ""));
        Map<String, Object> details = s.details();
        assertThat(details.keySet()).containsExactly("width", "height", "scores", "zones", "captured", "free", "agreed");
        assertThat(details.get("width")).isEqualTo(6);
        assertThat(details.get("height")).isEqualTo(5);
        assertThat(details.get("scores")).isEqualTo(Map.of("red", 1, "blue", 0));
        assertThat(details.get("captured")).isEqualTo(Map.of("red", 0, "blue", 1));
        assertThat(details.get("zones")).isEqualTo(List.of(
                Map.of("owner", "red", "border", List.of("2,1", "3,2", "2,3", "1,2"), "captured", 1)));
        assertThat(details.get("free")).isEqualTo(30 - 7);
        assertThat(details.get("agreed")).isEqualTo(false);
        assertThat(game.newGame().boardText().lines().limit(3)).containsExactly(
                "   " + " ".repeat(10) + "1".repeat(10) + "2".repeat(10) + "3".repeat(9),
                "   012345678901234567890123456789012345678",
                " 0 .......................................");
    }

    @Test
    void evaluationCountsScoreAndEnclosedPoints() {
        var eval = game.evaluation().orElseThrow();
        DotsPosition capture = play("2,1 2,2 1,2 _ 3,2 _ 2,3");
        assertThat(eval.evaluate(capture, Side.FIRST)).isEqualTo(10.0);
        assertThat(eval.evaluate(capture, Side.SECOND)).isEqualTo(-10.0);
        DotsPosition house = play("2,1 _ 1,2 _ 3,2 _ 2,3");
        assertThat(eval.evaluate(house, Side.FIRST)).isEqualTo(0.5);
    }

    @Test
    void applyLeavesTheOldPositionAlone() {
        DotsPosition s = play("2,1 2,2 1,2 _ 3,2 _");
        String before = s.boardText();
        GameState next = s.apply(p(2, 3));
        assertThat(s.boardText()).isEqualTo(before);
        assertThat(s.zones()).isEmpty();
        assertThat(next.ply()).isEqualTo(s.ply() + 1);
        assertThat(((DotsPosition) next).lastMove()).contains(p(2, 3));
    }
}
