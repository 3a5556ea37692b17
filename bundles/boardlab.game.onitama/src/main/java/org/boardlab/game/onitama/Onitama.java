package org.boardlab.game.onitama;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import javax.inject.Named;
import javax.inject.Singleton;
import org.boardlab.api.Evaluation;
import org.boardlab.api.Game;
import org.boardlab.api.GameOptions;
import org.boardlab.api.GameState;
import org.boardlab.api.Side;
import org.boardlab.game.onitama.internal.OnitamaState;

/**
 * Onitama as seed 001 plays it: a 5x5 board, a master and four students a side, five of the
 * sixteen cards in play. Blue ({@link Side#FIRST}) moves first. A player wins by capturing the
 * enemy master or by moving their own master onto the enemy's temple. The states it makes are
 * {@link OnitamaPosition}s.
 *
 * <p>Options: {@code cards=c1,c2,c3,c4,c5} (blue's two cards, red's two, the side card) or
 * {@code seed=S} (a repeatable random deal), and {@code limit=N} (a draw after {@code N} plies
 * without a winner; the official rules have no draw, this keeps matches between programs finite).
 * See the module's README for the notation and every decision taken where the rules are silent.
 */
@Named(Onitama.ID)
@Singleton
public final class Onitama implements Game {

    /** The game's id: {@code onitama}. */
    public static final String ID = "onitama";

    /** The deal without options: the cards of seed 001's example (blue eel, cobra; red mantis, crane; side monkey). */
    public static final List<Card> DEFAULT_DEAL = List.of(Card.EEL, Card.COBRA, Card.MANTIS, Card.CRANE, Card.MONKEY);

    /** The draw limit without options, in plies (moves of either side). */
    public static final int DEFAULT_LIMIT = 200;

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String name() {
        return "Onitama";
    }

    @Override
    public OnitamaPosition newGame(GameOptions options) {
        options.requireOnly(ID, "cards", "seed", "limit");
        Optional<String> cards = options.get("cards");
        Optional<String> seed = options.get("seed");
        if (cards.isPresent() && seed.isPresent()) {
            throw new IllegalArgumentException("give either cards= or seed=, not both: cards= chooses the deal,"
                    + " seed= deals at random");
        }
        List<Card> deal = cards.map(Onitama::parseDeal)
                .or(() -> seed.map(s -> deal(parseSeed(s))))
                .orElse(DEFAULT_DEAL);
        int limit = options.getInt("limit", DEFAULT_LIMIT);
        if (limit < 0) {
            throw new IllegalArgumentException("option limit is a number of plies, or 0 for no limit, not " + limit);
        }
        return OnitamaState.start(this, deal, limit);
    }

    @Override
    public OnitamaPosition newGame() {
        return newGame(GameOptions.DEFAULT);
    }

    @Override
    public String optionHelp() {
        return "cards=C1,C2,C3,C4,C5  the deal: blue's two cards, red's two, the side card"
                + " (default eel,cobra,mantis,crane,monkey)\n"
                + "seed=S  deal five of the sixteen cards at random, the same deal for the same whole number S"
                + " (instead of cards=)\n"
                + "limit=N  the game is a draw after N plies without a winner (default " + DEFAULT_LIMIT
                + ", 0 = no limit)";
    }

    @Override
    public String sideName(Side side) {
        return side == Side.FIRST ? "blue" : "red";
    }

    /** Seed 001's heuristic: pieces left and each master's distance to the enemy temple. */
    @Override
    public Optional<Evaluation> evaluation() {
        return Optional.of(OnitamaHeuristic.INSTANCE);
    }

    /**
     * The five cards dealt for {@code seed}: the sixteen cards in rulebook order, shuffled by
     * Fisher-Yates with {@code java.util.SplittableRandom(seed)} (from the last card down, swapping
     * card {@code i} with card {@code random.nextInt(i + 1)}), then the first five: blue's two,
     * red's two, the side card. ({@code java.util.Random} is not used: its first numbers for
     * neighbouring seeds are so alike that seeds 0..99 never dealt the ox.)
     */
    public static List<Card> deal(long seed) {
        Card[] deck = Card.values();
        SplittableRandom random = new SplittableRandom(seed);
        for (int i = deck.length - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            Card swap = deck[i];
            deck[i] = deck[j];
            deck[j] = swap;
        }
        return List.of(Arrays.copyOf(deck, 5));
    }

    private static long parseSeed(String text) {
        try {
            return Long.parseLong(text.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("option seed must be a whole number, not '" + text + "'");
        }
    }

    private static List<Card> parseDeal(String text) {
        String[] names = text.split(",", -1);
        if (names.length != 5) {
            throw new IllegalArgumentException("option cards needs five card names separated by commas (blue's two,"
                    + " red's two, the side card), not " + names.length + ": '" + text + "'");
        }
        List<Card> deal = new ArrayList<>(5);
        for (String name : names) {
            Card card;
            try {
                card = Card.parse(name);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("option cards: " + e.getMessage());
            }
            if (deal.contains(card)) {
                throw new IllegalArgumentException("option cards names " + card.id()
                        + " twice; the five cards must be different");
            }
            deal.add(card);
        }
        return List.copyOf(deal);
    }

    /** A human-readable line about the game, e.g. for logs. */
    @Override
    public String toString() {
        return name();
    }

    /** Checks that {@code state} is an Onitama position, for callers that take any {@link GameState}. */
    static OnitamaPosition position(GameState state) {
        if (state instanceof OnitamaPosition position) {
            return position;
        }
        throw new IllegalArgumentException("not an Onitama position: " + state.game().id());
    }
}
