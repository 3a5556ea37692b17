package org.boardlab.game.gomoku;

/**
 * What a stone on a point would make, in the terms of seed 003's danger warning, strongest first.
 * {@link DangerAnalysis} explains how runs are counted; in the pictures below {@code X} is the
 * attacker, {@code O} the defender, {@code .} an empty point, {@code |} the board's edge and
 * {@code *} the empty point being tested.
 */
public enum Threat {

    /**
     * (a) An immediate win: a run of five or more (six and longer count too).
     * <pre>
     *   X X * X X        X X X X *        X X X * X X    (six)
     * </pre>
     */
    WIN("win"),

    /**
     * (b) An open four: a run of exactly four with both ends empty points on the board. It cannot
     * be stopped: the defender can block only one end.
     * <pre>
     *   . X X X * .      . * X X X .
     * </pre>
     */
    OPEN_FOUR("open-four"),

    /**
     * (c) A four blocked on one side (its other end empty) together with an open three in another
     * direction.
     * <pre>
     *   O X X X * .   across, and, through the same *, down:   . X X * .
     * </pre>
     */
    FOUR_THREE("four-three"),

    /**
     * (d) Two or more open threes, each a run of exactly three with both ends empty points on the
     * board, in different directions.
     * <pre>
     *   . X X * .   across, and, through the same *, diagonally:   . X * X .
     * </pre>
     */
    DOUBLE_THREE("double-three");

    private final String label;

    Threat(String label) {
        this.label = label;
    }

    /** The name used in {@code details()} and the CLI's JSON, e.g. {@code "open-four"}; never {@code null}. */
    public String label() {
        return label;
    }

    @Override
    public String toString() {
        return label;
    }
}
