package org.boardlab.protocol.gomoku;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.boardlab.protocol.gomoku.GomokuMessage.FullUpdate;
import org.boardlab.protocol.gomoku.GomokuMessage.Place;
import org.boardlab.protocol.gomoku.GomokuMessage.Refused;
import org.boardlab.protocol.gomoku.GomokuMessage.Update;
import org.boardlab.protocol.gomoku.GomokuMessage.Win;
import org.junit.jupiter.api.Test;

/**
 * Random input: the codec never fails in an unexpected way, never hangs, and keeps messages intact.
 * {@code mvn verify} runs a short, fixed-seed fuzz; a long one:
 * {@code ./mvnw -pl bundles/boardlab.protocol.gomoku test -Dtest=GomokuFuzzTest -Dboardlab.fuzz.rounds=1000000 -Dboardlab.fuzz.seed=42}.
 */
class GomokuFuzzTest {

    /** How many inputs each random test tries ({@code -Dboardlab.fuzz.rounds}); scaled per test. */
    private static final int ROUNDS = Integer.getInteger("boardlab.fuzz.rounds", 3000);
    private static final long SEED = Long.getLong("boardlab.fuzz.seed", 3);

    private static Duration limit() {
        return Duration.ofSeconds(60 + ROUNDS / 100);
    }

    private static final String[] TOKENS = {
        "{", "}", "[", "]", ",", ":", "\"type\"", "\"data\"", "\"row\"", "\"col\"", "\"turn\"", "\"board\"",
        "\"reason\"", "\"hello\"", "\"join\"", "\"new\"", "\"color\"", "\"update\"", "\"place\"", "\"win\"",
        "\"refused\"", "\"B\"", "\"W\"", "\"V\"", "\"-\"", "\" \"", "\"X\"", "\"\"", "7", "-1", "0", "7.5", "1e99",
        "2147483648", "null", "true", "false", " ", "\"\\u0000\"", "\"\\ud800\"",
    };

    /** Feeds bytes in random pieces; returns what came out. Only a GomokuProtocolException may escape. */
    private static List<Object> feed(EmbeddedChannel ch, byte[] bytes, Random random) {
        List<Object> out = new ArrayList<>();
        int i = 0;
        while (i < bytes.length && ch.isOpen()) {
            int n = 1 + random.nextInt(Math.min(bytes.length - i, 40));
            try {
                ch.writeInbound(Unpooled.wrappedBuffer(bytes, i, n));
            } catch (GomokuProtocolException expected) {
                assertThat(expected.violation().fatal()).isTrue();
                assertThat(ch.isOpen()).isFalse();
            }
            i += n;
            out.addAll(GomokuCodecTest.drain(ch));
        }
        try {
            ch.finish();
        } catch (GomokuProtocolException expected) {
            assertThat(expected.violation().kind()).isEqualTo(ProtocolViolation.Kind.TRUNCATED_FRAME);
        }
        out.addAll(GomokuCodecTest.drain(ch));
        for (Object o : out) {
            assertThat(o).isInstanceOfAny(GomokuMessage.class, ProtocolViolation.class);
        }
        return out;
    }

    @Test
    void randomBytesNeverCauseAnUnexpectedExceptionOrAHang() {
        Random random = new Random(SEED);
        assertTimeoutPreemptively(limit(), () -> {
            for (int round = 0; round < ROUNDS; round++) {
                byte[] bytes = new byte[random.nextInt(80)];
                random.nextBytes(bytes);
                if (round % 2 == 0 && bytes.length >= 8) {
                    // mostly right magic, so the length and JSON paths are reached too
                    System.arraycopy(GomokuWire.MAGIC, 0, bytes, 0, 4);
                    bytes[4] = 0;
                    bytes[5] = 0;
                }
                feed(round % 3 == 0 ? GomokuCodecTest.clientEnd() : GomokuCodecTest.serverEnd(), bytes, random);
            }
        });
    }

    @Test
    void wellFramedRandomTextAlwaysGivesExactlyOneResultAndKeepsTheConnection() {
        Random random = new Random(SEED + 2);
        assertTimeoutPreemptively(limit(), () -> {
            for (int round = 0; round < ROUNDS * 4 / 3; round++) {
                byte[] json;
                if (round % 4 == 0) {
                    json = new byte[random.nextInt(60)];
                    random.nextBytes(json);
                } else {
                    StringBuilder sb = new StringBuilder();
                    int n = random.nextInt(30);
                    for (int t = 0; t < n; t++) {
                        sb.append(TOKENS[random.nextInt(TOKENS.length)]);
                    }
                    json = sb.toString().getBytes(UTF_8);
                }
                EmbeddedChannel ch = round % 2 == 0 ? GomokuCodecTest.serverEnd() : GomokuCodecTest.clientEnd();
                byte[] stream = GomokuCodecTest.concat(GomokuWire.frame(json), GomokuWire.frame(GomokuMessage.HEARTBEAT));
                List<Object> out = feed(ch, stream, random);
                assertThat(out).as("frame %s", new String(json, UTF_8)).hasSize(2);
                assertThat(out.get(1)).isEqualTo(GomokuMessage.HEARTBEAT);
                if (out.get(0) instanceof GomokuMessage m) {
                    // whatever was accepted must write back to JSON that reads as the same message
                    assertThat(GomokuJson.decode(GomokuJson.encode(m))).isEqualTo(m);
                }
            }
        });
    }

    @Property(tries = 300)
    void anySequenceOfMessagesSurvivesAnySplitting(@ForAll("serverMessages") @Size(max = 12) List<GomokuMessage> messages,
                                                   @ForAll long seed) {
        byte[] stream = GomokuCodecTest.concat(messages.stream().map(GomokuWire::frame).toArray(byte[][]::new));
        List<Object> out = feed(GomokuCodecTest.clientEnd(), stream, new Random(seed));
        assertThat(out).isEqualTo(messages);
    }

    @Property(tries = 300)
    void placeRoundTripsForAnyWholeNumbers(@ForAll int row, @ForAll int col) {
        Place p = new Place(row, col);
        assertThat(GomokuJson.decode(GomokuJson.encode(p))).isEqualTo(p);
    }

    @Property(tries = 100)
    void fullUpdatesRoundTrip(@ForAll @IntRange(min = 1, max = 19) int size, @ForAll long seed) {
        Random random = new Random(seed);
        Cell[][] cells = new Cell[size][size];
        for (Cell[] row : cells) {
            for (int c = 0; c < size; c++) {
                row[c] = Cell.values()[random.nextInt(Cell.values().length)];
            }
        }
        FullUpdate f = new FullUpdate(random.nextInt(size), random.nextInt(size), Stone.WHITE, WireBoard.of(cells));
        assertThat(GomokuJson.decode(GomokuJson.encode(f))).isEqualTo(f);
    }

    @Provide
    Arbitrary<List<GomokuMessage>> serverMessages() {
        Arbitrary<Integer> point = Arbitraries.integers().between(0, 14);
        Arbitrary<Stone> stone = Arbitraries.of(Stone.class);
        Arbitrary<GomokuMessage> update = Combinators.combine(point, point, stone).as(Update::new);
        Arbitrary<GomokuMessage> win = Arbitraries.of(Winner.class).map(Win::new);
        Arbitrary<GomokuMessage> color = Arbitraries.of(Role.class).map(GomokuMessage.Color::new);
        Arbitrary<GomokuMessage> refused = Combinators.combine(point, point,
                Arbitraries.strings().ofMaxLength(40)).as(Refused::new);
        Arbitrary<GomokuMessage> full = Combinators.combine(point, point, stone)
                .as((r, c, t) -> new FullUpdate(r, c, t, WireBoard.empty(15, 15).with(r, c, Cell.of(t.other()))));
        Arbitrary<GomokuMessage> fixed = Arbitraries.of(GomokuMessage.HELLO, GomokuMessage.HEARTBEAT);
        return Arbitraries.oneOf(update, win, color, refused, full, fixed).list();
    }
}
