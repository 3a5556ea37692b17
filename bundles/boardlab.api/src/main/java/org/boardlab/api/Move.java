package org.boardlab.api;

/**
 * A move of some game: an immutable value with {@code equals} and {@code hashCode}, written in the
 * game's notation (see the README: columns are letters from the left, rows numbers from the top).
 * Games implement it, usually as a record; players get moves from
 * {@link GameState#legalMoves()} or {@link GameState#parseMove(String)}.
 */
public interface Move {

    /** The move in the game's notation, e.g. {@code d3}, {@code pass}, {@code tiger:c1-c3}; never {@code null}. */
    String notation();
}
