package org.boardlab.protocol.onitama.internal;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import javax.inject.Named;
import javax.inject.Singleton;
import org.boardlab.api.DecodedMessage;
import org.boardlab.api.MessageField;
import org.boardlab.api.Protocol;
import org.boardlab.game.onitama.OnitamaMove;
import org.boardlab.protocol.onitama.ClientDecoder;
import org.boardlab.protocol.onitama.ClientFramer;
import org.boardlab.protocol.onitama.ClientText;
import org.boardlab.protocol.onitama.OnitamaCodec;
import org.boardlab.protocol.onitama.ProtocolViolation;
import org.boardlab.protocol.onitama.ServerMessage;
import org.boardlab.protocol.onitama.WireCards;
import org.boardlab.protocol.onitama.WireMove;
import org.boardlab.protocol.onitama.WireText;

/**
 * Seed 001's Onitama protocol as boardlab sees it: id {@code onitama}, game {@code onitama}, port
 * {@value OnitamaCodec#DEFAULT_PORT}, and the inspector's decoding of one message.
 *
 * <p>A server message is read with its NUL (or without); a client message as it came, terminator
 * or not. A client's one-number message means what the session was waiting for (a mode, a
 * difficulty or a table), which the bytes alone do not say: the describer names every meaning the
 * number can have ({@code 1}: "mode PvP / difficulty Normal / table 1"). A move is shown with its
 * cards and squares in boardlab's notation ({@code 4 2 3 2 4} = {@code crane:c1-c2}). Never throws.
 */
@Named("onitama")
@Singleton
public final class OnitamaProtocol implements Protocol {

    @Override
    public String id() {
        return "onitama";
    }

    @Override
    public String name() {
        return "Onitama protocol (seed 001)";
    }

    @Override
    public String gameId() {
        return "onitama";
    }

    @Override
    public int defaultPort() {
        return OnitamaCodec.DEFAULT_PORT;
    }

    @Override
    public DecodedMessage describe(byte[] frame, boolean fromClient) {
        if (frame == null) {
            return failed("?", "", "no frame");
        }
        try {
            return fromClient ? client(frame) : server(frame);
        } catch (RuntimeException e) {
            return failed("?", new String(frame, StandardCharsets.ISO_8859_1), "could not decode: " + e);
        }
    }

    private static DecodedMessage client(byte[] frame) {
        String terminator = frame.length == 0 ? "none" : switch (frame[frame.length - 1]) {
            case 0 -> "NUL";
            case '\n' -> frame.length > 1 && frame[frame.length - 2] == '\r' ? "CR LF" : "LF";
            default -> "none";
        };
        if (frame.length > ClientFramer.MAX_LENGTH) {
            return failed("?", new String(frame, StandardCharsets.ISO_8859_1),
                    "a message is at most " + ClientFramer.MAX_LENGTH + " bytes");
        }
        Object decoded = ClientDecoder.decode(frame);
        if (decoded instanceof ProtocolViolation v) {
            return failed("?", v.text(), v.reason());
        }
        String text = ((ClientText) decoded).text();
        List<MessageField> fields = new ArrayList<>();
        fields.add(MessageField.of("text", text));
        fields.add(MessageField.of("terminator", terminator));
        String[] parts = text.split(" ", 2);
        int[] n = WireText.numbers(text);
        int[] first = WireText.numbers(parts[0]);
        if (n != null && n.length == 5) {
            return move("move", new WireMove(n[0], n[1], n[2], n[3], n[4]), fields, true);
        }
        if (first != null && (n != null && n.length == 1 || parts.length == 2)) {
            int v = first[0];
            List<String> meanings = new ArrayList<>();
            meanings.add(switch (v) {
                case 0 -> "mode PvE";
                case 1 -> "mode PvP";
                case 2 -> "mode exit";
                default -> "mode " + v + " (unknown: 24)";
            });
            if (parts.length == 1) {
                meanings.add(switch (v) {
                    case 0, 1 -> "difficulty Normal";
                    case 2 -> "difficulty Hard";
                    default -> "difficulty " + v + " (wrong: 26)";
                });
                meanings.add(v >= -1 && v <= 4 ? "table " + v + (v == -1 ? " (any)" : "") : "table " + v + " (wrong: 25)");
            } else {
                fields.add(MessageField.of("name", parts[1]));
            }
            fields.add(MessageField.of("number", v));
            fields.add(MessageField.of("means", String.join(" / ", meanings)
                    + " (which one depends on the connection's state)"));
            return new DecodedMessage("number", text + ": " + String.join(" / ", meanings), fields, null);
        }
        return new DecodedMessage("text", WireText.printable(text, 60) + " (not a mode, difficulty, table or move:"
                + " answered by the state's error code)", fields, null);
    }

    private static DecodedMessage move(String type, WireMove m, List<MessageField> fields, boolean fromClient) {
        fields.add(MessageField.of("from", m.fromRow() + " " + m.fromCol()));
        fields.add(MessageField.of("to", m.toRow() + " " + m.toCol()));
        fields.add(MessageField.of("card", m.card() + (m.hasCard() ? " (" + WireCards.card(m.card()).id() + ")" : " (no such card: 28)")));
        String notation;
        try {
            OnitamaMove move = m.toMove();
            notation = move.notation();
        } catch (IllegalArgumentException e) {
            notation = null;
            fields.add(MessageField.of("problem", e.getMessage()));
        }
        if (notation != null) {
            fields.add(MessageField.of("notation", notation));
        }
        String who = fromClient ? "move " : "opponent's move ";
        return new DecodedMessage(type, who + m.text() + (notation == null ? " (not a move: 27 or 28)" : " = " + notation),
                fields, null);
    }

    private static DecodedMessage server(byte[] frame) {
        int end = frame.length;
        boolean nul = end > 0 && frame[end - 1] == 0;
        if (nul) {
            end--;
        }
        String text = new String(frame, 0, end, StandardCharsets.ISO_8859_1);
        List<MessageField> fields = new ArrayList<>();
        fields.add(MessageField.of("text", WireText.printable(text, 60)));
        if (text.indexOf(0) >= 0) {
            return failed("?", text, "the frame holds more than one message (a NUL inside)");
        }
        ServerMessage message;
        try {
            message = ServerMessage.parse(text);
        } catch (IllegalArgumentException e) {
            return failed("?", text, e.getMessage());
        }
        String error = nul ? null : "a server message ends with one NUL byte; this one has none";
        if (message instanceof ServerMessage.Answer a) {
                fields.add(MessageField.of("code", a.code()));
                fields.add(MessageField.of("meaning", a.meaning()));
                String type = switch (a.code()) {
                    case ServerMessage.OK -> "OK";
                    case ServerMessage.ONE -> "1";
                    case ServerMessage.TWO -> "2";
                    case ServerMessage.ERROR -> "ERROR";
                    case ServerMessage.WRONG_TABLE -> "WRONG_TABLE";
                    case ServerMessage.WRONG_DIFFICULTY -> "WRONG_DIFFICULTY";
                    case ServerMessage.WRONG_MOVEMENT -> "WRONG_MOVEMENT";
                    case ServerMessage.WRONG_CARD -> "WRONG_CARD";
                    default -> "code";
                };
                DecodedMessage d = new DecodedMessage(type, a.code() + ": " + a.meaning(), fields, error);
                return a.code() >= ServerMessage.ERROR && a.code() <= ServerMessage.WRONG_CARD ? d.withRefused(a.meaning()) : d;
        }
        if (message instanceof ServerMessage.Setup s) {
                fields.add(MessageField.of("colour", s.colour() + (s.colour() == 0 ? " (blue, moves first)" : " (red)")));
                String[] slots = {"blue card 1", "blue card 2", "red card 1", "red card 2", "side card"};
                StringBuilder names = new StringBuilder();
                for (int i = 0; i < 5; i++) {
                    int c = s.cards().get(i);
                    String n = WireCards.isCard(c) ? WireCards.card(c).id() : "no such card";
                    fields.add(MessageField.of(slots[i], c + " (" + n + ")"));
                    names.append(i == 0 ? "" : i == 2 || i == 4 ? "; " : ", ").append(n);
                }
                return new DecodedMessage("SETUP", "you are " + (s.colour() == 0 ? "blue" : "red") + "; cards " + names,
                        fields, error);
        }
        DecodedMessage d = move("MOVE", ((ServerMessage.Moved) message).move(), fields, false);
        return new DecodedMessage(d.type(), d.summary(), d.fields(), error);
    }


    private static DecodedMessage failed(String type, String text, String error) {
        String shown = WireText.printable(text, 200);
        return new DecodedMessage(type, shown.isEmpty() ? "(empty)" : shown, List.of(MessageField.of("text", shown)), error);
    }
}
