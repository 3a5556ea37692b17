package org.boardlab.api;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * A game's heuristic value of a non-terminal position, for search players. Implemented by games
 * (see {@link Game#evaluation()}); must be fast and thread-safe.
 */
@ConsumerType
@FunctionalInterface
public interface Evaluation {

    /**
     * How good {@code state} is for {@code side}: positive is good, negative bad, roughly within
     * -1000..1000 (searches use larger values for won and lost positions).
     */
    double evaluate(GameState state, Side side);
}
