package org.boardlab.game.dots;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import javax.inject.Named;
import javax.inject.Singleton;
import org.boardlab.api.Evaluation;
import org.boardlab.api.Game;
import org.boardlab.api.GameOptions;
import org.boardlab.api.Side;
import org.boardlab.game.dots.internal.DotsEvaluation;
import org.boardlab.game.dots.internal.DotsState;
import org.boardlab.game.dots.internal.Geometry;

/**
 * Dots ("Tochki"): red ({@link Side#FIRST}) and blue take turns putting a dot of their colour on a
 * free point of a grid of 39 x 32 points. A closed line of one player's dots, each a horizontal,
 * vertical or diagonal neighbour of the next, that encloses dots of the other player makes a zone:
 * the enclosed dots are captured and no one may play inside. The player with more captured dots
 * wins when the board is full (or when both agree to stop, see
 * {@link DotsPosition#endByAgreement()}).
 *
 * <p>The full rules, and the decisions where the seed left them open (a dot put inside an
 * empty enclosure of the other player is captured at once; recapture frees the dots inside; an
 * enclosure without enemy dots is no zone), are in the bundle's README. Option: {@code size=WxH} (each side 5 to 64, default {@code 39x32}). Moves
 * are {@link Point}s written {@code x,y}, zero-based, x from the left, y from the top. Every
 * position this game creates is a {@link DotsPosition}.
 */
@Named("dots")
@Singleton
public final class Dots implements Game {

    /** Columns when no {@code size} option is given. */
    public static final int DEFAULT_WIDTH = 39;

    /** Rows when no {@code size} option is given. */
    public static final int DEFAULT_HEIGHT = 32;

    /** The smallest number of columns or rows. */
    public static final int MIN_SIDE = 5;

    /** The largest number of columns or rows. */
    public static final int MAX_SIDE = 64;

    private static final Evaluation EVALUATION = new DotsEvaluation();

    private final Map<Integer, Geometry> geometries = new ConcurrentHashMap<>();

    @Override
    public String id() {
        return "dots";
    }

    @Override
    public String name() {
        return "Dots";
    }

    /**
     * The empty board, red to move.
     *
     * @throws IllegalArgumentException for an unknown option or a size that is not
     *         {@code WIDTHxHEIGHT} with each side from 5 to 64
     */
    @Override
    public DotsPosition newGame(GameOptions options) {
        options.requireOnly(id(), "size");
        Optional<String> size = options.get("size");
        if (size.isEmpty()) {
            return newGame(DEFAULT_WIDTH, DEFAULT_HEIGHT);
        }
        String text = size.get().trim().toLowerCase(Locale.ROOT);
        int cross = text.indexOf('x');
        int width = -1;
        int height = -1;
        if (cross > 0) {
            try {
                width = Integer.parseInt(text.substring(0, cross).trim());
                height = Integer.parseInt(text.substring(cross + 1).trim());
            } catch (NumberFormatException e) {
                width = -1;
            }
        }
        if (width < MIN_SIDE || width > MAX_SIDE || height < MIN_SIDE || height > MAX_SIDE) {
            throw new IllegalArgumentException("option size must be WIDTHxHEIGHT with each side from " + MIN_SIDE
                    + " to " + MAX_SIDE + ", e.g. size=39x32, not '" + size.get() + "'");
        }
        return newGame(width, height);
    }

    /** The empty board, red to move. */
    @Override
    public DotsPosition newGame() {
        return newGame(DEFAULT_WIDTH, DEFAULT_HEIGHT);
    }

    /**
     * The empty board of {@code width} columns and {@code height} rows, red to move.
     *
     * @throws IllegalArgumentException if a side is not from 5 to 64
     */
    public DotsPosition newGame(int width, int height) {
        if (width < MIN_SIDE || width > MAX_SIDE || height < MIN_SIDE || height > MAX_SIDE) {
            throw new IllegalArgumentException("a Dots board has " + MIN_SIDE + " to " + MAX_SIDE
                    + " columns and rows, not " + width + "x" + height);
        }
        Geometry geometry = geometries.computeIfAbsent(width * 100 + height, k -> new Geometry(width, height));
        return DotsState.start(this, geometry);
    }

    @Override
    public String optionHelp() {
        return "size=WxH  a grid of W columns and H rows of points, each from " + MIN_SIDE + " to " + MAX_SIDE
                + " (default " + DEFAULT_WIDTH + "x" + DEFAULT_HEIGHT + ")";
    }

    /** {@code "red"} for {@link Side#FIRST}, {@code "blue"} for {@link Side#SECOND}. */
    @Override
    public String sideName(Side side) {
        return side == Side.FIRST ? "red" : "blue";
    }

    /**
     * Ten points per captured dot of difference, plus half a point per free point that lies inside
     * an empty enclosure of the side (a point the other player cannot use without being captured)
     * minus the same for the other player.
     */
    @Override
    public Optional<Evaluation> evaluation() {
        return Optional.of(EVALUATION);
    }
}
