package org.boardlab.protocol.othello;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.LineBasedFrameDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.boardlab.protocol.othello.internal.OthelloProtocol;
import org.junit.jupiter.api.Test;

/**
 * Mutation fuzzing of the server's decoding path (framer, decoder) and of the describer, with valid
 * lines of every message type as seeds: bytes flipped, inserted, deleted, duplicated, lines joined
 * and cut anywhere. Nothing may escape but the defined results (a message, a ProtocolViolation, or
 * nothing for an ignored line), the framer may never hold more than one line's worth of bytes, and
 * the describer never throws.
 *
 * <p>{@code mvn verify} runs it for 2 s with a fixed seed. A long run:
 * {@code ./mvnw -pl bundles/boardlab.protocol.othello test -Dtest=FuzzTest -Dboardlab.fuzz.seconds=600 -Dboardlab.fuzz.seed=42}.
 */
class FuzzTest {

    private static final String[] SEEDS = {
        "CNAME~alice", "CPING", "CMOV~3~2", "CREQ~bob", "CRES~bob~ACCEPT", "CRES~bob~DECLINE", "CREQC~bob", "CENDGAME",
        "CEXIT", "SADDP~bob", "SMOVERR~0~0~a1 flips no disc", "SENDG~40~24~BLACK~NORMAL",
        "SRECOV~...........................WB......BW...........................~0~1~bob",
    };

    @Test
    void mutatedInputNeverEscapesTheDefinedResults() {
        long seconds = Long.getLong("boardlab.fuzz.seconds", 2);
        long seed = Long.getLong("boardlab.fuzz.seed", 20261122);
        SplittableRandom random = new SplittableRandom(seed);
        OthelloProtocol describer = new OthelloProtocol();
        long end = System.nanoTime() + seconds * 1_000_000_000L;
        long cases = 0;
        long messages = 0;
        long violations = 0;
        while (System.nanoTime() < end) {
            byte[] input = mutate(random);
            List<Object> out = new ArrayList<>();
            List<Throwable> escaped = new ArrayList<>();
            Framer framer = new Framer();
            EmbeddedChannel channel = new EmbeddedChannel(framer,
                    OthelloDecoder.CLIENT_LINES, new ChannelInboundHandlerAdapter() {
                        @Override
                        public void channelRead(ChannelHandlerContext ctx, Object msg) {
                            out.add(msg);
                        }

                        @Override
                        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
                            escaped.add(cause);
                        }
                    });
            int at = 0;
            while (at < input.length) {
                int n = 1 + random.nextInt(Math.min(64, input.length - at));
                channel.writeInbound(Unpooled.wrappedBuffer(input, at, n));
                at += n;
                assertThat(framer.held()).as("bytes the framer holds")
                        .isLessThanOrEqualTo(OthelloCodec.MAX_LINE_LENGTH + 64);
            }
            channel.finishAndReleaseAll();
            assertThat(escaped).as("exceptions from input %s", new String(input, StandardCharsets.ISO_8859_1)).isEmpty();
            for (Object o : out) {
                assertThat(o).isInstanceOfAny(ClientMessage.class, ProtocolViolation.class);
                if (o instanceof ProtocolViolation) {
                    violations++;
                } else {
                    messages++;
                }
            }
            describer.describe(input, random.nextBoolean()); // never throws
            cases++;
        }
        System.out.printf("othello fuzz: %d cases in %d s (seed %d): %d messages, %d violations%n", cases, seconds, seed,
                messages, violations);
        assertThat(cases).isPositive();
        assertThat(messages).as("some mutants stay valid").isPositive();
        assertThat(violations).as("some mutants are violations").isPositive();
    }

    /** The server's framer, showing how many bytes it holds. */
    private static final class Framer extends LineBasedFrameDecoder {
        Framer() {
            super(OthelloCodec.MAX_LINE_LENGTH, true, true);
        }

        int held() {
            return actualReadableBytes();
        }
    }

    private static byte[] mutate(SplittableRandom random) {
        StringBuilder text = new StringBuilder();
        int lines = 1 + random.nextInt(4);
        for (int i = 0; i < lines; i++) {
            text.append(SEEDS[random.nextInt(SEEDS.length)]).append(random.nextInt(5) == 0 ? "\r\n" : "\n");
        }
        byte[] bytes = text.toString().getBytes(StandardCharsets.ISO_8859_1);
        List<Byte> list = new ArrayList<>();
        for (byte b : bytes) {
            list.add(b);
        }
        int edits = random.nextInt(6);
        for (int e = 0; e < edits && !list.isEmpty(); e++) {
            int pos = random.nextInt(list.size());
            switch (random.nextInt(6)) {
                case 0 -> list.set(pos, (byte) random.nextInt(256));
                case 1 -> list.add(pos, (byte) random.nextInt(256));
                case 2 -> list.remove(pos);
                case 3 -> list.add(pos, (byte) '~');
                case 4 -> {
                    int n = random.nextInt(2_000);
                    for (int k = 0; k < n; k++) {
                        list.add(pos, (byte) ('A' + random.nextInt(26)));
                    }
                }
                default -> list.add(pos, (byte) '\n');
            }
        }
        byte[] out = new byte[list.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = list.get(i);
        }
        return out;
    }
}
