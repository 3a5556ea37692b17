package org.boardlab.game.dots;

import java.util.ArrayDeque;

/**
 * The rules once more, written for clarity, not speed, and sharing no code with the engine: after
 * every dot, the whole board is searched for enclosures, first the mover's, then the other
 * player's. Players are 1 (red) and 2 (blue).
 */
final class BruteForce {

    final int w;
    final int h;
    final int[][] colour;
    final int[][] owner;

    BruteForce(int w, int h) {
        this.w = w;
        this.h = h;
        colour = new int[w][h];
        owner = new int[w][h];
    }

    void play(int x, int y, int player) {
        if (colour[x][y] != 0 || owner[x][y] != 0) {
            throw new IllegalArgumentException("not free: " + x + "," + y);
        }
        colour[x][y] = player;
        resolve(player);
        resolve(3 - player);
    }

    boolean live(int x, int y, int player) {
        return colour[x][y] == player && owner[x][y] != 3 - player;
    }

    int score(int player) {
        int n = 0;
        for (int x = 0; x < w; x++) {
            for (int y = 0; y < h; y++) {
                if (colour[x][y] == 3 - player && owner[x][y] == player) {
                    n++;
                }
            }
        }
        return n;
    }

    /** Every enclosure of {@code player} with a live dot of the other becomes a zone. */
    private void resolve(int player) {
        boolean[][] open = new boolean[w][h];
        for (int x = 0; x < w; x++) {
            for (int y = 0; y < h; y++) {
                open[x][y] = !live(x, y, player);
            }
        }
        boolean[][] outside = flood(open);
        boolean[][] done = new boolean[w][h];
        for (int x = 0; x < w; x++) {
            for (int y = 0; y < h; y++) {
                if (!open[x][y] || outside[x][y] || done[x][y]) {
                    continue;
                }
                // one enclosed piece
                boolean[][] piece = new boolean[w][h];
                ArrayDeque<int[]> queue = new ArrayDeque<>();
                queue.add(new int[] {x, y});
                piece[x][y] = true;
                boolean foe = false;
                while (!queue.isEmpty()) {
                    int[] p = queue.poll();
                    done[p[0]][p[1]] = true;
                    foe |= live(p[0], p[1], 3 - player);
                    for (int[] q : neighbours(p[0], p[1])) {
                        if (open[q[0]][q[1]] && !piece[q[0]][q[1]]) {
                            piece[q[0]][q[1]] = true;
                            queue.add(q);
                        }
                    }
                }
                if (!foe) {
                    continue;
                }
                // its wall: live dots of the player next to it; the zone: all the wall closes off
                boolean[][] passable = new boolean[w][h];
                for (int a = 0; a < w; a++) {
                    for (int b = 0; b < h; b++) {
                        boolean wall = false;
                        if (live(a, b, player)) {
                            for (int[] q : neighbours(a, b)) {
                                wall |= piece[q[0]][q[1]];
                            }
                        }
                        passable[a][b] = !piece[a][b] && !wall;
                    }
                }
                boolean[][] away = flood(passable);
                for (int a = 0; a < w; a++) {
                    for (int b = 0; b < h; b++) {
                        if (!away[a][b]) {
                            owner[a][b] = player;
                        }
                    }
                }
            }
        }
    }

    /** Points reachable from off the board by straight steps over passable points. */
    private boolean[][] flood(boolean[][] passable) {
        boolean[][] seen = new boolean[w][h];
        ArrayDeque<int[]> queue = new ArrayDeque<>();
        for (int x = 0; x < w; x++) {
            for (int y = 0; y < h; y++) {
                if ((x == 0 || y == 0 || x == w - 1 || y == h - 1) && passable[x][y]) {
                    seen[x][y] = true;
                    queue.add(new int[] {x, y});
                }
            }
        }
        while (!queue.isEmpty()) {
            int[] p = queue.poll();
            for (int[] q : neighbours(p[0], p[1])) {
                if (passable[q[0]][q[1]] && !seen[q[0]][q[1]]) {
                    seen[q[0]][q[1]] = true;
                    queue.add(q);
                }
            }
        }
        return seen;
    }

    private java.util.List<int[]> neighbours(int x, int y) {
        java.util.List<int[]> list = new java.util.ArrayList<>(4);
        if (x > 0) {
            list.add(new int[] {x - 1, y});
        }
        if (x < w - 1) {
            list.add(new int[] {x + 1, y});
        }
        if (y > 0) {
            list.add(new int[] {x, y - 1});
        }
        if (y < h - 1) {
            list.add(new int[] {x, y + 1});
        }
        return list;
    }
}
