package org.boardlab.core;

/**
 * A handle on a listener; closing it removes the listener. Closing cannot fail and may be repeated,
 * so callers need no {@code try}/{@code catch} around it.
 */
@FunctionalInterface
public interface Subscription extends AutoCloseable {

    /** Removes the listener; closing twice does nothing. */
    @Override
    void close();
}
