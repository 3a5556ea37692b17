package org.boardlab.workbench.inspector;

/**
 * How the inspector's UI-thread work goes: the timer's ticks (how often, how long, the longest gap
 * between two) for tests, and, when the system property {@value #PROPERTY} is {@code true}, a line
 * on standard error every 5 s with the ticks, the drawing of the list and how far a filter is behind.
 * Kept out of the view so that the view only shows things.
 */
final class InspectorTiming {

    /** The system property that turns the report on. */
    static final String PROPERTY = "boardlab.inspector.timing";

    private final boolean reporting = Boolean.getBoolean(PROPERTY);
    private long lastTickNanos;
    private long longestTickGapNanos;
    private long longestTickWorkNanos;
    private long ticks;
    // the report's figures since its last line
    private long since;
    private long periodTicks;
    private long periodTickNanos;
    private long periodLongestTick;
    private long periodEnd;
    private long periodChoicesNanos;
    private long periodMostBehind;

    /** A tick started at {@code startNanos}. */
    void tickStarted(long startNanos) {
        if (lastTickNanos != 0) {
            longestTickGapNanos = Math.max(longestTickGapNanos, startNanos - lastTickNanos);
        }
        lastTickNanos = startNanos;
        ticks++;
    }

    /** Runs {@code work}, the UI timer's tick, and measures it (see {@link #tickStarted}, {@link #tickEnded}). */
    void tick(Runnable work, InspectorModel model, MessageList list) {
        long now = System.nanoTime();
        tickStarted(now);
        work.run();
        tickEnded(now, System.nanoTime() - now, model, list);
    }

    /** Runs {@code offer}, which offers the filter choices, and counts its time. */
    void choices(Runnable offer) {
        long start = System.nanoTime();
        offer.run();
        choices(System.nanoTime() - start);
    }

    /** Offering the filter choices took {@code nanos}. */
    void choices(long nanos) {
        periodChoicesNanos += nanos;
    }

    /** The tick that started at {@code startNanos} took {@code tookNanos}; reports every 5 s if asked to. */
    void tickEnded(long startNanos, long tookNanos, InspectorModel model, MessageList list) {
        longestTickWorkNanos = Math.max(longestTickWorkNanos, tookNanos);
        if (!reporting) {
            return;
        }
        periodTicks++;
        if (model.filtered()) {
            periodMostBehind = Math.max(periodMostBehind, model.filterBehind());
        }
        periodTickNanos += tookNanos;
        periodLongestTick = Math.max(periodLongestTick, tookNanos);
        if (since == 0) {
            since = startNanos;
        } else if (startNanos - since >= 5_000_000_000L) {
            long[] paints = list.takePaintTimes();
            MessageStore store = model.store();
            double seconds = (startNanos - since) / 1e9;
            System.err.printf("boardlab: inspector over %.1f s: %d ticks took %.1f ms in all (longest %.1f ms; filter choices"
                    + " %.1f ms in all), %d draws of the list took %.1f ms in all (longest %.1f ms); %,d messages kept, %,d rows,"
                    + " %,d arrived in this time%s%n", seconds, periodTicks, periodTickNanos / 1e6, periodLongestTick / 1e6,
                    periodChoicesNanos / 1e6, paints[0], paints[1] / 1e6, paints[2] / 1e6, store.size(), model.rowCount(),
                    store.end() - periodEnd, model.filtered() ? String.format(java.util.Locale.ROOT,
                            "; the filter is %,d messages behind (%,d most in this time)", model.filterBehind(), periodMostBehind) : "");
            periodMostBehind = 0;
            periodChoicesNanos = 0;
            since = startNanos;
            periodEnd = store.end();
            periodTicks = 0;
            periodTickNanos = 0;
            periodLongestTick = 0;
        }
    }

    /** The longest time between two ticks so far, in nanoseconds. */
    long longestTickGapNanos() {
        return longestTickGapNanos;
    }

    /** The longest time one tick took, in nanoseconds. */
    long longestTickWorkNanos() {
        return longestTickWorkNanos;
    }

    /** How many ticks ran. */
    long ticks() {
        return ticks;
    }
}
