package org.boardlab.workbench.inspector;

import java.util.List;
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

    /**
     * A message as a filter sees it. The cheap parts are asked first; {@link #fields()} and
     * {@link #fullSummary()} may decode the message, and are asked only by a text filter that found
     * nothing in the rest.
     */
    interface Candidate {
        long connectionId();

        /** The player's name, or {@code null} before login. */
        String player();

        long matchId();

        String protocol();

        boolean fromClient();

        String type();

        /** The summary as the list shows it. */
        String summary();

        /** Why the message is malformed or out of place, or {@code null}. */
        String error();

        /** The decoded fields. */
        List<MessageField> fields();

        /** The decoded summary, in full (the list's may be cut short). */
        String fullSummary();

        /** {@code e} as a candidate. */
        static Candidate of(WireEvent e) {
            return new Candidate() {
                @Override
                public long connectionId() {
                    return e.connectionId();
                }

                @Override
                public String player() {
                    return e.player();
                }

                @Override
                public long matchId() {
                    return e.matchId();
                }

                @Override
                public String protocol() {
                    return e.protocol();
                }

                @Override
                public boolean fromClient() {
                    return e.fromClient();
                }

                @Override
                public String type() {
                    return e.decoded().type();
                }

                @Override
                public String summary() {
                    return e.decoded().summary();
                }

                @Override
                public String error() {
                    return e.decoded().error();
                }

                @Override
                public List<MessageField> fields() {
                    return e.decoded().fields();
                }

                @Override
                public String fullSummary() {
                    return e.decoded().summary();
                }
            };
        }
    }

    /** {@code true} when {@code e} is shown. */
    boolean test(WireEvent e) {
        return test(Candidate.of(e));
    }

    /** {@code true} when {@code m} is shown. */
    boolean test(Candidate m) {
        if (connection != null && connection != m.connectionId()) {
            return false;
        }
        if (player != null && !player.equals(m.player() == null ? NO_PLAYER : m.player())) {
            return false;
        }
        if (match != null && match != m.matchId()) {
            return false;
        }
        if (protocol != null && !protocol.equals(m.protocol())) {
            return false;
        }
        if (fromClient != null && fromClient != m.fromClient()) {
            return false;
        }
        if (type != null && !type.equals(m.type())) {
            return false;
        }
        if (text == null || contains(m.type(), text) || contains(m.summary(), text) || contains(m.error(), text)) {
            return true;
        }
        String summary = m.summary();
        if (summary != null && summary.length() >= MessageStore.MAX_SUMMARY_CHARS && contains(m.fullSummary(), text)) {
            return true;
        }
        return inFields(m.fields(), text);
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
