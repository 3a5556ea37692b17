package org.boardlab.protocol.reversi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.boardlab.api.DecodedMessage;
import org.boardlab.protocol.reversi.ReversiMessage.Board;
import org.boardlab.protocol.reversi.internal.ReversiProtocolAccess;
import org.junit.jupiter.api.Test;

/** The seed's packing examples, every message's bytes both ways, and the decoder on bad input. */
class CodecTest {

    private static final int N = Cells.EMPTY;
    private static final int B = Cells.BLACK;
    private static final int W = Cells.WHITE;

    @Test
    void seedExample2x2PacksTo0x96() {
        // W B / B W: "Bit code : 10,01,01,10 ... Byte= 10010110 = 0x96" (seed L186-188)
        assertArrayEquals(new byte[] {(byte) 0x96}, Cells.pack(new int[] {W, B, B, W}));
        assertArrayEquals(new int[] {W, B, B, W}, Cells.unpack(new byte[] {(byte) 0x96}, 4));
    }

    @Test
    void seedExample4x4PacksTo0x90_0x24_0x18_0x00() {
        int[] cells = {
            W, B, N, N,
            N, W, B, N,
            N, B, W, N,
            N, N, N, N};
        byte[] packed = {(byte) 0x90, 0x24, 0x18, 0x00};
        assertArrayEquals(packed, Cells.pack(cells));
        assertArrayEquals(cells, Cells.unpack(packed, 16));
    }

    @Test
    void aPartialLastByteIsPaddedWithZeroBits() {
        assertArrayEquals(new byte[] {(byte) 0x55, (byte) 0x40}, Cells.pack(new int[] {B, B, B, B, B}));
    }

    @Test
    void theBoardIsDrawnAsTheSeedsControllerDrawsIt() {
        int[] cells = new int[64];
        cells[3 * 8 + 3] = W;
        cells[3 * 8 + 4] = B;
        cells[4 * 8 + 3] = B;
        cells[4 * 8 + 4] = W;
        cells[2 * 8 + 2] = W;
        cells[2 * 8 + 3] = B;
        assertEquals("""
                  A B C D E F G H
                1 N N N N N N N N
                2 N N N N N N N N
                3 N N W B N N N N
                4 N N N W B N N N
                5 N N N B W N N N
                6 N N N N N N N N
                7 N N N N N N N N
                8 N N N N N N N N
                """, Cells.draw(cells, 8, 8));
    }

    @Test
    void everyMessageRoundTripsThroughItsBytes() {
        List<ReversiMessage> toGm = List.of(ReversiMessage.Connect.of("Philip Blake"), ReversiMessage.Ok.OK,
                ReversiMessage.Ok.NOK, new ReversiMessage.NewMove(3, 2), new ReversiMessage.Control(10, 10, 1, 1),
                ReversiMessage.Ping.INSTANCE, ReversiMessage.Connect.of(""));
        List<ReversiMessage> fromGm = List.of(new ReversiMessage.PlayerOk(1), new ReversiMessage.PlayerOk(2),
                ReversiMessage.Ok.OK, new ReversiMessage.NextTurn(Board.of(0xFF, 0xFF, 2, 2, new int[] {W, B, B, W})),
                new ReversiMessage.Status1(Board.of(3, 2, 4, 4, new int[16])),
                new ReversiMessage.Status2(ReversiMessage.PlayerStatus.of(3, 20, "Philip Blake"),
                        ReversiMessage.PlayerStatus.of(3, 18, "Rick Grimes")),
                new ReversiMessage.End(204, 94), ReversiMessage.Ping.INSTANCE);
        for (ReversiMessage m : toGm) {
            assertEquals(m, ReversiDecoder.decode(ReversiEncoder.encode(m), Direction.TO_GM), m.toString());
        }
        for (ReversiMessage m : fromGm) {
            assertEquals(m, ReversiDecoder.decode(ReversiEncoder.encode(m), Direction.FROM_GM), m.toString());
        }
    }

    @Test
    void bytesOnTheWireAreThoseOfTheSpec() {
        assertArrayEquals(new byte[] {0x04, 3, 2}, ReversiEncoder.encode(new ReversiMessage.NewMove(3, 2)));
        assertArrayEquals(new byte[] {0x05, (byte) 0xFF, (byte) 0xFF, 2, 2, (byte) 0x96},
                ReversiEncoder.encode(new ReversiMessage.NextTurn(Board.of(0xFF, 0xFF, 2, 2, new int[] {W, B, B, W}))));
        assertArrayEquals(new byte[] {0x07, 3, 0, 20, 2, 'P', 'B', 4, 0x01, 0x02, 1, 'R'},
                ReversiEncoder.encode(new ReversiMessage.Status2(ReversiMessage.PlayerStatus.of(3, 20, "PB"),
                        ReversiMessage.PlayerStatus.of(4, 258, "R"))));
        assertArrayEquals(new byte[] {0x09, 0, (byte) 204, 0, 94}, ReversiEncoder.encode(new ReversiMessage.End(204, 94)));
        assertArrayEquals(new byte[] {0x08, 0, 0, 1, 0}, ReversiEncoder.encode(new ReversiMessage.Control(0, 0, 1, 0)));
        assertArrayEquals(new byte[] {0x0A}, ReversiEncoder.encode(ReversiMessage.Ping.INSTANCE));
        assertArrayEquals(new byte[] {0x01, 3, 'a', 'n', 'n'}, ReversiEncoder.encode(ReversiMessage.Connect.of("ann")));
        assertArrayEquals(new byte[] {0x02, 2}, ReversiEncoder.encode(new ReversiMessage.PlayerOk(2)));
        assertArrayEquals(new byte[] {0x03, 0}, ReversiEncoder.encode(ReversiMessage.Ok.NOK));
    }

    @Test
    void aTimerOver65535MsSaturates() {
        assertEquals(0xFFFF, ReversiMessage.PlayerStatus.of(1, 100_000, "x").timerMillis());
    }

    @Test
    void framerCutsMessagesSplitAnywhereAndGluedTogether() {
        byte[] stream = concat(ReversiEncoder.encode(ReversiMessage.Connect.of("Rick Grimes")),
                ReversiEncoder.encode(ReversiMessage.Ping.INSTANCE), ReversiEncoder.encode(new ReversiMessage.NewMove(2, 3)),
                ReversiEncoder.encode(new ReversiMessage.Control(8, 8, 0, 1)));
        for (int split = 0; split <= stream.length; split++) {
            EmbeddedChannel ch = gmChannel();
            ch.writeInbound(Unpooled.wrappedBuffer(stream, 0, split));
            ch.writeInbound(Unpooled.wrappedBuffer(stream, split, stream.length - split));
            assertEquals(List.of(ReversiMessage.Connect.of("Rick Grimes"), ReversiMessage.Ping.INSTANCE,
                    new ReversiMessage.NewMove(2, 3), new ReversiMessage.Control(8, 8, 0, 1)), inbound(ch), "split at " + split);
            ch.finishAndReleaseAll();
        }
    }

    @Test
    void oneByteAtATimeStillGivesWholeMessages() {
        byte[] status = ReversiEncoder.encode(new ReversiMessage.Status2(ReversiMessage.PlayerStatus.of(3, 20, "Philip Blake"),
                ReversiMessage.PlayerStatus.of(3, 18, "Rick Grimes")));
        EmbeddedChannel ch = new EmbeddedChannel();
        ReversiCodec.addClientSide(ch.pipeline());
        for (byte b : status) {
            ch.writeInbound(Unpooled.wrappedBuffer(new byte[] {b}));
        }
        assertEquals(List.of(ReversiDecoder.decode(status, Direction.FROM_GM)), inbound(ch));
        ch.finishAndReleaseAll();
    }

    // ---- bad input: truncated, unknown type, cells coded 11, oversized, random bytes ----

    @Test
    void aTruncatedMessageAtTheCloseIsAFatalViolation() {
        EmbeddedChannel ch = gmChannel();
        ch.writeInbound(Unpooled.wrappedBuffer(new byte[] {0x01, 5, 'a', 'n'}));
        assertTrue(inbound(ch).isEmpty(), "waits for the rest of the name");
        ch.finish();
        List<Object> out = inbound(ch);
        assertEquals(1, out.size());
        ProtocolViolation v = assertInstanceOf(ProtocolViolation.class, out.get(0));
        assertTrue(v.fatal());
        assertTrue(v.reason().startsWith("truncated Connect"), v.reason());
    }

    @Test
    void anUnknownTypeIsFatalAndEveryLaterByteIsDropped() {
        EmbeddedChannel ch = gmChannel();
        ch.writeInbound(Unpooled.wrappedBuffer(new byte[] {0x0A, 0x42, 0x0A, 0x0A}));
        ch.writeInbound(Unpooled.wrappedBuffer(new byte[] {0x0A}));
        List<Object> out = inbound(ch);
        assertEquals(ReversiMessage.Ping.INSTANCE, out.get(0));
        ProtocolViolation v = assertInstanceOf(ProtocolViolation.class, out.get(1));
        assertEquals("unknown message type 0x42", v.reason());
        assertTrue(v.fatal());
        assertEquals(2, out.size(), "nothing after the unknown type");
        ch.finishAndReleaseAll();
    }

    @Test
    void aMessageOfTheOtherDirectionIsRefusedByName() {
        Object v = ReversiDecoder.decode(new byte[] {0x09, 0, 1, 0, 2}, Direction.TO_GM);
        assertEquals("End (type 0x09) is sent by the Game Master, not to it", ((ProtocolViolation) v).reason());
        Object w = ReversiDecoder.decode(new byte[] {0x04, 0, 1}, Direction.FROM_GM);
        assertEquals("NewMove (type 0x04) is sent to the Game Master, not by it", ((ProtocolViolation) w).reason());
    }

    @Test
    void aCellCoded11IsAViolationNamingTheCellAndTheStreamGoesOn() {
        EmbeddedChannel ch = new EmbeddedChannel();
        ReversiCodec.addClientSide(ch.pipeline());
        // 4x4, the cell C2 (index 6) coded 11
        ch.writeInbound(Unpooled.wrappedBuffer(new byte[] {0x05, (byte) 0xFF, (byte) 0xFF, 4, 4, 0x00, 0x0C, 0x00, 0x00, 0x0A}));
        List<Object> out = inbound(ch);
        ProtocolViolation v = assertInstanceOf(ProtocolViolation.class, out.get(0));
        assertEquals("cell C2 is coded 11 (not used); 00 is empty, 01 black, 10 white", v.reason());
        assertFalse(v.fatal());
        assertEquals(ReversiMessage.Ping.INSTANCE, out.get(1));
        ch.finishAndReleaseAll();
    }

    @Test
    void aBoardOver16x16IsRefusedBeforeItsCellsAreAwaited() {
        EmbeddedChannel ch = new EmbeddedChannel();
        ReversiCodec.addClientSide(ch.pipeline());
        ch.writeInbound(Unpooled.wrappedBuffer(new byte[] {0x06, 0, 0, (byte) 255, (byte) 255}));
        ProtocolViolation v = assertInstanceOf(ProtocolViolation.class, inbound(ch).get(0));
        assertEquals("Status1 with a board of 255x255 cells; at most 16 a side", v.reason());
        assertTrue(v.fatal());
        ch.finishAndReleaseAll();
    }

    @Test
    void theLongestNameFitsAndALongerOneCannotBeWritten() {
        String name = "x".repeat(255);
        ReversiMessage.Connect c = ReversiMessage.Connect.of(name + "yyyy");
        assertEquals(name, c.text(), "cut to 255 bytes");
        assertEquals(c, ReversiDecoder.decode(ReversiEncoder.encode(c), Direction.TO_GM));
        byte[] longer = new byte[256];
        assertThrows(IllegalArgumentException.class, () -> new ReversiMessage.Connect(longer));
    }

    @Test
    void aNameLongerThanItsBytesWaitsThenIsTruncated() {
        // a length byte of 200 and only 3 name bytes: the framer waits, the close makes it truncated
        EmbeddedChannel ch = gmChannel();
        ch.writeInbound(Unpooled.wrappedBuffer(new byte[] {0x01, (byte) 200, 'a', 'b', 'c'}));
        assertTrue(inbound(ch).isEmpty());
        assertEquals(ReversiFramer.State.FIELDS, ((ReversiFramer) ch.pipeline().get(ReversiCodec.FRAMER)).state());
        ch.finish();
        assertTrue(((ProtocolViolation) inbound(ch).get(0)).reason().startsWith("truncated Connect"));
    }

    @Test
    void randomBytesNeverThrowAndGiveMessagesOrViolations() {
        Random random = new Random(4);
        for (int round = 0; round < 3_000; round++) {
            byte[] bytes = new byte[random.nextInt(40)];
            random.nextBytes(bytes);
            for (Direction d : Direction.values()) {
                EmbeddedChannel ch = new EmbeddedChannel();
                if (d == Direction.TO_GM) {
                    ReversiCodec.addGameMasterSide(ch.pipeline());
                } else {
                    ReversiCodec.addClientSide(ch.pipeline());
                }
                ch.writeInbound(Unpooled.wrappedBuffer(bytes));
                ch.finish();
                for (Object o : inbound(ch)) {
                    assertTrue(o instanceof ReversiMessage || o instanceof ProtocolViolation, String.valueOf(o));
                    if (o instanceof ReversiMessage m) {
                        // whatever decodes encodes back to bytes that decode the same
                        assertEquals(m, ReversiDecoder.decode(ReversiEncoder.encode(m), d));
                    }
                }
                DecodedMessage described = ReversiProtocolAccess.describe(bytes, d == Direction.TO_GM);
                assertTrue(described.type() != null && described.summary() != null);
            }
        }
    }

    private static EmbeddedChannel gmChannel() {
        EmbeddedChannel ch = new EmbeddedChannel();
        ReversiCodec.addGameMasterSide(ch.pipeline());
        return ch;
    }

    private static List<Object> inbound(EmbeddedChannel ch) {
        List<Object> out = new ArrayList<>();
        Object o;
        while ((o = ch.readInbound()) != null) {
            out.add(o);
        }
        return out;
    }

    private static byte[] concat(byte[]... parts) {
        ByteBuf all = Unpooled.buffer();
        for (byte[] p : parts) {
            all.writeBytes(p);
        }
        byte[] b = new byte[all.readableBytes()];
        all.readBytes(b);
        return b;
    }
}
