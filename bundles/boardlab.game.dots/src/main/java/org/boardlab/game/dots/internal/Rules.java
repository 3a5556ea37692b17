package org.boardlab.game.dots.internal;

import static org.boardlab.game.dots.internal.Cells.FOE;
import static org.boardlab.game.dots.internal.Cells.KIND;
import static org.boardlab.game.dots.internal.Cells.OFF;
import static org.boardlab.game.dots.internal.Cells.OWNER;
import static org.boardlab.game.dots.internal.Cells.OWNER_SHIFT;
import static org.boardlab.game.dots.internal.Cells.WALL;

import java.util.Arrays;

/**
 * Puts one dot and resolves the enclosures it causes, on a private copy of the cells. One instance
 * per move; not thread-safe, but it shares nothing except a per-thread scratch area.
 *
 * <h2>The rule it implements</h2>
 * After a dot is put, every area that is closed by live dots of the mover and holds at least one
 * live dot of the other player becomes the mover's zone; then the same for the other player. A
 * dot that is enclosed but not in a zone therefore never exists after a move.
 *
 * <h2>Why a local search is enough</h2>
 * "Enclosed by player p" means: not reachable from outside the board by steps up, down, left or
 * right over points that are not live dots of p (a closed line of diagonal and straight neighbours
 * blocks such steps, the board's edge does not). Before the move no enclosure holds live dots of
 * the other side. The new dot of player p at m can only cut the region around m into pieces, so
 * the only new enclosures of p are pieces that touch m; and it can cut nothing when the points
 * around m that are open to p stay connected to each other within m's eight neighbours (the cheap
 * test in {@link #cuts}). For the other player q, the new dot is a live enemy dot: it is enclosed
 * by q exactly when m lay in an empty enclosure of q (remembered in the house bits of the cells),
 * and q's enclosures can only shrink when the mover captured some of q's dots, which a flood from m
 * then checks. An empty enclosure never opens again: when its wall is captured, the enclosure lies
 * inside the capturing zone.
 *
 * <h2>Making a zone</h2>
 * For an enclosed piece C the wall W is the set of live mover dots next to C; the zone is C, W and
 * everything that W closes off (holes in C, such as a second ring inside), found by a flood from the
 * frame of C's bounding box. The border is traced by walking along the edges between zone and
 * non-zone cells, keeping the zone on the right; the zone cells passed on the way are the border's
 * vertices, clockwise, each a neighbour of the next.
 */
final class Rules {

    private static final ThreadLocal<Scratch> SCRATCH = ThreadLocal.withInitial(Scratch::new);

    private final Geometry geo;
    private final byte[] cells;
    private ZoneData[] zones;
    final int[] score = new int[3];
    int free;
    private final Scratch s;

    Rules(Geometry geo, byte[] cells, ZoneData[] zones, int scoreRed, int scoreBlue, int free) {
        this.geo = geo;
        this.cells = cells;
        this.zones = zones;
        this.score[1] = scoreRed;
        this.score[2] = scoreBlue;
        this.free = free;
        this.s = SCRATCH.get();
        s.ensure(geo.size);
    }

    ZoneData[] zones() {
        return zones;
    }

    /** Puts a dot of {@code player} on the free point {@code m} and makes the zones that follow. */
    void place(int m, int player) {
        int cell = cells[m];
        cells[m] = (byte) (cell | player);
        free--;
        if ((cell & Cells.houseBit(player)) == 0 && cuts(m, player)) {
            enclosuresAround(m, player);
        }
        int other = 3 - player;
        if ((cell & Cells.houseBit(other)) != 0) {
            // the dot went into an empty enclosure of the other player: it closes at once, unless
            // the mover's own captures have broken it (then the flood finds the outside)
            s.newPass();
            int n = flood(m, other);
            if (n > 0) {
                makeZone(other, n);
            }
        }
    }

    /**
     * {@code true} if the open points (not live dots of {@code player}) among m's four straight
     * neighbours fall into two or more groups when only m's eight neighbours may connect them.
     * Otherwise the dot at m cannot cut any region in two. Points off the board count as open.
     */
    private boolean cuts(int m, int player) {
        byte[] kind = KIND[player];
        byte[] c = cells;
        int w = geo.stride;
        boolean n = kind[c[m - w] & 15] != WALL;
        boolean e = kind[c[m + 1] & 15] != WALL;
        boolean so = kind[c[m + w] & 15] != WALL;
        boolean we = kind[c[m - 1] & 15] != WALL;
        int count = (n ? 1 : 0) + (e ? 1 : 0) + (so ? 1 : 0) + (we ? 1 : 0);
        if (count < 2) {
            return false;
        }
        int links = 0;
        if (n && e && kind[c[m - w + 1] & 15] != WALL) {
            links++;
        }
        if (e && so && kind[c[m + w + 1] & 15] != WALL) {
            links++;
        }
        if (so && we && kind[c[m + w - 1] & 15] != WALL) {
            links++;
        }
        if (we && n && kind[c[m - w - 1] & 15] != WALL) {
            links++;
        }
        return count - links >= 2;
    }

    /** Floods each open piece next to m; makes zones of the closed ones that hold enemy dots. */
    private void enclosuresAround(int m, int player) {
        byte[] kind = KIND[player];
        int[] dirs = {-geo.stride, 1, geo.stride, -1};
        s.newPass();
        for (int d : dirs) {
            int seed = m + d;
            int k = kind[cells[seed] & 15];
            if (k == WALL || k == OFF || s.mark[seed] >= s.passBase
                    || (cells[seed] & OWNER) >> OWNER_SHIFT == player) {
                // a wall, off the board, already flooded in this pass, or swallowed by a zone
                // made a moment ago
                continue;
            }
            int n = flood(seed, player);
            if (n < 0) {
                continue;
            }
            if (s.foe) {
                makeZone(player, n);
            } else {
                int bit = Cells.houseBit(player);
                for (int i = 0; i < n; i++) {
                    int p = s.comp[i];
                    cells[p] |= bit;
                }
            }
        }
    }

    /**
     * Floods from {@code seed} over points that are not live dots of {@code player}. Returns the
     * size of the piece (its points in {@code s.comp}) if it is enclosed, or -1 as soon as it
     * reaches the frame or a point flooded earlier in this pass (earlier pieces that reached the
     * frame are the only ones it can touch). Sets {@code s.foe} when the piece holds a live dot of
     * the other player.
     */
    private int flood(int seed, int player) {
        byte[] kind = KIND[player];
        byte[] c = cells;
        int[] mark = s.mark;
        int[] stack = s.stack;
        int[] comp = s.comp;
        int w = geo.stride;
        int base = s.passBase;
        int stamp = ++s.stamp;
        boolean foe = false;
        int sp = 0;
        int n = 0;
        mark[seed] = stamp;
        stack[sp++] = seed;
        while (sp > 0) {
            int p = stack[--sp];
            comp[n++] = p;
            if (kind[c[p] & 15] == FOE) {
                foe = true;
            }
            for (int dir = 0; dir < 4; dir++) {
                int q = dir == 0 ? p - w : dir == 1 ? p + 1 : dir == 2 ? p + w : p - 1;
                int k = kind[c[q] & 15];
                if (k == WALL) {
                    continue;
                }
                int mq = mark[q];
                if (mq == stamp) {
                    continue;
                }
                if (k == OFF || mq >= base) {
                    return -1;
                }
                mark[q] = stamp;
                stack[sp++] = q;
            }
        }
        s.foe = foe;
        return n;
    }

    /** Makes the enclosed piece {@code s.comp[0..n)} a zone of {@code player}. */
    private void makeZone(int player, int n) {
        int w = geo.stride;
        int[] comp = s.comp;
        int[] mark = s.mark2;
        byte[] kind = KIND[player];
        byte[] c = cells;
        s.reserveStamps2();

        // the piece's bounding box, grown by one: it holds the wall
        int minRow = Integer.MAX_VALUE;
        int maxRow = -1;
        int minCol = Integer.MAX_VALUE;
        int maxCol = -1;
        int inner = s.nextStamp2();
        for (int i = 0; i < n; i++) {
            int p = comp[i];
            mark[p] = inner;
            int row = p / w;
            int col = p - row * w;
            minRow = Math.min(minRow, row);
            maxRow = Math.max(maxRow, row);
            minCol = Math.min(minCol, col);
            maxCol = Math.max(maxCol, col);
        }
        int r0 = minRow - 1;
        int r1 = maxRow + 1;
        int c0 = minCol - 1;
        int c1 = maxCol + 1;

        // flood the box from its frame, stopping at the piece and at its wall
        int outside = s.nextStamp2();
        int[] stack = s.stack;
        int sp = 0;
        for (int col = c0; col <= c1; col++) {
            sp = pushIfOpen(r0 * w + col, outside, inner, kind, sp);
            sp = pushIfOpen(r1 * w + col, outside, inner, kind, sp);
        }
        for (int row = r0 + 1; row < r1; row++) {
            sp = pushIfOpen(row * w + c0, outside, inner, kind, sp);
            sp = pushIfOpen(row * w + c1, outside, inner, kind, sp);
        }
        while (sp > 0) {
            int p = stack[--sp];
            int row = p / w;
            int col = p - row * w;
            if (row > r0 + 1) {
                sp = pushIfOpen(p - w, outside, inner, kind, sp);
            }
            if (row < r1 - 1) {
                sp = pushIfOpen(p + w, outside, inner, kind, sp);
            }
            if (col > c0 + 1) {
                sp = pushIfOpen(p - 1, outside, inner, kind, sp);
            }
            if (col < c1 - 1) {
                sp = pushIfOpen(p + 1, outside, inner, kind, sp);
            }
        }

        // everything else in the box is the zone: take it over
        int zone = s.nextStamp2();
        int captured = 0;
        int witness = -1;
        int start = -1;
        int ownerBits = player << OWNER_SHIFT;
        for (int row = r0; row <= r1; row++) {
            for (int p = row * w + c0, end = row * w + c1; p <= end; p++) {
                if (mark[p] == outside) {
                    continue;
                }
                mark[p] = zone;
                if (start < 0) {
                    start = p;
                }
                int cell = c[p];
                int colour = cell & Cells.COLOUR;
                int owner = (cell & OWNER) >> OWNER_SHIFT;
                if (colour == 0) {
                    if (owner == 0) {
                        free--;
                    }
                } else {
                    if (owner != 0 && owner != colour) {
                        score[owner]--;
                    }
                    if (colour != player) {
                        score[player]++;
                        captured++;
                        witness = p;
                    }
                }
                c[p] = (byte) ((cell & ~OWNER) | ownerBits);
            }
        }

        int[] border = traceBorder(start, zone);

        // zones inside the new one are no longer listed
        int kept = 0;
        ZoneData[] next = new ZoneData[zones.length + 1];
        for (ZoneData z : zones) {
            if (mark[z.witness()] != zone) {
                next[kept++] = z;
            }
        }
        next[kept++] = new ZoneData(player, border, captured, witness);
        zones = kept == next.length ? next : Arrays.copyOf(next, kept);
    }

    /** Pushes p for the frame flood unless it is flooded already, in the piece, or on its wall. */
    private int pushIfOpen(int p, int outside, int inner, byte[] kind, int sp) {
        int[] mark = s.mark2;
        if (mark[p] == outside || mark[p] == inner) {
            return sp;
        }
        if (kind[cells[p] & 15] == WALL) {
            int w = geo.stride;
            if (mark[p - w] == inner || mark[p + 1] == inner || mark[p + w] == inner || mark[p - 1] == inner) {
                return sp;
            }
        }
        mark[p] = outside;
        s.stack[sp] = p;
        return sp + 1;
    }

    /**
     * Walks round the zone (cells marked {@code zone}) along the edges between zone and non-zone
     * cells, the zone on the right, from the north edge of {@code start}, the zone's first cell in
     * reading order. Returns the zone cells passed, without repeats, clockwise.
     */
    private int[] traceBorder(int start, int zone) {
        int w = geo.stride;
        int[] dirs = {-w, 1, w, -1}; // north, east, south, west: clockwise
        int[] mark = s.mark2;
        int[] out = s.stack;
        int n = 0;
        int p = start;
        int side = 0; // the edge on this side of p has a non-zone cell beyond it
        out[n++] = p;
        int limit = 4 * geo.size;
        do {
            int ahead = (side + 1) & 3;
            int a = p + dirs[ahead];
            int b = a + dirs[side];
            if (mark[b] == zone) {
                p = b;
                side = (side + 3) & 3;
            } else if (mark[a] == zone) {
                p = a;
            } else {
                side = ahead;
            }
            if (p != out[n - 1]) {
                out[n++] = p;
            }
            if (--limit < 0) {
                throw new IllegalStateException("border trace did not close");
            }
        } while (p != start || side != 0);
        if (n > 1 && out[n - 1] == start) {
            n--;
        }
        return Arrays.copyOf(out, n);
    }

    /** Arrays for the floods, one set per thread; stamps avoid clearing them between uses. */
    static final class Scratch {
        int[] mark = new int[0];
        int[] mark2 = new int[0];
        int[] stack = new int[0];
        int[] comp = new int[0];
        int stamp;
        int stamp2;
        int passBase;
        boolean foe;

        void ensure(int size) {
            if (mark.length < size) {
                mark = new int[size];
                mark2 = new int[size];
                stack = new int[size];
                comp = new int[size];
                stamp = 0;
                stamp2 = 0;
            }
        }

        /** Starts a pass of floods that share the "flooded earlier in this pass" test. */
        void newPass() {
            if (stamp > Integer.MAX_VALUE - 16) {
                Arrays.fill(mark, 0);
                stamp = 0;
            }
            passBase = stamp + 1;
        }

        /** Makes sure the three stamps of one zone fit before the counter wraps. */
        void reserveStamps2() {
            if (stamp2 > Integer.MAX_VALUE - 4) {
                Arrays.fill(mark2, 0);
                stamp2 = 0;
            }
        }

        int nextStamp2() {
            return ++stamp2;
        }
    }
}
