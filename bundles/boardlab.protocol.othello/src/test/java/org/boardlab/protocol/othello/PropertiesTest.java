package org.boardlab.protocol.othello;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.util.List;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.boardlab.api.DecodedMessage;
import org.boardlab.protocol.othello.ClientMessage.CMov;
import org.boardlab.protocol.othello.ClientMessage.CName;
import org.boardlab.protocol.othello.ClientMessage.CRes;
import org.boardlab.protocol.othello.ServerMessage.SEndG;
import org.boardlab.protocol.othello.ServerMessage.SGameI;
import org.boardlab.protocol.othello.ServerMessage.SMov;
import org.boardlab.protocol.othello.ServerMessage.SRecov;
import org.boardlab.protocol.othello.ServerMessage.SStartG;
import org.boardlab.protocol.othello.internal.OthelloProtocolAccess;

/** Properties over generated messages and bytes. */
class PropertiesTest {

    @Provide
    Arbitrary<String> names() {
        return Arbitraries.strings().withCharRange('a', 'z').withCharRange('A', 'Z').withCharRange('0', '9')
                .withChars('_', '-').ofMinLength(1).ofMaxLength(20);
    }

    @Provide
    Arbitrary<Board> boards() {
        return Arbitraries.of('B', 'W', '.').list().ofSize(64)
                .map(cs -> new Board(cs.stream().map(String::valueOf).reduce("", String::concat)));
    }

    @Provide
    Arbitrary<OthelloMessage> messages() {
        Arbitrary<Square> squares = Combinators.combine(Arbitraries.integers().between(0, 7),
                Arbitraries.integers().between(0, 7)).as(Square::new);
        Arbitrary<String> texts = Arbitraries.strings().withCharRange(' ', '}').ofMinLength(1).ofMaxLength(200);
        Arbitrary<Colour> colours = Arbitraries.of(Colour.class);
        return Arbitraries.oneOf(
                names().map(CName::new),
                squares.map(CMov::new),
                Combinators.combine(names(), Arbitraries.of(Answer.class)).as(CRes::new),
                Combinators.combine(names(), colours.optional()).as(SStartG::new),
                texts.map(SGameI::new),
                Combinators.combine(boards(), Arbitraries.of(true, false), Arbitraries.of(true, false),
                        names().optional()).as(SRecov::new),
                Combinators.combine(squares, colours, colours.optional(), boards())
                        .as((sq, c, next, b) -> new SMov(sq, c, next, mark(b, sq, c))),
                Combinators.combine(Arbitraries.integers().between(0, 64), Arbitraries.integers().between(0, 64),
                        Arbitraries.of(Winner.class), Arbitraries.of(EndReason.class))
                        .filter((b, w, win, r) -> b + w <= 64).as(SEndG::new));
    }

    private static Board mark(Board b, Square sq, Colour c) {
        StringBuilder s = new StringBuilder(b.cells());
        s.setCharAt(sq.index(), c == Colour.BLACK ? 'B' : 'W');
        return new Board(s.toString());
    }

    @Property(tries = 500)
    void generatedMessagesRoundTripAsLinesAndThroughTheCodec(@ForAll("messages") OthelloMessage m) {
        assertThat(OthelloMessage.parse(m.encode())).contains(m);
        EmbeddedChannel ch = new EmbeddedChannel();
        if (m instanceof ClientMessage) {
            OthelloCodec.addServerSide(ch.pipeline());
        } else {
            OthelloCodec.addClientSide(ch.pipeline());
        }
        ch.writeOutbound(m);
        ch.writeInbound((Object) ch.readOutbound());
        assertThat((Object) ch.readInbound()).isEqualTo(m);
        assertThat(ch.finish()).isFalse();
    }

    @Property(tries = 2000)
    void describeNeverThrowsOnRandomBytes(@ForAll byte[] frame, @ForAll boolean fromClient) {
        DecodedMessage m = OthelloProtocolAccess.describe(frame, fromClient);
        assertThat(m.type()).isNotEmpty();
        assertThat(m.summary()).isNotNull();
    }

    @Property(tries = 2000)
    void describeNeverThrowsOnLinesThatLookAlmostRight(@ForAll("nearLines") String line, @ForAll boolean fromClient) {
        DecodedMessage m = OthelloProtocolAccess.describe(line.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1),
                fromClient);
        Optional<? extends OthelloMessage> parsed;
        try {
            parsed = fromClient ? ClientMessage.parse(line) : ServerMessage.parse(line);
        } catch (MalformedMessageException e) {
            assertThat(m.error()).isEqualTo(e.reason());
            // every reason can be sent back unchanged as SERR~<reason>
            assertThat(OthelloMessage.cleanText(e.reason())).isEqualTo(e.reason());
            return;
        }
        if (parsed.isPresent()) {
            assertThat(m.error()).isNull();
            assertThat(m.type()).isEqualTo(parsed.get().type());
        } else {
            assertThat(m.error()).contains("ignores");
        }
    }

    @Provide
    Arbitrary<String> nearLines() {
        Arbitrary<String> type = Arbitraries.of(Samples.ALL_TYPES);
        Arbitrary<String> field = Arbitraries.oneOf(Arbitraries.strings().withChars("0123456789~BWK.-_ aZ\u00e9")
                .ofMaxLength(8), Arbitraries.of("ACCEPT", "BLACK", "WHITE", "NONE", "READY", "7", "64",
                Board.start().cells()));
        return Combinators.combine(type, field.list().ofMaxSize(6))
                .as((t, fs) -> fs.isEmpty() ? t : t + "~" + String.join("~", fs));
    }

    @Property(tries = 300)
    void theDecoderNeverLetsAnExceptionOutOnRandomBytes(@ForAll List<byte[]> chunks, @ForAll boolean serverSide) {
        EmbeddedChannel ch = new EmbeddedChannel();
        if (serverSide) {
            OthelloCodec.addServerSide(ch.pipeline());
        } else {
            OthelloCodec.addClientSide(ch.pipeline());
        }
        for (byte[] chunk : chunks) {
            ch.writeInbound(Unpooled.wrappedBuffer(chunk));
        }
        ch.checkException();
        for (Object o; (o = ch.readInbound()) != null; ) {
            assertThat(o).isInstanceOfAny(OthelloMessage.class, ProtocolViolation.class);
        }
        ch.finishAndReleaseAll();
    }
}
