package org.boardlab.protocol.othello.internal;

import java.io.BufferedReader;
import java.io.PrintWriter;
import java.util.Locale;
import javax.inject.Named;
import javax.inject.Singleton;
import org.boardlab.client.BoardText;
import org.boardlab.client.CloseReason;
import org.boardlab.client.TerminalClient;
import org.boardlab.client.TerminalSession;
import org.boardlab.protocol.othello.Answer;
import org.boardlab.protocol.othello.Board;
import org.boardlab.protocol.othello.ClientMessage;
import org.boardlab.protocol.othello.Colour;
import org.boardlab.protocol.othello.OthelloClient;
import org.boardlab.protocol.othello.OthelloCodec;
import org.boardlab.protocol.othello.OthelloSeat;
import org.boardlab.protocol.othello.ProtocolViolation;
import org.boardlab.protocol.othello.ServerMessage;
import org.boardlab.protocol.othello.Square;

/**
 * {@code boardlab client othello}: play seed 000's Othello from a terminal, through an
 * {@link OthelloClient}. It logs in, shows the lobby, invitations, the board after every move and
 * the result, pings every 5 s, and understands these commands: {@code who}, {@code invite NAME},
 * {@code accept NAME}, {@code decline NAME}, {@code withdraw NAME}, {@code move d3} (or just
 * {@code d3}), {@code leave}, {@code quit}, and {@code raw LINE} to send a protocol line as it is.
 *
 * <p>With {@code --player ID} ({@link TerminalClient.AutoPlay}) an {@link OthelloSeat} plays: it
 * accepts every invitation, invites {@code --invite NAME} whenever both are free, moves on the
 * client's turns, and the client quits after {@code --games N} games. The typed commands still
 * work, except moves.
 *
 * <p>{@link #run} returns 0 when the user quits, the typed input ends or the games are played, and
 * 1 when the client cannot connect or the server ends the connection. Connecting, the seat, the
 * typed lines and the end are the client stack's {@link TerminalSession}; this class says what the
 * Othello protocol shows and understands.
 */
@Named("othello")
@Singleton
public final class OthelloTerminalClient implements TerminalClient {

    static final String COMMANDS = "who, invite NAME, accept NAME, decline NAME, withdraw NAME, move d3, leave, quit";

    @Override
    public int run(String host, int port, String name, AutoPlay autoPlay, BufferedReader in, PrintWriter out)
            throws Exception {
        String refused = TerminalSession.nameProblem(name, ClientMessage.CName::new);
        if (refused != null) {
            out.println(refused);
            out.flush();
            return 1;
        }
        return new Session(name, autoPlay, out).run(host, port < 0 ? OthelloCodec.DEFAULT_PORT : port, in);
    }

    /** One run: turns the client's news into words and typed commands into lines; on the client's event loop. */
    private static final class Session extends TerminalSession<OthelloClient, ServerMessage, ProtocolViolation> {
        private final String name;

        Session(String name, AutoPlay autoPlay, PrintWriter out) {
            super("othello", () -> new OthelloClient(null), OthelloSeat::start, autoPlay, out);
            this.name = name;
        }

        @Override
        protected String greeting(String host, int port) {
            return "connected to " + host + ":" + port + " as " + name;
        }

        @Override
        protected String autoPlayGreeting(AutoPlay autoPlay) {
            return "it accepts every invitation"
                    + (autoPlay.invite() == null ? "" : " and invites " + autoPlay.invite() + " whenever you are both free")
                    + (autoPlay.games() == 0 ? "" : ", and you quit after " + count(autoPlay.games()));
        }

        @Override
        protected void begin(boolean seated) {
            client().login(name);
        }

        @Override
        protected String commands() {
            return COMMANDS + ", raw LINE";
        }

        @Override
        protected boolean command(String word, String arg, String line) {
            OthelloClient client = client();
            try {
                switch (word) {
                    case "who" -> printLobby();
                    case "invite" -> client.send(new ClientMessage.CReq(arg));
                    case "accept" -> client.send(new ClientMessage.CRes(arg, Answer.ACCEPT));
                    case "decline" -> client.send(new ClientMessage.CRes(arg, Answer.DECLINE));
                    case "withdraw" -> client.send(new ClientMessage.CReqC(arg));
                    case "leave" -> client.send(new ClientMessage.CEndGame());
                    case "raw" -> client.sendRaw(arg);
                    case "move" -> move(arg);
                    default -> {
                        if (line.length() < 2 || !Character.isLetter(line.charAt(0)) || !Character.isDigit(line.charAt(1))) {
                            return false;
                        }
                        move(line);
                    }
                }
            } catch (IllegalArgumentException e) {
                say(word + " needs a player's name: " + e.getMessage());
            }
            return true;
        }

        private void move(String notation) {
            if (playerPlays("your moves")) {
                return;
            }
            Square square;
            try {
                square = Square.of(notation.trim().toLowerCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                say("a move is a square a1..h8 (column, then row from the top), e.g. move d3");
                return;
            }
            client().send(new ClientMessage.CMov(square));
        }

        private void printLobby() {
            if (client().lobby().isEmpty()) {
                say("nobody else is in the lobby");
            }
            client().lobby().forEach((n, st) -> say("  " + n + "  " + st));
        }

        @Override
        protected String protocolError(CloseReason reason) {
            return "the server closed the connection";
        }

        @Override
        public void malformed(ProtocolViolation v) {
            say("? " + v.line() + " (" + v.reason() + ")");
        }

        @Override
        public void message(ServerMessage m) {
            if (m instanceof ServerMessage.SPong || m instanceof ServerMessage.SUps || m instanceof ServerMessage.SAddP) {
                return;
            }
            if (m instanceof ServerMessage.SNameOk) {
                say("logged in; type 'who' to see the lobby");
            } else if (m instanceof ServerMessage.SNameErr e) {
                say("login refused: " + e.reason() + " (quit and try another --name)");
            } else if (m instanceof ServerMessage.SDelP p) {
                say(p.name() + " left");
            } else if (m instanceof ServerMessage.SReq r) {
                say(autoPlay() != null ? r.name() + " invites you"
                        : r.name() + " invites you: type 'accept " + r.name() + "' or 'decline " + r.name() + "'");
            } else if (m instanceof ServerMessage.SRes r) {
                if (r.answer() == Answer.DECLINE && !client().lobby().containsKey(r.name())) {
                    // the server declines for a name that cannot be invited (nobody of that name, or not free)
                    say(r.name() + " could not be invited: no player of that name is free in the lobby (type 'who' to see it)");
                } else {
                    say(r.name() + (r.answer() == Answer.ACCEPT ? " accepted" : " declined") + " your invitation");
                }
            } else if (m instanceof ServerMessage.SReqC r) {
                say("the invitation with " + r.name() + " is off");
            } else if (m instanceof ServerMessage.SStartG g) {
                Colour c = g.colour().orElse(Colour.BLACK);
                say("game against " + g.opponent() + ": you play " + c.word() + (c == Colour.BLACK ? "; your move" : "; black moves first"));
                printBoard(Board.start());
            } else if (m instanceof ServerMessage.SMov mv) {
                say(mv.colour().word() + " played " + mv.square().notation());
                printBoard(mv.board());
                mv.next().ifPresent(n -> say(n.word() + " to move"));
            } else if (m instanceof ServerMessage.SPass p) {
                say(p.colour().word() + " has no move and passes");
            } else if (m instanceof ServerMessage.SMovErr e) {
                say("move " + e.square().notation() + " refused: " + e.reason() + "; try another");
            } else if (m instanceof ServerMessage.SEndG e) {
                say("game over: black " + e.black() + ", white " + e.white() + ": "
                        + (e.winner().name().equals("DRAW") ? "a draw" : e.winner().name().toLowerCase(Locale.ROOT) + " wins")
                        + " (" + e.reason().words() + ")");
            } else if (m instanceof ServerMessage.SGameEC) {
                say("the game was cancelled");
            } else if (m instanceof ServerMessage.SGameI i) {
                say(i.text());
            } else if (m instanceof ServerMessage.SRecov r) {
                say("back in your game" + r.opponent().map(o -> " against " + o).orElse("") + ": "
                        + (r.whiteToMove() ? "white" : "black") + " to move");
                printBoard(r.board());
            } else if (m instanceof ServerMessage.SErr e) {
                say("the server says the protocol was broken: " + e.reason());
            } else {
                say(m.encode());
            }
        }

        private void printBoard(Board board) {
            say(BoardText.of(8, 8, (row, col) -> board.cells().charAt(row * 8 + col), 0, -1, -1));
        }
    }
}
