package org.boardlab.server.internal;

import org.boardlab.server.Connection.Refusal;

/**
 * Counts the messages one connection's session refuses in a row and decides what each gets (see
 * {@link org.boardlab.server.Connection#refuse()}): a token bucket for the answers, refilled when
 * something is accepted, and a count of refusals in a row for closing the connection. The clock is
 * passed in, so the rules are tested without waiting.
 */
final class RefusalLimiter {

    /** Refusals in a row answered at once: a whole 8x8 board of tries. */
    static final int BURST = 64;
    /** Answers per second after the burst. */
    static final int PER_SECOND = 1;
    /** Refusals in a row allowed; one more closes the connection. */
    static final int CLOSE_AFTER = 128;

    private double tokens = BURST;
    private long refilledAt;
    private int inARow;
    private boolean started;
    /** Once told to close, the frames still arriving in the same read are not answered (nor closed twice). */
    private boolean closing;

    synchronized Refusal refuse(long now) {
        if (closing) {
            return Refusal.QUIET;
        }
        if (!started) {
            started = true;
            refilledAt = now;
        }
        inARow++;
        if (inARow > CLOSE_AFTER) {
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

    /** Something the client sent was accepted: the count starts again, with a full burst. */
    synchronized void accepted() {
        inARow = 0;
        tokens = BURST;
    }
}
