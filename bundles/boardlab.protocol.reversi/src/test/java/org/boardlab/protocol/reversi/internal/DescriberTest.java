package org.boardlab.protocol.reversi.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.boardlab.api.DecodedMessage;
import org.boardlab.api.MessageField;
import org.junit.jupiter.api.Test;

/** What the inspector shows for the protocol's frames. */
class DescriberTest {

    private final ReversiProtocol protocol = new ReversiProtocol();

    @Test
    void nextTurnShowsTypeFieldsAndTheBoardDrawnFromThePackedCells() {
        DecodedMessage d = protocol.describe(new byte[] {0x05, (byte) 0xFF, (byte) 0xFF, 2, 2, (byte) 0x96}, false);
        assertEquals("NextTurn", d.type());
        assertNull(d.error());
        assertEquals("0x05 NextTurn", field(d, "type").value());
        assertEquals("-", field(d, "last move").value());
        MessageField board = field(d, "board");
        assertEquals("2 black, 2 white", board.value());
        assertEquals(List.of("  A B", "1 W B", "2 B W"), board.children().stream().map(MessageField::value).toList());
        assertEquals("0x96", field(d, "board state bytes").value());
    }

    @Test
    void status2ShowsBothPlayers() {
        DecodedMessage d = protocol.describe(new byte[] {0x07, 3, 0, 20, 2, 'P', 'B', 4, 0x01, 0x02, 1, 'R'}, false);
        assertEquals("Status2 PB 3 pts 20 ms, R 4 pts 258 ms", d.summary());
        assertEquals("258", field(field(d, "white"), "timer (ms)").value());
    }

    @Test
    void aNewMoveIsNamedAsTheControllerPrintsIt() {
        assertEquals("NewMove D3", protocol.describe(new byte[] {0x04, 3, 2}, true).summary());
    }

    @Test
    void nokIsMarkedAsARefusal() {
        assertEquals("NOK", protocol.describe(new byte[] {0x03, 0}, false).refused());
        assertNull(protocol.describe(new byte[] {0x03, 1}, false).refused());
    }

    @Test
    void badFramesCarryTheDecodersReason() {
        assertEquals("unknown message type 0x42", protocol.describe(new byte[] {0x42, 1, 2}, true).error());
        assertEquals("truncated NewMove: 2 bytes, the message is not complete",
                protocol.describe(new byte[] {0x04, 1}, true).error());
        assertEquals("cell A1 is coded 11 (not used); 00 is empty, 01 black, 10 white",
                protocol.describe(new byte[] {0x06, (byte) 0xFF, (byte) 0xFF, 2, 2, (byte) 0xC0}, false).error());
        assertEquals("empty frame", protocol.describe(new byte[0], false).error());
    }

    private static MessageField field(DecodedMessage d, String name) {
        return field(d.fields(), name);
    }

    private static MessageField field(MessageField f, String name) {
        return field(f.children(), name);
    }

    private static MessageField field(List<MessageField> fields, String name) {
        return fields.stream().filter(f -> f.name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no field " + name + " in " + fields));
    }
}
