package org.boardlab.api;

import java.util.Optional;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * A two-player board game: its rules, as a factory of initial {@link GameState}s.
 *
 * <p>Implemented by game bundles, in a class annotated {@code @javax.inject.Named("<id>")} whose
 * name equals {@link #id()}. A game is stateless and thread-safe; all state lives in the immutable
 * {@link GameState}s it creates. Rule bundles are headless: no UI or network code.
 */
@ConsumerType
public interface Game {

    /** The short, unique, lower-case id used in the CLI and the protocols, e.g. {@code othello}; never {@code null}. */
    String id();

    /** The name shown to people, e.g. {@code "Othello / Reversi"}; never {@code null}. */
    String name();

    /**
     * The start position for {@code options}.
     *
     * @throws IllegalArgumentException if an option is unknown or out of range, with a message
     *         that names it and says what is allowed
     */
    GameState newGame(GameOptions options);

    /** The start position with the default options. */
    default GameState newGame() {
        return newGame(GameOptions.DEFAULT);
    }

    /** One line per option the game understands, e.g. {@code "size=N  even board size 4..16 (default 8)"}. */
    default String optionHelp() {
        return "no options";
    }

    /** The name of a side in this game, e.g. {@code "black"} for {@link Side#FIRST} in Othello. */
    default String sideName(Side side) {
        return side == Side.FIRST ? "first" : "second";
    }

    /**
     * A heuristic evaluation of positions, used by generic search players such as alpha-beta; empty
     * if the game offers none (searches then use only won/lost/drawn).
     */
    default Optional<Evaluation> evaluation() {
        return Optional.empty();
    }
}
