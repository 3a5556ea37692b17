package org.boardlab.store;

/**
 * A game in the store.
 *
 * @param id   its id, unique in the database (the {@code id} of {@code boardlab games --format json})
 * @param game the game
 */
public record StoredGame(long id, FinishedGame game) {
}
