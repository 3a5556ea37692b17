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

    /** What a filter can tell of a message from its {@link Candidate}, without decoding it. */
    enum Verdict {
        /** The message is shown. */
        SHOWN,
        /** The message is not shown. */
        HIDDEN,
        /**
         * It meets every criterion but the text, which is not in its type, summary or error: only its
         * decoded message can tell ({@link #inDecoded}).
         */
        UNDECIDED
    }

    /** The parts of a message a filter looks at first: all kept as they came, none needs decoding. */
    interface Candidate {
        long connectionId();

        /** The player's name, or {@code null} before login. */
        String player();

        long matchId();

        String protocol();

        boolean fromClient();

        String type();

        /** The summary as the list shows it (cut to {@link MessageStore#MAX_SUMMARY_CHARS} characters). */
        String summary();

        /** Why the message is malformed or out of place, or {@code null}. */
        String error();

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
            };
        }
    }

    /** {@code true} when {@code e} is shown (decodes it when the text is not in its type, summary or error). */
    boolean test(WireEvent e) {
        return switch (judge(Candidate.of(e))) {
            case SHOWN -> true;
            case HIDDEN -> false;
            case UNDECIDED -> inDecoded(e.decoded());
        };
    }

    /**
     * Tests every criterion on the parts of {@code m} that need no decoding: the text in its type,
     * summary and error. Cheap; never decodes.
     */
    Verdict judge(Candidate m) {
        if (connection != null && connection != m.connectionId()) {
            return Verdict.HIDDEN;
        }
        if (player != null && !player.equals(m.player() == null ? NO_PLAYER : m.player())) {
            return Verdict.HIDDEN;
        }
        if (match != null && match != m.matchId()) {
            return Verdict.HIDDEN;
        }
        if (protocol != null && !protocol.equals(m.protocol())) {
            return Verdict.HIDDEN;
        }
        if (fromClient != null && fromClient != m.fromClient()) {
            return Verdict.HIDDEN;
        }
        if (type != null && !type.equals(m.type())) {
            return Verdict.HIDDEN;
        }
        if (text == null || contains(m.type(), text) || contains(m.summary(), text) || contains(m.error(), text)) {
            return Verdict.SHOWN;
        }
        return Verdict.UNDECIDED;
    }

    /**
     * For a message {@link #judge} left {@link Verdict#UNDECIDED}: {@code true} when the text is in
     * its decoded message {@code d}, in its whole summary (the list's may be cut short) or in any
     * field's name or value, at any depth.
     */
    boolean inDecoded(DecodedMessage d) {
        return text != null && (contains(d.summary(), text) || inFields(d.fields(), text));
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
