package org.boardlab.store;

/**
 * The store could not do what was asked: the database is unreachable, of a newer schema, full, or
 * the request contradicts what is stored. The message is a sentence for people, naming the
 * database and what to do.
 */
public class StoreException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public StoreException(String message) {
        super(message);
    }

    public StoreException(String message, Throwable cause) {
        super(message, cause);
    }
}
