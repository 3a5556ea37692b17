package org.boardlab.api;

import java.util.List;

/**
 * A wire message as the inspector shows it.
 *
 * @param type    the message type as the protocol spec names it, e.g. {@code CMOV} or {@code place}
 * @param summary one line for the message list
 * @param fields  the decoded fields
 * @param error   why the message is malformed or out of place, or {@code null} when it is fine
 */
public record DecodedMessage(String type, String summary, List<MessageField> fields, String error) {

    public DecodedMessage {
        fields = List.copyOf(fields);
    }
}
