package org.boardlab.protocol.onitama;

import java.util.List;
import org.boardlab.game.onitama.Card;

/**
 * The card numbers of seed 001's wire: 0..15 in the order of the original's deck (not the
 * rulebook's order that {@link Card} follows).
 *
 * <pre>
 *  0 mantis   1 ox       2 horse    3 eel      4 crane    5 boar     6 cobra    7 monkey
 *  8 elephant 9 rooster 10 goose   11 tiger   12 rabbit  13 frog    14 crab    15 dragon
 * </pre>
 *
 * Every card has the official rulebook's steps; the original C server had rooster wrong (back-right
 * instead of back-left) and its Python client right: boardlab plays the official card.
 */
public final class WireCards {

    /** The cards by wire number. */
    public static final List<Card> ORDER = List.of(Card.MANTIS, Card.OX, Card.HORSE, Card.EEL, Card.CRANE, Card.BOAR,
            Card.COBRA, Card.MONKEY, Card.ELEPHANT, Card.ROOSTER, Card.GOOSE, Card.TIGER, Card.RABBIT, Card.FROG,
            Card.CRAB, Card.DRAGON);

    private WireCards() {
    }

    /** {@code true} for 0..15. */
    public static boolean isCard(int number) {
        return number >= 0 && number < ORDER.size();
    }

    /**
     * The card with wire number {@code number}.
     *
     * @throws IllegalArgumentException outside 0..15
     */
    public static Card card(int number) {
        if (!isCard(number)) {
            throw new IllegalArgumentException("card numbers are 0..15, not " + number);
        }
        return ORDER.get(number);
    }

    /** The wire number of {@code card}, 0..15. */
    public static int number(Card card) {
        return ORDER.indexOf(card);
    }
}
