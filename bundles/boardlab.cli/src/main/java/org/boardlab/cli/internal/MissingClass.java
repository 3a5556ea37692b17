package org.boardlab.cli.internal;

import java.util.Optional;
import java.util.function.Function;

/**
 * A class that could not be loaded while a command ran ({@link NoClassDefFoundError}), told as a
 * person reads it: the JVM's own message is the bare class path ({@code org/foo/Bar}), which says
 * neither what failed nor why. In boardlab it means a bundle is missing, did not resolve, or was
 * replaced or removed (the players folder) while its classes were in use.
 */
public final class MissingClass {

    private static final String NOT_INITIALIZED = "Could not initialize class ";

    private MissingClass() {
    }

    /** The {@link NoClassDefFoundError} among {@code e} and its causes, if any. */
    public static Optional<NoClassDefFoundError> in(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof NoClassDefFoundError n) {
                return Optional.of(n);
            }
        }
        return Optional.empty();
    }

    /**
     * What {@code command} could not do, e.g. {@code boardlab match: failed: the class org.foo.Bar, which
     * org.boardlab.game.foo.FooGame needs, cannot be loaded: no installed bundle exports the package org.foo.
     * A bundle is missing, did not start, or was replaced while it was in use (NoClassDefFoundError)}.
     *
     * @param command the command, e.g. {@code boardlab match}
     * @param origin  what the framework knows of the class's package (see {@link org.boardlab.cli.Services#classOrigin}), by class name
     */
    public static String describe(String command, NoClassDefFoundError e, Function<String, Optional<String>> origin) {
        String message = e.getMessage() == null ? "" : e.getMessage();
        StackTraceElement[] trace = e.getStackTrace();
        String neededBy = trace.length == 0 ? null : trace[0].getClassName();
        StringBuilder text = new StringBuilder(command).append(": failed: ");
        if (message.startsWith(NOT_INITIALIZED)) {
            String name = message.substring(NOT_INITIALIZED.length());
            text.append("the class ").append(name).append(" is not usable: its static initializer failed earlier in this run");
            if (neededBy != null && !neededBy.equals(name)) {
                text.append(" (needed by ").append(neededBy).append(')');
            }
            return text.append(" (NoClassDefFoundError)").toString();
        }
        String name = message.replace('/', '.');
        text.append(name.isEmpty() ? "a class" : "the class " + name);
        if (neededBy != null && !neededBy.equals(name)) {
            text.append(", which ").append(neededBy).append(" needs,");
        }
        text.append(" cannot be loaded");
        Optional<String> where = name.isEmpty() ? Optional.empty() : origin.apply(name);
        where.ifPresent(w -> text.append(": ").append(w));
        return text.append(". A bundle is missing, did not start, or was replaced while it was in use (NoClassDefFoundError)")
                .toString();
    }
}
