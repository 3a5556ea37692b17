package org.boardlab.tournament;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How long a player may think: a fixed time for every move ({@code 20ms}, {@code 1s}, {@code 1.5s},
 * {@code 2m}), or a clock of a base time plus an increment after each of its moves ({@code 5m+2s},
 * {@code 30s+0s}, {@code 1m+100ms}). Units: {@code ms}, {@code s}, {@code m}, {@code h}.
 *
 * <p>A side that does not move within its time loses the game at once ({@code timeout}), as in the
 * Match view and seed 004's Game Master. With a clock, a side's time for a move is what is left on
 * its clock: the base, plus one increment for each move it has made, minus the thinking time it has
 * used (as the referee measures it); the referee's forced moves (a pass) cost nothing and earn no
 * increment.
 *
 * @param perMove   the time per move, or {@code null} for a clock
 * @param base      the clock's base time, or {@code null} for a time per move
 * @param increment the clock's increment, or {@code null}
 */
public record TimeControl(Duration perMove, Duration base, Duration increment) {

    private static final Pattern PART = Pattern.compile("(\\d+(?:\\.\\d+)?)(ms|s|m|h)");

    public TimeControl {
        if ((perMove == null) == (base == null)) {
            throw new IllegalArgumentException("a time control is either a time per move or a clock");
        }
        if (perMove != null && (perMove.isNegative() || perMove.isZero())) {
            throw new IllegalArgumentException("the time per move must be positive");
        }
        if (base != null && (base.isNegative() || base.isZero() || increment == null || increment.isNegative())) {
            throw new IllegalArgumentException("a clock needs a positive base time and an increment of 0 or more");
        }
    }

    /** A fixed time for every move. */
    public static TimeControl perMove(Duration d) {
        return new TimeControl(d, null, null);
    }

    /** A clock. */
    public static TimeControl clock(Duration base, Duration increment) {
        return new TimeControl(null, base, increment);
    }

    /** {@code true} for a clock (base + increment). */
    public boolean isClock() {
        return base != null;
    }

    /**
     * Parses {@code 20ms}, {@code 1s}, {@code 5m+2s}.
     *
     * @throws IllegalArgumentException with an example of what is accepted
     */
    public static TimeControl parse(String text) {
        String t = text.trim();
        int plus = t.indexOf('+');
        try {
            if (plus < 0) {
                return perMove(duration(t));
            }
            return clock(duration(t.substring(0, plus)), duration(t.substring(plus + 1)));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--time '" + text + "': " + e.getMessage()
                    + " (a time per move such as 20ms, 1s, 1.5s or 2m, or a clock such as 5m+2s)");
        }
    }

    private static Duration duration(String s) {
        Matcher m = PART.matcher(s.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + s.trim() + "' is not a number followed by ms, s, m or h");
        }
        double value = Double.parseDouble(m.group(1));
        double millis = switch (m.group(2)) {
            case "ms" -> value;
            case "s" -> value * 1000;
            case "m" -> value * 60_000;
            default -> value * 3_600_000;
        };
        if (millis > 86_400_000L * 7) {
            throw new IllegalArgumentException("'" + s.trim() + "' is more than a week");
        }
        return Duration.ofNanos(Math.round(millis * 1_000_000));
    }

    /** The time the referee gives a move when nothing else is set: the time per move, or the whole base plus one increment. */
    public Duration refereeTimePerMove() {
        return perMove != null ? perMove : base.plus(increment);
    }

    @Override
    public String toString() {
        return perMove != null ? text(perMove) : text(base) + "+" + text(increment);
    }

    private static String text(Duration d) {
        long ms = d.toMillis();
        if (ms % 3_600_000 == 0 && ms > 0) {
            return ms / 3_600_000 + "h";
        }
        if (ms % 60_000 == 0 && ms > 0) {
            return ms / 60_000 + "m";
        }
        if (ms % 1000 == 0) {
            return ms / 1000 + "s";
        }
        return ms + "ms";
    }
}
