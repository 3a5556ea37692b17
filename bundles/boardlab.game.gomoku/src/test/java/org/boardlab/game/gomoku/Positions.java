package org.boardlab.game.gomoku;

import java.util.ArrayList;
import java.util.List;
import org.boardlab.api.GameOptions;
import org.boardlab.api.GameState;

/** Builds Gomoku positions for tests by playing real moves. */
final class Positions {

    static final Gomoku GAME = new Gomoku();

    private Positions() {
    }

    /** The position after {@code moves} (points separated by blanks) on a {@code size} board. */
    static GameState play(int size, String moves) {
        GameState state = GAME.newGame(GameOptions.DEFAULT.with("size", Integer.toString(size)));
        if (moves.isBlank()) {
            return state;
        }
        for (String m : moves.trim().split("\\s+")) {
            state = state.apply(state.parseMove(m));
        }
        return state;
    }

    /**
     * The position drawn by {@code rows} (top row first; {@code X} black, {@code O} white, anything
     * else empty; blanks are ignored), reached by playing black's and white's stones alternately in
     * reading order. Black must have as many stones as white, or one more.
     */
    static GameState diagram(String... rows) {
        List<String> black = new ArrayList<>();
        List<String> white = new ArrayList<>();
        for (int row = 0; row < rows.length; row++) {
            String line = rows[row].replace(" ", "");
            if (line.length() != rows.length) {
                throw new IllegalArgumentException("row " + (row + 1) + " has " + line.length() + " points, not " + rows.length);
            }
            for (int col = 0; col < line.length(); col++) {
                char c = line.charAt(col);
                if (c == 'X') {
                    black.add(Point.of(col, row).notation());
                } else if (c == 'O') {
                    white.add(Point.of(col, row).notation());
                }
            }
        }
        if (black.size() != white.size() && black.size() != white.size() + 1) {
            throw new IllegalArgumentException(black.size() + " black and " + white.size() + " white stones cannot alternate");
        }
        StringBuilder moves = new StringBuilder();
        for (int i = 0; i < black.size(); i++) {
            moves.append(black.get(i)).append(' ');
            if (i < white.size()) {
                moves.append(white.get(i)).append(' ');
            }
        }
        return play(rows.length, moves.toString());
    }
}
