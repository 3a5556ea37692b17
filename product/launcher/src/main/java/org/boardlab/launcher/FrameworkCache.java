package org.boardlab.launcher;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Felix's bundle cache, kept between runs of the same product jar.
 *
 * <p>Layout: {@code ROOT/KEY/slot-N/} is one framework's storage, where {@code KEY} is the product's
 * content key ({@link Product#key()}) and {@code N} counts the instances running at the same time
 * (usually only slot 0 exists). {@code slot-N.lock} is held with an OS file lock while a process uses
 * the slot, so a crashed process (even {@code kill -9}) frees its slot and the next start reuses it:
 * a crash never leaves a folder behind. {@code slot-N.ready} is written once the slot's bundles are
 * installed, and names them (the product's entries, one a line); a slot without it (a crash during
 * the first start) is wiped and filled again. {@code KEY/used} is touched at every start; the caches
 * of other product jars are deleted when nobody uses them, keeping the {@value #KEEP_OTHERS} most
 * recently used.
 *
 * <p>The slots above hold every bundle of the product (the workbench's). A command that needs fewer
 * ({@link Main.Mode#profile()}: {@code offline}, {@code headless}) has slots of its own,
 * {@code ROOT/KEY/PROFILE-slot-N/}, holding only the bundles it needs, so that Felix loads only
 * those at each start: it reads and parses every cached bundle's manifest whether it is started
 * or not.
 */
public final class FrameworkCache implements AutoCloseable {

    /** Caches of other jars (other builds, other versions) kept besides the current one. */
    static final int KEEP_OTHERS = 2;

    private final Path storage;
    private final Path ready;
    private final FileChannel channel;
    private final FileLock lock;

    private FrameworkCache(Path storage, Path ready, FileChannel channel, FileLock lock) {
        this.storage = storage;
        this.ready = ready;
        this.channel = channel;
        this.lock = lock;
    }

    /**
     * The cache folder: {@code boardlab.cache} if set, else {@code $XDG_CACHE_HOME/boardlab}, else
     * {@code ~/.cache/boardlab}.
     */
    public static Path defaultRoot() {
        String set = System.getProperty("boardlab.cache");
        if (set != null && !set.isBlank()) {
            return Path.of(set);
        }
        String xdg = System.getenv("XDG_CACHE_HOME");
        if (xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute()) {
            return Path.of(xdg, "boardlab");
        }
        return Path.of(System.getProperty("user.home"), ".cache", "boardlab");
    }

    /** The profile whose slots hold every bundle of the product ({@code ROOT/KEY/slot-N}). */
    public static final String ALL = "all";

    /**
     * Takes the first free slot of {@code key} under {@code root} (creating it if needed), and
     * deletes the unused caches of other keys beyond the {@value #KEEP_OTHERS} most recent.
     */
    public static FrameworkCache acquire(Path root, String key) throws IOException {
        return acquire(root, key, ALL);
    }

    /**
     * Takes the first free slot of {@code profile} ({@link #ALL}, or the name of a smaller bundle set)
     * of {@code key} under {@code root}.
     */
    public static FrameworkCache acquire(Path root, String key, String profile) throws IOException {
        if (!profile.matches("[a-z][a-z0-9+-]*")) {
            throw new IllegalArgumentException("not a profile name: " + profile);
        }
        String prefix = profile.equals(ALL) ? "slot-" : profile + "-slot-";
        Path dir = root.resolve(key);
        Files.createDirectories(dir);
        touch(dir.resolve("used"));
        for (int n = 0;; n++) {
            Path lockFile = dir.resolve(prefix + n + ".lock");
            FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            FileLock lock;
            try {
                lock = channel.tryLock();
            } catch (OverlappingFileLockException e) {
                lock = null; // this JVM holds it already
            }
            if (lock == null) {
                channel.close();
                continue;
            }
            Path storage = dir.resolve(prefix + n);
            Path ready = dir.resolve(prefix + n + ".ready");
            FrameworkCache cache = new FrameworkCache(storage, ready, channel, lock);
            if (!Files.exists(ready)) {
                cache.wipe();
            }
            cleanOthers(root, key);
            return cache;
        }
    }

    /** The framework's storage folder ({@code org.osgi.framework.storage}). */
    public Path storage() {
        return storage;
    }

    /** {@code true} when an earlier start installed this slot's bundles. */
    public boolean isReady() {
        return Files.exists(ready);
    }

    /**
     * The product entries ({@code jar/...jar}) installed in this slot, as {@link #markReady(List)}
     * recorded them, or {@code null} when the slot is not ready or its record cannot be read.
     */
    public List<String> installed() {
        try {
            List<String> entries = new ArrayList<>();
            for (String line : Files.readAllLines(ready, java.nio.charset.StandardCharsets.UTF_8)) {
                if (!line.isBlank()) {
                    entries.add(line.trim());
                }
            }
            return entries.isEmpty() ? null : entries;
        } catch (IOException e) {
            return null;
        }
    }

    /** Records that {@code entries} (the product's entry names) are installed in this slot. */
    public void markReady(List<String> entries) throws IOException {
        Path partial = ready.resolveSibling(ready.getFileName() + ".new");
        Files.write(partial, entries, java.nio.charset.StandardCharsets.UTF_8);
        Files.move(partial, ready, java.nio.file.StandardCopyOption.REPLACE_EXISTING, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }

    /** Empties the slot (after a crash during its first start, or a cache Felix cannot read). */
    public void wipe() throws IOException {
        Files.deleteIfExists(ready);
        deleteTree(storage);
    }

    @Override
    public void close() throws IOException {
        lock.release();
        channel.close();
    }

    private static void cleanOthers(Path root, String key) {
        List<Path> others = new ArrayList<>();
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(root, Files::isDirectory)) {
            for (Path d : dirs) {
                String name = d.getFileName().toString();
                // only other keys' folders (16 hex digits): ./boardlab keeps its class-data archives in cds/
                if (!name.equals(key) && name.matches("[0-9a-f]{16}")) {
                    others.add(d);
                }
            }
        } catch (IOException e) {
            return; // cleaning is a courtesy; a start never fails because of it
        }
        others.sort(Comparator.comparing(FrameworkCache::lastUsed).reversed());
        for (Path old : others.subList(Math.min(KEEP_OTHERS, others.size()), others.size())) {
            deleteIfUnused(old);
        }
    }

    private static FileTime lastUsed(Path keyDir) {
        try {
            return Files.getLastModifiedTime(keyDir.resolve("used"));
        } catch (IOException e) {
            return FileTime.fromMillis(0);
        }
    }

    /** Deletes a key's folder unless a running process holds one of its slots. */
    private static void deleteIfUnused(Path keyDir) {
        List<FileChannel> held = new ArrayList<>();
        try {
            try (DirectoryStream<Path> locks = Files.newDirectoryStream(keyDir, "*slot-*.lock")) {
                for (Path lockFile : locks) {
                    FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.WRITE);
                    held.add(channel);
                    if (channel.tryLock() == null) {
                        return; // in use
                    }
                }
            }
            deleteTree(keyDir);
        } catch (IOException | OverlappingFileLockException e) {
            // in use, or not ours to delete: left alone
        } finally {
            for (FileChannel c : held) {
                try {
                    c.close();
                } catch (IOException ignored) {
                    // closing releases the lock; nothing else to do
                }
            }
        }
    }

    private static void touch(Path file) throws IOException {
        if (Files.exists(file)) {
            Files.setLastModifiedTime(file, FileTime.fromMillis(System.currentTimeMillis()));
        } else {
            Files.createFile(file);
        }
    }

    static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        Files.walkFileTree(dir, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.delete(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
                if (e != null) {
                    throw e;
                }
                Files.delete(d);
                return FileVisitResult.CONTINUE;
            }
        });
    }
}
