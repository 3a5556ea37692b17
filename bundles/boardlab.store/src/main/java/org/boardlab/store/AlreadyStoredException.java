package org.boardlab.store;

/**
 * A scheduled game was played twice (its lease ran out while its first player still played it)
 * and the other result is already stored: this one is not. The stored game is {@link #gameId()}.
 */
public final class AlreadyStoredException extends StoreException {

    private static final long serialVersionUID = 1L;
    private final long scheduledId;
    private final long gameId;

    public AlreadyStoredException(long scheduledId, long gameId) {
        super("scheduled game " + scheduledId + " is already stored as game " + gameId);
        this.scheduledId = scheduledId;
        this.gameId = gameId;
    }

    /** The scheduled game's id. */
    public long scheduledId() {
        return scheduledId;
    }

    /** The id of the game stored for it first. */
    public long gameId() {
        return gameId;
    }
}
