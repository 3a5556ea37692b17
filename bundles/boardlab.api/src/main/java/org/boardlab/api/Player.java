package org.boardlab.api;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * Chooses moves: an AI, a human at a board view, or a client on the network.
 *
 * <p>This is what students implement. Annotate the class with {@code @javax.inject.Named("<id>")}:
 * the id is how the player is named in the CLI and the workbench. boardlab creates one instance
 * per match and side, so fields may hold per-game state. Calls come from one thread at a time, but
 * not always the same thread.
 *
 * <p>A player must return within the request's deadline. If it returns an illegal move, throws, or
 * runs out of time, it forfeits the game: see the README's referee rules.
 */
@ConsumerType
public interface Player {

    /**
     * Chooses a move for {@code request.state().sideToMove()}.
     *
     * @return one of {@code request.state().legalMoves()}; never {@code null}
     * @throws Exception any failure; the player then forfeits with the exception's message
     */
    Move chooseMove(MoveRequest request) throws Exception;

    /** {@code false} if this player cannot play {@code game}; it is then not offered for it. */
    default boolean supports(Game game) {
        return true;
    }

    /** One line about the player, shown in {@code boardlab list} and the workbench. */
    default String description() {
        return getClass().getSimpleName();
    }
}
