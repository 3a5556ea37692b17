package org.boardlab.protocol.othello.internal;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import javax.inject.Named;
import javax.inject.Singleton;
import org.boardlab.protocol.othello.Board;
import org.boardlab.protocol.othello.Colour;
import org.boardlab.protocol.othello.OthelloCodec;
import org.boardlab.protocol.othello.ServerMessage;
import org.boardlab.protocol.othello.Square;
import org.boardlab.server.TerminalClient;

/**
 * {@code boardlab client othello}: play seed 000's Othello from a terminal. It logs in, shows the
 * lobby, invitations, the board after every move and the result, pings every 5 s, and understands
 * these commands: {@code who}, {@code invite NAME}, {@code accept NAME}, {@code decline NAME},
 * {@code withdraw NAME}, {@code move d3} (or just {@code d3}), {@code leave}, {@code quit}, and
 * {@code raw LINE} to send a protocol line as it is.
 */
@Named("othello")
@Singleton
public final class OthelloTerminalClient implements TerminalClient {

    @Override
    public int run(String host, int port, String name, BufferedReader in, PrintWriter out) throws Exception {
        if (name == null || name.isBlank()) {
            out.println("give a name to log in with: --name NAME");
            out.flush();
            return 1;
        }
        int actualPort = port < 0 ? OthelloCodec.DEFAULT_PORT : port;
        Socket socket;
        try {
            socket = new Socket(host, actualPort);
        } catch (IOException e) {
            out.println("cannot connect to " + host + ":" + actualPort + ": " + e.getMessage());
            out.flush();
            return 1;
        }
        try (socket) {
            OutputStream wire = socket.getOutputStream();
            BufferedReader fromServer = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.US_ASCII));
            View view = new View(out);
            Thread reader = new Thread(() -> view.readAll(fromServer), "othello-client-reader");
            reader.setDaemon(true);
            reader.start();
            ScheduledExecutorService pinger = Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "othello-client-ping");
                t.setDaemon(true);
                return t;
            });
            pinger.scheduleAtFixedRate(() -> send(wire, "CPING"), 5, 5, TimeUnit.SECONDS);
            try {
                send(wire, "CNAME~" + name);
                out.println("connected to " + host + ":" + actualPort + " as " + name
                        + "; commands: who, invite NAME, accept NAME, decline NAME, withdraw NAME, move d3, leave, quit");
                out.flush();
                String line;
                while ((line = in.readLine()) != null) {
                    if (!reader.isAlive()) {
                        break;
                    }
                    String command = line.trim();
                    if (command.isEmpty()) {
                        continue;
                    }
                    String[] words = command.split("\\s+", 2);
                    String arg = words.length > 1 ? words[1].trim() : "";
                    String message = switch (words[0].toLowerCase()) {
                        case "quit", "exit" -> "CEXIT";
                        case "who" -> {
                            view.printLobby();
                            yield null;
                        }
                        case "invite" -> "CREQ~" + arg;
                        case "accept" -> "CRES~" + arg + "~ACCEPT";
                        case "decline" -> "CRES~" + arg + "~DECLINE";
                        case "withdraw" -> "CREQC~" + arg;
                        case "leave" -> "CENDGAME";
                        case "raw" -> arg;
                        case "move" -> cmov(arg, out);
                        default -> command.length() >= 2 && Character.isLetter(command.charAt(0)) && Character.isDigit(command.charAt(1))
                                ? cmov(command, out) : unknown(command, out);
                    };
                    if (message != null) {
                        send(wire, message);
                        if (message.equals("CEXIT")) {
                            reader.join(2_000);
                            return 0;
                        }
                    }
                }
                send(wire, "CEXIT");
                return reader.isAlive() ? 0 : 1;
            } finally {
                pinger.shutdownNow();
            }
        }
    }

    private static String unknown(String command, PrintWriter out) {
        out.println("unknown command '" + command + "'; commands: who, invite NAME, accept NAME, decline NAME, withdraw NAME, "
                + "move d3, leave, quit, raw LINE");
        out.flush();
        return null;
    }

    private static String cmov(String notation, PrintWriter out) {
        try {
            Square s = Square.of(notation.trim().toLowerCase());
            return "CMOV~" + s.x() + "~" + s.y();
        } catch (IllegalArgumentException e) {
            out.println("a move is a square a1..h8 (column, then row from the top), e.g. move d3");
            out.flush();
            return null;
        }
    }

    private static synchronized void send(OutputStream wire, String line) {
        try {
            wire.write((line + "\n").getBytes(StandardCharsets.US_ASCII));
            wire.flush();
        } catch (IOException e) {
            // the reader reports the closed connection
        }
    }

    /** Turns server lines into words for the player. */
    private static final class View {
        private final PrintWriter out;
        private final Map<String, String> lobby = new TreeMap<>();

        View(PrintWriter out) {
            this.out = out;
        }

        void readAll(BufferedReader fromServer) {
            try {
                String line;
                while ((line = fromServer.readLine()) != null) {
                    show(line);
                }
                say("the server closed the connection");
            } catch (IOException e) {
                say("the connection was lost: " + e.getMessage());
            }
        }

        private synchronized void say(String text) {
            out.println(text);
            out.flush();
        }

        synchronized void printLobby() {
            if (lobby.isEmpty()) {
                say("nobody else is in the lobby");
            }
            lobby.forEach((n, st) -> say("  " + n + "  " + st));
        }

        private void show(String line) {
            Optional<ServerMessage> parsed;
            try {
                parsed = ServerMessage.parse(line);
            } catch (IllegalArgumentException e) {
                say("? " + line + " (" + e.getMessage() + ")");
                return;
            }
            if (parsed.isEmpty()) {
                return;
            }
            ServerMessage m = parsed.get();
            synchronized (this) {
                if (m instanceof ServerMessage.SAddP p) {
                    lobby.put(p.name(), "READY");
                } else if (m instanceof ServerMessage.SDelP p) {
                    lobby.remove(p.name());
                } else if (m instanceof ServerMessage.SUps u) {
                    lobby.put(u.name(), u.status().name());
                }
            }
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
                say(r.name() + " invites you: type 'accept " + r.name() + "' or 'decline " + r.name() + "'");
            } else if (m instanceof ServerMessage.SRes r) {
                say(r.name() + (r.answer().name().equals("ACCEPT") ? " accepted" : " declined") + " your invitation");
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
                        + (e.winner().name().equals("DRAW") ? "a draw" : e.winner().name().toLowerCase() + " wins")
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
                say(line);
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
