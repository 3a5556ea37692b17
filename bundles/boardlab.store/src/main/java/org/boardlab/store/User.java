package org.boardlab.store;

import java.time.Instant;

/**
 * An account. The password is kept only as a salted slow hash, never returned.
 *
 * @param id          its id
 * @param name        its unique name
 * @param rating      its rating
 * @param games       its rated games
 * @param createdAt   when it was registered
 * @param lastLoginAt when its password was last verified, or {@code null}
 */
public record User(long id, String name, double rating, int games, Instant createdAt, Instant lastLoginAt) {
}
