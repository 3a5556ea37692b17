package org.boardlab.core.internal;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.logging.ConsoleHandler;
import java.util.logging.Formatter;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * boardlab's one logger, as the console shows it. Every bundle logs through
 * {@link java.util.logging} (a {@code Logger} named by its class, under {@code org.boardlab});
 * while the framework runs, this handler prints those records on standard error as one line each,
 * {@code boardlab: ...} (with the level when it is not a warning, and the stack trace of a
 * {@linkplain LogRecord#getThrown() thrown} exception), and they do not also go to the JDK's
 * default two-line console format. Outside the framework (unit tests, the load generator) the
 * JDK's default handler prints them.
 *
 * <p>Why {@code java.util.logging}: it is in the JDK, so no bundle is added to the product and a
 * class that runs outside OSGi (a client in a test or a benchmark) logs the same way; Netty logs
 * through it too when no SLF4J is present; Felix's product has no OSGi Log Service implementation,
 * and one would need code that tracks a service in every logging class. A user changes what is
 * shown the standard way: {@code -Djava.util.logging.config.file=...} with a level for
 * {@code org.boardlab}.
 */
final class ConsoleLog {

    private static final Logger BOARDLAB = Logger.getLogger("org.boardlab");
    private static Handler installed;

    private ConsoleLog() {
    }

    /** Installs the handler on the {@code org.boardlab} logger (once; again after {@link #remove}). */
    static synchronized void install() {
        if (installed != null) {
            return;
        }
        Handler handler = new ConsoleHandler();
        handler.setLevel(Level.ALL);
        handler.setFormatter(new Formatter() {
            @Override
            public String format(LogRecord r) {
                StringBuilder sb = new StringBuilder("boardlab: ");
                if (r.getLevel() != Level.WARNING) {
                    sb.append(r.getLevel().getName().toLowerCase()).append(": ");
                }
                sb.append(formatMessage(r)).append(System.lineSeparator());
                if (r.getThrown() != null) {
                    StringWriter trace = new StringWriter();
                    r.getThrown().printStackTrace(new PrintWriter(trace));
                    sb.append(trace);
                }
                return sb.toString();
            }
        });
        BOARDLAB.addHandler(handler);
        BOARDLAB.setUseParentHandlers(false);
        installed = handler;
    }

    /** Takes the handler off again (when core stops), so that a restarted framework installs one. */
    static synchronized void remove() {
        if (installed != null) {
            BOARDLAB.removeHandler(installed);
            BOARDLAB.setUseParentHandlers(true);
            installed = null;
        }
    }
}
