package org.boardlab.protocol.gomoku.internal;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Collectors;
import javax.inject.Named;
import org.boardlab.api.DecodedMessage;
import org.boardlab.api.MessageField;
import org.boardlab.protocol.gomoku.Cell;
import org.boardlab.protocol.gomoku.GomokuMessage;
import org.boardlab.protocol.gomoku.GomokuMessage.Color;
import org.boardlab.protocol.gomoku.GomokuMessage.FullUpdate;
import org.boardlab.protocol.gomoku.GomokuMessage.Place;
import org.boardlab.protocol.gomoku.GomokuMessage.Refused;
import org.boardlab.protocol.gomoku.GomokuMessage.Update;
import org.boardlab.protocol.gomoku.GomokuMessage.Win;
import org.boardlab.protocol.gomoku.GomokuWire;
import org.boardlab.protocol.gomoku.Role;
import org.boardlab.protocol.gomoku.Stone;
import org.boardlab.protocol.gomoku.WireBoard;
import org.boardlab.protocol.gomoku.Winner;
import org.junit.jupiter.api.Test;

class GomokuProtocolTest {

    private final GomokuProtocol protocol = new GomokuProtocol();

    private static String field(DecodedMessage m, String name) {
        return m.fields().stream().filter(f -> f.name().equals(name)).findFirst()
                .map(MessageField::value).orElseThrow(() -> new AssertionError("no field " + name + " in " + m));
    }

    private DecodedMessage fromServer(GomokuMessage m) {
        return protocol.describe(GomokuWire.frame(m), false);
    }

    private DecodedMessage fromClient(GomokuMessage m) {
        return protocol.describe(GomokuWire.frame(m), true);
    }

    @Test
    void describesItself() {
        assertThat(protocol.id()).isEqualTo("gomoku");
        assertThat(protocol.gameId()).isEqualTo("gomoku");
        assertThat(protocol.name()).isEqualTo("Gomoku GMKU protocol (seed 003)");
        assertThat(protocol.defaultPort()).isEqualTo(23334);
        assertThat(GomokuProtocol.class.getAnnotation(Named.class).value()).isEqualTo("gomoku");
        assertThat(GomokuProtocol.class.getAnnotation(javax.inject.Singleton.class)).isNotNull();
    }

    @Test
    void describesEveryClientMessage() {
        DecodedMessage place = fromClient(new Place(7, 7));
        assertThat(place.error()).isNull();
        assertThat(place.type()).isEqualTo("place");
        assertThat(place.summary()).isEqualTo("place h8");
        assertThat(field(place, "row")).isEqualTo("7");
        assertThat(field(place, "col")).isEqualTo("7");
        assertThat(field(place, "point")).isEqualTo("h8");
        assertThat(field(place, "length")).isEqualTo("41");
        assertThat(field(place, "frame")).isEqualTo("49 bytes");
        assertThat(field(place, "json")).isEqualTo("{\"data\":{\"col\":7,\"row\":7},\"type\":\"place\"}");

        assertThat(fromClient(new Place(-3, 2)).summary()).isEqualTo("place (row -3, col 2)");
        assertThat(fromClient(GomokuMessage.JOIN).summary()).isEqualTo("join: the client asks to play (or watch)");
        assertThat(fromClient(GomokuMessage.HELLO).summary()).isEqualTo("hello: the client greets the server (taken as join)");
        assertThat(fromClient(GomokuMessage.NEW_ROUND).summary()).isEqualTo("new: the client asks for another round");
        DecodedMessage beat = fromClient(GomokuMessage.HEARTBEAT);
        assertThat(beat.type()).isEqualTo("heartbeat");
        assertThat(beat.summary()).isEqualTo("heartbeat (empty frame)");
        assertThat(beat.error()).isNull();
        assertThat(field(beat, "length")).isEqualTo("0");
    }

    @Test
    void aRefusedPlaceIsMarkedWithItsReason() {
        DecodedMessage refused = fromServer(new GomokuMessage.Refused(7, 7, "h8 is taken"));
        assertThat(refused.refused()).isEqualTo("h8 is taken");
        assertThat(refused.error()).isNull();
        assertThat(fromServer(new Update(6, 8, Stone.BLACK)).refused()).isNull();
    }

    @Test
    void describesEveryServerMessage() {
        assertThat(fromServer(GomokuMessage.HELLO).summary()).isEqualTo("hello: a new round is about to start");
        assertThat(fromServer(new Color(Role.BLACK)).summary()).isEqualTo("color B: you play black");
        assertThat(fromServer(new Color(Role.SPECTATOR)).summary()).isEqualTo("color V: you watch");
        assertThat(field(fromServer(new Color(Role.SPECTATOR)), "data")).isEqualTo("V (spectator)");
        DecodedMessage update = fromServer(new Update(6, 8, Stone.BLACK));
        assertThat(update.summary()).isEqualTo("update i7 by white, black to move");
        assertThat(field(update, "turn")).isEqualTo("B (black)");
        assertThat(field(update, "stone")).startsWith("W (white");
        assertThat(fromServer(new Win(Winner.DRAW)).summary()).isEqualTo("win: draw");
        assertThat(fromServer(new Win(Winner.WHITE)).summary()).isEqualTo("win: white wins");
        assertThat(field(fromServer(new Win(Winner.BLACK)), "data")).isEqualTo("B (black)");
        DecodedMessage refused = fromServer(new Refused(7, 7, "h8 is taken by black"));
        assertThat(refused.summary()).isEqualTo("refused h8: h8 is taken by black");
        assertThat(field(refused, "reason")).isEqualTo("h8 is taken by black");
        for (DecodedMessage m : List.of(update, refused)) {
            assertThat(m.error()).isNull();
        }
    }

    @Test
    void showsTheBoardOfAFullUpdateRowByRowFromTheTop() {
        WireBoard board = WireBoard.empty(15, 15).with(7, 7, Cell.BLACK).with(6, 8, Cell.WHITE);
        DecodedMessage m = fromServer(new FullUpdate(6, 8, Stone.BLACK, board));
        assertThat(m.error()).isNull();
        assertThat(m.summary()).isEqualTo("update full board 15x15, last stone i7, black to move");
        MessageField b = m.fields().stream().filter(f -> f.name().equals("board")).findFirst().orElseThrow();
        assertThat(b.value()).isEqualTo("15x15, 2 stones (columns a-o, rows 1-15 from the top)");
        assertThat(b.children()).hasSize(15);
        assertThat(b.children().get(6)).isEqualTo(MessageField.of("7", ". . . . . . . . W . . . . . ."));
        assertThat(b.children().get(7)).isEqualTo(MessageField.of("8", ". . . . . . . B . . . . . . ."));
        DecodedMessage opening = fromServer(new FullUpdate(-1, -1, Stone.BLACK, WireBoard.empty(15, 15)));
        assertThat(opening.summary()).isEqualTo("update full board 15x15, no stone yet, black to move");
        assertThat(field(opening, "point")).isEqualTo("none");
    }

    @Test
    void flagsMessagesFromTheWrongSide() {
        DecodedMessage m = protocol.describe(GomokuWire.frame(new Update(7, 7, Stone.WHITE)), true);
        assertThat(m.type()).isEqualTo("update");
        assertThat(m.error()).isEqualTo("update is sent by the server, never by a client");
        assertThat(protocol.describe(GomokuWire.frame(new Place(1, 1)), false).error())
                .isEqualTo("place is sent by the client, never by a server");
    }

    @Test
    void badFramesGetAnErrorAndWhatCouldBeRead() {
        assertThat(protocol.describe(null, true).error()).isEqualTo("no frame (null)");
        assertThat(protocol.describe(new byte[0], true).error()).contains("at least 8 bytes").contains("has 0");
        assertThat(protocol.describe("GMK".getBytes(UTF_8), true).error()).contains("has 3");
        assertThat(protocol.describe("XMKU\0\0\0\0".getBytes(UTF_8), true).error())
                .isEqualTo("a frame must start with \"GMKU\" (47 4D 4B 55), but it starts with 58 4D 4B 55 (\"XMKU\")");
        assertThat(protocol.describe("GET / HTTP/1.1\r\n\r\n".getBytes(UTF_8), true).error()).contains("HTTP request");
        assertThat(protocol.describe("GE".getBytes(UTF_8), true).error()).contains("must start with \"GMKU\"");
        byte[] tooLong = ByteBuffer.allocate(8).put(GomokuWire.MAGIC).putInt(20_000).array();
        assertThat(protocol.describe(tooLong, true).error()).contains("20000 bytes of JSON, over the limit of 10240");

        byte[] place = GomokuWire.frame(new Place(7, 7));
        DecodedMessage cut = protocol.describe(Arrays.copyOf(place, place.length - 1), true);
        assertThat(cut.error()).isEqualTo("the length field says 41 bytes of JSON but 40 follow: the frame is cut short");
        assertThat(cut.summary()).startsWith("bad frame: ");
        DecodedMessage extra = protocol.describe(Arrays.copyOf(place, place.length + 2), true);
        assertThat(extra.error()).contains("but 43 follow: extra bytes after the frame");

        DecodedMessage json = protocol.describe(GomokuWire.frame("{\"type\":\"place\",\"data\":{\"row\":\"x\"}}"), true);
        assertThat(json.type()).isEqualTo("place");
        assertThat(json.error()).contains("\"row\"").contains("not the string \"x\"");
        assertThat(field(json, "json")).isEqualTo("{\"type\":\"place\",\"data\":{\"row\":\"x\"}}");
        assertThat(protocol.describe(GomokuWire.frame("{oops"), true).error()).startsWith("the frame's text is not valid JSON");
        assertThat(protocol.describe(GomokuWire.frame("{\"type\":\"chat\"}"), true).type()).isEqualTo("chat");
        assertThat(protocol.describe(GomokuWire.frame("[]"), true).type()).isEqualTo("?");
    }

    @Test
    void longJsonIsShortenedInTheField() {
        String json = "{\"type\":\"hello\",\"pad\":\"" + "x".repeat(1000) + "\"}";
        DecodedMessage m = protocol.describe(GomokuWire.frame(json), false);
        assertThat(m.error()).isNull();
        assertThat(field(m, "json")).hasSize(GomokuProtocol.SHOWN_JSON + 1).endsWith("…");
    }

    @Test
    void neverThrowsOnRandomFrames() {
        Random random = new Random(11);
        for (int i = 0; i < 5000; i++) {
            byte[] frame;
            if (i % 3 == 0) {
                frame = new byte[random.nextInt(40)];
                random.nextBytes(frame);
            } else {
                byte[] payload = new byte[random.nextInt(40)];
                random.nextBytes(payload);
                if (i % 3 == 1) {
                    payload = ("{\"type\":\"" + List.of("place", "update", "win", "color", "refused").get(i % 5)
                            + "\",\"data\":" + new String(payload, UTF_8) + "}").getBytes(UTF_8);
                }
                frame = GomokuWire.frame(payload);
            }
            DecodedMessage m = protocol.describe(frame, random.nextBoolean());
            assertThat(m).isNotNull();
            assertThat(m.type()).isNotNull();
            assertThat(m.summary()).isNotNull();
            if (m.error() != null) {
                assertThat(m.error()).as("%s", m).doesNotStartWith("internal error");
                assertThat(m.summary()).isEqualTo("bad frame: " + m.error());
            }
        }
    }

    @Test
    void goldenTextsFromTheSeedDescribeCleanly() {
        List<String> fromServer = List.of("{\"type\":\"hello\"}", "{\"data\":\"B\",\"type\":\"color\"}",
                "{\"data\":{\"col\":7,\"row\":7,\"turn\":\"W\"},\"type\":\"update\"}", "{\"data\":\"B\",\"type\":\"win\"}");
        assertThat(fromServer.stream().map(j -> protocol.describe(GomokuWire.frame(j), false).summary())
                .collect(Collectors.toList())).containsExactly("hello: a new round is about to start",
                "color B: you play black", "update h8 by black, white to move", "win: black wins");
    }
}
