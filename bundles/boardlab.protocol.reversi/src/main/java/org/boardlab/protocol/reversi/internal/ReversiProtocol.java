package org.boardlab.protocol.reversi.internal;

import java.util.ArrayList;
import java.util.List;
import javax.inject.Named;
import javax.inject.Singleton;
import org.boardlab.api.DecodedMessage;
import org.boardlab.api.MessageField;
import org.boardlab.api.Protocol;
import org.boardlab.protocol.reversi.Cells;
import org.boardlab.protocol.reversi.Direction;
import org.boardlab.protocol.reversi.ProtocolViolation;
import org.boardlab.protocol.reversi.ReversiCodec;
import org.boardlab.protocol.reversi.ReversiDecoder;
import org.boardlab.protocol.reversi.ReversiMessage;
import org.boardlab.protocol.reversi.ReversiMessage.Board;

/**
 * Seed 004's Game Master protocol as boardlab sees it: id {@code reversi}, game {@code othello},
 * the black player's port {@value ReversiCodec#DEFAULT_PORT} (white +1, controller +2), and the
 * inspector's decoding of one frame: the message's type, its fields by the spec's names, the board
 * drawn from the packed cells (one child per row, {@code N}/{@code B}/{@code W} as the seed's
 * controller draws it). A frame the receiver would not accept gets {@link DecodedMessage#error()}
 * with the decoder's reason. It never throws.
 */
@Named("reversi")
@Singleton
public final class ReversiProtocol implements Protocol {

    @Override
    public String id() {
        return "reversi";
    }

    @Override
    public String name() {
        return "Reversi Game Master binary protocol (seed 004)";
    }

    @Override
    public String gameId() {
        return "othello";
    }

    @Override
    public int defaultPort() {
        return ReversiCodec.DEFAULT_PORT;
    }

    @Override
    public DecodedMessage describe(byte[] frame, boolean fromClient) {
        if (frame == null || frame.length == 0) {
            return new DecodedMessage("?", "(empty frame)", List.of(), "empty frame");
        }
        String type = ReversiDecoder.typeName(frame[0] & 0xFF);
        try {
            Object decoded = ReversiDecoder.decode(frame, fromClient ? Direction.TO_GM : Direction.FROM_GM);
            if (decoded instanceof ProtocolViolation v) {
                return new DecodedMessage(type, v.reason(), List.of(MessageField.of("type", hex(frame[0]))), v.reason());
            }
            return describe((ReversiMessage) decoded);
        } catch (RuntimeException e) {
            return new DecodedMessage(type, "could not decode", List.of(), "could not decode: " + e);
        }
    }

    /** The inspector's view of a message. */
    static DecodedMessage describe(ReversiMessage m) {
        List<MessageField> f = new ArrayList<>();
        f.add(MessageField.of("type", hex((byte) m.type()) + " " + m.typeName()));
        String summary;
        if (m instanceof ReversiMessage.Connect c) {
            f.add(MessageField.of("name length", c.name().length));
            f.add(MessageField.of("name", c.text()));
            summary = "Connect " + c.text();
        } else if (m instanceof ReversiMessage.PlayerOk p) {
            f.add(MessageField.of("colour", p.colour() + " (" + colour(p.colour()) + ")"));
            summary = "PlayerOk " + colour(p.colour());
        } else if (m instanceof ReversiMessage.Ok ok) {
            f.add(MessageField.of("value", ok.ok() ? "1 (OK)" : "0 (NOK)"));
            summary = ok.typeName();
        } else if (m instanceof ReversiMessage.NewMove nm) {
            f.add(MessageField.of("X (column)", nm.x()));
            f.add(MessageField.of("Y (row)", nm.y()));
            summary = "NewMove " + Cells.square(nm.x(), nm.y());
        } else if (m instanceof ReversiMessage.NextTurn n) {
            board(n.board(), f);
            summary = "NextTurn after " + Cells.square(n.board().lastX(), n.board().lastY()) + ", "
                    + n.board().sizeX() + "x" + n.board().sizeY();
        } else if (m instanceof ReversiMessage.Status1 s) {
            board(s.board(), f);
            summary = "Status1 last " + Cells.square(s.board().lastX(), s.board().lastY()) + ", B "
                    + s.board().count(Cells.BLACK) + " W " + s.board().count(Cells.WHITE);
        } else if (m instanceof ReversiMessage.Status2 s) {
            f.add(player("black", s.black()));
            f.add(player("white", s.white()));
            summary = "Status2 " + s.black().text() + " " + s.black().points() + " pts " + s.black().timerMillis() + " ms, "
                    + s.white().text() + " " + s.white().points() + " pts " + s.white().timerMillis() + " ms";
        } else if (m instanceof ReversiMessage.Control c) {
            f.add(MessageField.of("new size X", c.sizeX()));
            f.add(MessageField.of("new size Y", c.sizeY()));
            f.add(MessageField.of("mode", c.mode() + (c.mode() == 0 ? " (continuous)" : c.mode() == 1 ? " (step by step)" : " (invalid)")));
            f.add(MessageField.of("restart", c.restart() + (c.restart() == 0 ? " (no)" : c.restart() == 1 ? " (restart)" : " (invalid)")));
            summary = "Control " + (c.sizeX() == 0 && c.sizeY() == 0 ? "" : c.sizeX() + "x" + c.sizeY() + " ")
                    + (c.mode() == 0 ? "continuous" : c.mode() == 1 ? "step" : "mode " + c.mode())
                    + (c.restart() == 1 ? " restart" : "");
        } else if (m instanceof ReversiMessage.End e) {
            f.add(MessageField.of("BP score", e.blackScore()));
            f.add(MessageField.of("WP score", e.whiteScore()));
            summary = "End black " + e.blackScore() + " white " + e.whiteScore();
        } else {
            summary = "Ping";
        }
        DecodedMessage d = new DecodedMessage(m.typeName(), summary, List.copyOf(f), null);
        if (m instanceof ReversiMessage.Ok ok && !ok.ok()) {
            d = d.withRefused("NOK");
        }
        return d;
    }

    private static MessageField player(String colour, ReversiMessage.PlayerStatus p) {
        return new MessageField(colour, p.text(), List.of(MessageField.of("points", p.points()),
                MessageField.of("timer (ms)", p.timerMillis()), MessageField.of("name length", p.name().length),
                MessageField.of("name", p.text())));
    }

    private static void board(Board b, List<MessageField> f) {
        f.add(MessageField.of("LastMove X", b.lastX() == ReversiMessage.NO_MOVE ? "0xFF (none)" : b.lastX()));
        f.add(MessageField.of("LastMove Y", b.lastY() == ReversiMessage.NO_MOVE ? "0xFF (none)" : b.lastY()));
        f.add(MessageField.of("last move", Cells.square(b.lastX(), b.lastY())));
        f.add(MessageField.of("board size X", b.sizeX()));
        f.add(MessageField.of("board size Y", b.sizeY()));
        String[] lines = Cells.draw(b.cells(), b.sizeX(), b.sizeY()).split("\n");
        List<MessageField> rows = new ArrayList<>();
        for (String line : lines) {
            rows.add(MessageField.of(rows.isEmpty() ? "columns" : "row " + rows.size(), line));
        }
        f.add(new MessageField("board", b.count(Cells.BLACK) + " black, " + b.count(Cells.WHITE) + " white",
                List.copyOf(rows)));
        StringBuilder hex = new StringBuilder();
        for (byte x : b.packed()) {
            hex.append(hex.length() == 0 ? "" : " ").append(hex(x));
        }
        f.add(MessageField.of("board state bytes", hex.toString()));
    }

    private static String colour(int c) {
        return c == ReversiMessage.BLACK ? "black" : c == ReversiMessage.WHITE ? "white" : "?";
    }

    private static String hex(byte b) {
        return String.format("0x%02X", b & 0xFF);
    }
}
