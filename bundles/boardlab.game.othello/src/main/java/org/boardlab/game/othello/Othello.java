package org.boardlab.game.othello;

import java.util.Optional;
import javax.inject.Named;
import javax.inject.Singleton;
import org.boardlab.api.Evaluation;
import org.boardlab.api.Game;
import org.boardlab.api.GameOptions;
import org.boardlab.api.GameState;
import org.boardlab.api.Side;
import org.boardlab.game.othello.internal.OthelloEvaluation;
import org.boardlab.game.othello.internal.OthelloState;

/**
 * Othello / Reversi: black ({@link Side#FIRST}) and white take turns placing a disc so that it
 * encloses at least one straight line (row, column or diagonal) of the opponent's discs between it
 * and another disc of their own; every enclosed line is turned over, but discs turned over do not
 * turn further lines ("no chain flips"). A side that cannot place must pass; the game ends when
 * neither side can place. Whoever has more discs wins.
 *
 * <p>Options: {@code size} (an even board size from 4 to 16, default 8; the centre 2x2 starts
 * with white on the top-left and bottom-right squares, so on 8x8 white is on d4 and e5, black on e4
 * and d5) and {@code scoring} ({@code plain}, the default, or {@code seed000}: see {@link Scoring}).
 * Every position this game creates is an {@link OthelloPosition}.
 *
 * <p>The 8x8, 6x6 and 4x4 boards are bitboards (one {@code long} per colour); larger boards use one
 * byte per square.
 */
@Named("othello")
@Singleton
public final class Othello implements Game {

    /** The board size when no {@code size} option is given. */
    public static final int DEFAULT_SIZE = 8;

    private static final Evaluation EVALUATION = new OthelloEvaluation();

    @Override
    public String id() {
        return "othello";
    }

    @Override
    public String name() {
        return "Othello / Reversi";
    }

    /**
     * The start position: the centre four squares taken, black to move.
     *
     * @throws IllegalArgumentException for an unknown option, a size that is not an even number
     *         from 4 to 16, or a scoring other than {@code plain} or {@code seed000}
     */
    @Override
    public OthelloPosition newGame(GameOptions options) {
        options.requireOnly(id(), "size", "scoring");
        int size = options.getInt("size", DEFAULT_SIZE);
        checkSize(size);
        Scoring scoring = options.get("scoring").map(Scoring::fromOption).orElse(Scoring.PLAIN);
        return OthelloState.start(this, size, scoring);
    }

    @Override
    public OthelloPosition newGame() {
        return newGame(GameOptions.DEFAULT);
    }

    private static void checkSize(int size) {
        if (size < 4 || size > OthelloMove.MAX_SIZE || size % 2 != 0) {
            throw new IllegalArgumentException("option size must be an even number from 4 to 16, not " + size);
        }
    }

    @Override
    public String optionHelp() {
        return "size=N           even board size 4..16 (default 8)\n"
                + "scoring=plain    the score is the discs on the board (default)\n"
                + "scoring=seed000  a game that ends early gives the empty squares to the winner";
    }

    @Override
    public String sideName(Side side) {
        return side == Side.FIRST ? "black" : "white";
    }

    @Override
    public Optional<Evaluation> evaluation() {
        return Optional.of(EVALUATION);
    }

    /**
     * Perft from the start of a board of {@code size}: the number of leaves {@code depth} plies deep,
     * counting a pass as a ply and a finished game as one leaf, as in the published Othello tables
     * (8x8: 4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288 for depths 1 to 9).
     *
     * @throws IllegalArgumentException if {@code size} is not an even number from 4 to 16
     */
    public static long perft(int size, int depth) {
        checkSize(size);
        return OthelloState.perftFromStart(size, depth);
    }

    /**
     * A position from a diagram, for exercises and tests: rows top first, {@code B} black,
     * {@code W} white, {@code .} empty, spaces ignored (the {@link GameState#boardText()} grid without
     * its labels). The position starts a game: ply 0, no last move.
     *
     * @throws IllegalArgumentException if the diagram is not a square board of an even size 4..16
     */
    public OthelloPosition position(String diagram, Side toMove, Scoring scoring) {
        return OthelloState.fromDiagram(this, diagram, toMove, scoring);
    }
}
