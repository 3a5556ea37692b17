package org.boardlab.protocol.dots.internal;

import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Login tokens: 10 random bytes from a {@link SecureRandom} as 20 lowercase hex digits (the original's
 * form), one live token per user (a new login replaces the old one, as in the original), good for
 * {@code life} after its last use. Kept in memory: a restarted server logs everybody out.
 */
final class Tokens {

    private record Entry(String token, long lastUsedNanos) {
    }

    private final SecureRandom random = new SecureRandom();
    private final Map<Long, Entry> byUser = new ConcurrentHashMap<>();
    private final long lifeNanos;

    Tokens(Duration life) {
        this.lifeNanos = life.toNanos();
    }

    /** A new token for {@code user}; the old one stops working. */
    String issue(long user) {
        byte[] bytes = new byte[10];
        random.nextBytes(bytes);
        String token = HexFormat.of().formatHex(bytes);
        byUser.put(user, new Entry(token, System.nanoTime()));
        return token;
    }

    /** {@code true} when {@code token} is {@code user}'s live token; a good check keeps it alive. */
    boolean check(long user, String token) {
        Entry e = byUser.get(user);
        if (e == null || token == null || !java.security.MessageDigest.isEqual(
                e.token().getBytes(java.nio.charset.StandardCharsets.US_ASCII),
                token.getBytes(java.nio.charset.StandardCharsets.US_ASCII))) {
            return false;
        }
        long now = System.nanoTime();
        if (now - e.lastUsedNanos() > lifeNanos) {
            byUser.remove(user, e);
            return false;
        }
        if (now - e.lastUsedNanos() > 1_000_000_000L) {
            byUser.replace(user, e, new Entry(e.token(), now));
        }
        return true;
    }
}
