package org.boardlab.game.gomoku;

import java.util.Optional;
import javax.inject.Named;
import javax.inject.Singleton;
import org.boardlab.api.Evaluation;
import org.boardlab.api.Game;
import org.boardlab.api.GameOptions;
import org.boardlab.api.GameState;
import org.boardlab.api.Side;
import org.boardlab.game.gomoku.internal.GomokuState;
import org.boardlab.game.gomoku.internal.PatternEvaluation;

/**
 * Gomoku (seed 003): on a 15x15 board black ({@link Side#FIRST}) and white take turns placing one
 * stone on an empty point; the first to make an unbroken row of five or more stones across, down or
 * diagonally wins, and a full board without one is a draw. Points are written {@code h8}: column
 * letter from the left, row number from the top.
 *
 * <p>Option {@code size=N} plays on an NxN board, N from {@value #MIN_SIZE} to {@value #MAX_SIZE}.
 * Every position is also a {@link org.boardlab.game.gomoku.GomokuBoard}, and its
 * {@code details()} carry the danger points of {@link org.boardlab.game.gomoku.DangerAnalysis}.
 */
@Named("gomoku")
@Singleton
public final class Gomoku implements Game {

    /** The board size without options. */
    public static final int DEFAULT_SIZE = 15;
    /** The smallest board: five in a row must fit. */
    public static final int MIN_SIZE = 5;
    /** The largest board. */
    public static final int MAX_SIZE = 25;

    @Override
    public String id() {
        return "gomoku";
    }

    @Override
    public String name() {
        return "Gomoku";
    }

    @Override
    public GameState newGame(GameOptions options) {
        options.requireOnly(id(), "size");
        int size = options.getInt("size", DEFAULT_SIZE);
        if (size < MIN_SIZE || size > MAX_SIZE) {
            throw new IllegalArgumentException("option size must be " + MIN_SIZE + ".." + MAX_SIZE + ", not " + size);
        }
        return GomokuState.start(this, size);
    }

    @Override
    public String optionHelp() {
        return "size=N  board size N x N, " + MIN_SIZE + ".." + MAX_SIZE + " (default " + DEFAULT_SIZE + ")";
    }

    @Override
    public String sideName(Side side) {
        return side == Side.FIRST ? "black" : "white";
    }

    @Override
    public Optional<Evaluation> evaluation() {
        return Optional.of(PatternEvaluation.INSTANCE);
    }
}
