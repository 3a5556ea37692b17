package org.boardlab.cli.internal;

import java.util.Set;
import org.boardlab.store.Stores;

/**
 * Which database a command line will open, read from its words before picocli parses it, so that
 * boardlab.cli can start opening it while the other bundles start ({@link Stores#openAhead}).
 */
final class StoreAhead {

    /** The commands that open their database before their first game or answer (ServeCommand's and ConformCommand's depend on other options). */
    static final Set<String> COMMANDS = Set.of("match", "tournament", "games", "ratings", "bugs");

    private StoreAhead() {
    }

    /**
     * The database {@code args} will open: the value of its {@code --db} ({@code ""} for the default),
     * or {@code null} when the command opens none at once or the line asks for help or the version.
     */
    static String database(String[] args) {
        String command = null;
        String db = "";
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("--help") || a.equals("-h") || a.equals("--version") || a.equals("-V")) {
                return null;
            }
            if (a.equals("--db") && i + 1 < args.length) {
                db = args[++i];
            } else if (a.startsWith("--db=")) {
                db = a.substring("--db=".length());
            } else if (command == null && !a.startsWith("-")) {
                command = a;
            }
        }
        return command != null && COMMANDS.contains(command) ? db : null;
    }
}
