package org.boardlab.protocol.othello;

import java.util.List;
import java.util.Optional;
import org.boardlab.api.DecodedMessage;
import org.boardlab.api.MessageField;

/**
 * One message of the Othello text protocol: a {@link ClientMessage} (prefix {@code C}) or a
 * {@link ServerMessage} (prefix {@code S}). Every message is an immutable record whose components
 * are the message's fields, already checked: a record that exists encodes to a well-formed line.
 *
 * <pre>
 * CMOV~3~2          one line: prefix C, type MOV, fields "3" and "2"
 * ^^^^ ^ ^
 * type field field  (the type as named in the spec includes the prefix: CMOV)
 * </pre>
 *
 * <p>Parsing is strict: the type and every fixed word are upper case and matched exactly, there is
 * no white space around fields, and a field may not be empty. See the bundle's README for the
 * table of all messages.
 */
public sealed interface OthelloMessage permits ClientMessage, ServerMessage {

    /** The message type as the spec names it, prefix included, e.g. {@code CMOV}; never {@code null}. */
    String type();

    /**
     * The message as one line, without the line end: {@code CMOV~3~2}. The encoder appends the
     * {@code \n}. Printable ASCII only; parsing the line gives back an equal message.
     */
    String encode();

    /** One sentence saying what the message means, for the inspector and logs. */
    String summary();

    /** The message's fields by their names in the spec, for the inspector; never {@code null}. */
    List<MessageField> fields();

    /** The message as the inspector shows it (with no error). */
    default DecodedMessage describe() {
        return new DecodedMessage(type(), summary(), fields(), null);
    }

    /**
     * Parses a line in either direction, the prefix deciding: {@code C...} as a {@link ClientMessage},
     * {@code S...} as a {@link ServerMessage}.
     *
     * @param line one line without its line end
     * @return the message, or empty when the line has neither prefix (such lines are ignored)
     * @throws MalformedMessageException when the prefix is valid but the rest is not a message
     */
    static Optional<OthelloMessage> parse(String line) {
        if (!line.isEmpty() && line.charAt(0) == ServerMessage.PREFIX) {
            return ServerMessage.parse(line).map(m -> m);
        }
        return ClientMessage.parse(line).map(m -> m);
    }

    /**
     * Makes any text fit for a text field ({@code SGAMEI}, {@code SMOVERR}, {@code SNAMEERR},
     * {@code SERR}): characters outside printable ASCII and {@code ~} become {@code ?}, the text is
     * cut to 200 characters, and an empty text becomes {@code -}. Use it on reasons that come from
     * elsewhere, such as a game's explanation of an illegal move.
     */
    static String cleanText(String text) {
        return Wire.clean(text);
    }
}
