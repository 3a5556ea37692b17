package org.boardlab.game.dots;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.boardlab.api.Move;
import org.boardlab.api.Side;

/**
 * Checks a position against the rules from scratch, with slow and simple code that shares nothing
 * with the game's incremental engine: full-board flood fills and point-in-polygon tests.
 */
final class Reference {

    private Reference() {
    }

    /** Every check below; fails with the board in the message. */
    static void check(DotsPosition s) {
        String where = "\n" + s.boardText();
        noLiveDotIsLeftEnclosed(s, where);
        zoneBordersAreClosedLinesOfTheOwner(s, where);
        zonesCoverExactlyTheirPolygons(s, where);
        scoresCountCapturedDots(s, where);
        freePointsAreTheLegalMoves(s, where);
        assertThat(s.dots(Side.FIRST) + s.dots(Side.SECOND)).as("dots on the board" + where).isEqualTo(s.ply());
        assertThat(s.dots(Side.FIRST)).as("red dots" + where).isEqualTo((s.ply() + 1) / 2);
    }

    static boolean live(DotsPosition s, Point p, Side side) {
        return s.dotAt(p).equals(Optional.of(side)) && s.zoneOwnerAt(p).map(o -> o == side).orElse(true);
    }

    /** After every move no live dot may stay enclosed by the other side's live dots. */
    static void noLiveDotIsLeftEnclosed(DotsPosition s, String where) {
        for (Side side : Side.values()) {
            boolean[][] outside = floodFromEdge(s, side);
            for (int y = 0; y < s.height(); y++) {
                for (int x = 0; x < s.width(); x++) {
                    Point p = new Point(x, y);
                    if (!outside[x][y] && live(s, p, side.other())) {
                        throw new AssertionError("live " + side.other() + " dot at " + p + " is enclosed by "
                                + side + " but not captured" + where);
                    }
                }
            }
        }
    }

    /** Points reachable from off the board by straight steps over points that are not live dots of {@code side}. */
    static boolean[][] floodFromEdge(DotsPosition s, Side side) {
        int w = s.width();
        int h = s.height();
        boolean[][] seen = new boolean[w][h];
        ArrayDeque<Point> queue = new ArrayDeque<>();
        for (int x = 0; x < w; x++) {
            for (int y = 0; y < h; y++) {
                if ((x == 0 || y == 0 || x == w - 1 || y == h - 1) && !live(s, new Point(x, y), side)) {
                    seen[x][y] = true;
                    queue.add(new Point(x, y));
                }
            }
        }
        int[][] steps = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
        while (!queue.isEmpty()) {
            Point p = queue.poll();
            for (int[] d : steps) {
                int x = p.x() + d[0];
                int y = p.y() + d[1];
                if (x >= 0 && y >= 0 && x < w && y < h && !seen[x][y] && !live(s, new Point(x, y), side)) {
                    seen[x][y] = true;
                    queue.add(new Point(x, y));
                }
            }
        }
        return seen;
    }

    static void zoneBordersAreClosedLinesOfTheOwner(DotsPosition s, String where) {
        for (Zone zone : s.zones()) {
            List<Point> border = zone.border();
            assertThat(border).as("border of " + zone + where).hasSizeGreaterThanOrEqualTo(4).doesNotHaveDuplicates();
            for (int i = 0; i < border.size(); i++) {
                Point a = border.get(i);
                Point b = border.get((i + 1) % border.size());
                assertThat(Math.max(Math.abs(a.x() - b.x()), Math.abs(a.y() - b.y())))
                        .as("border step " + a + " -> " + b + " of " + zone + where).isEqualTo(1);
                assertThat(s.dotAt(a)).as("border point " + a + where).contains(zone.owner());
                assertThat(s.zoneOwnerAt(a)).as("zone owner of border point " + a + where).contains(zone.owner());
            }
            assertThat(zone.captured()).as("captured of " + zone + where).isPositive();
        }
    }

    /** A point is in a zone of a side exactly when it is on or inside the polygon of a listed zone of that side. */
    static void zonesCoverExactlyTheirPolygons(DotsPosition s, String where) {
        for (int y = 0; y < s.height(); y++) {
            for (int x = 0; x < s.width(); x++) {
                Point p = new Point(x, y);
                Optional<Side> expected = Optional.empty();
                for (Zone zone : s.zones()) {
                    if (zone.border().contains(p) || inside(zone.border(), x, y)) {
                        assertThat(expected.isEmpty() || expected.get() == zone.owner())
                                .as("point " + p + " is in zones of both sides" + where).isTrue();
                        expected = Optional.of(zone.owner());
                    }
                }
                assertThat(s.zoneOwnerAt(p)).as("zone owner at " + p + where).isEqualTo(expected);
            }
        }
        // listed zones do not nest
        List<Zone> zones = s.zones();
        for (Zone a : zones) {
            for (Zone b : zones) {
                if (a != b) {
                    for (Point p : b.border()) {
                        assertThat(!a.border().contains(p) && inside(a.border(), p.x(), p.y()))
                                .as("zone " + b + " lies inside listed zone " + a + where).isFalse();
                    }
                }
            }
        }
    }

    /** Even-odd rule for a point that is not a vertex (edges join neighbours, so no other lattice point lies on one). */
    static boolean inside(List<Point> polygon, int px, int py) {
        boolean in = false;
        for (int i = 0, j = polygon.size() - 1; i < polygon.size(); j = i++) {
            Point a = polygon.get(i);
            Point b = polygon.get(j);
            if ((a.y() > py) != (b.y() > py)) {
                double cross = (double) (b.x() - a.x()) * (py - a.y()) / (b.y() - a.y()) + a.x();
                if (px < cross) {
                    in = !in;
                }
            }
        }
        return in;
    }

    static void scoresCountCapturedDots(DotsPosition s, String where) {
        for (Side side : Side.values()) {
            int held = 0;
            for (int y = 0; y < s.height(); y++) {
                for (int x = 0; x < s.width(); x++) {
                    Point p = new Point(x, y);
                    if (s.dotAt(p).equals(Optional.of(side.other())) && s.zoneOwnerAt(p).equals(Optional.of(side))) {
                        held++;
                        assertThat(s.capturedBy(p)).as("captured by at " + p + where).contains(side);
                    }
                }
            }
            int inZones = s.zones().stream().filter(z -> z.owner() == side).mapToInt(Zone::captured).sum();
            assertThat(s.score(side)).as("score of " + side + where).isEqualTo(held).isEqualTo(inZones);
            assertThat(s.lost(side.other())).isEqualTo(held);
        }
        for (Zone zone : s.zones()) {
            int inside = 0;
            for (int y = 0; y < s.height(); y++) {
                for (int x = 0; x < s.width(); x++) {
                    if (inside(zone.border(), x, y) && !zone.border().contains(new Point(x, y))
                            && s.dotAt(new Point(x, y)).equals(Optional.of(zone.owner().other()))) {
                        inside++;
                    }
                }
            }
            assertThat(zone.captured()).as("captured count of " + zone + where).isEqualTo(inside);
        }
    }

    static void freePointsAreTheLegalMoves(DotsPosition s, String where) {
        Set<Move> free = new HashSet<>();
        for (int y = 0; y < s.height(); y++) {
            for (int x = 0; x < s.width(); x++) {
                Point p = new Point(x, y);
                boolean expected = s.dotAt(p).isEmpty() && s.zoneOwnerAt(p).isEmpty();
                assertThat(s.isFree(p)).as("free " + p + where).isEqualTo(expected);
                if (expected) {
                    free.add(p);
                }
            }
        }
        assertThat(s.freePoints()).as("free points" + where).isEqualTo(free.size());
        if (!s.isTerminal()) {
            assertThat(new HashSet<>(s.legalMoves())).as("legal moves" + where).isEqualTo(free);
        }
    }
}
