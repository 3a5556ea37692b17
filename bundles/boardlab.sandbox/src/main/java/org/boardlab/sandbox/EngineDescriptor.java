package org.boardlab.sandbox;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.boardlab.core.PlayerLimits;

/**
 * An engine (a program in any language) as a player, described by a small file in the players folder,
 * {@code ID.engine}, in Java properties form:
 *
 * <pre>
 * # players/simple.engine: a Gomoku engine speaking the Gomocup protocol
 * protocol = gomocup
 * command = python3 simple.py
 * description = my first Gomoku engine
 * memory = 256
 * threads = 16
 * cpu-per-move = 0
 * </pre>
 *
 * <p>{@code protocol} and {@code command} are required. The command is split at blanks; a word that
 * names a file or folder beside the descriptor (such as {@code simple.py}) is made absolute, and only
 * those files, and a folder named like the engine ({@code simple/}) if there is one, are visible to
 * the engine (read-only). A program without a {@code /} is looked up in {@code /usr/local/bin},
 * {@code /usr/bin}, {@code /bin}. {@code memory} is the whole process's memory in MB (default 256),
 * {@code threads} its threads and processes (default 16), {@code cpu-per-move} its CPU seconds from
 * one answer to the next (default 0: the time per move). Other keys are the protocol's own settings.
 *
 * @param id          the player's id: the file's name without {@code .engine}
 * @param protocol    the protocol's id ({@code gomocup}, {@code nboard}, {@code seed001})
 * @param command     the program and its arguments, paths made absolute
 * @param files       what the engine may read: the files its command names, its own folder
 * @param description one line for people
 * @param limits      its limits ({@link PlayerLimits#heapMegabytes()} is the process's memory)
 * @param settings    every key of the file, for the protocol's own settings
 * @param file        the descriptor
 */
public record EngineDescriptor(String id, String protocol, List<String> command, List<Path> files, String description,
        PlayerLimits limits, Map<String, String> settings, Path file) {

    /** How a descriptor's name ends. */
    public static final String SUFFIX = ".engine";

    private static final List<String> PATH = List.of("/usr/local/bin", "/usr/bin", "/bin");

    public EngineDescriptor {
        command = List.copyOf(command);
        files = List.copyOf(files);
        settings = Map.copyOf(settings);
    }

    /**
     * Reads a descriptor.
     *
     * @throws IOException              if it cannot be read
     * @throws IllegalArgumentException if it lacks {@code protocol} or {@code command}, or a number is wrong; the message says which
     */
    public static EngineDescriptor read(Path file) throws IOException {
        Properties p = new Properties();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(in);
        }
        Map<String, String> settings = new LinkedHashMap<>();
        for (String key : p.stringPropertyNames()) {
            settings.put(key, p.getProperty(key).trim());
        }
        String name = file.getFileName().toString();
        String id = name.endsWith(SUFFIX) ? name.substring(0, name.length() - SUFFIX.length()) : name;
        String protocol = settings.get("protocol");
        if (protocol == null || protocol.isEmpty()) {
            throw new IllegalArgumentException(name + " has no protocol = ... line (gomocup, nboard or seed001)");
        }
        String line = settings.get("command");
        if (line == null || line.isEmpty()) {
            throw new IllegalArgumentException(name + " has no command = ... line (e.g. command = python3 " + id + ".py)");
        }
        Path folder = file.toAbsolutePath().getParent();
        List<String> command = new ArrayList<>();
        List<Path> files = new ArrayList<>();
        for (String word : line.split("\\s+")) {
            if (word.isEmpty()) {
                continue;
            }
            if (command.isEmpty() && !word.contains("/")) {
                String found = null;
                for (String dir : PATH) {
                    if (Files.isExecutable(Path.of(dir, word))) {
                        found = Path.of(dir, word).toString();
                        break;
                    }
                }
                if (found == null && !Files.exists(folder.resolve(word))) {
                    throw new IllegalArgumentException(name + ": the program " + word + " is not in /usr/local/bin, /usr/bin or /bin");
                }
                if (found != null) {
                    command.add(found);
                    continue;
                }
            }
            Path beside = folder.resolve(word).normalize();
            if (!word.startsWith("-") && beside.startsWith(folder) && Files.exists(beside)) {
                command.add(beside.toString());
                files.add(beside);
            } else {
                command.add(word);
            }
        }
        Path own = folder.resolve(id);
        if (Files.isDirectory(own)) {
            files.add(own);
        }
        PlayerLimits limits = PlayerLimits.DEFAULT.withThreads(16)
                .withHeapMegabytes(number(settings, "memory", 256, name))
                .withThreads(number(settings, "threads", 16, name))
                .withCpuPerMove(Duration.ofMillis(Math.round(1000 * Double.parseDouble(settings.getOrDefault("cpu-per-move", "0")))));
        String description = settings.getOrDefault("description", "an engine speaking " + protocol + ": " + line);
        return new EngineDescriptor(id, protocol, command, files, description, limits, settings, file);
    }

    private static int number(Map<String, String> settings, String key, int fallback, String name) {
        String v = settings.get(key);
        if (v == null) {
            return fallback;
        }
        try {
            return Integer.parseInt(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + ": " + key + " must be a whole number, not " + v);
        }
    }
}
