package org.boardlab.protocol.othello;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Collectors;
import org.boardlab.protocol.othello.ClientMessage.CMov;
import org.boardlab.protocol.othello.ClientMessage.CName;
import org.boardlab.protocol.othello.ClientMessage.CPing;
import org.boardlab.protocol.othello.ServerMessage.SPong;
import org.junit.jupiter.api.Test;

/** The Netty codec on an {@link EmbeddedChannel}: no sockets. */
class OthelloCodecTest {

    private static EmbeddedChannel server() {
        EmbeddedChannel ch = new EmbeddedChannel();
        OthelloCodec.addServerSide(ch.pipeline());
        return ch;
    }

    private static EmbeddedChannel client() {
        EmbeddedChannel ch = new EmbeddedChannel();
        OthelloCodec.addClientSide(ch.pipeline());
        return ch;
    }

    private static ByteBuf ascii(String s) {
        return Unpooled.copiedBuffer(s, StandardCharsets.ISO_8859_1);
    }

    private static List<Object> inbound(EmbeddedChannel ch) {
        List<Object> out = new ArrayList<>();
        for (Object o; (o = ch.readInbound()) != null; ) {
            out.add(o);
        }
        return out;
    }

    /** Writes {@code bytes} cut at the given positions and returns everything decoded. */
    private static List<Object> decode(EmbeddedChannel ch, byte[] bytes, int... cuts) {
        List<ByteBuf> written = new ArrayList<>();
        int from = 0;
        int[] ends = java.util.Arrays.copyOf(cuts, cuts.length + 1);
        ends[cuts.length] = bytes.length;
        for (int cut : ends) {
            if (cut > from) {
                ByteBuf b = Unpooled.wrappedBuffer(bytes, from, cut - from);
                written.add(b);
                ch.writeInbound(b);
                from = cut;
            }
        }
        List<Object> out = inbound(ch);
        ch.checkException();
        assertThat(written).allSatisfy(b -> assertThat(b.refCnt()).as("input released").isZero());
        return out;
    }

    /** Nothing is left in the framer: the next line decodes on its own, and nothing more comes out. */
    private static void assertNothingLeftOver(EmbeddedChannel ch, boolean serverSide) {
        ch.writeInbound(ascii(serverSide ? "CPING\n" : "SPONG\n"));
        assertThat(inbound(ch)).containsExactly(serverSide ? new CPing() : new SPong());
        assertThat(ch.finish()).as("nothing pending after close").isFalse();
    }

    private static String stream(java.util.Map<OthelloMessage, String> samples, String lineEnd) {
        return samples.values().stream().map(l -> l + lineEnd).collect(Collectors.joining());
    }

    @Test
    void theEncoderWritesTheLineAndOneLf() {
        EmbeddedChannel ch = server();
        for (OthelloMessage m : Samples.all()) {
            assertThat(ch.writeOutbound(m)).isTrue();
            ByteBuf out = ch.readOutbound();
            assertThat(out.toString(StandardCharsets.US_ASCII)).isEqualTo(m.encode() + "\n");
            out.release();
        }
        assertThat(ch.finish()).isFalse();
    }

    @Test
    void everyMessageRoundTripsThroughEncoderAndDecoder() {
        EmbeddedChannel sender = server();
        EmbeddedChannel serverSide = server();
        EmbeddedChannel clientSide = client();
        for (OthelloMessage m : Samples.all()) {
            sender.writeOutbound(m);
            ByteBuf bytes = sender.readOutbound();
            EmbeddedChannel receiver = m instanceof ClientMessage ? serverSide : clientSide;
            receiver.writeInbound(bytes);
            assertThat(inbound(receiver)).as(m.encode()).containsExactly(m);
        }
        assertNothingLeftOver(serverSide, true);
        assertNothingLeftOver(clientSide, false);
    }

    @Test
    void inputSplitAtEveryBytePositionDecodesTheSame() {
        for (boolean serverSide : new boolean[] {true, false}) {
            var samples = serverSide ? Samples.CLIENT : Samples.SERVER;
            byte[] bytes = stream(samples, "\n").getBytes(StandardCharsets.US_ASCII);
            List<OthelloMessage> expected = new ArrayList<>(samples.keySet());
            for (int cut = 0; cut <= bytes.length; cut++) {
                EmbeddedChannel ch = serverSide ? server() : client();
                assertThat(decode(ch, bytes, cut)).as("cut at %d", cut).containsExactlyElementsOf(expected);
                assertNothingLeftOver(ch, serverSide);
            }
        }
    }

    @Test
    void inputSplitAtTwoPositionsAndByteByByteDecodesTheSame() {
        byte[] bytes = "CNAME~alice\r\nCMOV~3~2\nCPING\r\n".getBytes(StandardCharsets.US_ASCII);
        List<Object> expected = List.of(new CName("alice"), new CMov(3, 2), new CPing());
        for (int a = 0; a <= bytes.length; a++) {
            for (int b = a; b <= bytes.length; b++) {
                EmbeddedChannel ch = server();
                assertThat(decode(ch, bytes, a, b)).as("cuts %d, %d", a, b).containsExactlyElementsOf(expected);
                assertNothingLeftOver(ch, true);
            }
        }
        int[] everyByte = new int[bytes.length - 1];
        for (int i = 0; i < everyByte.length; i++) {
            everyByte[i] = i + 1;
        }
        EmbeddedChannel ch = server();
        assertThat(decode(ch, bytes, everyByte)).containsExactlyElementsOf(expected);
        assertNothingLeftOver(ch, true);
    }

    @Test
    void severalMessagesInOneBufferAllComeOut() {
        EmbeddedChannel ch = client();
        ch.writeInbound(ascii(stream(Samples.SERVER, "\n")));
        assertThat(inbound(ch)).containsExactlyElementsOf(Samples.SERVER.keySet());
        assertNothingLeftOver(ch, false);
    }

    @Test
    void crBeforeLfIsTolerated() {
        EmbeddedChannel ch = server();
        ch.writeInbound(ascii(stream(Samples.CLIENT, "\r\n")));
        assertThat(inbound(ch)).containsExactlyElementsOf(Samples.CLIENT.keySet());
        assertNothingLeftOver(ch, true);
    }

    @Test
    void aLoneCrInsideALineIsAViolation() {
        EmbeddedChannel ch = server();
        ch.writeInbound(ascii("CPING\rCPING\n"));
        assertThat(inbound(ch)).containsExactly(new ProtocolViolation(
                "character 0x0D at position 5 is not printable ASCII", "CPING\\x0DCPING"));
    }

    @Test
    void aTruncatedLastLineIsDroppedAtTheEndOfTheStream() {
        EmbeddedChannel ch = server();
        ch.writeInbound(ascii("CPING\nCMOV~3"));
        assertThat(inbound(ch)).containsExactly(new CPing());
        assertThat(ch.finish()).isFalse();
        assertThat((Object) ch.readInbound()).isNull();
    }

    @Test
    void anOversizedLineFailsFastBeforeItsEndArrives() {
        EmbeddedChannel ch = server();
        ch.writeInbound(ascii("CNAME~" + "a".repeat(2000)));
        assertThat(inbound(ch)).containsExactly(new ProtocolViolation("the line is longer than 1024 bytes", ""));
        ch.checkException();
        // the rest of the long line is skipped up to its LF; the next line is decoded as usual
        ch.writeInbound(ascii("a".repeat(5000)));
        ch.writeInbound(ascii("aaa\nCPING\n"));
        assertThat(inbound(ch)).containsExactly(new CPing());
        assertNothingLeftOver(ch, true);
    }

    @Test
    void theLimitIs1024BytesBeforeTheLineEnd() {
        String name1024 = "CNAME~" + "a".repeat(1018);
        EmbeddedChannel ch = server();
        ch.writeInbound(ascii(name1024 + "\n" + name1024 + "\r\n" + name1024 + "a\n"));
        // 1024 bytes are read and refused for the name's length; 1025 bytes are refused as too long
        List<Object> out = inbound(ch);
        assertThat(out).hasSize(3);
        assertThat(((ProtocolViolation) out.get(0)).reason()).isEqualTo("the name is longer than 20 characters");
        assertThat(((ProtocolViolation) out.get(1)).reason()).isEqualTo("the name is longer than 20 characters");
        assertThat(out.get(2)).isEqualTo(new ProtocolViolation("the line is longer than 1024 bytes", ""));
        assertNothingLeftOver(ch, true);
    }

    @Test
    void malformedLinesBecomeViolationsWithTheirReasonAndTheDecoderGoesOn() {
        EmbeddedChannel ch = server();
        ch.writeInbound(ascii(String.join("\n",
                "CMOV~3", "CMOV~a~2", "CNAME~", "CNAME~bob smith", "CNAME~" + "x".repeat(21), "CFOO~1",
                "CPING") + "\n"));
        List<Object> out = inbound(ch);
        assertThat(out).containsExactly(
                new ProtocolViolation("CMOV takes 2 fields: <x>, <y> (got 1)", "CMOV~3"),
                new ProtocolViolation("x must be one digit 0..7, not 'a'", "CMOV~a~2"),
                new ProtocolViolation("the name is empty", "CNAME~"),
                new ProtocolViolation(
                        "the name may hold only letters A-Z a-z, digits, _ and - (found ' ')", "CNAME~bob smith"),
                new ProtocolViolation("the name is longer than 20 characters", "CNAME~" + "x".repeat(21)),
                new ProtocolViolation("unknown message type 'CFOO'", "CFOO~1"),
                new CPing());
        assertNothingLeftOver(ch, true);
    }

    @Test
    void linesWithAnUnknownPrefixAreIgnored() {
        EmbeddedChannel ch = server();
        ch.writeInbound(ascii("XHELLO\n\nSPONG\ncPING\n\u00c3\u00a9\n   \nCPING\n"));
        assertThat(inbound(ch)).containsExactly(new CPing());
        EmbeddedChannel cl = client();
        cl.writeInbound(ascii("CPING\nGET / HTTP/1.1\r\nSPONG\n"));
        assertThat(inbound(cl)).containsExactly(new SPong());
    }

    @Test
    void randomBytesGiveOnlyMessagesOrViolationsAndNeverAnException() {
        Random random = new Random(20210214);
        byte[] alphabet = "CS~\n\r0123456789MOVNAEPIGREQXTDBWKL._- \u0000".getBytes(StandardCharsets.ISO_8859_1);
        List<OthelloMessage> clientSamples = new ArrayList<>(Samples.CLIENT.keySet());
        List<OthelloMessage> serverSamples = new ArrayList<>(Samples.SERVER.keySet());
        int violations = 0;
        for (int run = 0; run < 300; run++) {
            boolean serverSide = run % 2 == 0;
            EmbeddedChannel ch = serverSide ? server() : client();
            // junk, then LF, then a valid line: the valid lines must all come out, in order
            java.io.ByteArrayOutputStream stream = new java.io.ByteArrayOutputStream();
            List<OthelloMessage> valid = new ArrayList<>();
            for (int segment = 0; segment < 5; segment++) {
                int length = random.nextInt(random.nextInt(10) == 0 ? 3000 : 100);
                for (int i = 0; i < length; i++) {
                    stream.write(random.nextInt(4) == 0 ? random.nextInt(256) : alphabet[random.nextInt(alphabet.length)]);
                }
                List<OthelloMessage> pool = serverSide ? clientSamples : serverSamples;
                OthelloMessage m = pool.get(random.nextInt(pool.size()));
                valid.add(m);
                stream.writeBytes(("\n" + m.encode() + "\n").getBytes(StandardCharsets.US_ASCII));
            }
            byte[] bytes = stream.toByteArray();
            for (int from = 0; from < bytes.length; ) {
                int to = Math.min(bytes.length, from + 1 + random.nextInt(64));
                ch.writeInbound(Unpooled.wrappedBuffer(bytes, from, to - from));
                from = to;
            }
            ch.checkException();
            List<Object> out = inbound(ch);
            for (Object o : out) {
                assertThat(o).isInstanceOfAny(serverSide ? ClientMessage.class : ServerMessage.class,
                        ProtocolViolation.class);
                if (o instanceof ProtocolViolation v) {
                    violations++;
                    assertThat(v.reason()).isNotEmpty().doesNotContain("~", "\n", "\r");
                } else {
                    // anything accepted re-encodes to a line that parses to the same message
                    assertThat(OthelloMessage.parse(((OthelloMessage) o).encode())).contains((OthelloMessage) o);
                }
            }
            assertThat(out).containsSubsequence(valid.toArray());
            assertThat(ch.finishAndReleaseAll()).isFalse();
        }
        assertThat(violations).isGreaterThan(100);
    }

    @Test
    void thePipelineHasThreeNamedStagesAndAFramerPerConnection() {
        EmbeddedChannel a = server();
        EmbeddedChannel b = server();
        assertThat(a.pipeline().names()).containsSubsequence(OthelloCodec.FRAMER, OthelloCodec.DECODER,
                OthelloCodec.ENCODER);
        assertThat(a.pipeline().get(OthelloCodec.FRAMER)).isNotSameAs(b.pipeline().get(OthelloCodec.FRAMER));
        assertThat(a.pipeline().get(OthelloCodec.DECODER)).isSameAs(b.pipeline().get(OthelloCodec.DECODER));
    }
}
