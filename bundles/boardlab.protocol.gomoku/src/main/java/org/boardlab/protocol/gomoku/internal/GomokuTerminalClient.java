package org.boardlab.protocol.gomoku.internal;

import java.io.BufferedReader;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import javax.inject.Named;
import javax.inject.Singleton;
import org.boardlab.client.BoardText;
import org.boardlab.client.CloseReason;
import org.boardlab.client.TerminalClient;
import org.boardlab.client.TerminalSession;
import org.boardlab.protocol.gomoku.Cell;
import org.boardlab.protocol.gomoku.GomokuClient;
import org.boardlab.protocol.gomoku.GomokuClient.Round;
import org.boardlab.protocol.gomoku.GomokuJson;
import org.boardlab.protocol.gomoku.GomokuMessage;
import org.boardlab.protocol.gomoku.GomokuMessage.Color;
import org.boardlab.protocol.gomoku.GomokuMessage.FullUpdate;
import org.boardlab.protocol.gomoku.GomokuMessage.Heartbeat;
import org.boardlab.protocol.gomoku.GomokuMessage.Hello;
import org.boardlab.protocol.gomoku.GomokuMessage.Place;
import org.boardlab.protocol.gomoku.GomokuMessage.Refused;
import org.boardlab.protocol.gomoku.GomokuMessage.Update;
import org.boardlab.protocol.gomoku.GomokuMessage.Win;
import org.boardlab.protocol.gomoku.GomokuSeat;
import org.boardlab.protocol.gomoku.GomokuWire;
import org.boardlab.protocol.gomoku.ProtocolViolation;
import org.boardlab.protocol.gomoku.Role;
import org.boardlab.protocol.gomoku.Stone;
import org.boardlab.protocol.gomoku.WireBoard;
import org.boardlab.protocol.gomoku.Winner;

/**
 * {@code boardlab client gomoku}: play seed 003's Gomoku from a terminal, through a
 * {@link GomokuClient}. It connects (port {@value GomokuWire#DEFAULT_PORT} by default), sends
 * {@code join}, sends a heartbeat frame every 40 s, and shows in words what the server says: a new
 * round, your colour, the board after every stone (columns {@code a..} from the left, rows
 * {@code 1..} from the top, the last stone in brackets), whose turn it is, a refused move and its
 * reason, and who won.
 *
 * <p>A server's {@code hello} either answers {@code join} (or {@code new}) or opens a round; the
 * two look the same on the wire. A round opens with {@code color} (or, for a spectator, the board)
 * right after the {@code hello}, so the client says what the {@code hello} meant once the next
 * message has come: "a round is starting", or, when nothing follows within
 * {@value #HELLO_GRACE_MILLIS} ms, "waiting for an opponent". The original's older server greets
 * every connection with the {@code hello} of its first round and never answers {@code join}.
 *
 * <p>A client seated as a spectator ({@code color} {@code V}, sent by the original server) watches:
 * it shows every board and result, and a typed point or {@code new} is not sent (the original
 * server would ignore it without a word); the client says so instead.
 *
 * <p>A typed point is checked against the board the client knows before it is sent: off the
 * board, taken, out of turn, before the last stone sent is answered, or outside a round, the client
 * says why and sends nothing. It never waits for a refusal: boardlab's server sends one, the original
 * hands the turn over without a word (and drops a place out of turn without a word).
 *
 * <p>Commands: a point such as {@code h8} (or {@code place h8}) places a stone there; {@code new}
 * asks for another round once one is over; {@code board} shows the board again; {@code help};
 * {@code quit}. GMKU has no names, so the {@code name} argument is ignored and may be {@code null}.
 *
 * <p>With {@code --player ID} ({@link TerminalClient.AutoPlay}) a {@link GomokuSeat} places the
 * stones, asks for a new round after each, and the client quits after {@code --games N} rounds;
 * {@code --invite} has no use here (GMKU pairs clients as they join).
 *
 * <p>{@link #run} returns 0 when the user quits, the typed input ends or the rounds are played,
 * and 1 when the client cannot connect or the server ends the connection. Connecting, the seat, the
 * typed lines and the end are the client stack's {@link TerminalSession}; this class says what GMKU
 * shows and understands.
 */
@Named("gomoku")
@Singleton
public final class GomokuTerminalClient implements TerminalClient {

    static final String COMMANDS = "h8 (or place h8) to place a stone, new, board, help, quit";

    /**
     * How long a {@code hello} may wait for the {@code color} or board that shows it opened a round
     * before the client says it waits for an opponent. The original server writes the three frames
     * at once; the slack is for a slow network.
     */
    static final long HELLO_GRACE_MILLIS = 1000;

    private final Duration heartbeatInterval;

    /** The client Sisu builds: a heartbeat every 40 s, as the original client sends. */
    public GomokuTerminalClient() {
        this(GomokuWire.HEARTBEAT_INTERVAL);
    }

    /** For tests: heartbeats at another interval. */
    GomokuTerminalClient(Duration heartbeatInterval) {
        this.heartbeatInterval = heartbeatInterval;
    }

    @Override
    public int run(String host, int port, String name, AutoPlay autoPlay, BufferedReader in, PrintWriter out)
            throws Exception {
        return new Session(heartbeatInterval, autoPlay, out).run(host, port < 0 ? GomokuWire.DEFAULT_PORT : port, in);
    }

    /** One run: tells the player in words what the client hears; on the client's event loop. */
    private static final class Session extends TerminalSession<GomokuClient, GomokuMessage, ProtocolViolation> {
        /** Whether a server's {@code hello} has been told to the player. */
        private boolean joined;
        /** A {@code hello} whose meaning waits for the next message (or the grace to end). */
        private boolean helloPending;
        /** Counts {@code hello}s, so that a grace that ends late finds out it is stale. */
        private int hellos;
        /** The round as the board was last drawn. */
        private Round shown;
        /**
         * A typed stone sent and not yet answered (by its {@code update}, a {@code refused}, a full update or the
         * round's end): until then it is not the player's turn any more, though the board the client knows says so.
         */
        private Place sent;

        Session(Duration heartbeatInterval, AutoPlay autoPlay, PrintWriter out) {
            super("gomoku", () -> new GomokuClient(null, GomokuClient.defaults().withKeepAlive(heartbeatInterval)),
                    GomokuSeat::start, autoPlay, out);
        }

        @Override
        protected String autoPlayGreeting(AutoPlay autoPlay) {
            return "it places your stones and asks for a new round after each"
                    + (autoPlay.games() == 0 ? "" : ", and you quit after " + count(autoPlay.games()))
                    + (autoPlay.invite() == null ? "" : " (--invite is not used: GMKU pairs clients as they join)");
        }

        @Override
        protected void begin(boolean seated) {
            if (!seated) {
                client().send(GomokuMessage.JOIN); // a seat joins by itself
            }
        }

        @Override
        protected String gameWord() {
            return "round";
        }

        @Override
        protected String commands() {
            return spectator() ? "board, help, quit (you watch as a spectator)" : COMMANDS;
        }

        @Override
        protected boolean command(String word, String arg, String line) {
            switch (word) {
                case "board" -> showBoardAgain();
                case "new" -> {
                    if (!spectatorRefuses("new") && mayAskForNewRound()) {
                        client().send(GomokuMessage.NEW_ROUND);
                    }
                }
                case "place" -> place(arg);
                default -> {
                    if (line.contains(" ") || line.length() < 2 || !Character.isLetter(line.charAt(0))
                            || !Character.isDigit(line.charAt(1))) {
                        return false;
                    }
                    place(line);
                }
            }
            return true;
        }

        private void place(String notation) {
            if (spectatorRefuses(notation.isEmpty() ? "place" : notation)) {
                return;
            }
            if (playerPlays("your stones")) {
                return;
            }
            Optional<Place> place = GomokuClient.place(notation);
            if (place.isEmpty()) {
                say((notation.isEmpty() ? "place needs a point" : "'" + notation + "' is not a point")
                        + ": a point is a column letter from the left and a row number from the top, e.g. h8 "
                        + sizeHint());
                return;
            }
            String why = send(place.get());
            if (why != null) {
                say(why);
            }
        }

        /** Sends {@code p} unless {@link #whyNot} says why not, which it returns. */
        private synchronized String send(Place p) {
            String why = whyNot(p);
            if (why == null) {
                sent = p;
                client().send(p);
            }
            return why;
        }

        /**
         * Why the client does not send {@code place} (in words, ending with what to do), or
         * {@code null}: checked here against the board the client knows, because a server may
         * answer a bad point with nothing (the original hands the turn over first).
         */
        private synchronized String whyNot(Place p) {
            String point = GomokuWire.point(p.row(), p.col());
            Round r = round().orElse(null);
            if (r == null || r.over()) {
                return point + " not sent: no round is being played" + (r == null ? "; a round starts when an opponent joins"
                        : "; type new for another round");
            }
            if (!r.board().contains(p.row(), p.col())) {
                return point + " not sent: it is off the board " + sizeHint();
            }
            Cell cell = r.board().cell(p.row(), p.col());
            if (cell != Cell.EMPTY) {
                return point + " not sent: it is taken" + (cell == Cell.BLACK ? " by black" : cell == Cell.WHITE ? " by white" : "")
                        + "; type an empty point";
            }
            if (sent != null) {
                return point + " not sent: your stone on " + GomokuWire.point(sent.row(), sent.col())
                        + " is on its way; wait for the server's answer";
            }
            if (!r.myTurn()) {
                return point + " not sent: it is " + r.turn().word() + "'s turn; wait for your opponent";
            }
            return null;
        }

        @Override
        protected void played(int rounds) {
            say("played " + count(rounds));
        }

        @Override
        protected int leave() {
            synchronized (this) {
                helloPending = false;
                say(roundOn() && me() != null ? "you left during the round, so the server gives it to your opponent" : "bye");
            }
            client().close();
            return 0;
        }

        @Override
        protected String protocolError(CloseReason reason) {
            return "the server broke the protocol, so the connection is closed: "
                    + reason.detail().replaceFirst("^the server broke the protocol: ", "");
        }

        private Optional<Round> round() {
            return client().round();
        }

        private boolean roundOn() {
            return round().map(r -> !r.over()).orElse(false);
        }

        private Stone me() {
            return round().flatMap(Round::colour).orElse(null);
        }

        boolean spectator() {
            return round().map(r -> r.role() == Role.SPECTATOR).orElse(false);
        }

        /**
         * For a spectator: says that {@code what} was not sent and what a spectator can do, and
         * returns {@code true}. {@code false} for a player, or before the server has said which.
         */
        synchronized boolean spectatorRefuses(String what) {
            if (!spectator()) {
                return false;
            }
            say(what + " not sent: spectators cannot " + (what.equals("new") ? "ask for another round (the players start it"
                    + " and you see it)" : "place stones") + ". You can watch the game (type board to see it again)"
                    + " or type quit to leave.");
            return true;
        }

        /** A {@code hello} came: what it means shows with the next message, or when the grace ends. */
        private void hello() {
            settleHello(false); // an earlier hello answered join or new; this one may open the round
            helloPending = true;
            int hello = ++hellos;
            if (!client().schedule(() -> graceEnded(hello), Duration.ofMillis(HELLO_GRACE_MILLIS))) {
                helloPending = false; // the event loops are shutting down: nothing more will come
            }
        }

        private synchronized void graceEnded(int hello) {
            if (helloPending && hello == hellos && !leaving()) {
                helloPending = false;
                say(joined ? "waiting for an opponent" : "joined: waiting for an opponent");
                joined = true;
            }
        }

        /** Says what the pending {@code hello} meant: it opened a round, or it answered join. */
        private void settleHello(boolean openedRound) {
            if (!helloPending) {
                return;
            }
            helloPending = false;
            if (openedRound) {
                say(joined ? "a new round is starting" : "joined: a round is starting");
            } else if (!joined) {
                say("joined");
            }
            joined = true;
        }

        @Override
        public void malformed(ProtocolViolation v) {
            say("the server sent a frame that could not be read, skipped: " + v.reason());
        }

        @Override
        public synchronized void message(GomokuMessage m) {
            if (m instanceof Heartbeat) {
                return;
            }
            sent = null; // whatever the server says next answers a stone sent (GMKU answers a place before anything else)
            if (m instanceof Hello) {
                hello();
            } else if (m instanceof Color c) {
                Stone me = c.role().stone().orElse(null);
                settleHello(me != null); // a spectator's color answers its join
                say(me == null ? "you watch this game as a spectator: you see every stone and who wins, but you cannot"
                        + " place stones or ask for another round. Type quit to leave."
                        : "you play " + me.word() + "; black moves first");
            } else if (m instanceof FullUpdate f) {
                if (roundOn()) {
                    settleHello(true); // a spectator's round opens with hello and the board
                }
                boolean same = shown != null && f.board().equals(shown.board()) && f.row() == shown.lastRow()
                        && f.col() == shown.lastCol() && f.turn() == shown.turn();
                shown = round().orElse(null);
                if (!same) {
                    printBoard();
                }
                sayTurn();
            } else if (m instanceof Update u) {
                settleHello(false);
                shown = round().orElse(null);
                Stone me = me();
                say(u.placed().word() + (u.placed() == me ? " (you)" : "") + " played " + GomokuWire.point(u.row(), u.col()));
                printBoard();
                sayTurn();
            } else if (m instanceof Refused r) {
                say("your move " + (r.row() == -1 && r.col() == -1 ? "" : GomokuWire.point(r.row(), r.col()) + " ")
                        + "was refused: " + r.reason());
            } else if (m instanceof Win w) {
                settleHello(false);
                Stone me = me();
                String result = w.winner() == Winner.DRAW ? "a draw"
                        : w.winner().name().toLowerCase(Locale.ROOT) + " wins"
                        + (me == null ? "" : Winner.of(me) == w.winner() ? ": you win" : ": you lose");
                say("round over, " + result + (spectator() ? ". The players may start another round; you will see it."
                        + " Type quit to leave." : autoPlay() != null ? "." : ". Type new for another round, or quit."));
            } else {
                say("the server sent " + GomokuJson.encodeToString(m));
            }
        }

        private void sayTurn() {
            Round r = round().orElse(null);
            if (r == null || r.over()) {
                return;
            }
            Stone me = me();
            if (r.turn() == me) {
                say("your turn (" + me.word() + "): " + (autoPlay() == null ? "type a point, e.g. h8"
                        : autoPlay().playerId() + " is thinking"));
            } else {
                say(r.turn().word() + " to move" + (me == null ? "" : ": waiting for your opponent"));
            }
        }

        synchronized void showBoardAgain() {
            if (shown == null) {
                say(spectator() ? "no board yet: you see it when the players start a round"
                        : "no board yet: a round starts when an opponent joins");
                return;
            }
            printBoard();
            sayTurn();
        }

        /** Whether a {@code new} makes sense now; says why not, or that it was asked. */
        synchronized boolean mayAskForNewRound() {
            if (round().isEmpty()) {
                say("no round has been played yet: the first one starts when an opponent joins");
                return false;
            }
            if (roundOn()) {
                say("a round is being played: new asks for another round once this one is over");
                return false;
            }
            say("asked for another round; the one who asks plays black");
            return true;
        }

        synchronized String sizeHint() {
            WireBoard board = round().map(Round::board).orElse(null);
            int rows = board == null ? GomokuWire.BOARD_SIZE : board.rows();
            int cols = board == null ? GomokuWire.BOARD_SIZE : board.cols();
            return "(columns a.." + (char) ('a' + Math.min(cols, 26) - 1) + ", rows 1.." + rows + ")";
        }

        /** The board as last drawn, e.g. {@code " 8  . . . . . . .[B]. . . . . . ."}. */
        private void printBoard() {
            if (shown != null) {
                say(boardText(shown.board(), shown.lastRow(), shown.lastCol()));
            }
        }
    }

    /** The board as lines of text, the stone at {@code (lastRow, lastCol)} in brackets (none if -1). */
    static String boardText(WireBoard board, int lastRow, int lastCol) {
        return BoardText.of(board.rows(), board.cols(), (r, c) -> board.cell(r, c).symbol(), 1, lastRow, lastCol);
    }
}
