package org.boardlab.store.testing;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The command line of a short test process: a {@code main} of the tests' classes run by this JVM's
 * {@code java} on the tests' class path, as the kill tests start (and kill) the processes they watch.
 *
 * <p>The process runs with {@code -XX:TieredStopAtLevel=1}: only the quick compiler (C1), no
 * optimising one (C2). The processes live from a few hundred milliseconds to a few seconds, far too
 * short for C2's code to pay for itself, and C2 compiles on a core of its own that the test's next
 * process and the test itself would use. Measured on this 2-core machine (2026-11-30, load 8 from
 * other builds, {@code PlayAndStore} on a new H2 file): start to its first stored game 850-2,000 ms,
 * 500-780 ms with C1 only. What the processes do (open the database, store games, be killed) does not
 * depend on the compiler.
 */
public final class TestProcesses {

    private TestProcesses() {
    }

    /** {@code java [jvmOptions] -XX:TieredStopAtLevel=1 -cp <the tests' class path> main args...}. */
    public static List<String> java(List<String> jvmOptions, Class<?> main, String... args) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-XX:TieredStopAtLevel=1");
        command.addAll(jvmOptions);
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(main.getName());
        command.addAll(List.of(args));
        return command;
    }

    /** {@link #java(List, Class, String...)} without JVM options of the caller's. */
    public static List<String> java(Class<?> main, String... args) {
        return java(List.of(), main, args);
    }
}
