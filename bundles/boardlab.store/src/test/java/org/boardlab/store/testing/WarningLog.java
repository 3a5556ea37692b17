package org.boardlab.store.testing;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * Keeps the WARNING (and worse) messages a class's logger writes from {@link #of} until
 * {@link #close}: what a test asserts the store said (a repair, a commit whose answer was lost).
 */
public final class WarningLog extends Handler implements AutoCloseable {

    /** Held here: a logger that only the log manager knows may be collected (and made again, without this handler). */
    private final Logger log;
    private final List<String> messages = new CopyOnWriteArrayList<>();

    private WarningLog(Logger log) {
        this.log = log;
    }

    /** Starts keeping the warnings of {@code source}'s logger (named after the class). */
    public static WarningLog of(Class<?> source) {
        WarningLog w = new WarningLog(Logger.getLogger(source.getName()));
        w.log.addHandler(w);
        return w;
    }

    /** The messages kept so far, in order (a live list: {@code clear()} forgets them). */
    public List<String> messages() {
        return messages;
    }

    @Override
    public void publish(LogRecord r) {
        if (r.getLevel().intValue() >= Level.WARNING.intValue()) {
            messages.add(r.getMessage());
        }
    }

    @Override
    public void flush() {
    }

    /** Stops keeping (the messages kept stay readable). */
    @Override
    public void close() {
        log.removeHandler(this);
    }
}
