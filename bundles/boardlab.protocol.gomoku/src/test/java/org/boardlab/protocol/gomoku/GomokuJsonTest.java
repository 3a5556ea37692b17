package org.boardlab.protocol.gomoku;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.boardlab.protocol.gomoku.GomokuMessage.Color;
import org.boardlab.protocol.gomoku.GomokuMessage.FullUpdate;
import org.boardlab.protocol.gomoku.GomokuMessage.Place;
import org.boardlab.protocol.gomoku.GomokuMessage.Sender;
import org.boardlab.protocol.gomoku.GomokuMessage.Update;
import org.boardlab.protocol.gomoku.ProtocolViolation.Kind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class GomokuJsonTest {

    @Test
    void writesExactlyWhatTheOriginalServerWrites() {
        for (Map.Entry<String, GomokuMessage> e : Golden.FROM_SERVER.entrySet()) {
            assertThat(GomokuJson.encodeToString(e.getValue())).as("%s", e.getValue()).isEqualTo(e.getKey());
        }
    }

    @Test
    void writesExactlyWhatTheOriginalClientWrites() {
        for (Map.Entry<String, GomokuMessage> e : Golden.FROM_CLIENT.entrySet()) {
            assertThat(GomokuJson.encodeToString(e.getValue())).as("%s", e.getValue()).isEqualTo(e.getKey());
        }
    }

    @Test
    void readsEveryGoldenTextBackToItsMessage() {
        for (Map.Entry<String, GomokuMessage> e : Golden.FROM_SERVER.entrySet()) {
            assertThat(GomokuJson.decode(e.getKey().getBytes(UTF_8), Sender.SERVER)).isEqualTo(e.getValue());
        }
        for (Map.Entry<String, GomokuMessage> e : Golden.FROM_CLIENT.entrySet()) {
            assertThat(GomokuJson.decode(e.getKey().getBytes(UTF_8), Sender.CLIENT)).isEqualTo(e.getValue());
        }
    }

    /**
     * A {@code place} written as the encoder writes it is read without the JSON tree; the result must
     * be the parser's, and every other text must still go to the parser (and fail as it fails there).
     */
    @Test
    void aPlainPlaceReadsAsTheParserReadsIt() {
        for (int row = 0; row < 20; row++) {
            for (int col = 0; col < 20; col++) {
                Place p = new Place(row, col);
                byte[] plain = GomokuJson.encode(p);
                assertThat(GomokuJson.plainPlace(plain)).isEqualTo(p);
                String spaced = new String(plain, UTF_8).replace(",", " , "); // the parser's path
                assertThat(GomokuJson.plainPlace(spaced.getBytes(UTF_8))).isNull();
                assertThat(GomokuJson.decode(spaced.getBytes(UTF_8), Sender.CLIENT)).isEqualTo(p);
                assertThat(GomokuJson.decode(plain, Sender.CLIENT)).isEqualTo(p);
            }
        }
        assertThat(GomokuJson.plainPlace(GomokuJson.encode(new Place(9999, 1234)))).isEqualTo(new Place(9999, 1234));
        assertThat(GomokuJson.decode(GomokuJson.encode(new Place(12345, 0)), Sender.CLIENT)).isEqualTo(new Place(12345, 0));
        for (String other : new String[] {
                "{\"data\":{\"col\":12345,\"row\":7},\"type\":\"place\"}", // five digits
                "{\"data\":{\"col\":-1,\"row\":7},\"type\":\"place\"}",
                "{\"data\":{\"col\":7.0,\"row\":7},\"type\":\"place\"}",
                "{\"data\":{\"row\":7,\"col\":7},\"type\":\"place\"}",
                "{\"data\":{\"col\":7,\"row\":7},\"type\":\"place\"} ",
                "{\"data\":{\"col\":7,\"row\":},\"type\":\"place\"}",
                "{\"data\":{\"col\":7,\"row\":7},\"type\":\"placed\"}",
                "{\"data\":{\"col\":7,\"row\":7},\"type\":\"place\"",
                "{\"data\":{\"col\":07,\"row\":7},\"type\":\"place\"}",
                "{\"data\":{\"col\":7,\"row\":7},\"type\":\"place\"}x"}) {
            assertThat(GomokuJson.plainPlace(other.getBytes(UTF_8))).as(other).isNull();
        }
        // what the parser makes of those it refuses: the same violations as before the plain path
        assertThatThrownBy(() -> GomokuJson.decode("{\"data\":{\"col\":07,\"row\":7},\"type\":\"place\"}".getBytes(UTF_8)))
                .isInstanceOfSatisfying(GomokuProtocolException.class, e -> assertThat(e.violation().kind()).isEqualTo(Kind.MALFORMED_JSON));
        assertThatThrownBy(() -> GomokuJson.decode("{\"data\":{\"col\":7,\"row\":7},\"type\":\"place\"}x".getBytes(UTF_8)))
                .isInstanceOfSatisfying(GomokuProtocolException.class, e -> assertThat(e.violation().kind()).isEqualTo(Kind.MALFORMED_JSON));
        assertThat(GomokuJson.decode("{\"data\":{\"col\":-1,\"row\":7},\"type\":\"place\"}".getBytes(UTF_8)))
                .isEqualTo(new Place(7, -1)); // refused by the table, not by the reader
        assertThat(GomokuJson.decode("{\"data\":{\"row\":7,\"col\":3},\"type\":\"place\"}".getBytes(UTF_8)))
                .isEqualTo(new Place(7, 3));
    }

    @Test
    void lengthBytesMatchTheCaptureInTheSeed() {
        // the seed's capture prints the last length byte as a character: ')' '5' '*' '6'
        assertThat(GomokuWire.frame(new Place(7, 7))[7]).isEqualTo((byte) ')');
        assertThat(GomokuWire.frame(new Update(7, 7, Stone.WHITE))[7]).isEqualTo((byte) '5');
        assertThat(GomokuWire.frame(new Place(4, 10))[7]).isEqualTo((byte) '*');
        assertThat(GomokuWire.frame(new Update(4, 10, Stone.WHITE))[7]).isEqualTo((byte) '6');
    }

    @Test
    void heartbeatHasNoJsonAndAnEmptyTextIsAHeartbeat() {
        assertThat(GomokuJson.encode(GomokuMessage.HEARTBEAT)).isEmpty();
        assertThat(GomokuJson.decode(new byte[0])).isEqualTo(GomokuMessage.HEARTBEAT);
        assertThat(GomokuWire.frame(GomokuMessage.HEARTBEAT)).containsExactly('G', 'M', 'K', 'U', 0, 0, 0, 0);
    }

    @Test
    void fullUpdateWithStonesAndALastMoveKeepsTheOriginalsKeyOrder() {
        WireBoard board = WireBoard.parse("...", ".B.", "..W");
        String json = GomokuJson.encodeToString(new FullUpdate(2, 2, Stone.BLACK, board));
        assertThat(json).isEqualTo("{\"data\":{\"board\":[[\" \",\" \",\" \"],[\" \",\"B\",\" \"],[\" \",\" \",\"W\"]],"
                + "\"col\":2,\"row\":2,\"turn\":\"B\"},\"type\":\"update\"}");
        assertThat(GomokuJson.decode(json.getBytes(UTF_8))).isEqualTo(new FullUpdate(2, 2, Stone.BLACK, board));
    }

    @Test
    void readsTheUsualFreedomsOfJson() {
        assertThat(decode(" {\n \"type\" : \"place\" , \"data\" : { \"row\" : 3 , \"col\" : 12 } }\n"))
                .isEqualTo(new Place(3, 12));
        assertThat(decode("{\"type\":\"hello\",\"data\":{\"anything\":[1,2]},\"id\":7}")).isEqualTo(GomokuMessage.HELLO);
        assertThat(decode("{\"data\":{\"row\":7.0,\"col\":-0.0,\"extra\":true},\"type\":\"place\"}")).isEqualTo(new Place(7, 0));
        assertThat(decode("{\"type\":\"place\",\"data\":{\"row\":-5,\"col\":99}}")).isEqualTo(new Place(-5, 99));
        assertThat(decode("{\"type\":\"update\",\"data\":{\"row\":0,\"col\":0,\"turn\":\"W\",\"board\":[[\"B\",\"\"],[\"\",\"X\"]]}}"))
                .isEqualTo(new FullUpdate(0, 0, Stone.WHITE, WireBoard.parse("B.", ".X")));
        assertThat(decode("{\"type\":\"type\",\"type\":\"join\"}")).as("the last of two equal keys wins")
                .isEqualTo(GomokuMessage.JOIN);
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
        "not json at all                    | MALFORMED_JSON | not valid JSON",
        "`{\"type\":\"hello\"`              | MALFORMED_JSON | not valid JSON",
        "`{\"type\":\"hello\"}{}`           | MALFORMED_JSON | more after the JSON value",
        "`{\"type\":\"hello\"} x`           | MALFORMED_JSON | Unrecognized token 'x'",
        "`{'type':'hello'}`                 | MALFORMED_JSON | not valid JSON",
        "`[\"type\",\"hello\"]`             | NOT_AN_OBJECT  | not an array",
        "`\"hello\"`                        | NOT_AN_OBJECT  | not the string \"hello\"",
        "`   `                              | NOT_AN_OBJECT  | not blank text",
        "`{}`                               | MISSING_TYPE   | has no \"type\"",
        "`{\"data\":\"B\"}`                 | MISSING_TYPE   | has no \"type\"",
        "`{\"type\":5}`                     | MISSING_TYPE   | must be a string, not the number 5",
        "`{\"type\":null}`                  | MISSING_TYPE   | not null",
        "`{\"type\":\"close\"}`             | UNKNOWN_TYPE   | unknown message type \"close\"",
        "`{\"type\":\"Hello\"}`             | UNKNOWN_TYPE   | unknown message type \"Hello\"",
        "`{\"type\":\"\"}`                  | UNKNOWN_TYPE   | unknown message type \"\"",
        "`{\"type\":\"place\"}`             | BAD_DATA       | place needs \"data\", an object",
        "`{\"type\":\"place\",\"data\":[7,7]}` | BAD_DATA    | place needs \"data\", an object, not an array",
        "`{\"type\":\"place\",\"data\":{}}`  | BAD_DATA       | place needs a whole number \"row\"",
        "`{\"type\":\"place\",\"data\":{\"row\":\"7\",\"col\":7}}` | BAD_DATA | not the string \"7\"",
        "`{\"type\":\"place\",\"data\":{\"row\":7.5,\"col\":7}}`   | BAD_DATA | whole number that fits 32 bits, not 7.5",
        "`{\"type\":\"place\",\"data\":{\"row\":1e20,\"col\":7}}`  | BAD_DATA | fits 32 bits",
        "`{\"type\":\"place\",\"data\":{\"row\":2147483648,\"col\":7}}` | BAD_DATA | fits 32 bits",
        "`{\"type\":\"place\",\"data\":{\"row\":7,\"col\":null}}`  | BAD_DATA | \"col\" in its data, not null",
        "`{\"type\":\"color\"}`             | BAD_DATA       | color needs \"data\", the string",
        "`{\"type\":\"color\",\"data\":\"Black\"}` | BAD_DATA | not \"Black\"",
        "`{\"type\":\"color\",\"data\":1}`  | BAD_DATA       | not the number 1",
        "`{\"type\":\"win\",\"data\":\"\"}` | BAD_DATA       | must be \"B\", \"W\" or \"-\", not \"\"",
        "`{\"type\":\"update\",\"data\":{\"row\":1,\"col\":1}}` | BAD_DATA | update needs \"turn\"",
        "`{\"type\":\"update\",\"data\":{\"row\":1,\"col\":1,\"turn\":\"V\"}}` | BAD_DATA | \"turn\" of update must be \"B\" or \"W\", not \"V\"",
        "`{\"type\":\"update\",\"data\":{\"row\":-1,\"col\":-1,\"turn\":\"B\"}}` | BAD_DATA | names the stone just placed",
        "`{\"type\":\"update\",\"data\":{\"row\":1,\"col\":1,\"turn\":\"B\",\"board\":null}}` | BAD_DATA | \"board\" must be a non-empty array of rows, not null",
        "`{\"type\":\"update\",\"data\":{\"row\":1,\"col\":1,\"turn\":\"B\",\"board\":[]}}` | BAD_DATA | not an empty array",
        "`{\"type\":\"update\",\"data\":{\"row\":0,\"col\":0,\"turn\":\"B\",\"board\":[[\"B\",\" \"],[\" \"]]}}` | BAD_DATA | row 2 has 1 points but row 1 has 2",
        "`{\"type\":\"update\",\"data\":{\"row\":0,\"col\":0,\"turn\":\"B\",\"board\":[[\"B\"],\" \"]}}` | BAD_DATA | row 2 of \"board\" must be an array",
        "`{\"type\":\"update\",\"data\":{\"row\":0,\"col\":0,\"turn\":\"B\",\"board\":[[\"B\",\"Q\"]]}}` | BAD_DATA | point b1 of \"board\" must be",
        "`{\"type\":\"update\",\"data\":{\"row\":0,\"col\":0,\"turn\":\"B\",\"board\":[[\"B\",0]]}}` | BAD_DATA | not the number 0",
        "`{\"type\":\"update\",\"data\":{\"row\":-1,\"col\":0,\"turn\":\"B\",\"board\":[[\"B\"]]}}` | BAD_DATA | must be a point of the 1x1 board",
        "`{\"type\":\"update\",\"data\":{\"row\":3,\"col\":3,\"turn\":\"B\",\"board\":[[\"B\"]]}}` | BAD_DATA | must be a point of the 1x1 board",
        "`{\"type\":\"refused\",\"data\":{\"row\":1,\"col\":1}}` | BAD_DATA | refused needs a string \"reason\"",
    })
    void refusesWithAReason(String json, Kind kind, String reasonPart) {
        assertThatThrownBy(() -> GomokuJson.decode(json.getBytes(UTF_8)))
                .isInstanceOfSatisfying(GomokuProtocolException.class, e -> {
                    assertThat(e.violation().kind()).isEqualTo(kind);
                    assertThat(e.violation().reason()).contains(reasonPart);
                    assertThat(e.violation().fatal()).isFalse();
                    assertThat(e.violation().excerpt()).isEqualTo(ProtocolViolation.excerpt(json));
                });
    }

    @Test
    void aViolationNamesTheTypeWhenItCouldBeRead() {
        ProtocolViolation v = violation("{\"type\":\"place\",\"data\":{}}");
        assertThat(v.type()).isEqualTo("place");
        assertThat(v.toString()).isEqualTo("BAD_DATA: place needs a whole number \"row\" in its data"
                + " in {\"type\":\"place\",\"data\":{}}");
        assertThat(violation("{\"type\":\"nope\"}").type()).isEqualTo("nope");
        assertThat(violation("[]").type()).isEmpty();
    }

    @Test
    void invalidUtf8IsMalformed() {
        byte[] bad = {'{', '"', 't', 'y', 'p', 'e', '"', ':', '"', (byte) 0xC3, (byte) 0x28, '"', '}'};
        assertThatThrownBy(() -> GomokuJson.decode(bad))
                .isInstanceOfSatisfying(GomokuProtocolException.class,
                        e -> assertThat(e.violation().kind()).isEqualTo(Kind.MALFORMED_JSON));
    }

    @Test
    void deepNestingIsRefusedWithoutBlowingTheStack() {
        String deep = "{\"type\":\"hello\",\"data\":" + "[".repeat(5000) + "]".repeat(5000) + "}";
        assertThat(deep.length()).isLessThan(GomokuWire.MAX_PAYLOAD + 1);
        assertThat(violation(deep).kind()).isEqualTo(Kind.MALFORMED_JSON);
    }

    @Test
    void excerptsAreShortAndPrintable() {
        String longText = "{\"type\":\"x\",\"pad\":\"" + "a".repeat(500) + "\"}";
        ProtocolViolation v = violation(longText);
        assertThat(v.excerpt()).hasSize(ProtocolViolation.EXCERPT_LENGTH + 1).endsWith("…");
        assertThat(ProtocolViolation.excerpt("a\nb\u0000")).isEqualTo("a\\u000ab\\u0000");
    }

    @Test
    void checksWhoMaySendWhat() {
        byte[] update = "{\"data\":{\"col\":7,\"row\":7,\"turn\":\"W\"},\"type\":\"update\"}".getBytes(UTF_8);
        assertThatThrownBy(() -> GomokuJson.decode(update, Sender.CLIENT))
                .isInstanceOfSatisfying(GomokuProtocolException.class, e -> {
                    assertThat(e.violation().kind()).isEqualTo(Kind.WRONG_SENDER);
                    assertThat(e.violation().reason()).isEqualTo("update is sent by the server, never by a client");
                });
        byte[] place = "{\"data\":{\"col\":7,\"row\":7},\"type\":\"place\"}".getBytes(UTF_8);
        assertThatThrownBy(() -> GomokuJson.decode(place, Sender.SERVER))
                .hasMessage("place is sent by the client, never by a server");
        assertThat(GomokuJson.decode("{\"type\":\"hello\"}".getBytes(UTF_8), Sender.CLIENT)).isEqualTo(GomokuMessage.HELLO);
        assertThat(GomokuJson.decode(new byte[0], Sender.SERVER)).isEqualTo(GomokuMessage.HEARTBEAT);
    }

    @Test
    void messagesCheckTheirValues() {
        assertThatThrownBy(() -> new Update(-1, 3, Stone.BLACK)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new FullUpdate(15, 0, Stone.BLACK, WireBoard.empty(15, 15)))
                .hasMessageContaining("15x15");
        assertThatThrownBy(() -> new Color(null)).isInstanceOf(NullPointerException.class);
        assertThat(new Update(0, 0, Stone.BLACK).placed()).isEqualTo(Stone.WHITE);
        assertThat(new FullUpdate(-1, -1, Stone.BLACK, WireBoard.empty(3, 3)).hasLastStone()).isFalse();
    }

    @Test
    void tooLongMessagesCannotBeFramed() {
        FullUpdate huge = new FullUpdate(-1, -1, Stone.BLACK, WireBoard.empty(60, 60));
        assertThat(GomokuJson.encode(huge).length).isGreaterThan(GomokuWire.MAX_PAYLOAD);
        assertThatThrownBy(() -> GomokuWire.frame(huge))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("over the limit of 10240");
        assertThat(GomokuJson.encode(new FullUpdate(-1, -1, Stone.BLACK, WireBoard.empty(15, 15)))).hasSize(995);
        assertThat(GomokuWire.frame(new FullUpdate(49, 49, Stone.BLACK, WireBoard.empty(50, 50))))
                .as("50x50 is the largest square board a full update can carry").hasSize(8 + 10_165);
        assertThatThrownBy(() -> GomokuWire.frame(new FullUpdate(-1, -1, Stone.BLACK, WireBoard.empty(51, 51))))
                .hasMessageContaining("10571 bytes");
    }

    @Test
    void pointsUseBoardlabNotation() {
        assertThat(GomokuWire.point(7, 7)).isEqualTo("h8");
        assertThat(GomokuWire.point(0, 0)).isEqualTo("a1");
        assertThat(GomokuWire.point(14, 14)).isEqualTo("o15");
        assertThat(GomokuWire.point(6, 8)).as("row 6 is the 7th row from the top, col 8 the 9th column").isEqualTo("i7");
        assertThat(GomokuWire.point(-1, -1)).isEqualTo("none");
        assertThat(GomokuWire.point(-1, 3)).isEqualTo("(row -1, col 3)");
        assertThat(GomokuWire.point(3, 26)).isEqualTo("(row 3, col 26)");
    }

    @Test
    void wireBoardIsImmutableAndRectangular() {
        WireBoard empty = WireBoard.empty(2, 3);
        WireBoard one = empty.with(1, 2, Cell.BLACK);
        assertThat(empty.cell(1, 2)).isEqualTo(Cell.EMPTY);
        assertThat(one.rowTexts()).containsExactly("...", "..B");
        assertThat(one.stones()).isEqualTo(1);
        // rows are shared between boards; changing a copy, in the same row or another, leaves this one as it was
        WireBoard sameRow = one.with(1, 0, Cell.WHITE);
        WireBoard otherRow = one.with(0, 0, Cell.WHITE);
        assertThat(sameRow.rowTexts()).containsExactly("...", "W.B");
        assertThat(otherRow.rowTexts()).containsExactly("W..", "..B");
        assertThat(one.rowTexts()).containsExactly("...", "..B");
        assertThat(empty.rowTexts()).containsExactly("...", "...");
        assertThat(one).isEqualTo(WireBoard.parse("...", "..B")).hasSameHashCodeAs(WireBoard.parse("...", "..B"));
        assertThatThrownBy(() -> WireBoard.parse("..", "...")).hasMessageContaining("row 2 has 3 points");
        assertThatThrownBy(() -> empty.cell(2, 0)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> WireBoard.of(new Cell[0][])).isInstanceOf(IllegalArgumentException.class);
        Cell[][] cells = {{Cell.BLACK}};
        WireBoard b = WireBoard.of(cells);
        cells[0][0] = Cell.WHITE;
        assertThat(b.cell(0, 0)).as("a defensive copy").isEqualTo(Cell.BLACK);
    }

    private static GomokuMessage decode(String json) {
        return GomokuJson.decode(json.getBytes(UTF_8));
    }

    private static ProtocolViolation violation(String json) {
        try {
            GomokuJson.decode(json.getBytes(UTF_8));
        } catch (GomokuProtocolException e) {
            return e.violation();
        }
        throw new AssertionError("expected a violation for " + json);
    }
}
