package org.boardlab.launcher;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;

/**
 * For the run of {@code ./boardlab} that records a class-data archive ({@code -XX:ArchiveClassesAtExit}):
 * links the classes the bundles loaded, so that the archive holds them.
 *
 * <p>The JVM archives only the classes of the bundles' class loaders that are linked when it writes
 * the archive, at exit. Many are loaded but never linked: the verifier loads a class to check that it
 * may be assigned to another (H2's parser loads its ~250 command and expression classes so, Guice and
 * Guava a hundred), and a class only named in a signature is loaded without being linked. Every later
 * run loads them again, from the bundle's jar, through Felix (a {@code list} about 300 classes, a
 * {@code match} about 470: the verifier's checks of the archived classes still ask for them). So the
 * run that records the archive is also asked to log the classes it loads
 * ({@code -Xlog:class+load:file=FILE:none}, {@code -Dboardlab.cds.classLog=FILE}), and once its command
 * has ended it links each one the product's bundles loaded (reflection links a class: its declared
 * fields are asked for), and then those that linking loaded, until none is left.
 */
final class ArchiveLinks {

    /** The system property naming the class-load log of this run. */
    static final String PROPERTY = "boardlab.cds.classLog";

    /** How many times the log is read again for the classes that the last round's linking loaded. */
    private static final int ROUNDS = 6;

    private ArchiveLinks() {
    }

    /** The log named by {@value #PROPERTY}, or {@code null}. */
    static Path log() {
        String file = System.getProperty(PROPERTY);
        return file == null || file.isBlank() ? null : Path.of(file);
    }

    private static boolean linked;

    /**
     * When this run records an archive ({@link #log()}), links its bundles' classes ({@link #link}) once:
     * when the command has ended, or in a shutdown hook when a signal ends the run first. A second caller
     * waits until the first has finished, so the launcher does not stop the framework under the hook's
     * linking (a {@code serve} ended by a signal: its command ends while the hook links).
     */
    static synchronized void linkOnce(BundleContext context) {
        Path log = log();
        if (log != null && !linked) {
            linked = true;
            int n = link(context, log);
            Timing.mark("linked " + n + " classes for the class-data archive");
        }
    }

    /**
     * Links the classes {@code log} says the product's bundles in {@code context}'s framework loaded.
     *
     * @return how many were linked
     */
    static int link(BundleContext context, Path log) {
        Set<String> done = new HashSet<>();
        int linked = 0;
        for (int round = 0; round < ROUNDS; round++) {
            List<String> lines;
            try {
                lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            } catch (IOException e) {
                return linked;
            }
            int before = linked;
            for (String line : lines) {
                int source = line.indexOf(" source: " + Main.LOCATION);
                if (source < 0) {
                    continue;
                }
                String name = line.substring(line.lastIndexOf(' ', source - 1) + 1, source);
                String location = line.substring(source + " source: ".length()).trim();
                if (!done.add(name)) {
                    continue;
                }
                Bundle b;
                try {
                    b = context.getBundle(location);
                } catch (IllegalStateException e) {
                    return linked; // the framework stopped under us: what is linked so far is archived
                }
                if (b == null) {
                    continue;
                }
                try {
                    b.loadClass(name).getDeclaredFields(); // links the class (and loads its fields' types)
                    linked++;
                } catch (ClassNotFoundException | LinkageError | RuntimeException e) {
                    // a class that cannot be linked in this set (a missing optional dependency): not archived, as before
                }
            }
            if (linked == before) {
                break;
            }
        }
        return linked;
    }
}
