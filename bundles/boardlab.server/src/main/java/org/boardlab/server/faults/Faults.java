package org.boardlab.server.faults;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The faults injected into one direction of a connection, all at once, in this order: a drop
 * (after a number of bytes, or at random), bit flips, then the time a write is held (delay plus
 * jitter, then the bandwidth), a pause, merging, and splitting into 1-byte writes.
 *
 * @param delayMillis      every write is held this long (0: not held)
 * @param jitterMillis     and a further random 0..this (uniform); order is kept, so a later write is never sent
 *                         before an earlier one
 * @param bytesPerSecond   the bandwidth: writes leave no faster than this (0: unlimited)
 * @param dropAfterBytes   the connection is closed once this many bytes went this way; the bytes beyond are not sent
 *                         ({@code -1}: never)
 * @param dropRate         the chance, for every write, that the connection is closed there instead of sending it (0..1)
 * @param split            every write goes out as writes of 1 byte each (each flushed on its own)
 * @param mergeMillis      writes are held this long and sent together as one write (0: not merged)
 * @param flipRate         the chance, for every byte, that one of its bits is flipped (0..1)
 * @param paused           nothing goes this way until the pause is lifted (what is sent meanwhile is held, then sent in order)
 */
public record Faults(long delayMillis, long jitterMillis, long bytesPerSecond, long dropAfterBytes, double dropRate,
        boolean split, long mergeMillis, double flipRate, boolean paused) {

    /** No fault: bytes pass at once, unchanged. */
    public static final Faults NONE = new Faults(0, 0, 0, -1, 0, false, 0, 0, false);

    public Faults {
        if (delayMillis < 0 || jitterMillis < 0 || bytesPerSecond < 0 || mergeMillis < 0 || dropAfterBytes < -1) {
            throw new IllegalArgumentException("a time, a bandwidth or a byte count cannot be negative");
        }
        if (!(dropRate >= 0 && dropRate <= 1) || !(flipRate >= 0 && flipRate <= 1)) {
            throw new IllegalArgumentException("a rate is a chance between 0 and 1");
        }
    }

    /** {@code true} if nothing is injected. */
    public boolean none() {
        return equals(NONE);
    }

    public Faults withDelay(long millis) {
        return new Faults(millis, jitterMillis, bytesPerSecond, dropAfterBytes, dropRate, split, mergeMillis, flipRate, paused);
    }

    public Faults withJitter(long millis) {
        return new Faults(delayMillis, millis, bytesPerSecond, dropAfterBytes, dropRate, split, mergeMillis, flipRate, paused);
    }

    public Faults withBandwidth(long bytesPerSecond) {
        return new Faults(delayMillis, jitterMillis, bytesPerSecond, dropAfterBytes, dropRate, split, mergeMillis, flipRate, paused);
    }

    public Faults withDropAfter(long bytes) {
        return new Faults(delayMillis, jitterMillis, bytesPerSecond, bytes, dropRate, split, mergeMillis, flipRate, paused);
    }

    public Faults withDropRate(double rate) {
        return new Faults(delayMillis, jitterMillis, bytesPerSecond, dropAfterBytes, rate, split, mergeMillis, flipRate, paused);
    }

    public Faults withSplit(boolean on) {
        return new Faults(delayMillis, jitterMillis, bytesPerSecond, dropAfterBytes, dropRate, on, mergeMillis, flipRate, paused);
    }

    public Faults withMerge(long millis) {
        return new Faults(delayMillis, jitterMillis, bytesPerSecond, dropAfterBytes, dropRate, split, millis, flipRate, paused);
    }

    public Faults withFlip(double rate) {
        return new Faults(delayMillis, jitterMillis, bytesPerSecond, dropAfterBytes, dropRate, split, mergeMillis, rate, paused);
    }

    public Faults withPaused(boolean on) {
        return new Faults(delayMillis, jitterMillis, bytesPerSecond, dropAfterBytes, dropRate, split, mergeMillis, flipRate, on);
    }

    /** The faults as items of a profile ({@code delay=20ms}, {@code split}, ...), in a fixed order; empty for {@link #NONE}. */
    public List<String> items() {
        List<String> items = new ArrayList<>();
        if (delayMillis > 0) {
            items.add("delay=" + delayMillis + "ms");
        }
        if (jitterMillis > 0) {
            items.add("jitter=" + jitterMillis + "ms");
        }
        if (bytesPerSecond > 0) {
            items.add("bandwidth=" + bytesPerSecond);
        }
        if (dropAfterBytes >= 0) {
            items.add("drop-after=" + dropAfterBytes);
        }
        if (dropRate > 0) {
            items.add("drop-rate=" + number(dropRate));
        }
        if (flipRate > 0) {
            items.add("flip=" + number(flipRate));
        }
        if (mergeMillis > 0) {
            items.add("merge=" + mergeMillis + "ms");
        }
        if (split) {
            items.add("split");
        }
        if (paused) {
            items.add("pause");
        }
        return items;
    }

    static String number(double d) {
        String s = String.format(Locale.ROOT, "%.6f", d);
        s = s.replaceAll("0+$", "");
        return s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
    }
}
