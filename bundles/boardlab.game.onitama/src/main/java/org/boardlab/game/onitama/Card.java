package org.boardlab.game.onitama;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import org.boardlab.api.Side;

/**
 * The sixteen move cards of the official Onitama rulebook, in the rulebook's order. Each card
 * lists its steps as (right, forward) seen from the player who holds it: for blue a step adds to
 * the column and the row, for red it subtracts from both (red sits on the other side of the
 * board). A card's {@link #id()} is its lower-case name, as written in move notation.
 */
public enum Card {
    TIGER("Tiger", 0, 2, 0, -1),
    DRAGON("Dragon", -2, 1, 2, 1, -1, -1, 1, -1),
    FROG("Frog", -2, 0, -1, 1, 1, -1),
    RABBIT("Rabbit", 2, 0, 1, 1, -1, -1),
    CRAB("Crab", 0, 1, -2, 0, 2, 0),
    ELEPHANT("Elephant", -1, 1, 1, 1, -1, 0, 1, 0),
    GOOSE("Goose", -1, 1, -1, 0, 1, 0, 1, -1),
    ROOSTER("Rooster", 1, 1, -1, 0, 1, 0, -1, -1),
    MONKEY("Monkey", -1, 1, 1, 1, -1, -1, 1, -1),
    MANTIS("Mantis", -1, 1, 1, 1, 0, -1),
    HORSE("Horse", 0, 1, -1, 0, 0, -1),
    OX("Ox", 0, 1, 1, 0, 0, -1),
    CRANE("Crane", 0, 1, -1, -1, 1, -1),
    BOAR("Boar", 0, 1, -1, 0, 1, 0),
    EEL("Eel", -1, 1, -1, -1, 1, 0),
    COBRA("Cobra", 1, 1, 1, -1, -1, 0);

    /**
     * One step of a card, seen from the player who holds it.
     *
     * @param right   columns to the holder's right (negative: to the left)
     * @param forward rows towards the opponent (negative: back towards the holder)
     */
    public record Step(int right, int forward) {

        /** How the column letter changes when {@code side} takes this step: {@code +right} for blue, {@code -right} for red. */
        public int columnDelta(Side side) {
            return side == Side.FIRST ? right : -right;
        }

        /** How the row number changes when {@code side} takes this step: {@code +forward} for blue, {@code -forward} for red. */
        public int rowDelta(Side side) {
            return side == Side.FIRST ? forward : -forward;
        }
    }

    private final String displayName;
    private final List<Step> steps;
    /** {@link #id()}, made once: move notation writes it for every move. */
    private final String id;

    Card(String displayName, int... rightForward) {
        this.displayName = displayName;
        List<Step> list = new ArrayList<>();
        for (int i = 0; i < rightForward.length; i += 2) {
            list.add(new Step(rightForward[i], rightForward[i + 1]));
        }
        this.steps = Collections.unmodifiableList(list);
        this.id = name().toLowerCase(Locale.ROOT);
    }

    /** The cards in rulebook order ({@code values()} makes a new array at every call). */
    private static final Card[] ALL = values();

    /** The name as used in move notation and options: lower case, e.g. {@code tiger}; never {@code null}. */
    public String id() {
        return id;
    }

    /** The name as printed on the card, e.g. {@code Tiger}; never {@code null}. */
    public String displayName() {
        return displayName;
    }

    /** The card's steps in the rulebook's order; unmodifiable, never empty. */
    public List<Step> steps() {
        return steps;
    }

    /**
     * The squares a piece of {@code side} on {@code from} could reach with this card on an empty
     * board, in step order; steps that leave the board are left out. Pieces are not considered:
     * the target may hold a piece of either side.
     */
    public List<Square> targets(Side side, Square from) {
        List<Square> result = new ArrayList<>(steps.size());
        for (Step step : steps) {
            from.step(step, side).ifPresent(result::add);
        }
        return Collections.unmodifiableList(result);
    }

    /**
     * The card named {@code name}, ignoring case and surrounding blanks, e.g. {@code "Tiger"} or
     * {@code "TIGER"}.
     *
     * @throws IllegalArgumentException naming the text and listing the sixteen cards
     */
    public static Card parse(String name) {
        String text = name.trim().toUpperCase(Locale.ROOT);
        for (Card card : ALL) {
            if (card.name().equals(text)) {
                return card;
            }
        }
        throw new IllegalArgumentException("'" + name.trim() + "' is not a card; the cards are " + allIds());
    }

    /** The ids of all sixteen cards, comma separated, e.g. for error messages. */
    public static String allIds() {
        StringBuilder sb = new StringBuilder();
        for (Card card : values()) {
            sb.append(sb.length() == 0 ? "" : ", ").append(card.id());
        }
        return sb.toString();
    }

    @Override
    public String toString() {
        return id();
    }
}
