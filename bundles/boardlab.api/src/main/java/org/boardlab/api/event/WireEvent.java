package org.boardlab.api.event;

import org.boardlab.api.DecodedMessage;

/**
 * One frame that crossed the wire of the embedded server, in or out, as the wire tap saw it: what
 * the message inspector shows and {@code boardlab serve --trace} writes.
 *
 * @param timeMicros   when, in microseconds since the epoch
 * @param sequence     the tap's running number of this frame (gaps mean frames were dropped)
 * @param connectionId the connection's id, unique while the server runs
 * @param remote       the client's address, {@code host:port}
 * @param player       the player's name once the client logged in, else {@code null}
 * @param protocol     the protocol's id
 * @param fromClient   {@code true} for a frame the client sent
 * @param raw          the frame's bytes exactly as on the wire (do not change them)
 * @param decoded      the frame decoded by the protocol's describer
 * @param matchId      the match the connection is playing in, or {@code 0}
 */
public record WireEvent(long timeMicros, long sequence, long connectionId, String remote, String player, String protocol,
        boolean fromClient, byte[] raw, DecodedMessage decoded, long matchId) implements BoardlabEvent {
}
