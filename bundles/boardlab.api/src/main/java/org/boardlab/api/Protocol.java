package org.boardlab.api;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * A wire protocol over which networked clients play a game. Implemented by protocol bundles in a
 * class annotated {@code @javax.inject.Named("<id>")}. The network binding itself (codecs, sessions)
 * is in the server's SPI; this interface carries what the rest of boardlab needs to know.
 */
@ConsumerType
public interface Protocol {

    /** The unique id used in the CLI, e.g. {@code othello}; never {@code null}. */
    String id();

    /** The name shown to people. */
    String name();

    /** The id of the game played over this protocol. */
    String gameId();

    /** The TCP port the server listens on unless told otherwise. */
    int defaultPort();

    /**
     * Decodes one complete frame, as it crossed the wire, for the inspector. Never throws: a frame
     * that cannot be decoded gives a message with {@link DecodedMessage#error()} set.
     *
     * @param frame     the frame's bytes
     * @param fromClient {@code true} for a frame sent by a client to the server
     */
    DecodedMessage describe(byte[] frame, boolean fromClient);
}
