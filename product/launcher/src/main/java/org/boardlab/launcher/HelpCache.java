package org.boardlab.launcher;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The help pages a product jar printed, kept beside its framework cache, so that the next
 * {@code --help} of the same jar, at the same width, is answered without starting the framework.
 *
 * <p>A help page depends only on the jar (its commands and their options are in its bundles) and on
 * the width it is wrapped at; the jar's content key names the folder, and the arguments and the
 * width name the file. The launcher finds the width itself ({@link #columns()}) and hands it to the
 * command line in the system property {@value #WIDTH_PROPERTY}, so that the page printed and the page
 * kept are wrapped alike; a page in colour (for a terminal) and one without are kept apart. Only a command line made of command names and {@code --help} (or
 * {@code -h}) is a help page: anything else may depend on the machine, the players folder or the
 * time, and always goes through the framework.
 */
final class HelpCache {

    /** The width, in columns, that the command line wraps its help at. */
    static final String WIDTH_PROPERTY = "boardlab.help.width";

    /** picocli's narrowest help. */
    private static final int MIN_WIDTH = 55;
    private static final int MAX_WIDTH = 250;
    private static final int DEFAULT_WIDTH = 80;

    private final Path file;
    private final int width;

    private HelpCache(Path file, int width) {
        this.file = file;
        this.width = width;
    }

    /** The width picocli wraps help at for a terminal of {@code columns} columns. */
    static int clamp(int columns) {
        return Math.max(MIN_WIDTH, Math.min(MAX_WIDTH, columns));
    }

    /**
     * {@code true} when picocli prints help in colour (its own rule: a terminal, and the
     * {@code NO_COLOR}/{@code CLICOLOR} conventions): a page kept for a terminal has ANSI escapes
     * that a page for a pipe must not have.
     */
    static boolean colours() {
        return picocli.CommandLine.Help.Ansi.AUTO.enabled();
    }

    /**
     * The cache entry for {@code args} of the jar whose key is {@code key}, wrapped at {@code width}
     * columns; {@code null} if {@code args} is not a request for a help page.
     */
    static HelpCache of(Path root, String key, String[] args, int width) {
        return of(root, key, args, width, false);
    }

    /** The same, for a page in colour ({@code colours}) or not. */
    static HelpCache of(Path root, String key, String[] args, int width, boolean colours) {
        if (!isHelpPage(args)) {
            return null;
        }
        int w = clamp(width);
        return new HelpCache(root.resolve(key).resolve("help").resolve(name(args, w) + (colours ? "-ansi" : "") + ".txt"), w);
    }

    /** {@code true} for {@code --help}, {@code -h}, {@code serve --help}, {@code client gomoku -h} and the like. */
    static boolean isHelpPage(String[] args) {
        if (args.length == 0 || args.length > 4 || !(List.of(args).contains("--help") || List.of(args).contains("-h"))) {
            return false; // (before the pattern below: compiling it costs a command line that asks no help)
        }
        boolean help = false;
        for (String a : args) {
            if (a.equals("--help") || a.equals("-h")) {
                help = true;
            } else if (!a.matches("[a-z][a-z0-9-]{0,31}")) {
                return false;
            }
        }
        return help;
    }

    /** The width help is wrapped at: the terminal's, or 80 columns when the output is not a terminal. */
    static int columns() {
        if (System.console() == null) {
            return DEFAULT_WIDTH;
        }
        try {
            Process stty = new ProcessBuilder("stty", "size").redirectInput(new File("/dev/tty"))
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            String out = new String(stty.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).trim();
            if (!stty.waitFor(2, TimeUnit.SECONDS)) {
                stty.destroyForcibly();
                return DEFAULT_WIDTH;
            }
            String[] rowsColumns = out.split("\\s+");
            int columns = rowsColumns.length == 2 ? Integer.parseInt(rowsColumns[1]) : 0;
            return columns > 0 ? columns : DEFAULT_WIDTH;
        } catch (IOException | NumberFormatException e) {
            return DEFAULT_WIDTH;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return DEFAULT_WIDTH;
        }
    }

    /** The width the page is wrapped at. */
    int width() {
        return width;
    }

    /** The page kept by an earlier run, or {@code null}. */
    byte[] read() {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            return null;
        }
    }

    /** Keeps {@code page} (written whole or not at all); a failure only costs the next run its speed. */
    void write(byte[] page) {
        try {
            Files.createDirectories(file.getParent());
            Path tmp = Files.createTempFile(file.getParent(), "page", ".tmp");
            try {
                Files.write(tmp, page);
                try {
                    Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                } catch (AtomicMoveNotSupportedException e) {
                    Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
                }
            } finally {
                Files.deleteIfExists(tmp);
            }
        } catch (IOException e) {
            // not kept: the next --help starts the framework again
        }
    }

    private static String name(String[] args, int width) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update(String.join("\0", args).getBytes(StandardCharsets.UTF_8));
            sha.update(("\0" + width).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(sha.digest(), 0, 12);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
