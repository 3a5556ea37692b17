package org.boardlab.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * Golden files: text a test produces, compared with a copy kept under the module's
 * {@code src/test/resources}. A difference fails the test with the first line that differs; the
 * whole diff is {@code git diff} after regenerating.
 *
 * <p>To regenerate after a change you mean, run the tests with {@code -Dboardlab.golden.update=true}
 * ({@code scripts/update-golden-files.sh} does it for every module that has golden files), read the
 * diff, and commit the files with the change. CI runs without the property, so it compares.
 *
 * <p>Paths are relative to {@code src/test/resources} of the module the test runs in (Maven runs a
 * module's tests in its folder).
 */
public final class GoldenFile {

    /** The system property that makes {@link #assertMatches} write the files instead of comparing. */
    public static final String UPDATE = "boardlab.golden.update";

    private GoldenFile() {
    }

    /**
     * Checks that {@code actual} is the text of the golden file {@code resource}, or writes it there
     * when {@link #UPDATE} is {@code true}.
     *
     * @throws AssertionError if the file is missing or differs; the message names the file, the
     *                        first line that differs and how to regenerate
     */
    public static void assertMatches(String resource, String actual) {
        Objects.requireNonNull(actual, "actual");
        Path file = Path.of("src", "test", "resources").resolve(resource);
        try {
            if (Boolean.getBoolean(UPDATE)) {
                Files.createDirectories(file.getParent());
                Files.writeString(file, actual, StandardCharsets.UTF_8);
                return;
            }
            if (!Files.exists(file)) {
                throw new AssertionError("the golden file " + file + " is missing; write it with -D" + UPDATE + "=true"
                        + " (scripts/update-golden-files.sh) and commit it");
            }
            String expected = Files.readString(file, StandardCharsets.UTF_8);
            if (!expected.equals(actual)) {
                throw new AssertionError("the output differs from the golden file " + file + " " + firstDifference(expected, actual)
                        + "; if the change is meant, regenerate with scripts/update-golden-files.sh and commit the diff");
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read or write the golden file " + file, e);
        }
    }

    private static String firstDifference(String expected, String actual) {
        List<String> e = expected.lines().toList();
        List<String> a = actual.lines().toList();
        for (int i = 0; i < Math.max(e.size(), a.size()); i++) {
            String el = i < e.size() ? e.get(i) : "(end of file)";
            String al = i < a.size() ? a.get(i) : "(end of output)";
            if (!el.equals(al)) {
                return "at line " + (i + 1) + ": expected '" + el + "' but got '" + al + "'";
            }
        }
        return "in its line ends";
    }
}
