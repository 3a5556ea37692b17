package org.boardlab.game.onitama;

import java.util.Locale;
import java.util.Objects;
import org.boardlab.api.IllegalMoveException;
import org.boardlab.api.Move;

/**
 * An Onitama move: a card and a piece's step, written {@code <card>:<from>-<to>} (e.g.
 * {@code tiger:c1-c3}), or the exchange of a card without moving a piece, written
 * {@code <card>:pass} (allowed only when no piece can move). In both cases the card then goes
 * aside and the player takes the side card. A move says nothing about legality: see
 * {@link org.boardlab.api.GameState#whyIllegal(Move)}.
 *
 * @param card the card played; never {@code null}
 * @param from the square of the moving piece, {@code null} for a pass
 * @param to   the square it moves to, {@code null} for a pass
 */
public record OnitamaMove(Card card, Square from, Square to) implements Move {

    public OnitamaMove {
        Objects.requireNonNull(card, "card");
        if ((from == null) != (to == null)) {
            throw new IllegalArgumentException("a move has both squares, or neither for a pass");
        }
    }

    /** A move of the piece on {@code from} to {@code to} with {@code card}. */
    public static OnitamaMove of(Card card, Square from, Square to) {
        return new OnitamaMove(card, Objects.requireNonNull(from, "from"), Objects.requireNonNull(to, "to"));
    }

    /** The exchange of {@code card} for the side card without moving a piece. */
    public static OnitamaMove pass(Card card) {
        return new OnitamaMove(card, null, null);
    }

    /** {@code true} for {@code <card>:pass}. */
    public boolean isPass() {
        return from == null;
    }

    @Override
    public String notation() {
        return card.id() + ":" + (isPass() ? "pass" : from.notation() + "-" + to.notation());
    }

    /**
     * Reads {@code <card>:<from>-<to>} or {@code <card>:pass}, ignoring case and blanks around the
     * text.
     *
     * @throws IllegalMoveException if the text is not written that way, names no card, or names a
     *         square off the board
     */
    public static OnitamaMove parse(String notation) {
        String text = notation.trim().toLowerCase(Locale.ROOT);
        int colon = text.indexOf(':');
        if (colon <= 0) {
            throw new IllegalMoveException(notation, "a move is written <card>:<from>-<to> or <card>:pass,"
                    + " e.g. tiger:c1-c3");
        }
        Card card;
        try {
            card = Card.parse(text.substring(0, colon));
        } catch (IllegalArgumentException e) {
            throw new IllegalMoveException(notation, e.getMessage());
        }
        String rest = text.substring(colon + 1).trim();
        if (rest.equals("pass")) {
            return pass(card);
        }
        int dash = rest.indexOf('-');
        if (dash < 0) {
            throw new IllegalMoveException(notation, "after the card comes <from>-<to> (e.g. c1-c3) or pass");
        }
        try {
            return of(card, Square.parse(rest.substring(0, dash)), Square.parse(rest.substring(dash + 1)));
        } catch (IllegalArgumentException e) {
            throw new IllegalMoveException(notation, e.getMessage());
        }
    }

    @Override
    public String toString() {
        return notation();
    }
}
