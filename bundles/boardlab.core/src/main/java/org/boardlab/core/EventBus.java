package org.boardlab.core;

import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.inject.Named;
import javax.inject.Singleton;
import org.boardlab.api.event.BoardlabEvent;
import org.boardlab.api.event.EventListener;

/**
 * The one stream of boardlab events. Publishing calls every listener on the publisher's thread, in
 * subscription order; a listener that throws is reported on standard error and counted, and the
 * others still get the event. Listeners must return quickly (see {@link EventListener}).
 */
@Named
@Singleton
public final class EventBus {

    private static final Logger LOG = Logger.getLogger(EventBus.class.getName());

    /** A listener and the kinds of event it wants ({@code BoardlabEvent} for all). */
    private record Listening(EventListener listener, java.util.List<Class<? extends BoardlabEvent>> kinds) {
        boolean wants(Class<?> kind) {
            for (Class<? extends BoardlabEvent> k : kinds) {
                if (k.isAssignableFrom(kind)) {
                    return true;
                }
            }
            return false;
        }
    }

    private final CopyOnWriteArrayList<Listening> listeners = new CopyOnWriteArrayList<>();
    private final AtomicLong listenerFailures = new AtomicLong();

    /**
     * Adds a listener until the returned handle is closed.
     *
     * @return closing it removes the listener; closing twice does nothing
     */
    public Subscription subscribe(EventListener listener) {
        return subscribe(listener, BoardlabEvent.class);
    }

    /**
     * Adds a listener for some kinds of event only (e.g. {@code WireEvent.class}), until the returned
     * handle is closed. Publishers of costly events ask {@link #hasListeners(Class)} first.
     */
    @SafeVarargs
    public final Subscription subscribe(EventListener listener, Class<? extends BoardlabEvent>... kinds) {
        Listening subscription = new Listening(listener, java.util.List.of(kinds));
        listeners.add(subscription);
        return () -> listeners.remove(subscription);
    }

    /** Delivers {@code event} to every listener. */
    public void publish(BoardlabEvent event) {
        for (Listening subscription : listeners) {
            if (!subscription.wants(event.getClass())) {
                continue;
            }
            try {
                subscription.listener().onEvent(event);
            } catch (RuntimeException | LinkageError e) {
                listenerFailures.incrementAndGet();
                LOG.log(Level.WARNING, "an event listener failed on " + event.getClass().getSimpleName() + ": " + e, e);
            }
        }
    }

    /** {@code true} when somebody listens: publishers may skip building events otherwise. */
    public boolean hasListeners() {
        return !listeners.isEmpty();
    }

    /** {@code true} when somebody listens to events of {@code kind}. */
    public boolean hasListeners(Class<? extends BoardlabEvent> kind) {
        for (Listening subscription : listeners) {
            if (subscription.wants(kind)) {
                return true;
            }
        }
        return false;
    }

    /** How many times a listener threw. */
    public long listenerFailures() {
        return listenerFailures.get();
    }

    /** Microseconds since the epoch, the time unit of every event. */
    public static long nowMicros() {
        java.time.Instant now = java.time.Instant.now();
        return now.getEpochSecond() * 1_000_000L + now.getNano() / 1_000;
    }
}
