package org.boardlab.game.onitama;

import java.util.List;
import java.util.Optional;
import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.api.Side;
import org.osgi.annotation.versioning.ProviderType;

/**
 * An Onitama position as a board view or an AI sees it: every {@link GameState} made by
 * {@link Onitama} is one. Implemented by this bundle only; immutable and thread-safe like every
 * game state.
 */
@ProviderType
public interface OnitamaPosition extends GameState {

    /** The piece on {@code square}, or empty if the square is empty. */
    Optional<Piece> pieceAt(Square square);

    /**
     * The two cards {@code side} holds, in a stable order: a card taken from the side keeps the
     * place of the card that was played.
     */
    List<Card> cards(Side side);

    /** The card beside the board, which the player to move takes after playing one of theirs. */
    Card sideCard();

    /** Where the master of {@code side} stands, or empty once it has been captured. */
    Optional<Square> master(Side side);

    /** How many pieces {@code side} has left (master included), 0 to 5; the same as {@link #score(Side)}. */
    int pieces(Side side);

    /** The game's draw limit in plies for this position's game, 0 for none (option {@code limit}). */
    int limit();

    @Override
    OnitamaMove parseMove(String notation);

    @Override
    OnitamaPosition apply(Move move);
}
