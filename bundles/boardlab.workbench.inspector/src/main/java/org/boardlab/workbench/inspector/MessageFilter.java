package org.boardlab.workbench.inspector;

import java.util.List;
import org.boardlab.api.DecodedMessage;
import org.boardlab.api.MessageField;
import org.boardlab.api.event.WireEvent;

/**
 * Which messages the inspector's list shows. Each criterion is {@code null} for "any"; a message is
 * shown when it meets all of them.
 *
 * @param connection the connection's id
 * @param player     the player's name ({@link #NO_PLAYER} for frames sent before the login)
 * @param match      the match's id ({@code 0} for frames outside a match)
 * @param protocol   the protocol's id
 * @param fromClient {@code true} for frames the client sent ("in"), {@code false} for frames it was sent
 * @param type       the message type, exactly
 * @param text       words to find, ignoring case, in the type, summary, error, or any field's name or
 *                   value; {@code null} or blank for any
 */
record MessageFilter(Long connection, String player, Long match, String protocol, Boolean fromClient, String type,
        String text) {

    /** The player criterion that picks frames of connections that have not logged in yet. */
    static final String NO_PLAYER = "";

    /** Shows everything. */
    static final MessageFilter ALL = new MessageFilter(null, null, null, null, null, null, null);

    MessageFilter {
        text = text == null || text.isBlank() ? null : text.strip();
    }

    /** {@code true} when {@code e} is shown. */
    boolean test(WireEvent e) {
        if (connection != null && connection != e.connectionId()) {
            return false;
        }
        if (player != null && !player.equals(e.player() == null ? NO_PLAYER : e.player())) {
            return false;
        }
        if (match != null && match != e.matchId()) {
            return false;
        }
        if (protocol != null && !protocol.equals(e.protocol())) {
            return false;
        }
        if (fromClient != null && fromClient != e.fromClient()) {
            return false;
        }
        DecodedMessage d = e.decoded();
        if (type != null && !type.equals(d.type())) {
            return false;
        }
        return text == null || contains(d.type(), text) || contains(d.summary(), text) || contains(d.error(), text)
                || inFields(d.fields(), text);
    }

    private static boolean inFields(List<MessageField> fields, String text) {
        for (MessageField f : fields) {
            if (contains(f.name(), text) || contains(f.value(), text) || inFields(f.children(), text)) {
                return true;
            }
        }
        return false;
    }

    /** {@code true} when {@code where} contains {@code what}, ignoring case; without copying either. */
    static boolean contains(String where, String what) {
        if (where == null) {
            return false;
        }
        int last = where.length() - what.length();
        for (int i = 0; i <= last; i++) {
            if (where.regionMatches(true, i, what, 0, what.length())) {
                return true;
            }
        }
        return false;
    }
}
