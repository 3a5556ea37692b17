package org.boardlab.store.internal;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;

/**
 * Salted slow password hashes: PBKDF2 with HMAC-SHA-512 (the JDK's), 210,000 iterations (OWASP's
 * figure for this hash), a 16-byte random salt and a 64-byte result, written as
 * {@code pbkdf2-sha512$ITERATIONS$SALT$HASH} (base64). The iterations are in the text, so a
 * stronger setting later still verifies the old hashes. A password is never stored or logged.
 */
public final class Passwords {

    public static final int ITERATIONS = 210_000;
    private static final String PREFIX = "pbkdf2-sha512";
    private static final SecureRandom RANDOM = new SecureRandom();

    private Passwords() {
    }

    /** A new hash of {@code password} with a new salt. */
    public static String hash(char[] password) {
        byte[] salt = new byte[16];
        RANDOM.nextBytes(salt);
        byte[] hash = pbkdf2(password, salt, ITERATIONS);
        Base64.Encoder b64 = Base64.getEncoder().withoutPadding();
        return PREFIX + "$" + ITERATIONS + "$" + b64.encodeToString(salt) + "$" + b64.encodeToString(hash);
    }

    /** {@code true} when {@code password} is the one {@code stored} was made from (compared in constant time). */
    public static boolean verify(char[] password, String stored) {
        String[] parts = stored.split("\\$");
        if (parts.length != 4 || !parts[0].equals(PREFIX)) {
            return false;
        }
        int iterations = Integer.parseInt(parts[1]);
        byte[] salt = Base64.getDecoder().decode(parts[2]);
        byte[] expected = Base64.getDecoder().decode(parts[3]);
        byte[] actual = pbkdf2(password, salt, iterations);
        return MessageDigest.isEqual(expected, actual);
    }

    private static byte[] pbkdf2(char[] password, byte[] salt, int iterations) {
        PBEKeySpec spec = new PBEKeySpec(password, salt, iterations, 512);
        try {
            return SecretKeyFactory.getInstance("PBKDF2WithHmacSHA512").generateSecret(spec).getEncoded();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("this JDK has no PBKDF2WithHmacSHA512", e);
        } finally {
            spec.clearPassword();
        }
    }

    /** The SHA-256 of {@code bytes}, 64 lower-case hex digits. */
    public static String sha256(byte[] bytes) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(bytes);
            StringBuilder sb = new StringBuilder(64);
            for (byte b : d) {
                sb.append(Character.forDigit((b >> 4) & 0xf, 16)).append(Character.forDigit(b & 0xf, 16));
            }
            return sb.toString();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("this JDK has no SHA-256", e);
        }
    }

    static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    static void wipe(char[] chars) {
        Arrays.fill(chars, '\0');
    }
}
