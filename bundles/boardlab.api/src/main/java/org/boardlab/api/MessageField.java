package org.boardlab.api;

import java.util.List;

/**
 * One decoded field of a wire message, for the message inspector: a name, a value in words, and
 * nested fields for structured values (a board, a list of players).
 *
 * @param name     the field's name from the protocol spec; never {@code null}
 * @param value    the value as text; never {@code null}
 * @param children nested fields; never {@code null}
 */
public record MessageField(String name, String value, List<MessageField> children) {

    public MessageField {
        children = List.copyOf(children);
    }

    /** A field without children. */
    public static MessageField of(String name, Object value) {
        return new MessageField(name, String.valueOf(value), List.of());
    }
}
