package org.boardlab.store;

/**
 * A player bundle's jar, kept by the SHA-256 of its bytes.
 *
 * @param hash     the SHA-256 of {@code content}, 64 hex digits
 * @param bundle   the bundle's symbolic name
 * @param version  the bundle's version
 * @param fileName the jar's file name ({@code greedy.jar})
 * @param content  the jar's bytes
 */
public record PlayerJar(String hash, String bundle, String version, String fileName, byte[] content) {
}
