package org.boardlab.api;

import java.util.List;

/**
 * A wire message as the inspector shows it.
 *
 * @param type      the message type as the protocol spec names it, e.g. {@code CMOV} or {@code place}
 * @param summary   one line for the message list
 * @param fields    the decoded fields
 * @param error     why this frame is malformed or out of place, or {@code null} when it is fine
 * @param refused   for a message by which the server refuses what a client asked (an illegal move, a
 *                  name that is taken), the reason it gives; otherwise {@code null}
 * @param violation for a message by which the server tells a client that it broke the protocol
 *                  (the connection is closed after it), the reason; otherwise {@code null}
 */
public record DecodedMessage(String type, String summary, List<MessageField> fields, String error, String refused,
        String violation) {

    public DecodedMessage {
        fields = List.copyOf(fields);
    }

    /** A message that refuses nothing and reports no violation. */
    public DecodedMessage(String type, String summary, List<MessageField> fields, String error) {
        this(type, summary, fields, error, null, null);
    }

    /** This message, marked as the server refusing what a client asked, for {@code reason}. */
    public DecodedMessage withRefused(String reason) {
        return new DecodedMessage(type, summary, fields, error, reason, violation);
    }

    /** This message, marked as the server telling a client it broke the protocol, for {@code reason}. */
    public DecodedMessage withViolation(String reason) {
        return new DecodedMessage(type, summary, fields, error, refused, reason);
    }
}
