package org.boardlab.server;

/** A lobby request that cannot be done (a name taken, an unknown or busy opponent); the message says why. */
public class LobbyException extends Exception {

    private static final long serialVersionUID = 1L;

    public LobbyException(String message) {
        super(message);
    }
}
