package org.boardlab.bench.load;

import java.util.Arrays;

/**
 * Every latency sample of a run, in nanoseconds, kept whole (a run of 30 s at 20,000 moves a second
 * is 600,000 samples, under 5 MB), so the percentiles are exact. Thread-safe; {@link #add} is a
 * short critical section.
 */
final class Latencies {

    private long[] samples = new long[1 << 16];
    private int size;

    synchronized void add(long nanos) {
        if (size == samples.length) {
            samples = Arrays.copyOf(samples, size * 2);
        }
        samples[size++] = nanos;
    }

    /** The samples so far, sorted, and none kept after: the next snapshot holds only later ones. */
    synchronized Snapshot drain() {
        long[] sorted = Arrays.copyOf(samples, size);
        size = 0;
        Arrays.sort(sorted);
        return new Snapshot(sorted);
    }

    /** The samples so far, sorted. */
    synchronized Snapshot snapshot() {
        long[] sorted = Arrays.copyOf(samples, size);
        Arrays.sort(sorted);
        return new Snapshot(sorted);
    }

    /** Sorted samples and their percentiles. */
    static final class Snapshot {
        private final long[] sorted;

        Snapshot(long[] sorted) {
            this.sorted = sorted;
        }

        int count() {
            return sorted.length;
        }

        /**
         * The nearest-rank percentile in milliseconds: the smallest sample that at least {@code p}
         * percent of the samples do not exceed; {@code NaN} without samples.
         */
        double percentileMillis(double p) {
            if (sorted.length == 0) {
                return Double.NaN;
            }
            int rank = (int) Math.ceil(p / 100.0 * sorted.length);
            return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))] / 1e6;
        }

        double maxMillis() {
            return sorted.length == 0 ? Double.NaN : sorted[sorted.length - 1] / 1e6;
        }

        double meanMillis() {
            if (sorted.length == 0) {
                return Double.NaN;
            }
            double sum = 0;
            for (long s : sorted) {
                sum += s;
            }
            return sum / sorted.length / 1e6;
        }
    }
}
