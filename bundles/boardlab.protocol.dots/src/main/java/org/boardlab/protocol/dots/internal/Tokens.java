package org.boardlab.protocol.dots.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * Login tokens: 10 random bytes from a {@link SecureRandom} as 20 lowercase hex digits (the original's
 * form), one live token per user (a new login replaces the old one, as in the original), good for
 * {@code life} after its last use.
 *
 * <p>Only a token's SHA-256 is kept, never the token. With a file ({@code serve}'s: {@code data/dots-logins.txt}),
 * the live tokens' hashes and last uses are written there (within a second of a login, at most once a minute for
 * the uses alone, and when the port closes) and read back when the port opens, so that a restarted server does
 * not log everybody out: a browser whose Bayeux session ended with the old server makes a new one with the token
 * it has. The file holds one line a token, {@code <user id> <SHA-256 of the token, 64 hex digits> <last use, ms
 * since 1970>}; a line starting with {@code #} is a comment. A token is 80 random bits, so its hash tells nothing
 * that would log anybody in (unlike a password's, which is why passwords get the store's slow hash). Without a
 * file the tokens live in memory only.
 */
final class Tokens {

    /** How often the last uses alone are written (a login is written at the next {@link #saveIfDue}). */
    static final long USES_SAVED_EVERY_MILLIS = 60_000;

    private static final String HEADER = "# boardlab dots logins: user id, SHA-256 of the token (hex), last use (ms since 1970)";

    private record Entry(byte[] hash, long lastUsedMillis) {
    }

    private final SecureRandom random = new SecureRandom();
    private final Map<Long, Entry> byUser = new ConcurrentHashMap<>();
    private final long lifeMillis;
    private final Path file;
    private final LongSupplier clock;
    private final Object saving = new Object();
    private volatile boolean issuedSinceSave;
    private volatile boolean usedSinceSave;
    private volatile long savedAtMillis;

    /** Tokens in memory only. */
    Tokens(Duration life) {
        this(life, null, System::currentTimeMillis);
    }

    /**
     * Tokens kept in {@code file} too (read now if it exists).
     *
     * @throws IllegalStateException if the file cannot be read or is not a logins file
     */
    Tokens(Duration life, Path file) {
        this(life, file, System::currentTimeMillis);
    }

    /** With {@code clock} for the time in ms since 1970 (tests). */
    Tokens(Duration life, Path file, LongSupplier clock) {
        this.lifeMillis = life.toMillis();
        this.file = file;
        this.clock = clock;
        savedAtMillis = clock.getAsLong();
        if (file != null && Files.exists(file)) {
            load();
        }
    }

    /** A new token for {@code user}; the old one stops working. */
    String issue(long user) {
        byte[] bytes = new byte[10];
        random.nextBytes(bytes);
        String token = HexFormat.of().formatHex(bytes);
        byUser.put(user, new Entry(sha256(token), clock.getAsLong()));
        issuedSinceSave = true;
        return token;
    }

    /** {@code true} when {@code token} is {@code user}'s live token; a good check keeps it alive. */
    boolean check(long user, String token) {
        Entry e = byUser.get(user);
        if (e == null || token == null || token.length() > 64 || !MessageDigest.isEqual(e.hash(), sha256(token))) {
            return false;
        }
        long now = clock.getAsLong();
        if (now - e.lastUsedMillis() > lifeMillis) {
            byUser.remove(user, e);
            return false;
        }
        if (now - e.lastUsedMillis() > 1000) {
            byUser.replace(user, e, new Entry(e.hash(), now));
            usedSinceSave = true;
        }
        return true;
    }

    /** How many tokens are held (live or lapsed but not yet looked at). */
    int size() {
        return byUser.size();
    }

    /**
     * Writes the file if a token was issued since the last write, or tokens were used and the last write is
     * {@link #USES_SAVED_EVERY_MILLIS} old; nothing without a file. Called every second by the room's sweep.
     *
     * @throws UncheckedIOException if the file cannot be written
     */
    void saveIfDue() {
        if (file == null) {
            return;
        }
        if (issuedSinceSave || (usedSinceSave && clock.getAsLong() - savedAtMillis >= USES_SAVED_EVERY_MILLIS)) {
            save();
        }
    }

    /**
     * Writes the live tokens' hashes to the file (a new file moved over the old one, so that a reader or a crash
     * never meets half a file); nothing without a file.
     *
     * @throws UncheckedIOException if the file cannot be written
     */
    void save() {
        if (file == null) {
            return;
        }
        synchronized (saving) {
            issuedSinceSave = false;
            usedSinceSave = false;
            long now = clock.getAsLong();
            StringBuilder b = new StringBuilder(HEADER).append('\n');
            HexFormat hex = HexFormat.of();
            for (Map.Entry<Long, Entry> e : byUser.entrySet()) {
                if (now - e.getValue().lastUsedMillis() <= lifeMillis) {
                    b.append(e.getKey()).append(' ').append(hex.formatHex(e.getValue().hash())).append(' ')
                            .append(e.getValue().lastUsedMillis()).append('\n');
                }
            }
            try {
                Path parent = file.toAbsolutePath().getParent();
                Files.createDirectories(parent);
                Path next = parent.resolve(file.getFileName() + ".new");
                Files.writeString(next, b, StandardCharsets.US_ASCII);
                try {
                    Files.move(next, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                } catch (AtomicMoveNotSupportedException e) {
                    Files.move(next, file, StandardCopyOption.REPLACE_EXISTING);
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write the logins file " + file + ": " + e.getMessage(), e);
            }
            savedAtMillis = now;
        }
    }

    private void load() {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read the logins file " + file + ": " + e.getMessage(), e);
        }
        long now = clock.getAsLong();
        List<String> bad = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String[] f = line.split(" ");
            long user = f.length == 3 ? DotsRoom.parseId(f[0]) : 0;
            long lastUsed;
            try {
                lastUsed = f.length == 3 ? Long.parseLong(f[2]) : -1;
            } catch (NumberFormatException e) {
                lastUsed = -1;
            }
            if (user <= 0 || lastUsed < 0 || !f[1].matches("[0-9a-f]{64}")) {
                bad.add(String.valueOf(i + 1));
                continue;
            }
            if (now - lastUsed <= lifeMillis) {
                byUser.put(user, new Entry(HexFormat.of().parseHex(f[1]), lastUsed));
            }
        }
        if (!bad.isEmpty()) {
            byUser.clear();
            throw new IllegalStateException("the logins file " + file + " is not one of boardlab's (line "
                    + String.join(", ", bad.subList(0, Math.min(5, bad.size())))
                    + (bad.size() > 5 ? ", ..." : "") + " is not '<user id> <64 hex digits> <ms since 1970>'); "
                    + "delete it to start with everybody logged out");
        }
    }

    /** The SHA-256 of {@code text}'s UTF-8 bytes (a token's; also the logins file's name, {@link DotsServerProtocol#loginsFile}). */
    static byte[] sha256(String text) {
        return SHA_256.get().digest(text.getBytes(StandardCharsets.UTF_8)); // digest() resets it for the next use
    }

    /**
     * One SHA-256 digest a thread: every Bayeux message's token is checked, and looking the algorithm up among the
     * security providers for each took as long as the hash itself (JFR of 2,000 WebSocket logins, session 23).
     */
    private static final ThreadLocal<MessageDigest> SHA_256 = ThreadLocal.withInitial(() -> {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("this JDK has no SHA-256", e);
        }
    });
}
