package org.boardlab.protocol.gomoku.internal;

import io.netty.buffer.Unpooled;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import javax.inject.Named;
import javax.inject.Singleton;
import org.boardlab.api.DecodedMessage;
import org.boardlab.api.MessageField;
import org.boardlab.api.Protocol;
import org.boardlab.protocol.gomoku.GomokuFrameDecoder;
import org.boardlab.protocol.gomoku.GomokuJson;
import org.boardlab.protocol.gomoku.GomokuMessage;
import org.boardlab.protocol.gomoku.GomokuMessage.Color;
import org.boardlab.protocol.gomoku.GomokuMessage.FullUpdate;
import org.boardlab.protocol.gomoku.GomokuMessage.Place;
import org.boardlab.protocol.gomoku.GomokuMessage.Refused;
import org.boardlab.protocol.gomoku.GomokuMessage.Sender;
import org.boardlab.protocol.gomoku.GomokuMessage.Update;
import org.boardlab.protocol.gomoku.GomokuMessage.Win;
import org.boardlab.protocol.gomoku.GomokuProtocolException;
import org.boardlab.protocol.gomoku.GomokuWire;
import org.boardlab.protocol.gomoku.ProtocolViolation;
import org.boardlab.protocol.gomoku.Role;
import org.boardlab.protocol.gomoku.WireBoard;

/**
 * The Gomoku protocol of seed 003 as the rest of boardlab sees it: its id, port and the inspector's
 * view of one frame. Points are shown in boardlab notation ({@code h8}: column letter from the
 * left, row number from the top) next to the wire's zero-based {@code row} and {@code col}.
 */
@Named("gomoku")
@Singleton
public final class GomokuProtocol implements Protocol {

    /** The longest JSON text shown in the {@code json} field. */
    static final int SHOWN_JSON = 300;

    @Override
    public String id() {
        return "gomoku";
    }

    @Override
    public String name() {
        return "Gomoku GMKU protocol (seed 003)";
    }

    @Override
    public String gameId() {
        return "gomoku";
    }

    @Override
    public int defaultPort() {
        return GomokuWire.DEFAULT_PORT;
    }

    /**
     * Decodes one whole frame (magic, length and JSON) for the inspector. Never throws: a frame
     * that is cut, too long, has the wrong magic, bad JSON, or a message the sender may not send
     * gives a message with {@code error} set, and as much as could be read.
     */
    @Override
    public DecodedMessage describe(byte[] frame, boolean fromClient) {
        try {
            return describeFrame(frame, fromClient ? Sender.CLIENT : Sender.SERVER);
        } catch (RuntimeException e) {
            // a bug here must not take the inspector down; say what happened instead
            return new DecodedMessage("?", "could not describe this frame", List.of(),
                    "internal error in the describer: " + e);
        }
    }

    private static DecodedMessage describeFrame(byte[] frame, Sender sender) {
        if (frame == null) {
            return bad("?", List.of(), "no frame (null)");
        }
        List<MessageField> header = new ArrayList<>();
        header.add(MessageField.of("frame", frame.length + " bytes"));
        Optional<ProtocolViolation> headerFault = GomokuFrameDecoder.checkHeader(Unpooled.wrappedBuffer(frame), true);
        if (headerFault.isPresent()) {
            return bad("?", header, headerFault.get().reason());
        }
        if (frame.length < GomokuWire.HEADER_LENGTH) {
            return bad("?", header, "a frame has at least " + GomokuWire.HEADER_LENGTH
                    + " bytes (\"GMKU\" and a 4-byte length), this one has " + frame.length);
        }
        long announced = ByteBuffer.wrap(frame, 4, 4).getInt() & 0xFFFF_FFFFL;
        int present = frame.length - GomokuWire.HEADER_LENGTH;
        header.add(MessageField.of("length", announced));
        if (announced != present) {
            return bad("?", header, "the length field says " + announced + " bytes of JSON but "
                    + present + (announced > present ? " follow: the frame is cut short" : " follow: extra bytes after the frame"));
        }
        byte[] json = Arrays.copyOfRange(frame, GomokuWire.HEADER_LENGTH, frame.length);
        if (json.length > 0) {
            header.add(MessageField.of("json", shown(new String(json, StandardCharsets.UTF_8))));
        }
        GomokuMessage message;
        try {
            message = GomokuJson.decode(json, sender);
        } catch (GomokuProtocolException e) {
            ProtocolViolation v = e.violation();
            String type = v.type().isEmpty() ? "?" : v.type();
            return bad(type, header, v.reason());
        }
        List<MessageField> fields = new ArrayList<>();
        fields.add(MessageField.of("type", message.type()));
        fields.addAll(header);
        fields.addAll(fieldsOf(message));
        DecodedMessage decoded = new DecodedMessage(message.type(), summary(message, sender), fields, null);
        return message instanceof GomokuMessage.Refused refused ? decoded.withRefused(refused.reason()) : decoded;
    }

    private static DecodedMessage bad(String type, List<MessageField> fields, String error) {
        return new DecodedMessage(type, "bad frame: " + error, fields, error);
    }

    private static String summary(GomokuMessage m, Sender sender) {
        if (m instanceof GomokuMessage.Hello) {
            return sender == Sender.SERVER
                    ? "hello: a new round is about to start"
                    : "hello: the client greets the server (taken as join)";
        } else if (m instanceof GomokuMessage.Join) {
            return "join: the client asks to play (or watch)";
        } else if (m instanceof GomokuMessage.NewRound) {
            return "new: the client asks for another round";
        } else if (m instanceof GomokuMessage.Heartbeat) {
            return "heartbeat (empty frame)";
        } else if (m instanceof Color c) {
            return c.role() == Role.SPECTATOR
                    ? "color V: you watch"
                    : "color " + c.role().letter() + ": you play " + c.role().stone().orElseThrow().word();
        } else if (m instanceof Update u) {
            return "update " + GomokuWire.point(u.row(), u.col()) + " by " + u.placed().word()
                    + ", " + u.turn().word() + " to move";
        } else if (m instanceof FullUpdate f) {
            return "update full board " + f.board().rows() + "x" + f.board().cols() + ", "
                    + (f.hasLastStone() ? "last stone " + GomokuWire.point(f.row(), f.col()) : "no stone yet")
                    + ", " + f.turn().word() + " to move";
        } else if (m instanceof Place p) {
            return "place " + GomokuWire.point(p.row(), p.col());
        } else if (m instanceof Win w) {
            return switch (w.winner()) {
                case BLACK -> "win: black wins";
                case WHITE -> "win: white wins";
                case DRAW -> "win: draw";
            };
        } else if (m instanceof Refused r) {
            return "refused " + GomokuWire.point(r.row(), r.col()) + ": " + r.reason();
        }
        return m.type();
    }

    private static List<MessageField> fieldsOf(GomokuMessage m) {
        List<MessageField> f = new ArrayList<>();
        if (m instanceof Color c) {
            f.add(MessageField.of("data", c.role().letter() + " (" + c.role().name().toLowerCase(Locale.ROOT) + ")"));
        } else if (m instanceof Win w) {
            f.add(MessageField.of("data", w.winner().letter() + " (" + w.winner().name().toLowerCase(Locale.ROOT) + ")"));
        } else if (m instanceof Place p) {
            point(f, p.row(), p.col());
        } else if (m instanceof Update u) {
            point(f, u.row(), u.col());
            f.add(MessageField.of("turn", u.turn().letter() + " (" + u.turn().word() + ")"));
            f.add(MessageField.of("stone", u.placed().letter() + " (" + u.placed().word() + ", the side not to move)"));
        } else if (m instanceof FullUpdate u) {
            point(f, u.row(), u.col());
            f.add(MessageField.of("turn", u.turn().letter() + " (" + u.turn().word() + ")"));
            f.add(board(u.board()));
        } else if (m instanceof Refused r) {
            point(f, r.row(), r.col());
            f.add(MessageField.of("reason", r.reason()));
        }
        return f;
    }

    private static void point(List<MessageField> f, int row, int col) {
        f.add(MessageField.of("row", row));
        f.add(MessageField.of("col", col));
        f.add(MessageField.of("point", GomokuWire.point(row, col)));
    }

    private static MessageField board(WireBoard board) {
        List<MessageField> rows = new ArrayList<>();
        List<String> texts = board.rowTexts();
        for (int r = 0; r < texts.size(); r++) {
            rows.add(MessageField.of(Integer.toString(r + 1), spaced(texts.get(r))));
        }
        String columns = board.cols() <= 26
                ? "columns a-" + (char) ('a' + board.cols() - 1) + ", rows 1-" + board.rows() + " from the top"
                : board.cols() + " columns, rows 1-" + board.rows() + " from the top";
        return new MessageField("board", board.rows() + "x" + board.cols() + ", " + board.stones()
                + " stones (" + columns + ")", rows);
    }

    private static String spaced(String row) {
        StringBuilder sb = new StringBuilder(row.length() * 2);
        for (int i = 0; i < row.length(); i++) {
            sb.append(i == 0 ? "" : " ").append(row.charAt(i));
        }
        return sb.toString();
    }

    private static String shown(String json) {
        return json.length() <= SHOWN_JSON ? json : json.substring(0, SHOWN_JSON) + "…";
    }
}
