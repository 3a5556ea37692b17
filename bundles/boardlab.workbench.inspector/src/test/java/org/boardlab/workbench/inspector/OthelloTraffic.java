package org.boardlab.workbench.inspector;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import java.util.function.Consumer;
import org.boardlab.api.Move;
import org.boardlab.api.Protocol;
import org.boardlab.api.Side;
import org.boardlab.api.event.RegistryEvent.Kind;
import org.boardlab.api.event.WireEvent;
import org.boardlab.core.Component;
import org.boardlab.core.EventBus;
import org.boardlab.core.Registry;
import org.boardlab.game.othello.Othello;
import org.boardlab.game.othello.OthelloMove;
import org.boardlab.game.othello.OthelloPosition;
import org.boardlab.protocol.othello.internal.OthelloProtocol;

/**
 * Othello traffic as the server's wire tap publishes it: random games played by the real rules, one
 * pair of connections per table, each frame written as the spec says (seed 000's text protocol) and
 * decoded, when somebody asks, by the real Othello protocol, as the tap does.
 *
 * <p>Per move: the mover's {@code CMOV}, then {@code SMOV} with the board to both players
 * ({@code SPASS} to both when the other side must pass); per game {@code SSTARTG} to both and
 * {@code SENDG} to both; per connection a {@code CNAME} and its {@code SNAMEOK} first.
 */
final class OthelloTraffic {

    private final Protocol protocol = new OthelloProtocol();
    private final Othello othello = new Othello();
    private final int tables;
    private final Random random;
    private long sequence;
    private long match;

    /** Traffic of {@code tables} games at once (connections 1 .. 2 * tables), from a seeded random. */
    OthelloTraffic(int tables, long seed) {
        this.tables = tables;
        this.random = new Random(seed);
    }

    /** The Othello protocol that decodes the frames. */
    Protocol protocol() {
        return protocol;
    }

    /** A registry that has the Othello protocol loaded, as the workbench's has. */
    Registry registry(EventBus bus) {
        return registry(bus, protocol);
    }

    /** A registry that has {@code othello} loaded as the Othello protocol (a wrapper of {@link #protocol()}, say). */
    static Registry registry(EventBus bus, Protocol othello) {
        Registry registry = new Registry(bus);
        registry.add(new Component<>(Kind.PROTOCOL, "othello", "seed 000's text protocol", "boardlab.protocol.othello",
                "0.1.0", -1, () -> othello));
        return registry;
    }

    /** Hands the next {@code n} events to {@code out}, in the order the tap would publish them. */
    void publish(int n, Consumer<WireEvent> out) {
        long[] done = {0};
        while (done[0] < n) {
            int table = random.nextInt(tables);
            long black = 1 + 2L * table;
            long white = black + 1;
            if (sequence == 0 || random.nextInt(tables) == 0) {
                frame(black, "p" + black, true, "CNAME~p" + black, 0, out, done, n);
                frame(black, "p" + black, false, "SNAMEOK", 0, out, done, n);
            }
            game(black, white, out, done, n);
        }
    }

    private void game(long black, long white, Consumer<WireEvent> out, long[] done, int n) {
        long id = ++match;
        String b = "p" + black;
        String w = "p" + white;
        frame(black, b, false, "SSTARTG~" + w + "~BLACK", id, out, done, n);
        frame(white, w, false, "SSTARTG~" + b + "~WHITE", id, out, done, n);
        OthelloPosition position = othello.newGame();
        while (!position.isTerminal() && done[0] < n) {
            List<Move> moves = position.legalMoves();
            OthelloMove move = (OthelloMove) moves.get(random.nextInt(moves.size()));
            Side mover = position.sideToMove();
            if (move.isPass()) {
                position = (OthelloPosition) position.apply(move);
                continue;
            }
            long conn = mover == Side.FIRST ? black : white;
            frame(conn, conn == black ? b : w, true, "CMOV~" + move.col() + "~" + move.row(), id, out, done, n);
            position = (OthelloPosition) position.apply(move);
            String colour = mover == Side.FIRST ? "BLACK" : "WHITE";
            boolean otherPasses = !position.isTerminal() && ((OthelloMove) position.legalMoves().get(0)).isPass();
            String next = position.isTerminal() ? "NONE" : otherPasses ? colour : position.sideToMove() == Side.FIRST ? "BLACK" : "WHITE";
            String smov = "SMOV~" + move.col() + "~" + move.row() + "~" + colour + "~" + next + "~" + board(position);
            frame(black, b, false, smov, id, out, done, n);
            frame(white, w, false, smov, id, out, done, n);
            if (next.equals(colour)) {
                String pass = "SPASS~" + (mover == Side.FIRST ? "WHITE" : "BLACK");
                frame(black, b, false, pass, id, out, done, n);
                frame(white, w, false, pass, id, out, done, n);
            }
        }
        if (position.isTerminal()) {
            int bs = position.discs(Side.FIRST);
            int ws = position.discs(Side.SECOND);
            String end = "SENDG~" + bs + "~" + ws + "~" + (bs > ws ? "BLACK" : ws > bs ? "WHITE" : "DRAW") + "~NORMAL";
            frame(black, b, false, end, id, out, done, n);
            frame(white, w, false, end, id, out, done, n);
        }
    }

    private static String board(OthelloPosition position) {
        StringBuilder cells = new StringBuilder(64);
        for (int row = 0; row < 8; row++) {
            for (int col = 0; col < 8; col++) {
                cells.append(position.disc(col, row).map(s -> s == Side.FIRST ? 'B' : 'W').orElse('.'));
            }
        }
        return cells.toString();
    }

    private void frame(long connection, String player, boolean in, String line, long matchId, Consumer<WireEvent> out,
            long[] done, int n) {
        if (done[0] >= n) {
            return;
        }
        byte[] raw = (line + "\r\n").getBytes(StandardCharsets.ISO_8859_1);
        out.accept(new WireEvent(Frames.T0 + sequence * 20, ++sequence, connection, Frames.remote(connection), player,
                "othello", in, raw, () -> protocol.describe(raw, in), matchId));
        done[0]++;
    }
}
