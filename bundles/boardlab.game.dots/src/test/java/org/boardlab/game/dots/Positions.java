package org.boardlab.game.dots;

import org.boardlab.api.Side;

/**
 * Builds test positions by playing moves. A move list is written in the game's notation, red's
 * and blue's moves alternating from red; {@code _} is a filler move for the side to move, far from
 * the action: red's fillers go along the bottom row from the right, blue's from the left, and a
 * row of dots along the edge can enclose nothing.
 */
final class Positions {

    private Positions() {
    }

    static DotsPosition play(DotsPosition start, String moves) {
        DotsPosition state = start;
        for (String m : moves.trim().split("\\s+")) {
            if (m.equals("_")) {
                m = filler(state).notation();
            }
            state = (DotsPosition) state.apply(state.parseMove(m));
        }
        return state;
    }

    private static Point filler(DotsPosition state) {
        int y = state.height() - 1;
        for (int i = 0; i < state.width(); i++) {
            Point p = new Point(state.sideToMove() == Side.FIRST ? state.width() - 1 - i : i, y);
            if (state.isFree(p)) {
                return p;
            }
        }
        throw new IllegalStateException("no room left for filler moves on the bottom row");
    }

    /** Plays {@code moves} on an empty 12x12 board. */
    static DotsPosition play(String moves) {
        return play(new Dots().newGame(12, 12), moves);
    }

    static Point p(int x, int y) {
        return new Point(x, y);
    }
}
