package org.boardlab.protocol.othello.internal;

import java.io.BufferedReader;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javax.inject.Named;
import javax.inject.Singleton;
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
import org.boardlab.protocol.othello.Status;
import org.boardlab.server.TerminalClient;
import org.boardlab.server.client.SeatListener;
import org.boardlab.server.client.TerminalLoop;

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
 * 1 when the client cannot connect or the server ends the connection. It reads the typed lines on a
 * daemon thread ({@link TerminalLoop}) so that it notices a closed connection at once; that thread
 * may stay blocked on {@code in} after {@code run} returns, so give each call its own reader.
 */
@Named("othello")
@Singleton
public final class OthelloTerminalClient implements TerminalClient {

    static final String COMMANDS = "who, invite NAME, accept NAME, decline NAME, withdraw NAME, move d3, leave, quit";

    @Override
    public int run(String host, int port, String name, BufferedReader in, PrintWriter out) throws Exception {
        return run(host, port, name, null, in, out);
    }

    @Override
    public int run(String host, int port, String name, AutoPlay autoPlay, BufferedReader in, PrintWriter out)
            throws Exception {
        if (name == null || name.isBlank()) {
            out.println("give a name to log in with: --name NAME");
            out.flush();
            return 1;
        }
        ClientMessage.CName login;
        try {
            login = new ClientMessage.CName(name);
        } catch (IllegalArgumentException e) {
            out.println("cannot log in as '" + name + "': " + e.getMessage());
            out.flush();
            return 1;
        }
        int actualPort = port < 0 ? OthelloCodec.DEFAULT_PORT : port;
        TerminalLoop loop = new TerminalLoop("othello-client-keyboard");
        if (autoPlay != null) {
            loop.playOnWhenTypingEnds(); // a script's empty input does not stop the loaded player
        }
        View view = new View(out, autoPlay, loop);
        OthelloClient client = new OthelloClient(view);
        try {
            client.connect(host, actualPort).get(30, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            Throwable cause = e instanceof ExecutionException ? e.getCause() : e;
            out.println("cannot connect to " + host + ":" + actualPort + ": " + cause.getMessage());
            out.flush();
            client.close();
            return 1;
        }
        try {
            OthelloSeat seat = autoPlay == null ? null : OthelloSeat.start(client, autoPlay.player(), autoPlay.game(),
                    OthelloSeat.Options.defaults().withTimePerMove(autoPlay.timePerMove()).withInvite(autoPlay.invite())
                            .withGames(autoPlay.games()), view.seatListener());
            if (seat != null) {
                seat.finished().thenRun(loop::gamesPlayed);
            }
            client.login(login.name());
            view.say("connected to " + host + ":" + actualPort + " as " + name + "; commands: " + COMMANDS);
            if (autoPlay != null) {
                view.say(autoPlay.playerId() + " plays for you: it accepts every invitation"
                        + (autoPlay.invite() == null ? "" : " and invites " + autoPlay.invite() + " whenever you are both free")
                        + (autoPlay.games() == 0 ? "" : ", and you quit after " + games(autoPlay.games())));
            }
            return loop.run(in, command -> handle(command, client, view, autoPlay),
                    () -> view.say("played " + games(seat.gamesPlayed()) + "; bye"), () -> quit(client));
        } finally {
            client.close();
        }
    }

    private static String games(int n) {
        return n == 1 ? "1 game" : n + " games";
    }

    /** Sends CEXIT and waits a little for the server to close: 0 if the connection was still open. */
    private static int quit(OthelloClient client) throws InterruptedException {
        boolean open = client.phase() != OthelloClient.Phase.CLOSED;
        client.close();
        try {
            client.closeFuture().get(2, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            // closing is best effort: the process ends anyway
        }
        return open ? 0 : 1;
    }

    /** Acts on one typed command; {@code true} when the user quits. */
    private static boolean handle(String command, OthelloClient client, View view, AutoPlay autoPlay) {
        if (command.isEmpty()) {
            return false;
        }
        String[] words = command.split("\\s+", 2);
        String arg = words.length > 1 ? words[1].trim() : "";
        String word = words[0].toLowerCase(Locale.ROOT);
        try {
            switch (word) {
                case "quit", "exit" -> {
                    return true;
                }
                case "who" -> view.printLobby(client.lobby());
                case "invite" -> client.send(new ClientMessage.CReq(arg));
                case "accept" -> client.send(new ClientMessage.CRes(arg, Answer.ACCEPT));
                case "decline" -> client.send(new ClientMessage.CRes(arg, Answer.DECLINE));
                case "withdraw" -> client.send(new ClientMessage.CReqC(arg));
                case "leave" -> client.send(new ClientMessage.CEndGame());
                case "raw" -> client.sendRaw(arg);
                case "help" -> view.say("commands: " + COMMANDS + ", raw LINE");
                case "move" -> move(arg, client, view, autoPlay);
                default -> {
                    if (command.length() >= 2 && Character.isLetter(command.charAt(0)) && Character.isDigit(command.charAt(1))) {
                        move(command, client, view, autoPlay);
                    } else {
                        view.say("unknown command '" + command + "'; commands: " + COMMANDS + ", raw LINE");
                    }
                }
            }
        } catch (IllegalStateException e) {
            view.say("not sent: " + e.getMessage());
        } catch (IllegalArgumentException e) {
            view.say(word + " needs a player's name: " + e.getMessage());
        }
        return false;
    }

    private static void move(String notation, OthelloClient client, View view, AutoPlay autoPlay) {
        if (autoPlay != null) {
            view.say(autoPlay.playerId() + " plays your moves; type quit to stop");
            return;
        }
        Square square;
        try {
            square = Square.of(notation.trim().toLowerCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            view.say("a move is a square a1..h8 (column, then row from the top), e.g. move d3");
            return;
        }
        client.send(new ClientMessage.CMov(square));
    }

    /** Turns the client's news into words for the player; runs on the client's event loop. */
    private static final class View implements OthelloClient.Listener {
        private final PrintWriter out;
        private final AutoPlay autoPlay;
        private final TerminalLoop loop;

        View(PrintWriter out, AutoPlay autoPlay, TerminalLoop loop) {
            this.out = out;
            this.autoPlay = autoPlay;
            this.loop = loop;
        }

        synchronized void say(String text) {
            out.println(text);
            out.flush();
        }

        synchronized void printLobby(Map<String, Status> lobby) {
            if (lobby.isEmpty()) {
                say("nobody else is in the lobby");
            }
            lobby.forEach((n, st) -> say("  " + n + "  " + st));
        }

        SeatListener seatListener() {
            return TerminalLoop.seatReport(autoPlay.playerId(), this::say);
        }

        @Override
        public void malformed(ProtocolViolation v) {
            say("? " + v.line() + " (" + v.reason() + ")");
        }

        @Override
        public void closed(OthelloClient.CloseReason reason) {
            switch (reason.kind()) {
                case CLIENT -> { }
                case SERVER, PROTOCOL_ERROR -> say("the server closed the connection");
                case FAILED -> say(reason.detail());
                default -> throw new IllegalStateException(reason.kind().name());
            }
            loop.connectionEnded();
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
                say(autoPlay != null ? r.name() + " invites you"
                        : r.name() + " invites you: type 'accept " + r.name() + "' or 'decline " + r.name() + "'");
            } else if (m instanceof ServerMessage.SRes r) {
                say(r.name() + (r.answer() == Answer.ACCEPT ? " accepted" : " declined") + " your invitation");
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
            StringBuilder sb = new StringBuilder("  a b c d e f g h\n");
            for (int row = 0; row < 8; row++) {
                sb.append(row + 1);
                for (int col = 0; col < 8; col++) {
                    sb.append(' ').append(board.cells().charAt(row * 8 + col));
                }
                sb.append('\n');
            }
            say(sb.toString().stripTrailing());
        }
    }
}
