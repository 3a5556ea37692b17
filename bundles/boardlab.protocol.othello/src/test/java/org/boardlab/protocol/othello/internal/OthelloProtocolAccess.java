package org.boardlab.protocol.othello.internal;

import org.boardlab.api.DecodedMessage;

/** Lets the tests of the API package reach the describer. */
public final class OthelloProtocolAccess {

    private static final OthelloProtocol PROTOCOL = new OthelloProtocol();

    private OthelloProtocolAccess() {
    }

    /** {@link OthelloProtocol#describe}. */
    public static DecodedMessage describe(byte[] frame, boolean fromClient) {
        return PROTOCOL.describe(frame, fromClient);
    }
}
