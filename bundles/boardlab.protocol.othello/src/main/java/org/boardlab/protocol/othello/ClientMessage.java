package org.boardlab.protocol.othello;

import java.util.List;
import java.util.Optional;
import org.boardlab.api.MessageField;

/**
 * A message from a client to the server: a line starting with {@code C}. There are eight, one
 * record each; the record's name is the wire type ({@link CMov} is {@code CMOV}).
 *
 * <table>
 * <caption>Client messages</caption>
 * <tr><th>line</th><th>record</th><th>meaning</th></tr>
 * <tr><td>{@code CNAME~<name>}</td><td>{@link CName}</td><td>log in</td></tr>
 * <tr><td>{@code CPING}</td><td>{@link CPing}</td><td>is the server there? (answer {@code SPONG})</td></tr>
 * <tr><td>{@code CMOV~<x>~<y>}</td><td>{@link CMov}</td><td>place a disc</td></tr>
 * <tr><td>{@code CREQ~<name>}</td><td>{@link CReq}</td><td>invite a player</td></tr>
 * <tr><td>{@code CRES~<name>~ACCEPT|DECLINE}</td><td>{@link CRes}</td><td>answer an invitation</td></tr>
 * <tr><td>{@code CREQC~<name>}</td><td>{@link CReqC}</td><td>withdraw one's invitation</td></tr>
 * <tr><td>{@code CENDGAME}</td><td>{@link CEndGame}</td><td>leave the game early</td></tr>
 * <tr><td>{@code CEXIT}</td><td>{@link CExit}</td><td>disconnect</td></tr>
 * </table>
 */
public sealed interface ClientMessage extends OthelloMessage {

    /** The first character of every client line. */
    char PREFIX = 'C';

    /**
     * Parses one line sent by a client (without its line end).
     *
     * @return the message, or empty when the line does not start with {@code C}: the seed's rule is
     *         that such lines are ignored
     * @throws MalformedMessageException when the line starts with {@code C} but is not a
     *         well-formed client message; the message says why
     */
    static Optional<ClientMessage> parse(String line) {
        return Grammars.CLIENT.parse(line);
    }

    /**
     * {@code CNAME~<name>}: log in with a name. The name is 1..20 characters of {@code A-Z a-z 0-9 _ -}.
     *
     * @param name the player's name
     */
    record CName(String name) implements ClientMessage {
        /** @throws IllegalArgumentException if the name breaks the name rule */
        public CName {
            Wire.name(name, "the name");
        }

        /** Parses {@code CNAME~<name>}; throws {@link MalformedMessageException} for anything else. */
        public static CName parse(String line) {
            return Grammars.CLIENT.parse(line, CName.class);
        }

        @Override public String type() { return "CNAME"; }
        @Override public String encode() { return "CNAME~" + name; }
        @Override public String summary() { return "log in as " + name; }
        @Override public List<MessageField> fields() { return List.of(MessageField.of("name", name)); }
    }

    /** {@code CPING}: asks whether the server is still there; it answers {@code SPONG}. Allowed in every state. */
    record CPing() implements ClientMessage {
        /** Parses {@code CPING}; throws {@link MalformedMessageException} for anything else. */
        public static CPing parse(String line) {
            return Grammars.CLIENT.parse(line, CPing.class);
        }

        @Override public String type() { return "CPING"; }
        @Override public String encode() { return "CPING"; }
        @Override public String summary() { return "ping: is the server there?"; }
        @Override public List<MessageField> fields() { return List.of(); }
    }

    /**
     * {@code CMOV~<x>~<y>}: place a disc on the square in column {@code x} (0..7 from the left) and
     * row {@code y} (0..7 from the top): {@code CMOV~3~2} is d3.
     *
     * @param square the square
     */
    record CMov(Square square) implements ClientMessage {
        public CMov {
            java.util.Objects.requireNonNull(square, "square");
        }

        /** The move on column {@code x}, row {@code y}. */
        public CMov(int x, int y) {
            this(new Square(x, y));
        }

        /** Parses {@code CMOV~<x>~<y>}; throws {@link MalformedMessageException} for anything else. */
        public static CMov parse(String line) {
            return Grammars.CLIENT.parse(line, CMov.class);
        }

        @Override public String type() { return "CMOV"; }
        @Override public String encode() { return "CMOV~" + square.x() + "~" + square.y(); }
        @Override public String summary() {
            return "move " + square + " (x=" + square.x() + ", y=" + square.y() + ")";
        }
        @Override public List<MessageField> fields() {
            return List.of(MessageField.of("x", square.x()), MessageField.of("y", square.y()),
                    MessageField.of("square", square));
        }
    }

    /**
     * {@code CREQ~<name>}: invite the player {@code name} to a game. The inviter plays black.
     *
     * @param opponent the invited player's name
     */
    record CReq(String opponent) implements ClientMessage {
        public CReq {
            Wire.name(opponent, "the opponent's name");
        }

        /** Parses {@code CREQ~<name>}; throws {@link MalformedMessageException} for anything else. */
        public static CReq parse(String line) {
            return Grammars.CLIENT.parse(line, CReq.class);
        }

        @Override public String type() { return "CREQ"; }
        @Override public String encode() { return "CREQ~" + opponent; }
        @Override public String summary() { return "invite " + opponent + " to a game"; }
        @Override public List<MessageField> fields() { return List.of(MessageField.of("opponent", opponent)); }
    }

    /**
     * {@code CRES~<name>~ACCEPT|DECLINE}: answer the invitation received from {@code name}.
     *
     * @param name   the inviter
     * @param answer accept or decline
     */
    record CRes(String name, Answer answer) implements ClientMessage {
        public CRes {
            Wire.name(name, "the inviter's name");
            java.util.Objects.requireNonNull(answer, "answer");
        }

        /** Parses {@code CRES~<name>~ACCEPT|DECLINE}; throws {@link MalformedMessageException} for anything else. */
        public static CRes parse(String line) {
            return Grammars.CLIENT.parse(line, CRes.class);
        }

        @Override public String type() { return "CRES"; }
        @Override public String encode() { return "CRES~" + name + "~" + answer; }
        @Override public String summary() {
            return (answer == Answer.ACCEPT ? "accept" : "decline") + " the invitation from " + name;
        }
        @Override public List<MessageField> fields() {
            return List.of(MessageField.of("name", name), MessageField.of("answer", answer));
        }
    }

    /**
     * {@code CREQC~<name>}: withdraw the invitation this client sent to {@code name}.
     *
     * @param name the invited player
     */
    record CReqC(String name) implements ClientMessage {
        public CReqC {
            Wire.name(name, "the invited player's name");
        }

        /** Parses {@code CREQC~<name>}; throws {@link MalformedMessageException} for anything else. */
        public static CReqC parse(String line) {
            return Grammars.CLIENT.parse(line, CReqC.class);
        }

        @Override public String type() { return "CREQC"; }
        @Override public String encode() { return "CREQC~" + name; }
        @Override public String summary() { return "withdraw the invitation to " + name; }
        @Override public List<MessageField> fields() { return List.of(MessageField.of("name", name)); }
    }

    /** {@code CENDGAME}: leave the running game early; the game is cancelled for both players. */
    record CEndGame() implements ClientMessage {
        /** Parses {@code CENDGAME}; throws {@link MalformedMessageException} for anything else. */
        public static CEndGame parse(String line) {
            return Grammars.CLIENT.parse(line, CEndGame.class);
        }

        @Override public String type() { return "CENDGAME"; }
        @Override public String encode() { return "CENDGAME"; }
        @Override public String summary() { return "leave the game early"; }
        @Override public List<MessageField> fields() { return List.of(); }
    }

    /** {@code CEXIT}: the player quits; the server closes the connection. */
    record CExit() implements ClientMessage {
        /** Parses {@code CEXIT}; throws {@link MalformedMessageException} for anything else. */
        public static CExit parse(String line) {
            return Grammars.CLIENT.parse(line, CExit.class);
        }

        @Override public String type() { return "CEXIT"; }
        @Override public String encode() { return "CEXIT"; }
        @Override public String summary() { return "quit: close the connection"; }
        @Override public List<MessageField> fields() { return List.of(); }
    }
}
