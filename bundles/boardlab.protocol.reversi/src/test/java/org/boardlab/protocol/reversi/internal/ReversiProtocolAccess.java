package org.boardlab.protocol.reversi.internal;

import org.boardlab.api.DecodedMessage;

/** Lets the codec tests reach the describer. */
public final class ReversiProtocolAccess {
    private ReversiProtocolAccess() {
    }

    public static DecodedMessage describe(byte[] frame, boolean fromClient) {
        return new ReversiProtocol().describe(frame, fromClient);
    }
}
