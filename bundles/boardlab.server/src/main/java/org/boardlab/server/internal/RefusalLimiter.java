package org.boardlab.server.internal;

import org.boardlab.server.Connection.Refusal;

/**
 * Counts the messages one connection's session refuses and decides what each gets (see
 * {@link org.boardlab.server.Connection#refuse()}): a token bucket for the answers, and a window for
 * closing the connection. The clock is passed in, so the rules are tested without waiting.
 */
final class RefusalLimiter {

    /** Answers that may be sent at once. */
    static final int BURST = 5;
    /** Answers allowed per second after the burst. */
    static final int PER_SECOND = 1;
    /** Refused messages allowed within {@link #WINDOW_NANOS}; one more closes the connection. */
    static final int CLOSE_AFTER = 30;
    static final long WINDOW_NANOS = 10_000_000_000L;

    private double tokens = BURST;
    private long refilledAt;
    private long windowStart;
    private int inWindow;
    private boolean started;
    /** Once told to close, the frames still arriving in the same read are not answered (nor closed twice). */
    private boolean closing;

    synchronized Refusal refuse(long now) {
        if (!started) {
            started = true;
            refilledAt = now;
            windowStart = now;
        }
        if (now - windowStart >= WINDOW_NANOS) {
            windowStart = now;
            inWindow = 0;
        }
        if (closing) {
            return Refusal.QUIET;
        }
        inWindow++;
        if (inWindow > CLOSE_AFTER) {
            closing = true;
            return Refusal.CLOSE;
        }
        tokens = Math.min(BURST, tokens + (now - refilledAt) / 1e9 * PER_SECOND);
        refilledAt = now;
        if (tokens >= 1) {
            tokens -= 1;
            return Refusal.ANSWER;
        }
        return Refusal.QUIET;
    }
}
