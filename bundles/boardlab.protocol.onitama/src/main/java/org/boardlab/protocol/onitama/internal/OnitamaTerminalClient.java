package org.boardlab.protocol.onitama.internal;

import java.io.BufferedReader;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javax.inject.Named;
import javax.inject.Singleton;
import org.boardlab.api.IllegalMoveException;
import org.boardlab.api.Move;
import org.boardlab.api.Side;
import org.boardlab.game.onitama.Card;
import org.boardlab.game.onitama.OnitamaMove;
import org.boardlab.game.onitama.OnitamaPosition;
import org.boardlab.game.onitama.Piece;
import org.boardlab.game.onitama.Square;
import org.boardlab.protocol.onitama.OnitamaClient;
import org.boardlab.protocol.onitama.OnitamaCodec;
import org.boardlab.protocol.onitama.ProtocolViolation;
import org.boardlab.protocol.onitama.ServerMessage;
import org.boardlab.protocol.onitama.WireCards;
import org.boardlab.protocol.onitama.WireMove;
import org.boardlab.protocol.onitama.WireText;
import org.boardlab.client.SeatListener;
import org.boardlab.client.TerminalClient;
import org.boardlab.client.TerminalLoop;

/**
 * {@code boardlab client onitama}: play seed 001's Onitama from a terminal, through an
 * {@link OnitamaClient}. One game per connection, as the protocol has it (the server closes at the
 * end of a game).
 *
 * <p>Commands: {@code pve} or {@code pve 2} (against the server, Normal or Hard), {@code pvp} or
 * {@code pvp 3} (a table, -1 any); a move as the seed writes it, {@code fr fc tr tc id} (e.g.
 * {@code 4 2 3 2 4}), or in boardlab's notation ({@code crane:c1-c2}); {@code board}; {@code help};
 * {@code quit}. The board is drawn with the wire's rows and columns (row 0, red's home row, on
 * top), both hands and the side card with their numbers and their steps as seen by their holder.
 * The {@code name} goes with the mode (boardlab's addition), so the server keeps the scores under it.
 *
 * <p>With {@code --player ID} the loaded player plays {@code --games N} games (one connection each;
 * 0: until {@code quit}); {@code --invite} says where: {@code pve} (the default), {@code pve2} (Hard),
 * {@code pvp} (table -1) or a table number {@code 0}..{@code 4}. On each connection an
 * {@link OnitamaSeat} (the client stack's {@link org.boardlab.client.ClientSeat}, as the Othello and
 * Gomoku clients use) asks the player: a slow or stuck player is cancelled when its game or
 * connection ends (the request says so and its thread is interrupted), and the next game asks on
 * another thread. A player that fails or returns an illegal move is told on the terminal and nothing
 * is sent: the server's time per move decides that game.
 */
@Named("onitama")
@Singleton
public final class OnitamaTerminalClient implements TerminalClient {

    static final String COMMANDS = "pve [1|2], pvp [table], a move (4 2 3 2 4 or crane:c1-c2), board, help, quit";

    @Override
    public int run(String host, int port, String name, AutoPlay autoPlay, BufferedReader in, PrintWriter out)
            throws Exception {
        int actualPort = port < 0 ? OnitamaCodec.DEFAULT_PORT : port;
        TerminalLoop loop = new TerminalLoop("onitama-client-keyboard");
        Game game = new Game(out, name, loop, autoPlay);
        if (autoPlay != null) {
            loop.playOnWhenTypingEnds();
            String where = autoPlay.invite() == null ? "pve" : autoPlay.invite().toLowerCase(Locale.ROOT);
            if (!where.matches("pve|pve1|pve2|pvp|-1|[0-4]")) {
                out.println("--invite for onitama is where to play: pve, pve2 (Hard), pvp (any table) or a table 0..4, not '"
                        + autoPlay.invite() + "'");
                out.flush();
                return 2;
            }
            Thread auto = new Thread(() -> game.autoPlay(host, actualPort, where), "onitama-client-player");
            auto.setDaemon(true);
            auto.start();
        } else if (!game.connect(host, actualPort)) {
            return 1;
        } else {
            game.say("connected to " + host + ":" + actualPort + "; commands: " + COMMANDS);
        }
        try {
            return loop.run(in, command -> game.typed(command), () -> game.say("played " + game.played + " game(s)"), () -> {
                game.close();
                return 0;
            });
        } finally {
            game.close();
        }
    }

    /** One person's (or loaded player's) games: the connection, what it shows, what it sends. */
    static final class Game implements OnitamaClient.Listener {
        private final PrintWriter out;
        private final String name;
        private final TerminalLoop loop;
        private final AutoPlay autoPlay;
        private volatile OnitamaClient client;
        /** The loaded player's seat on the current connection, or {@code null}. */
        private volatile OnitamaSeat seat;
        /** What to send when the next {@code 0} comes (the difficulty or the table after the mode). */
        private volatile String afterOk;
        private volatile CompletableFuture<Boolean> ended = new CompletableFuture<>();
        volatile int played;

        Game(PrintWriter out, String name, TerminalLoop loop, AutoPlay autoPlay) {
            this.out = out;
            this.name = name;
            this.loop = loop;
            this.autoPlay = autoPlay;
        }

        synchronized void say(String line) {
            out.println(line);
            out.flush();
        }

        boolean connect(String host, int port) throws InterruptedException {
            OnitamaClient c = new OnitamaClient(this, null);
            ended = new CompletableFuture<>();
            try {
                c.connect(host, port).get(30, TimeUnit.SECONDS);
            } catch (ExecutionException | TimeoutException e) {
                Throwable cause = e instanceof ExecutionException ? e.getCause() : e;
                say("cannot connect to " + host + ":" + port + ": " + cause.getMessage());
                c.close();
                return false;
            }
            client = c;
            return true;
        }

        void close() {
            closeSeat();
            OnitamaClient c = client;
            if (c != null) {
                c.close();
            }
        }

        private void closeSeat() {
            OnitamaSeat s = seat;
            seat = null;
            if (s != null) {
                s.close();
            }
        }

        /** The loaded player's seat on the connection just made: one game, the time per move of --time-per-move. */
        private void seat(OnitamaClient c, int game) {
            closeSeat();
            String id = autoPlay.playerId();
            seat = OnitamaSeat.start(c, autoPlay.player(), autoPlay.game(),
                    autoPlay.seatOptions().withGames(1).withSeed(autoPlay.seatOptions().seed() + game), new SeatListener() {
                        @Override
                        public void played(Move move, Duration thought) {
                            say(id + " plays " + WireMove.of((OnitamaMove) move).text() + " (" + move.notation() + ", "
                                    + String.format(Locale.ROOT, "%.2f s", thought.toNanos() / 1e9) + ")");
                        }

                        @Override
                        public void problem(String message) {
                            say(id + ": " + message);
                        }
                    });
        }

        /** The loaded player's games, one connection each. */
        void autoPlay(String host, int port, String where) {
            try {
                for (int g = 0; autoPlay.games() == 0 || g < autoPlay.games(); g++) {
                    if (!connect(host, port)) {
                        loop.connectionEnded();
                        return;
                    }
                    seat(client, g);
                    say(autoPlay.playerId() + " plays game " + (g + 1) + (where.startsWith("pve") ? " against the server"
                            : " at " + (where.equals("pvp") ? "any table" : "table " + where)));
                    start(where.startsWith("pve") ? "pve " + (where.equals("pve2") ? "2" : "1")
                            : "pvp " + (where.equals("pvp") ? "-1" : where));
                    if (!ended.get()) {
                        loop.connectionEnded();
                        return;
                    }
                    played++;
                    try {
                        // the server closes at the end of a game; only then has the name left its lobby
                        client.closeFuture().get(10, TimeUnit.SECONDS);
                    } catch (TimeoutException e) {
                        client.close();
                    }
                    closeSeat();
                }
                loop.gamesPlayed();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (ExecutionException e) {
                say("the game failed: " + e.getCause());
                loop.connectionEnded();
            }
        }

        private void start(String command) {
            String[] parts = command.split("\\s+");
            boolean pve = parts[0].equals("pve");
            afterOk = parts.length > 1 ? parts[1] : pve ? "1" : "-1";
            client.mode(pve ? OnitamaClient.PVE : OnitamaClient.PVP, name);
        }

        /** A typed line; {@code true} to quit. */
        boolean typed(String command) {
            OnitamaClient c = client;
            String lower = command.toLowerCase(Locale.ROOT);
            if (lower.equals("quit") || lower.equals("exit")) {
                return true;
            }
            if (lower.isEmpty()) {
                return false;
            }
            if (lower.equals("help")) {
                say("commands: " + COMMANDS);
            } else if (lower.equals("board")) {
                if (c != null && c.position() != null) {
                    say(draw(c.position(), c.colour()));
                } else {
                    say("no game yet: pve or pvp first");
                }
            } else if (lower.matches("pve( [0-2])?|pvp( -?[0-9]+)?")) {
                if (c == null || c.position() != null || afterOk != null) {
                    say("a game is already chosen on this connection");
                } else {
                    start(lower);
                }
            } else if (c != null && c.position() != null) {
                if (autoPlay != null) {
                    say(autoPlay.playerId() + " plays your moves; type quit to stop");
                    return false;
                }
                sendMove(c, command);
            } else {
                say("unknown command; commands: " + COMMANDS);
            }
            return false;
        }

        private void sendMove(OnitamaClient c, String text) {
            int[] n = WireText.numbers(text.trim().replaceAll("\\s+", " "));
            if (n != null && n.length == 5) {
                WireMove wire = new WireMove(n[0], n[1], n[2], n[3], n[4]);
                try {
                    c.move(wire.toMove());
                } catch (IllegalArgumentException e) {
                    c.send(wire.text()); // the server answers it: 27 or 28
                }
                return;
            }
            try {
                c.move(OnitamaMove.parse(text));
            } catch (IllegalMoveException e) {
                say("not a move: " + e.getMessage() + "; a move is fr fc tr tc id (4 2 3 2 4) or card:from-to (crane:c1-c2)");
            }
        }

        @Override
        public void message(ServerMessage m) {
            OnitamaClient c = client;
            if (m instanceof ServerMessage.Answer a) {
                String then = afterOk;
                if (a.code() == ServerMessage.OK && then != null && c.position() == null) {
                    afterOk = null;
                    c.send(then);
                    return;
                }
                if (a.code() == ServerMessage.OK && c.position() != null) {
                    say("played.");
                    afterMove(c);
                    return;
                }
                if (a.code() == ServerMessage.ONE && c.position() == null) {
                    say("you sit alone at the table: waiting for a second player");
                    return;
                }
                if (a.code() == ServerMessage.TWO) {
                    say("a second player is here: the game starts");
                    return;
                }
                if (a.code() == ServerMessage.ONE) {
                    say("the server ends the game (BYE): the opponent left, time ran out, or the draw limit");
                    return;
                }
                say("the server answers " + a.code() + ": " + a.meaning()); // after a refused move the seat asks again
            } else if (m instanceof ServerMessage.Setup s) {
                say("the game starts: you are " + (s.colour() == 0 ? "blue (you move first)" : "red (blue moves first)"));
                say(draw(c.position(), c.colour()));
                turn(c);
            } else if (m instanceof ServerMessage.Moved mv) {
                String notation;
                try {
                    notation = mv.move().toMove().notation();
                } catch (IllegalArgumentException e) {
                    notation = "?";
                }
                say("the opponent plays " + mv.text() + " (" + notation + ")");
                afterMove(c);
            }
        }

        private void afterMove(OnitamaClient c) {
            OnitamaPosition p = c.position();
            say(draw(p, c.colour()));
            if (p.isTerminal()) {
                Side w = p.outcome().winner();
                say(w == null ? "the game is over: no winner" : (w == c.colour() ? "you win" : "you lose") + ": "
                        + p.outcome().reason());
                ended.complete(true);
                if (autoPlay == null) {
                    played++;
                    loop.gamesPlayed();
                }
                return;
            }
            turn(c);
        }

        private void turn(OnitamaClient c) {
            if (!c.myTurn()) {
                say("waiting for the opponent's move");
                return;
            }
            if (autoPlay == null) {
                say("your move (fr fc tr tc id, or card:from-to)");
            }
            // a loaded player: its seat asks it (on this message, after this listener)
        }

        @Override
        public void malformed(ProtocolViolation v) {
            say("the server sent something this client cannot read: " + v.reason());
        }

        @Override
        public void closed(org.boardlab.client.CloseReason reason) {
            if (!ended.isDone()) {
                say("the connection closed before the game ended: " + reason.detail());
                ended.complete(false);
                if (autoPlay == null) {
                    loop.connectionEnded();
                }
            } else {
                say("the server closed the connection (the game is over)");
            }
        }
    }

    /**
     * The board with the wire's rows and columns (row 0, red's home row, on top), then both hands and
     * the side card: each card's number, name, and its steps drawn as its holder sees them
     * ({@code X} the piece, {@code o} where it may go, forward up).
     */
    static String draw(OnitamaPosition p, Side me) {
        StringBuilder sb = new StringBuilder("     0 1 2 3 4\n");
        for (int row = 0; row < 5; row++) {
            sb.append("  ").append(row).append("  ");
            for (int col = 0; col < 5; col++) {
                Square sq = Square.find(col, 5 - row).orElseThrow();
                sb.append(p.pieceAt(sq).map(Piece::symbol).map(String::valueOf).orElse(".")).append(col < 4 ? " " : "");
            }
            sb.append(row == 0 ? "   red's home row" : row == 4 ? "   blue's home row" : "").append('\n');
        }
        List<Card> cards = List.of(p.cards(Side.FIRST).get(0), p.cards(Side.FIRST).get(1), p.cards(Side.SECOND).get(0),
                p.cards(Side.SECOND).get(1), p.sideCard());
        String[] heads = {"blue" + (me == Side.FIRST ? " (you)" : ""), "", "red" + (me == Side.SECOND ? " (you)" : ""), "",
                "side"};
        StringBuilder h1 = new StringBuilder();
        StringBuilder h2 = new StringBuilder();
        for (int i = 0; i < 5; i++) {
            h1.append(String.format("%-14s", heads[i]));
            h2.append(String.format("%-14s", WireCards.number(cards.get(i)) + " " + cards.get(i).id()));
        }
        sb.append(h1.toString().stripTrailing()).append('\n').append(h2.toString().stripTrailing()).append('\n');
        for (int forward = 2; forward >= -2; forward--) {
            StringBuilder line = new StringBuilder();
            for (Card card : cards) {
                StringBuilder cell = new StringBuilder();
                for (int right = -2; right <= 2; right++) {
                    final int r = right;
                    final int f = forward;
                    boolean step = card.steps().stream().anyMatch(s -> s.right() == r && s.forward() == f);
                    cell.append(r == 0 && f == 0 ? 'X' : step ? 'o' : '.').append(' ');
                }
                line.append(String.format("%-14s", cell.toString().stripTrailing()));
            }
            sb.append(line.toString().stripTrailing()).append('\n');
        }
        sb.append(p.sideToMove() == Side.FIRST ? "blue" : "red").append(" to move");
        return sb.toString();
    }
}
