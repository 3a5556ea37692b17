package org.boardlab.protocol.othello;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.boardlab.api.MessageField;

/**
 * A message from the server to a client: a line starting with {@code S}. One record each; the
 * record's name is the wire type ({@link SMovErr} is {@code SMOVERR}). The first nine are the
 * seed's; the seed's pictures that named the rest were lost, so boardlab defined them (marked
 * "boardlab" below).
 *
 * <table>
 * <caption>Server messages</caption>
 * <tr><th>line</th><th>record</th><th>meaning</th></tr>
 * <tr><td>{@code SADDP~<name>}</td><td>{@link SAddP}</td><td>a player joined the lobby</td></tr>
 * <tr><td>{@code SDELP~<name>}</td><td>{@link SDelP}</td><td>a player left the server</td></tr>
 * <tr><td>{@code SUPS~<name>~READY|BUSY}</td><td>{@link SUps}</td><td>a player's status changed</td></tr>
 * <tr><td>{@code SREQC~<name>}</td><td>{@link SReqC}</td><td>the invitation with that player no longer stands</td></tr>
 * <tr><td>{@code SPONG}</td><td>{@link SPong}</td><td>answer to {@code CPING}</td></tr>
 * <tr><td>{@code SSTARTG~<opponent>[~BLACK|WHITE]}</td><td>{@link SStartG}</td><td>the game starts</td></tr>
 * <tr><td>{@code SGAMEEC~GameHasBeenCanceled}</td><td>{@link SGameEC}</td><td>the game is cancelled</td></tr>
 * <tr><td>{@code SGAMEI~<text>}</td><td>{@link SGameI}</td><td>information for the player</td></tr>
 * <tr><td>{@code SRECOV~<board>~<0|1>~<0|1>[~<opponent>]}</td><td>{@link SRecov}</td><td>the game restored after a reconnect</td></tr>
 * <tr><td>{@code SREQ~<name>} (boardlab)</td><td>{@link SReq}</td><td>an invitation from that player</td></tr>
 * <tr><td>{@code SRES~<name>~ACCEPT|DECLINE} (boardlab)</td><td>{@link SRes}</td><td>the answer to one's invitation</td></tr>
 * <tr><td>{@code SMOV~<x>~<y>~<colour>~<next>~<board>} (boardlab)</td><td>{@link SMov}</td><td>a move was made</td></tr>
 * <tr><td>{@code SPASS~<colour>} (boardlab)</td><td>{@link SPass}</td><td>that colour has no move and passes</td></tr>
 * <tr><td>{@code SENDG~<black>~<white>~<winner>~<reason>} (boardlab)</td><td>{@link SEndG}</td><td>the game is over</td></tr>
 * <tr><td>{@code SMOVERR~<x>~<y>~<reason>} (boardlab)</td><td>{@link SMovErr}</td><td>the move is refused; try again</td></tr>
 * <tr><td>{@code SNAMEOK} (boardlab)</td><td>{@link SNameOk}</td><td>login accepted</td></tr>
 * <tr><td>{@code SNAMEERR~<reason>} (boardlab)</td><td>{@link SNameErr}</td><td>login refused; try another name</td></tr>
 * <tr><td>{@code SERR~<reason>} (boardlab)</td><td>{@link SErr}</td><td>protocol error; the server closes the connection</td></tr>
 * </table>
 */
public sealed interface ServerMessage extends OthelloMessage {

    /** The first character of every server line. */
    char PREFIX = 'S';

    /**
     * Parses one line sent by the server (without its line end).
     *
     * @return the message, or empty when the line does not start with {@code S} (ignored)
     * @throws MalformedMessageException when the line starts with {@code S} but is not a
     *         well-formed server message; the message says why
     */
    static Optional<ServerMessage> parse(String line) {
        return Grammars.SERVER.parse(line);
    }

    /** {@code SADDP~<name>}: the player {@code name} is in the lobby, with status READY unless an {@code SUPS} follows. */
    record SAddP(String name) implements ServerMessage {
        public SAddP {
            Wire.name(name, "the name");
        }

        /** Parses {@code SADDP~<name>}; throws {@link MalformedMessageException} for anything else. */
        public static SAddP parse(String line) {
            return Grammars.SERVER.parse(line, SAddP.class);
        }

        @Override public String type() { return "SADDP"; }
        @Override public String encode() { return "SADDP~" + name; }
        @Override public String summary() { return name + " is in the lobby"; }
        @Override public List<MessageField> fields() { return List.of(MessageField.of("name", name)); }
    }

    /** {@code SDELP~<name>}: the player {@code name} left the server (or lost the connection). */
    record SDelP(String name) implements ServerMessage {
        public SDelP {
            Wire.name(name, "the name");
        }

        /** Parses {@code SDELP~<name>}; throws {@link MalformedMessageException} for anything else. */
        public static SDelP parse(String line) {
            return Grammars.SERVER.parse(line, SDelP.class);
        }

        @Override public String type() { return "SDELP"; }
        @Override public String encode() { return "SDELP~" + name; }
        @Override public String summary() { return name + " left the server"; }
        @Override public List<MessageField> fields() { return List.of(MessageField.of("name", name)); }
    }

    /** {@code SUPS~<name>~READY|BUSY}: the player {@code name} now has this status. */
    record SUps(String name, Status status) implements ServerMessage {
        public SUps {
            Wire.name(name, "the name");
            Objects.requireNonNull(status, "status");
        }

        /** Parses {@code SUPS~<name>~READY|BUSY}; throws {@link MalformedMessageException} for anything else. */
        public static SUps parse(String line) {
            return Grammars.SERVER.parse(line, SUps.class);
        }

        @Override public String type() { return "SUPS"; }
        @Override public String encode() { return "SUPS~" + name + "~" + status; }
        @Override public String summary() {
            return name + (status == Status.READY ? " is free to be invited" : " is busy (invited or playing)");
        }
        @Override public List<MessageField> fields() {
            return List.of(MessageField.of("name", name), MessageField.of("status", status));
        }
    }

    /**
     * {@code SREQC~<name>}: the pending invitation between this player and {@code name} no longer
     * stands: {@code name} withdrew it or left the server.
     */
    record SReqC(String name) implements ServerMessage {
        public SReqC {
            Wire.name(name, "the name");
        }

        /** Parses {@code SREQC~<name>}; throws {@link MalformedMessageException} for anything else. */
        public static SReqC parse(String line) {
            return Grammars.SERVER.parse(line, SReqC.class);
        }

        @Override public String type() { return "SREQC"; }
        @Override public String encode() { return "SREQC~" + name; }
        @Override public String summary() { return "the invitation with " + name + " is cancelled"; }
        @Override public List<MessageField> fields() { return List.of(MessageField.of("name", name)); }
    }

    /** {@code SPONG}: the answer to {@code CPING}. */
    record SPong() implements ServerMessage {
        /** Parses {@code SPONG}; throws {@link MalformedMessageException} for anything else. */
        public static SPong parse(String line) {
            return Grammars.SERVER.parse(line, SPong.class);
        }

        @Override public String type() { return "SPONG"; }
        @Override public String encode() { return "SPONG"; }
        @Override public String summary() { return "pong: the server is there"; }
        @Override public List<MessageField> fields() { return List.of(); }
    }

    /**
     * {@code SSTARTG~<opponent>~BLACK|WHITE}: the game against {@code opponent} starts; the second
     * field is this player's colour. Black moves first, and black is always the inviter.
     *
     * <p>The seed's form {@code SSTARTG~<opponent>}, without the colour, is still accepted: a client
     * then knows its colour from whether it sent the invitation. boardlab's server always sends the
     * colour.
     *
     * @param opponent the opponent's name
     * @param colour   this player's colour; empty only in the seed's short form
     */
    record SStartG(String opponent, Optional<Colour> colour) implements ServerMessage {
        public SStartG {
            Wire.name(opponent, "the opponent's name");
            Objects.requireNonNull(colour, "colour");
        }

        /** The start against {@code opponent}, playing {@code colour}. */
        public SStartG(String opponent, Colour colour) {
            this(opponent, Optional.of(colour));
        }

        /** Parses {@code SSTARTG~<opponent>[~<colour>]}; throws {@link MalformedMessageException} for anything else. */
        public static SStartG parse(String line) {
            return Grammars.SERVER.parse(line, SStartG.class);
        }

        @Override public String type() { return "SSTARTG"; }
        @Override public String encode() { return "SSTARTG~" + opponent + colour.map(c -> "~" + c).orElse(""); }
        @Override public String summary() {
            return "the game against " + opponent + " starts"
                    + colour.map(c -> "; you play " + c.word() + (c == Colour.BLACK ? " and move first" : ""))
                            .orElse("");
        }
        @Override public List<MessageField> fields() {
            List<MessageField> f = new ArrayList<>();
            f.add(MessageField.of("opponent", opponent));
            colour.ifPresent(c -> f.add(MessageField.of("colour", c)));
            return f;
        }
    }

    /** {@code SGAMEEC~GameHasBeenCanceled}: the game is cancelled (a player left it early); back to the lobby. */
    record SGameEC() implements ServerMessage {
        /** The one value of the field, as in the seed. */
        public static final String TEXT = "GameHasBeenCanceled";

        /** Parses {@code SGAMEEC~GameHasBeenCanceled}; throws {@link MalformedMessageException} for anything else. */
        public static SGameEC parse(String line) {
            return Grammars.SERVER.parse(line, SGameEC.class);
        }

        @Override public String type() { return "SGAMEEC"; }
        @Override public String encode() { return "SGAMEEC~" + TEXT; }
        @Override public String summary() { return "the game is cancelled"; }
        @Override public List<MessageField> fields() { return List.of(MessageField.of("text", TEXT)); }
    }

    /**
     * {@code SGAMEI~<text>}: information to show the player, e.g. that the opponent lost the
     * connection. The text is 1..200 printable ASCII characters without {@code ~}.
     */
    record SGameI(String text) implements ServerMessage {
        public SGameI {
            Wire.text(text, "the text");
        }

        /** Parses {@code SGAMEI~<text>}; throws {@link MalformedMessageException} for anything else. */
        public static SGameI parse(String line) {
            return Grammars.SERVER.parse(line, SGameI.class);
        }

        @Override public String type() { return "SGAMEI"; }
        @Override public String encode() { return "SGAMEI~" + text; }
        @Override public String summary() { return "info: " + text; }
        @Override public List<MessageField> fields() { return List.of(MessageField.of("text", text)); }
    }

    /**
     * {@code SRECOV~<board>~<white to move>~<host>~<opponent>}: the player logged in again within
     * 60 s of losing the connection and is back in the game.
     *
     * @param board       the board now
     * @param whiteToMove {@code 1} on the wire when white is to move, {@code 0} when black is
     * @param host        {@code 1} on the wire when this player sent the invitation (and so plays
     *                    black), {@code 0} when they received it (and play white)
     * @param opponent    the opponent's name (boardlab's addition); empty only in the seed's short
     *                    form with three fields, which is still accepted
     */
    record SRecov(Board board, boolean whiteToMove, boolean host, Optional<String> opponent) implements ServerMessage {
        public SRecov {
            Objects.requireNonNull(board, "board");
            opponent.ifPresent(o -> Wire.name(o, "the opponent's name"));
        }

        /** The restored game against {@code opponent}. */
        public SRecov(Board board, Colour toMove, Colour colour, String opponent) {
            this(board, toMove == Colour.WHITE, colour == Colour.BLACK, Optional.of(opponent));
        }

        /** Parses {@code SRECOV~...}; throws {@link MalformedMessageException} for anything else. */
        public static SRecov parse(String line) {
            return Grammars.SERVER.parse(line, SRecov.class);
        }

        /** The colour to move. */
        public Colour toMove() {
            return whiteToMove ? Colour.WHITE : Colour.BLACK;
        }

        /** This player's colour: black for the host. */
        public Colour colour() {
            return host ? Colour.BLACK : Colour.WHITE;
        }

        @Override public String type() { return "SRECOV"; }
        @Override public String encode() {
            return "SRECOV~" + board + "~" + (whiteToMove ? 1 : 0) + "~" + (host ? 1 : 0)
                    + opponent.map(o -> "~" + o).orElse("");
        }
        @Override public String summary() {
            return "back in the game" + opponent.map(o -> " against " + o).orElse("") + ": you play "
                    + colour().word() + ", " + toMove().word() + " to move, black " + board.count(Colour.BLACK)
                    + " white " + board.count(Colour.WHITE);
        }
        @Override public List<MessageField> fields() {
            List<MessageField> f = new ArrayList<>();
            f.add(Grammars.boardField(board));
            f.add(MessageField.of("whiteToMove", (whiteToMove ? "1" : "0") + " (" + toMove().word() + " to move)"));
            f.add(MessageField.of("host", (host ? "1" : "0") + " (you play " + colour().word() + ")"));
            opponent.ifPresent(o -> f.add(MessageField.of("opponent", o)));
            return f;
        }
    }

    /** {@code SREQ~<name>}: the player {@code name} invites this player; answer with {@code CRES}. (boardlab) */
    record SReq(String name) implements ServerMessage {
        public SReq {
            Wire.name(name, "the name");
        }

        /** Parses {@code SREQ~<name>}; throws {@link MalformedMessageException} for anything else. */
        public static SReq parse(String line) {
            return Grammars.SERVER.parse(line, SReq.class);
        }

        @Override public String type() { return "SREQ"; }
        @Override public String encode() { return "SREQ~" + name; }
        @Override public String summary() { return name + " invites you to a game"; }
        @Override public List<MessageField> fields() { return List.of(MessageField.of("name", name)); }
    }

    /**
     * {@code SRES~<name>~ACCEPT|DECLINE}: the answer to this player's invitation to {@code name}.
     * After {@code ACCEPT}, {@code SSTARTG} follows. (boardlab)
     */
    record SRes(String name, Answer answer) implements ServerMessage {
        public SRes {
            Wire.name(name, "the name");
            Objects.requireNonNull(answer, "answer");
        }

        /** Parses {@code SRES~<name>~ACCEPT|DECLINE}; throws {@link MalformedMessageException} for anything else. */
        public static SRes parse(String line) {
            return Grammars.SERVER.parse(line, SRes.class);
        }

        @Override public String type() { return "SRES"; }
        @Override public String encode() { return "SRES~" + name + "~" + answer; }
        @Override public String summary() {
            return name + (answer == Answer.ACCEPT ? " accepted" : " declined") + " your invitation";
        }
        @Override public List<MessageField> fields() {
            return List.of(MessageField.of("name", name), MessageField.of("answer", answer));
        }
    }

    /**
     * {@code SMOV~<x>~<y>~<colour>~<next>~<board>}: {@code colour} placed a disc on (x, y); sent to
     * both players after every accepted move, the mover's own included. {@code next} is the colour
     * to move now, or {@code NONE} when the game is over ({@code SENDG} follows); when it is the
     * mover's colour again, the opponent has no move ({@code SPASS} follows). {@code board} is the
     * board after the move, discs turned. (boardlab)
     *
     * @param square the square played
     * @param colour the mover's colour
     * @param next   the colour to move now; empty ({@code NONE}) when the game is over
     * @param board  the board after the move; it shows the mover's disc on {@code square}
     */
    record SMov(Square square, Colour colour, Optional<Colour> next, Board board) implements ServerMessage {
        public SMov {
            Objects.requireNonNull(square, "square");
            Objects.requireNonNull(colour, "colour");
            Objects.requireNonNull(next, "next");
            Objects.requireNonNull(board, "board");
            if (!board.at(square).equals(Optional.of(colour))) {
                throw new MalformedMessageException("the board after the move must show a "
                        + colour.word() + " disc on " + square);
            }
        }

        /** Parses {@code SMOV~...}; throws {@link MalformedMessageException} for anything else. */
        public static SMov parse(String line) {
            return Grammars.SERVER.parse(line, SMov.class);
        }

        @Override public String type() { return "SMOV"; }
        @Override public String encode() {
            return "SMOV~" + square.x() + "~" + square.y() + "~" + colour + "~" + next.map(Colour::name).orElse("NONE")
                    + "~" + board;
        }
        @Override public String summary() {
            String then = next.isEmpty() ? "the game is over"
                    : next.get() == colour ? colour.other().word() + " must pass, " + colour.word() + " moves again"
                    : next.get().word() + " to move";
            return colour.word() + " played " + square + "; " + then;
        }
        @Override public List<MessageField> fields() {
            return List.of(MessageField.of("x", square.x()), MessageField.of("y", square.y()),
                    MessageField.of("square", square), MessageField.of("colour", colour),
                    MessageField.of("next", next.map(Colour::name).orElse("NONE")), Grammars.boardField(board));
        }
    }

    /**
     * {@code SPASS~<colour>}: {@code colour} has no legal move and passes; the other colour moves
     * again. Sent to both players right after the {@code SMOV} that left {@code colour} without a
     * move. (boardlab)
     */
    record SPass(Colour colour) implements ServerMessage {
        public SPass {
            Objects.requireNonNull(colour, "colour");
        }

        /** Parses {@code SPASS~<colour>}; throws {@link MalformedMessageException} for anything else. */
        public static SPass parse(String line) {
            return Grammars.SERVER.parse(line, SPass.class);
        }

        @Override public String type() { return "SPASS"; }
        @Override public String encode() { return "SPASS~" + colour; }
        @Override public String summary() {
            return colour.word() + " has no move and passes; " + colour.other().word() + " moves again";
        }
        @Override public List<MessageField> fields() { return List.of(MessageField.of("colour", colour)); }
    }

    /**
     * {@code SENDG~<black>~<white>~<winner>~<reason>}: the game is over; both players are back in
     * the lobby. (boardlab)
     *
     * @param black  black's score, 0..64
     * @param white  white's score, 0..64; the two add up to at most 64
     * @param winner who won; after a TIMEOUT or OUTOFTURN the winner is the other player whatever
     *               the scores
     * @param reason why the game ended
     */
    record SEndG(int black, int white, Winner winner, EndReason reason) implements ServerMessage {
        public SEndG {
            if (black < 0 || white < 0 || black + white > Board.CELLS) {
                throw new MalformedMessageException("the scores must be 0..64 and add up to at most 64, not "
                        + black + " and " + white);
            }
            Objects.requireNonNull(winner, "winner");
            Objects.requireNonNull(reason, "reason");
        }

        /** Parses {@code SENDG~...}; throws {@link MalformedMessageException} for anything else. */
        public static SEndG parse(String line) {
            return Grammars.SERVER.parse(line, SEndG.class);
        }

        @Override public String type() { return "SENDG"; }
        @Override public String encode() { return "SENDG~" + black + "~" + white + "~" + winner + "~" + reason; }
        @Override public String summary() {
            String who = winner == Winner.DRAW ? "a draw" : winner.name().toLowerCase(java.util.Locale.ROOT) + " wins";
            return "game over, " + reason.words() + ": black " + black + ", white " + white + ", " + who;
        }
        @Override public List<MessageField> fields() {
            return List.of(MessageField.of("black", black), MessageField.of("white", white),
                    MessageField.of("winner", winner), MessageField.of("reason", reason));
        }
    }

    /**
     * {@code SMOVERR~<x>~<y>~<reason>}: the move on (x, y) is refused (illegal); nothing changed,
     * and the player may try again within the time for the move. (boardlab)
     */
    record SMovErr(Square square, String reason) implements ServerMessage {
        public SMovErr {
            Objects.requireNonNull(square, "square");
            Wire.text(reason, "the reason");
        }

        /** Parses {@code SMOVERR~<x>~<y>~<reason>}; throws {@link MalformedMessageException} for anything else. */
        public static SMovErr parse(String line) {
            return Grammars.SERVER.parse(line, SMovErr.class);
        }

        /** Marked as a refusal, with the server's reason. */
        @Override
        public org.boardlab.api.DecodedMessage describe() {
            return ServerMessage.super.describe().withRefused(reason);
        }

        @Override public String type() { return "SMOVERR"; }
        @Override public String encode() { return "SMOVERR~" + square.x() + "~" + square.y() + "~" + reason; }
        @Override public String summary() { return "move " + square + " refused: " + reason; }
        @Override public List<MessageField> fields() {
            return List.of(MessageField.of("x", square.x()), MessageField.of("y", square.y()),
                    MessageField.of("square", square), MessageField.of("reason", reason));
        }
    }

    /** {@code SNAMEOK}: the login is accepted; the lobby list follows. (boardlab) */
    record SNameOk() implements ServerMessage {
        /** Parses {@code SNAMEOK}; throws {@link MalformedMessageException} for anything else. */
        public static SNameOk parse(String line) {
            return Grammars.SERVER.parse(line, SNameOk.class);
        }

        @Override public String type() { return "SNAMEOK"; }
        @Override public String encode() { return "SNAMEOK"; }
        @Override public String summary() { return "login accepted"; }
        @Override public List<MessageField> fields() { return List.of(); }
    }

    /**
     * {@code SNAMEERR~<reason>}: the login is refused (for example the name is taken); the
     * connection stays open and the client may send {@code CNAME} again. (boardlab)
     */
    record SNameErr(String reason) implements ServerMessage {
        public SNameErr {
            Wire.text(reason, "the reason");
        }

        /** Parses {@code SNAMEERR~<reason>}; throws {@link MalformedMessageException} for anything else. */
        public static SNameErr parse(String line) {
            return Grammars.SERVER.parse(line, SNameErr.class);
        }

        /** Marked as a refusal, with the server's reason. */
        @Override
        public org.boardlab.api.DecodedMessage describe() {
            return ServerMessage.super.describe().withRefused(reason);
        }

        @Override public String type() { return "SNAMEERR"; }
        @Override public String encode() { return "SNAMEERR~" + reason; }
        @Override public String summary() { return "login refused: " + reason; }
        @Override public List<MessageField> fields() { return List.of(MessageField.of("reason", reason)); }
    }

    /**
     * {@code SERR~<reason>}: the client broke the protocol (a malformed line or a message that is
     * not allowed in its state); the server closes the connection right after this line. (boardlab)
     */
    record SErr(String reason) implements ServerMessage {
        public SErr {
            Wire.text(reason, "the reason");
        }

        /** Parses {@code SERR~<reason>}; throws {@link MalformedMessageException} for anything else. */
        public static SErr parse(String line) {
            return Grammars.SERVER.parse(line, SErr.class);
        }

        /** Marked as the report of a protocol violation, with the server's reason. */
        @Override
        public org.boardlab.api.DecodedMessage describe() {
            return ServerMessage.super.describe().withViolation(reason);
        }

        @Override public String type() { return "SERR"; }
        @Override public String encode() { return "SERR~" + reason; }
        @Override public String summary() { return "protocol error, the server closes the connection: " + reason; }
        @Override public List<MessageField> fields() { return List.of(MessageField.of("reason", reason)); }
    }
}
