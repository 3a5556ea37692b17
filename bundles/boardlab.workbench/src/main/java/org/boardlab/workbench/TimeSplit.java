package org.boardlab.workbench;

import org.boardlab.core.MatchJournal;

/**
 * A move's time in words, split as its journal has it: the whole (the referee's clock), then the
 * network (a client's move: from the update leaving to the move arriving), the player's thinking (a
 * player inside boardlab, or measured by its player host), the player host's own overhead (a player
 * in a process of its own: the pipe, encoding, the host's threads) and the rest (queueing, hand-overs, GC), in milliseconds. The Match view's
 * move list and the inspector's board at a message say it the same way.
 */
public final class TimeSplit {

    private TimeSplit() {
    }

    /**
     * E.g. {@code 120 ms: thinking 118, rest 2}, {@code 340 ms: network 338, rest 2}, {@code 41 ms: thinking 40, host 0.3, rest 0.7}, {@code 0.4 ms:
     * thinking 0.3, rest 0.1},
     * {@code played by the referee} (a forced move, such as a pass), or empty when the times are not
     * known (a game imported from a record).
     */
    public static String of(MatchJournal.Entry entry) {
        if (entry.forced()) {
            return "played by the referee";
        }
        MatchJournal.MoveTimes t = entry.times();
        if (t.elapsedNanos() < 0) {
            return "";
        }
        StringBuilder text = new StringBuilder(millis(t.elapsedNanos()));
        String sep = ": ";
        if (t.networkNanos() >= 0) {
            text.append(sep).append("network ").append(number(t.networkNanos()));
            sep = ", ";
        }
        if (t.thinkingNanos() >= 0) {
            text.append(sep).append("thinking ").append(number(t.thinkingNanos()));
            sep = ", ";
        }
        if (t.hostNanos() >= 0) {
            text.append(sep).append("host ").append(number(t.hostNanos()));
            sep = ", ";
        }
        if (sep.equals(", ")) {
            text.append(", rest ").append(number(t.restNanos()));
        }
        return text.toString();
    }

    /** {@code 0.3 ms} below 10 ms, {@code 120 ms} below a second, {@code 3.4 s} from a second on. */
    public static String millis(long nanos) {
        return nanos < 1_000_000_000L ? number(nanos) + " ms" : String.format(java.util.Locale.ROOT, "%.1f s", nanos / 1e9);
    }

    /** Milliseconds, with a tenth below 10 ms: {@code 0.3}, {@code 7.5}, {@code 120}. */
    private static String number(long nanos) {
        return nanos < 10_000_000L ? String.format(java.util.Locale.ROOT, "%.1f", nanos / 1e6) : Long.toString(nanos / 1_000_000);
    }
}
