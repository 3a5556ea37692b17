package org.boardlab.store.internal;

import org.boardlab.store.StoreException;

/**
 * A commit that threw and whose outcome could not be told afterwards (the database unreachable): its
 * games may be stored or not. The store's writer does not commit them again (that could store them
 * twice); their futures fail with this.
 */
public final class CommitOutcomeUnknown extends StoreException {

    private static final long serialVersionUID = 1L;

    public CommitOutcomeUnknown(String message, Throwable cause) {
        super(message, cause);
    }
}
