package org.boardlab.protocol.gomoku;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.netty.buffer.AbstractByteBufAllocator;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.EncoderException;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.boardlab.protocol.gomoku.GomokuMessage.FullUpdate;
import org.boardlab.protocol.gomoku.GomokuMessage.Place;
import org.boardlab.protocol.gomoku.ProtocolViolation.Kind;
import org.junit.jupiter.api.Test;

class GomokuCodecTest {

    /** A server's end: reads what clients send, writes what the server sends. */
    static EmbeddedChannel serverEnd() {
        return new EmbeddedChannel(new GomokuFrameDecoder(), GomokuMessageDecoder.fromClients(), new GomokuMessageEncoder());
    }

    /** A client's end: reads what the server sends. */
    static EmbeddedChannel clientEnd() {
        return new EmbeddedChannel(new GomokuFrameDecoder(), GomokuMessageDecoder.fromServer(), new GomokuMessageEncoder());
    }

    static List<Object> drain(EmbeddedChannel ch) {
        List<Object> out = new ArrayList<>();
        for (Object o = ch.readInbound(); o != null; o = ch.readInbound()) {
            out.add(o);
        }
        return out;
    }

    static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }

    static byte[] header(long length) {
        return ByteBuffer.allocate(8).put(GomokuWire.MAGIC).putInt((int) length).array();
    }

    static GomokuProtocolException fatal(Throwable t) {
        assertThat(t).isInstanceOf(GomokuProtocolException.class);
        return (GomokuProtocolException) t;
    }

    @Test
    void serverReadsEveryClientMessage() {
        EmbeddedChannel ch = serverEnd();
        for (var e : Golden.FROM_CLIENT.entrySet()) {
            ch.writeInbound(Unpooled.wrappedBuffer(GomokuWire.frame(e.getKey())));
            assertThat(drain(ch)).containsExactly(e.getValue());
        }
        assertThat(ch.finish()).isFalse();
    }

    @Test
    void clientReadsEveryServerMessage() {
        EmbeddedChannel ch = clientEnd();
        for (var e : Golden.FROM_SERVER.entrySet()) {
            ch.writeInbound(Unpooled.wrappedBuffer(GomokuWire.frame(e.getKey())));
            assertThat(drain(ch)).containsExactly(e.getValue());
        }
        assertThat(ch.finish()).isFalse();
    }

    @Test
    void everyMessageRoundTripsFromEncoderToDecoder() {
        EmbeddedChannel server = serverEnd();
        EmbeddedChannel client = clientEnd();
        List<GomokuMessage> toClient = new ArrayList<>(Golden.FROM_SERVER.values());
        toClient.add(GomokuMessage.HEARTBEAT);
        toClient.add(new FullUpdate(3, 4, Stone.WHITE, WireBoard.parse("X....", ".....", ".BW..", "....B")));
        for (GomokuMessage m : toClient) {
            assertThat(server.writeOutbound(m)).isTrue();
            byte[] bytes = ByteBufUtilBytes.of(server.readOutbound());
            assertThat(bytes).isEqualTo(GomokuWire.frame(m));
            client.writeInbound(Unpooled.wrappedBuffer(bytes));
            assertThat(drain(client)).containsExactly(m);
        }
        List<GomokuMessage> toServer = new ArrayList<>(Golden.FROM_CLIENT.values());
        toServer.add(GomokuMessage.HEARTBEAT);
        toServer.add(new Place(-1, Integer.MAX_VALUE));
        for (GomokuMessage m : toServer) {
            client.writeOutbound(m);
            server.writeInbound((Object) client.readOutbound());
            assertThat(drain(server)).containsExactly(m);
        }
        assertThat(server.finish()).isFalse();
        assertThat(client.finish()).isFalse();
    }

    @Test
    void encoderWritesTheGoldenBytes() {
        EmbeddedChannel ch = serverEnd();
        ch.writeOutbound(new GomokuMessage.Update(7, 7, Stone.WHITE));
        byte[] expected = concat(new byte[] {'G', 'M', 'K', 'U', 0, 0, 0, 53},
                "{\"data\":{\"col\":7,\"row\":7,\"turn\":\"W\"},\"type\":\"update\"}".getBytes(UTF_8));
        assertThat(ByteBufUtilBytes.of(ch.readOutbound())).isEqualTo(expected);
        ch.writeOutbound(GomokuMessage.HEARTBEAT);
        assertThat(ByteBufUtilBytes.of(ch.readOutbound())).containsExactly('G', 'M', 'K', 'U', 0, 0, 0, 0);
        ch.finishAndReleaseAll();
    }

    /**
     * The encoder writes an update (every stone, to both players) without the JSON generator: its
     * bytes must be the generator's, for every point of the largest boards and numbers of any length.
     */
    @Test
    void anUpdateIsWrittenAsTheJsonGeneratorWritesIt() {
        EmbeddedChannel ch = serverEnd();
        List<GomokuMessage.Update> updates = new ArrayList<>();
        for (int row = 0; row < 20; row++) {
            for (int col = 0; col < 20; col++) {
                updates.add(new GomokuMessage.Update(row, col, (row + col) % 2 == 0 ? Stone.BLACK : Stone.WHITE));
            }
        }
        updates.add(new GomokuMessage.Update(123, 4567, Stone.WHITE));
        updates.add(new GomokuMessage.Update(Integer.MAX_VALUE, 0, Stone.BLACK));
        updates.add(new GomokuMessage.Update(0, Integer.MAX_VALUE, Stone.WHITE));
        for (GomokuMessage.Update u : updates) {
            ch.writeOutbound(u);
            assertThat(ByteBufUtilBytes.of(ch.readOutbound())).as("%s", u).isEqualTo(GomokuWire.frame(GomokuJson.encode(u)));
        }
        ch.finishAndReleaseAll();
    }

    @Test
    void encoderRefusesAMessageOverTheLimit() {
        EmbeddedChannel ch = serverEnd();
        FullUpdate huge = new FullUpdate(-1, -1, Stone.BLACK, WireBoard.empty(60, 60));
        assertThatThrownBy(() -> ch.writeOutbound(huge))
                .isInstanceOf(EncoderException.class)
                .hasMessageContaining("over the limit of 10240");
        assertThat((Object) ch.readOutbound()).isNull();
        ch.finishAndReleaseAll();
    }

    /** A stream of several frames of every kind, a heartbeat among them. */
    static byte[] clientStream() {
        List<byte[]> frames = new ArrayList<>();
        for (String json : Golden.FROM_CLIENT.keySet()) {
            frames.add(GomokuWire.frame(json));
        }
        frames.add(2, GomokuWire.frame(GomokuMessage.HEARTBEAT));
        frames.add(GomokuWire.frame(GomokuMessage.HEARTBEAT));
        return concat(frames.toArray(new byte[0][]));
    }

    static List<Object> clientStreamMessages() {
        List<Object> expected = new ArrayList<>(Golden.FROM_CLIENT.values());
        expected.add(2, GomokuMessage.HEARTBEAT);
        expected.add(GomokuMessage.HEARTBEAT);
        return expected;
    }

    @Test
    void severalFramesInOneRead() {
        EmbeddedChannel ch = serverEnd();
        ch.writeInbound(Unpooled.wrappedBuffer(clientStream()));
        assertThat(drain(ch)).isEqualTo(clientStreamMessages());
        assertThat(ch.finish()).as("nothing left over").isFalse();
    }

    @Test
    void framesSplitAtEveryByteGiveTheSameMessages() {
        byte[] stream = clientStream();
        for (int cut = 0; cut <= stream.length; cut++) {
            EmbeddedChannel ch = serverEnd();
            ch.writeInbound(Unpooled.wrappedBuffer(Arrays.copyOfRange(stream, 0, cut)));
            ch.writeInbound(Unpooled.wrappedBuffer(Arrays.copyOfRange(stream, cut, stream.length)));
            assertThat(drain(ch)).as("cut at byte %d", cut).isEqualTo(clientStreamMessages());
            assertThat(ch.finish()).isFalse();
        }
    }

    @Test
    void oneByteAtATime() {
        byte[] stream = concat(clientStream(), GomokuWire.frame(new byte[0]));
        EmbeddedChannel ch = serverEnd();
        List<Object> got = new ArrayList<>();
        for (byte b : stream) {
            ch.writeInbound(Unpooled.wrappedBuffer(new byte[] {b}));
            got.addAll(drain(ch));
        }
        List<Object> expected = clientStreamMessages();
        expected.add(GomokuMessage.HEARTBEAT);
        assertThat(got).isEqualTo(expected);
        assertThat(ch.finish()).isFalse();
    }

    @Test
    void aFullBoardSplitAtEveryByteOnTheClientSide() {
        byte[] stream = concat(Golden.FROM_SERVER.keySet().stream().map(GomokuWire::frame).toArray(byte[][]::new));
        List<Object> expected = new ArrayList<>(Golden.FROM_SERVER.values());
        for (int cut = 0; cut <= stream.length; cut++) {
            EmbeddedChannel ch = clientEnd();
            ch.writeInbound(Unpooled.wrappedBuffer(Arrays.copyOfRange(stream, 0, cut)));
            ch.writeInbound(Unpooled.wrappedBuffer(Arrays.copyOfRange(stream, cut, stream.length)));
            assertThat(drain(ch)).as("cut at byte %d", cut).isEqualTo(expected);
            assertThat(ch.finish()).isFalse();
        }
    }

    @Test
    void wrongMagicClosesAtTheFirstWrongByte() {
        EmbeddedChannel ch = serverEnd();
        Throwable t = catchThrowable(
                () -> ch.writeInbound(Unpooled.wrappedBuffer(new byte[] {'G', 'X'})));
        ProtocolViolation v = fatal(t).violation();
        assertThat(v.kind()).isEqualTo(Kind.BAD_MAGIC);
        assertThat(v.fatal()).isTrue();
        assertThat(v.reason()).isEqualTo("a frame must start with \"GMKU\" (47 4D 4B 55), but it starts with 47 58 (\"GX\")");
        assertThat(ch.isOpen()).as("the decoder closed the connection").isFalse();
        assertThat(drain(ch)).isEmpty();
    }

    @Test
    void framesBeforeTheFaultArriveAndBytesAfterItAreIgnored() {
        EmbeddedChannel ch = serverEnd();
        byte[] stream = concat(GomokuWire.frame(GomokuMessage.JOIN), "JUNK".getBytes(UTF_8),
                GomokuWire.frame(new Place(1, 1)));
        Throwable t = catchThrowable(() -> ch.writeInbound(Unpooled.wrappedBuffer(stream)));
        assertThat(fatal(t).violation().reason()).contains("4A 55 4E 4B (\"JUNK\")");
        assertThat(drain(ch)).containsExactly(GomokuMessage.JOIN);
        assertThat(ch.isOpen()).isFalse();
    }

    @Test
    void anHttpRequestIsNamedAsSuch() {
        for (String request : List.of("GET / HTTP/1.1\r\n\r\n", "POST /x HTTP/1.1\r\n", "HEAD / HTTP/1.0\r\n")) {
            EmbeddedChannel ch = serverEnd();
            byte[] bytes = request.getBytes(UTF_8);
            // feed it in pieces to show that the decoder waits for 4 bytes, not more
            ch.writeInbound(Unpooled.wrappedBuffer(bytes, 0, 1));
            assertThat(ch.isOpen()).isTrue();
            Throwable t = catchThrowable(
                    () -> ch.writeInbound(Unpooled.wrappedBuffer(bytes, 1, 3)));
            assertThat(fatal(t).violation().reason()).as(request)
                    .startsWith("this looks like an HTTP request (\"" + request.substring(0, 4).trim() + "\")");
            assertThat(ch.isOpen()).isFalse();
        }
    }

    @Test
    void lengthOverTheLimitClosesAsSoonAsTheHeaderIsIn() {
        EmbeddedChannel ch = serverEnd();
        Throwable t = catchThrowable(
                () -> ch.writeInbound(Unpooled.wrappedBuffer(header(GomokuWire.MAX_PAYLOAD + 1))));
        ProtocolViolation v = fatal(t).violation();
        assertThat(v.kind()).isEqualTo(Kind.FRAME_TOO_LONG);
        assertThat(v.reason()).isEqualTo("the frame announces 10241 bytes of JSON, over the limit of 10240");
        assertThat(ch.isOpen()).isFalse();
    }

    @Test
    void theLengthIsUnsigned() {
        EmbeddedChannel ch = serverEnd();
        Throwable t = catchThrowable(
                () -> ch.writeInbound(Unpooled.wrappedBuffer(header(0xFFFF_FFFFL))));
        assertThat(fatal(t).violation().reason()).contains("4294967295 bytes");
    }

    @Test
    void aHugeAnnouncedFrameIsNeverAllocated() {
        AtomicInteger largest = new AtomicInteger();
        ByteBufAllocator recording = new AbstractByteBufAllocator(false) {
            @Override
            protected ByteBuf newHeapBuffer(int initialCapacity, int maxCapacity) {
                largest.accumulateAndGet(initialCapacity, Math::max);
                return UnpooledByteBufAllocator.DEFAULT.heapBuffer(initialCapacity, maxCapacity);
            }

            @Override
            protected ByteBuf newDirectBuffer(int initialCapacity, int maxCapacity) {
                largest.accumulateAndGet(initialCapacity, Math::max);
                return UnpooledByteBufAllocator.DEFAULT.directBuffer(initialCapacity, maxCapacity);
            }

            @Override
            public boolean isDirectBufferPooled() {
                return false;
            }
        };
        EmbeddedChannel ch = serverEnd();
        ch.config().setAllocator(recording);
        // the header arrives in two pieces so the decoder must keep (cumulate) the first one
        ch.writeInbound(Unpooled.wrappedBuffer(new byte[] {'G', 'M', 'K', 'U', 0x7F}));
        Throwable t = catchThrowable(
                () -> ch.writeInbound(Unpooled.wrappedBuffer(new byte[] {-1, -1, -1, '{', '"'})));
        assertThat(fatal(t).violation().reason()).contains("2147483647 bytes");
        assertThat(largest.get()).as("largest buffer asked for").isLessThan(1024);
    }

    @Test
    void exactlyTheLimitIsAllowed() {
        byte[] json = ("{\"type\":\"hello\"}" + " ".repeat(GomokuWire.MAX_PAYLOAD - 16)).getBytes(UTF_8);
        assertThat(json).hasSize(GomokuWire.MAX_PAYLOAD);
        EmbeddedChannel ch = serverEnd();
        ch.writeInbound(Unpooled.wrappedBuffer(GomokuWire.frame(json)));
        assertThat(drain(ch)).containsExactly(GomokuMessage.HELLO);
        assertThat(ch.finish()).isFalse();
    }

    @Test
    void heartbeatIsAnEmptyFrame() {
        EmbeddedChannel ch = serverEnd();
        ch.writeInbound(Unpooled.wrappedBuffer(new byte[] {'G', 'M', 'K', 'U', 0, 0, 0, 0}));
        assertThat(drain(ch)).containsExactly(GomokuMessage.HEARTBEAT);
        assertThat(ch.finish()).isFalse();
    }

    @Test
    void aFrameCutByTheEndOfTheStreamIsReported() {
        byte[] frame = GomokuWire.frame(new Place(7, 7));
        EmbeddedChannel ch = serverEnd();
        ch.writeInbound(Unpooled.wrappedBuffer(GomokuWire.frame(GomokuMessage.JOIN)));
        ch.writeInbound(Unpooled.wrappedBuffer(frame, 0, 20));
        assertThat(drain(ch)).containsExactly(GomokuMessage.JOIN);
        Throwable t = catchThrowable(ch::finish);
        ProtocolViolation v = fatal(t).violation();
        assertThat(v.kind()).isEqualTo(Kind.TRUNCATED_FRAME);
        assertThat(v.reason()).isEqualTo("the connection ended 20 bytes into a frame that announced 41 bytes of JSON");
    }

    @Test
    void aHeaderCutByTheEndOfTheStreamIsReported() {
        EmbeddedChannel ch = serverEnd();
        ch.writeInbound(Unpooled.wrappedBuffer(new byte[] {'G', 'M', 'K'}));
        Throwable t = catchThrowable(ch::finish);
        assertThat(fatal(t).violation().reason()).isEqualTo("the connection ended 3 bytes into a frame");
    }

    @Test
    void aSpoiledFrameIsSkippedAndTheConnectionGoesOn() {
        EmbeddedChannel ch = serverEnd();
        ch.writeInbound(Unpooled.wrappedBuffer(concat(
                GomokuWire.frame("{\"type\":\"place\",\"data\":{\"row\":\"h\",\"col\":8}}"),
                GomokuWire.frame("{not json"),
                GomokuWire.frame("{\"type\":\"chat\",\"data\":\"hi\"}"),
                GomokuWire.frame("{\"data\":\"B\",\"type\":\"win\"}"),
                GomokuWire.frame(new Place(7, 7)))));
        List<Object> got = drain(ch);
        assertThat(got).hasSize(5);
        assertThat(((ProtocolViolation) got.get(0)).kind()).isEqualTo(Kind.BAD_DATA);
        assertThat(((ProtocolViolation) got.get(0)).reason()).contains("\"row\"").contains("the string \"h\"");
        assertThat(((ProtocolViolation) got.get(1)).kind()).isEqualTo(Kind.MALFORMED_JSON);
        assertThat(((ProtocolViolation) got.get(2)).kind()).isEqualTo(Kind.UNKNOWN_TYPE);
        assertThat(((ProtocolViolation) got.get(3)).kind()).isEqualTo(Kind.WRONG_SENDER);
        assertThat(((ProtocolViolation) got.get(3)).reason()).isEqualTo("win is sent by the server, never by a client");
        assertThat(got.get(4)).isEqualTo(new Place(7, 7));
        assertThat(ch.isOpen()).isTrue();
        assertThat(ch.finish()).isFalse();
    }

    @Test
    void theMessageDecoderWantsWholeFrames() {
        EmbeddedChannel ch = new EmbeddedChannel(GomokuMessageDecoder.fromClients());
        assertThatThrownBy(() -> ch.writeInbound(Unpooled.wrappedBuffer("{\"type\":\"join\"}".getBytes(UTF_8))))
                .hasMessageContaining("whole frames from a GomokuFrameDecoder");
        ch.finishAndReleaseAll();
    }

    /** Copies a buffer's readable bytes and releases it. */
    static final class ByteBufUtilBytes {
        static byte[] of(Object o) {
            ByteBuf buf = (ByteBuf) o;
            try {
                return io.netty.buffer.ByteBufUtil.getBytes(buf);
            } finally {
                buf.release();
            }
        }
    }
}
