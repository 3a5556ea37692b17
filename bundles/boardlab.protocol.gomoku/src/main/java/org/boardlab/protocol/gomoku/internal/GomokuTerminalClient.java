package org.boardlab.protocol.gomoku.internal;

import io.netty.buffer.Unpooled;
import java.io.BufferedReader;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.net.Socket;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.inject.Named;
import javax.inject.Singleton;
import org.boardlab.protocol.gomoku.Cell;
import org.boardlab.protocol.gomoku.GomokuFrameDecoder;
import org.boardlab.protocol.gomoku.GomokuJson;
import org.boardlab.protocol.gomoku.GomokuMessage;
import org.boardlab.protocol.gomoku.GomokuMessage.Color;
import org.boardlab.protocol.gomoku.GomokuMessage.FullUpdate;
import org.boardlab.protocol.gomoku.GomokuMessage.Heartbeat;
import org.boardlab.protocol.gomoku.GomokuMessage.Hello;
import org.boardlab.protocol.gomoku.GomokuMessage.Place;
import org.boardlab.protocol.gomoku.GomokuMessage.Refused;
import org.boardlab.protocol.gomoku.GomokuMessage.Sender;
import org.boardlab.protocol.gomoku.GomokuMessage.Update;
import org.boardlab.protocol.gomoku.GomokuMessage.Win;
import org.boardlab.protocol.gomoku.GomokuProtocolException;
import org.boardlab.protocol.gomoku.GomokuWire;
import org.boardlab.protocol.gomoku.ProtocolViolation;
import org.boardlab.protocol.gomoku.ProtocolViolation.Kind;
import org.boardlab.protocol.gomoku.Stone;
import org.boardlab.protocol.gomoku.WireBoard;
import org.boardlab.protocol.gomoku.Winner;
import org.boardlab.server.TerminalClient;

/**
 * {@code boardlab client gomoku}: play seed 003's Gomoku from a terminal, over a plain blocking
 * socket. It connects (port {@value GomokuWire#DEFAULT_PORT} by default), sends {@code join}, sends
 * a heartbeat frame every 40 s, and shows in words what the server says: a new round, your colour,
 * the board after every stone (columns {@code a..} from the left, rows {@code 1..} from the top,
 * the last stone in brackets), whose turn it is, a refused move and its reason, and who won.
 *
 * <p>Commands: a point such as {@code h8} (or {@code place h8}) places a stone there; {@code new}
 * asks for another round once one is over; {@code board} shows the board again; {@code help};
 * {@code quit}. GMKU has no names, so the {@code name} argument is ignored and may be {@code null}.
 *
 * <p>{@link #run} returns 0 when the user quits (or the typed input ends) and 1 when the client
 * cannot connect or the server ends the connection. It reads the typed lines on a daemon thread so
 * that it notices a closed connection at once; that thread may stay blocked on {@code in} after
 * {@code run} returns, so give each call its own reader.
 */
@Named("gomoku")
@Singleton
public final class GomokuTerminalClient implements TerminalClient {

    static final String COMMANDS = "h8 (or place h8) to place a stone, new, board, help, quit";

    private static final Pattern POINT = Pattern.compile("([a-z])([0-9]{1,9})");

    private final Duration heartbeatInterval;

    /** The client Sisu builds: a heartbeat every 40 s, as the original client sends. */
    public GomokuTerminalClient() {
        this(GomokuWire.HEARTBEAT_INTERVAL);
    }

    /** For tests: heartbeats at another interval. */
    GomokuTerminalClient(Duration heartbeatInterval) {
        this.heartbeatInterval = heartbeatInterval;
    }

    /** What the main loop waits for: a typed line, the end of typing, or the end of the connection. */
    private record Input(String line, boolean typingEnded, boolean connectionEnded) {
        static Input typed(String line) {
            return new Input(line, false, false);
        }
    }

    @Override
    public int run(String host, int port, String name, BufferedReader in, PrintWriter out) throws Exception {
        int actualPort = port < 0 ? GomokuWire.DEFAULT_PORT : port;
        Socket socket;
        try {
            socket = new Socket(host, actualPort);
        } catch (IOException e) {
            out.println("cannot connect to " + host + ":" + actualPort + ": " + e.getMessage());
            out.flush();
            return 1;
        }
        ScheduledExecutorService heartbeats = Executors.newSingleThreadScheduledExecutor(r -> daemon(r, "gomoku-client-heartbeat"));
        try (socket) {
            Wire wire = new Wire(socket.getOutputStream());
            View view = new View(out);
            BlockingQueue<Input> inputs = new LinkedBlockingQueue<>();
            view.say("connected to " + host + ":" + actualPort + "; commands: " + COMMANDS);
            InputStream fromServer = socket.getInputStream();
            daemon(() -> {
                view.readAll(fromServer);
                inputs.add(new Input(null, false, true));
            }, "gomoku-client-reader").start();
            daemon(() -> {
                String line;
                try {
                    while ((line = in.readLine()) != null) {
                        inputs.add(Input.typed(line));
                    }
                } catch (IOException e) {
                    // the typed input is gone: treated like its end
                }
                inputs.add(new Input(null, true, false));
            }, "gomoku-client-keyboard").start();
            long every = heartbeatInterval.toMillis();
            heartbeats.scheduleAtFixedRate(() -> wire.send(GomokuMessage.HEARTBEAT), every, every, TimeUnit.MILLISECONDS);

            wire.send(GomokuMessage.JOIN);
            while (true) {
                Input input = inputs.take();
                if (input.connectionEnded()) {
                    return 1;
                }
                if (input.typingEnded() || handle(input.line().trim(), wire, view)) {
                    view.leave();
                    return 0;
                }
            }
        } finally {
            heartbeats.shutdownNow();
        }
    }

    private static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }

    /** Acts on one typed command; {@code true} when the user quits. */
    private static boolean handle(String command, Wire wire, View view) {
        if (command.isEmpty()) {
            return false;
        }
        String[] words = command.split("\\s+", 2);
        String arg = words.length > 1 ? words[1].trim() : "";
        switch (words[0].toLowerCase(Locale.ROOT)) {
            case "quit", "exit" -> {
                return true;
            }
            case "help" -> view.say("commands: " + COMMANDS);
            case "board" -> view.showBoardAgain();
            case "new" -> {
                if (view.mayAskForNewRound()) {
                    wire.send(GomokuMessage.NEW_ROUND);
                }
            }
            case "place" -> place(arg, wire, view);
            default -> {
                if (words.length == 1 && Character.isLetter(command.charAt(0))
                        && command.length() >= 2 && Character.isDigit(command.charAt(1))) {
                    place(command, wire, view);
                } else {
                    view.say("unknown command '" + command + "'; commands: " + COMMANDS);
                }
            }
        }
        return false;
    }

    private static void place(String notation, Wire wire, View view) {
        Optional<Place> place = parsePoint(notation);
        if (place.isEmpty()) {
            view.say((notation.isEmpty() ? "place needs a point" : "'" + notation + "' is not a point")
                    + ": a point is a column letter from the left and a row number from the top, e.g. h8 "
                    + view.sizeHint());
            return;
        }
        wire.send(place.get());
    }

    /**
     * A typed point in boardlab notation ({@code h8}: column letter from the left, row number from
     * the top, both from 1 / {@code a}) as the wire's zero-based {@code place}: {@code h8} is row 7,
     * col 7, the inverse of {@link GomokuWire#point}. Empty when the text is not a point (row 0
     * included); a point off the board is left for the server to refuse.
     */
    static Optional<Place> parsePoint(String text) {
        Matcher m = POINT.matcher(text.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            return Optional.empty();
        }
        int row = Integer.parseInt(m.group(2)) - 1;
        if (row < 0) {
            return Optional.empty();
        }
        return Optional.of(new Place(row, m.group(1).charAt(0) - 'a'));
    }

    /** Writes whole frames to the server; one writer at a time (the heartbeat runs on its own thread). */
    private static final class Wire {
        private final OutputStream out;

        Wire(OutputStream out) {
            this.out = out;
        }

        synchronized void send(GomokuMessage message) {
            try {
                out.write(GomokuWire.frame(message));
                out.flush();
            } catch (IOException e) {
                // the reader reports the closed connection
            }
        }
    }

    /** Reads frames from the server and tells the player in words; keeps the board it was sent. */
    private static final class View {
        private final PrintWriter out;
        private boolean joined;
        private boolean leaving;
        private boolean roundOn;
        private Stone me;
        private WireBoard board;
        private int lastRow = -1;
        private int lastCol = -1;
        private Stone turn;

        View(PrintWriter out) {
            this.out = out;
        }

        synchronized void say(String text) {
            out.println(text);
            out.flush();
        }

        /** Reads until the connection ends, then says why (unless the user is leaving). */
        void readAll(InputStream stream) {
            DataInputStream in = new DataInputStream(stream);
            String end;
            try {
                while (true) {
                    byte[] json = readFrame(in);
                    if (json == null) {
                        end = "the server closed the connection";
                        break;
                    }
                    try {
                        show(GomokuJson.decode(json, Sender.SERVER));
                    } catch (GomokuProtocolException e) {
                        say("the server sent a frame that could not be read, skipped: " + e.violation().reason());
                    }
                }
            } catch (GomokuProtocolException e) {
                end = "the server broke the protocol, so the connection is closed: " + e.violation().reason();
            } catch (IOException e) {
                end = "the connection was lost: " + e.getMessage();
            }
            synchronized (this) {
                if (!leaving) {
                    say(end);
                }
            }
        }

        /**
         * The JSON of the next frame (empty for a heartbeat), or {@code null} when the connection
         * ended between frames. The header is checked by the codec's own
         * {@link GomokuFrameDecoder#checkHeader}, so the reasons are the server's.
         */
        private static byte[] readFrame(DataInputStream in) throws IOException {
            byte[] header = new byte[GomokuWire.HEADER_LENGTH];
            int have = 0;
            while (have < header.length) {
                int n = in.read(header, have, header.length - have);
                if (n < 0) {
                    if (have == 0) {
                        return null;
                    }
                    throw truncated(have, "");
                }
                have += n;
            }
            Optional<ProtocolViolation> bad = GomokuFrameDecoder.checkHeader(Unpooled.wrappedBuffer(header), true);
            if (bad.isPresent()) {
                throw new GomokuProtocolException(bad.get());
            }
            int length = (int) Unpooled.wrappedBuffer(header).getUnsignedInt(4);
            byte[] json = new byte[length];
            try {
                in.readFully(json);
            } catch (EOFException e) {
                throw truncated(-1, " that announced " + length + " bytes of JSON");
            }
            return json;
        }

        private static GomokuProtocolException truncated(int have, String announced) {
            return new GomokuProtocolException(new ProtocolViolation(Kind.TRUNCATED_FRAME, "the connection ended "
                    + (have < 0 ? "inside a frame" : have + " bytes into a frame") + announced, "", ""));
        }

        synchronized void show(GomokuMessage m) {
            if (m instanceof Heartbeat) {
                return;
            }
            if (m instanceof Hello) {
                say(joined ? "a new round is about to start" : "joined: waiting for an opponent");
                joined = true;
            } else if (m instanceof Color c) {
                me = c.role().stone().orElse(null);
                roundOn = true;
                say(me == null ? "you watch this game as a spectator: you cannot place stones"
                        : "you play " + me.word() + "; black moves first");
            } else if (m instanceof FullUpdate f) {
                boolean same = f.board().equals(board) && f.row() == lastRow && f.col() == lastCol && f.turn() == turn;
                board = f.board();
                lastRow = f.row();
                lastCol = f.col();
                turn = f.turn();
                if (!same) {
                    printBoard();
                }
                sayTurn();
            } else if (m instanceof Update u) {
                if (board == null) {
                    board = WireBoard.empty(GomokuWire.BOARD_SIZE, GomokuWire.BOARD_SIZE);
                }
                if (board.contains(u.row(), u.col())) {
                    board = board.with(u.row(), u.col(), Cell.of(u.placed()));
                }
                lastRow = u.row();
                lastCol = u.col();
                turn = u.turn();
                say(u.placed().word() + (u.placed() == me ? " (you)" : "") + " played " + GomokuWire.point(u.row(), u.col()));
                printBoard();
                sayTurn();
            } else if (m instanceof Refused r) {
                say("your move " + (r.row() == -1 && r.col() == -1 ? "" : GomokuWire.point(r.row(), r.col()) + " ")
                        + "was refused: " + r.reason());
            } else if (m instanceof Win w) {
                roundOn = false;
                String result = w.winner() == Winner.DRAW ? "a draw"
                        : w.winner().name().toLowerCase(Locale.ROOT) + " wins"
                        + (me == null ? "" : Winner.of(me) == w.winner() ? ": you win" : ": you lose");
                say("round over, " + result + ". Type new for another round, or quit.");
            } else {
                say("the server sent " + GomokuJson.encodeToString(m));
            }
        }

        private void sayTurn() {
            if (!roundOn || turn == null) {
                return;
            }
            if (turn == me) {
                say("your turn (" + me.word() + "): type a point, e.g. h8");
            } else {
                say(turn.word() + " to move" + (me == null ? "" : ": waiting for your opponent"));
            }
        }

        synchronized void showBoardAgain() {
            if (board == null) {
                say("no board yet: a round starts when an opponent joins");
                return;
            }
            printBoard();
            sayTurn();
        }

        /** Whether a {@code new} makes sense now; says why not, or that it was asked. */
        synchronized boolean mayAskForNewRound() {
            if (board == null) {
                say("no round has been played yet: the first one starts when an opponent joins");
                return false;
            }
            if (roundOn) {
                say("a round is being played: new asks for another round once this one is over");
                return false;
            }
            say("asked for another round; the one who asks plays black");
            return true;
        }

        synchronized String sizeHint() {
            int rows = board == null ? GomokuWire.BOARD_SIZE : board.rows();
            int cols = board == null ? GomokuWire.BOARD_SIZE : board.cols();
            return "(columns a.." + (char) ('a' + Math.min(cols, 26) - 1) + ", rows 1.." + rows + ")";
        }

        synchronized void leave() {
            leaving = true;
            say(roundOn && me != null ? "you left during the round, so the server gives it to your opponent" : "bye");
        }

        /**
         * The board, top row first, e.g. {@code " 8  . . . . . . .[B]. . . . . . ."}: columns
         * {@code a..} from the left, rows {@code 1..} from the top, the last stone in brackets.
         */
        private void printBoard() {
            say(boardText(board, lastRow, lastCol));
        }
    }

    /** The board as lines of text, the stone at {@code (lastRow, lastCol)} in brackets (none if -1). */
    static String boardText(WireBoard board, int lastRow, int lastCol) {
        int width = Integer.toString(board.rows()).length();
        StringBuilder sb = new StringBuilder(" ".repeat(width + 1));
        for (int c = 0; c < board.cols(); c++) {
            sb.append(' ').append(c < 26 ? (char) ('a' + c) : '?');
        }
        for (int r = 0; r < board.rows(); r++) {
            sb.append('\n').append(String.format("%" + width + "d", r + 1)).append(' ');
            boolean marked = r == lastRow;
            for (int c = 0; c < board.cols(); c++) {
                sb.append(marked && c == lastCol ? '[' : marked && c == lastCol + 1 ? ']' : ' ');
                sb.append(board.cell(r, c).symbol());
            }
            if (marked && lastCol == board.cols() - 1) {
                sb.append(']');
            }
        }
        return sb.toString();
    }
}
