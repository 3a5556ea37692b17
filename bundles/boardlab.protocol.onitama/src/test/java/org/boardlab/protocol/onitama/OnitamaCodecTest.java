package org.boardlab.protocol.onitama;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.boardlab.game.onitama.Card;
import org.boardlab.game.onitama.OnitamaMove;
import org.boardlab.game.onitama.Square;
import org.junit.jupiter.api.Test;

/** The framer, decoders and encoders without sockets. */
class OnitamaCodecTest {

    private static EmbeddedChannel server(ClientFramer framer) {
        return new EmbeddedChannel(framer, ClientDecoder.INSTANCE, ServerEncoder.INSTANCE);
    }

    private static ByteBuf bytes(String s) {
        return Unpooled.copiedBuffer(s, ISO_8859_1);
    }

    /** Everything the channel passed on, in order. */
    private static List<Object> read(EmbeddedChannel ch) {
        List<Object> out = new ArrayList<>();
        Object o;
        while ((o = ch.readInbound()) != null) {
            out.add(o);
        }
        return out;
    }

    @Test
    void wireCardsFollowTheOriginalsDeckNotTheRulebook() {
        assertThat(WireCards.card(0)).isEqualTo(Card.MANTIS);
        assertThat(WireCards.card(9)).isEqualTo(Card.ROOSTER);
        assertThat(WireCards.card(15)).isEqualTo(Card.DRAGON);
        assertThat(WireCards.ORDER).doesNotHaveDuplicates().hasSize(16);
        for (Card c : Card.values()) {
            assertThat(WireCards.card(WireCards.number(c))).isEqualTo(c);
        }
    }

    @Test
    void wireMovesUseRedsHomeRowAsRowZero() {
        OnitamaMove move = OnitamaMove.of(Card.CRANE, Square.C1, Square.C2);
        assertThat(WireMove.of(move).text()).isEqualTo("4 2 3 2 4");
        assertThat(new WireMove(4, 2, 3, 2, 4).toMove()).isEqualTo(move);
        assertThat(new WireMove(0, 0, 1, 0, 14).toMove().notation()).isEqualTo("crab:a5-a4");
        assertThat(WireMove.of(OnitamaMove.pass(Card.TIGER)).text()).isEqualTo("-1 -1 -1 -1 11");
        assertThat(new WireMove(-1, -1, -1, -1, 11).toMove()).isEqualTo(OnitamaMove.pass(Card.TIGER));
    }

    @Test
    void anUnterminatedMessageIsWhatOneReadBrought() {
        ClientFramer framer = new ClientFramer();
        EmbeddedChannel ch = server(framer);
        ch.writeInbound(bytes("1"));
        assertThat(read(ch)).containsExactly(new ClientText("1"));
        framer.expect(ClientFramer.Expect.MOVE);
        ch.writeInbound(bytes("4 2 3 2 4"));
        assertThat(read(ch)).containsExactly(new ClientText("4 2 3 2 4"));
        ch.writeInbound(bytes("4 2 3 2 1"), bytes("4"));
        assertThat(read(ch)).as("one read, one message, as one recv() was").containsExactly(new ClientText("4 2 3 2 14"));
        assertThat(ch.finish()).isFalse();
    }

    @Test
    void aShortMessageWaitsForItsRestWithinTheSameState() {
        ClientFramer framer = new ClientFramer(60_000);
        framer.expect(ClientFramer.Expect.MOVE);
        EmbeddedChannel ch = server(framer);
        ch.writeInbound(bytes("4 2 3"));
        assertThat(read(ch)).isEmpty();
        ch.writeInbound(bytes(" 2 "));
        assertThat(read(ch)).as("ends in a blank: more to come").isEmpty();
        ch.writeInbound(bytes("4"));
        assertThat(read(ch)).containsExactly(new ClientText("4 2 3 2 4"));
        framer.expect(ClientFramer.Expect.TABLE);
        ch.writeInbound(bytes("-"));
        assertThat(read(ch)).isEmpty();
        ch.writeInbound(bytes("1"));
        assertThat(read(ch)).containsExactly(new ClientText("-1"));
        ch.finish();
    }

    @Test
    void terminatedMessagesAreCutAtEveryByteSplit() {
        String stream = "0\0" + "2\n" + "4 2 3 2 4\r\n" + "0 1 1 1 3\0";
        List<ClientText> expected = List.of(new ClientText("0"), new ClientText("2"), new ClientText("4 2 3 2 4"),
                new ClientText("0 1 1 1 3"));
        for (int split = 1; split < stream.length(); split++) {
            ClientFramer framer = new ClientFramer(60_000);
            framer.expect(ClientFramer.Expect.MOVE);
            EmbeddedChannel ch = server(framer);
            ch.writeInbound(bytes(stream.substring(0, split)));
            ch.writeInbound(bytes(stream.substring(split)));
            List<Object> got = read(ch);
            assertThat(got).as("split at " + split + ": " + got).containsExactlyElementsOf(expected);
            ch.finish();
        }
    }

    @Test
    void tooLongRandomAndNonAsciiBytesAreViolationsNotExceptions() {
        ClientFramer framer = new ClientFramer();
        EmbeddedChannel ch = server(framer);
        byte[] mb = new byte[1 << 20];
        java.util.Arrays.fill(mb, (byte) '7');
        ch.writeInbound(Unpooled.wrappedBuffer(mb));
        List<Object> got = read(ch);
        assertThat(got).hasSize(1);
        assertThat(got.get(0)).isInstanceOfSatisfying(ProtocolViolation.class,
                v -> assertThat(v.reason()).contains("at most 64 bytes"));
        ch.writeInbound(bytes("1\0"));
        assertThat(read(ch)).as("after a violation nothing more is read").isEmpty();
        ch.finish();

        EmbeddedChannel ch2 = server(new ClientFramer());
        ch2.writeInbound(Unpooled.wrappedBuffer(new byte[] {(byte) 0xC3, (byte) 0xA9}));
        assertThat(read(ch2)).singleElement().isInstanceOfSatisfying(ProtocolViolation.class,
                v -> assertThat(v.reason()).isEqualTo("byte 1 is 0xC3, not printable ASCII"));
        ch2.finish();

        Random random = new Random(42);
        for (int round = 0; round < 2_000; round++) {
            EmbeddedChannel fuzz = server(new ClientFramer(60_000));
            byte[] junk = new byte[random.nextInt(200)];
            random.nextBytes(junk);
            fuzz.writeInbound(Unpooled.wrappedBuffer(junk));
            for (Object o : read(fuzz)) {
                assertThat(o).isInstanceOfAny(ClientText.class, ProtocolViolation.class);
            }
            fuzz.finishAndReleaseAll();
        }
    }

    /** A NUL alone is an empty message (each answered by the state: 24 for a mode), not a violation. */
    @Test
    void zerosAreEmptyMessagesEachAnsweredByTheState() {
        EmbeddedChannel ch = server(new ClientFramer());
        ch.writeInbound(Unpooled.wrappedBuffer(new byte[3]));
        assertThat(read(ch)).containsExactly(new ClientText(""), new ClientText(""), new ClientText(""));
        ch.finish();
    }

    @Test
    void serverMessagesEndInOneNulAndAreReadBackByTheirNumbers() {
        EmbeddedChannel ch = server(new ClientFramer());
        ch.writeOutbound(new ServerMessage.Answer(27), new ServerMessage.Setup(1, List.of(3, 6, 0, 4, 7)),
                new ServerMessage.Moved(new WireMove(4, 2, 3, 2, 4)));
        StringBuilder wire = new StringBuilder();
        ByteBuf b;
        while ((b = ch.readOutbound()) != null) {
            wire.append(b.toString(ISO_8859_1));
            b.release();
        }
        assertThat(wire.toString()).isEqualTo("27\0" + "1 3 6 0 4 7\0" + "4 2 3 2 4\0");

        EmbeddedChannel client = new EmbeddedChannel();
        OnitamaCodec.addClientSide(client.pipeline());
        client.writeInbound(bytes(wire.toString()));
        assertThat(read(client)).containsExactly(new ServerMessage.Answer(27),
                new ServerMessage.Setup(1, List.of(3, 6, 0, 4, 7)), new ServerMessage.Moved(new WireMove(4, 2, 3, 2, 4)));
        client.writeInbound(bytes("2 2\0" + "x".repeat(70) + "\0"));
        List<Object> bad = read(client);
        assertThat(bad).hasSize(2).allMatch(o -> o instanceof ProtocolViolation);
        client.writeOutbound(new ClientText("4 2 3 2 4"));
        ByteBuf sent = client.readOutbound();
        assertThat(sent.toString(ISO_8859_1)).isEqualTo("4 2 3 2 4\0");
        sent.release();
        client.finishAndReleaseAll();
    }

    @Test
    void thePacerHoldsAMessageThatFollowsAnotherWithNoClientMessageBetween() {
        EmbeddedChannel ch = new EmbeddedChannel(new Pacer(60_000), ServerEncoder.INSTANCE);
        ch.writeOutbound(new ServerMessage.Answer(0));
        ch.writeOutbound(new ServerMessage.Setup(0, List.of(1, 2, 3, 4, 5)));
        ByteBuf first = ch.readOutbound();
        assertThat(first.toString(ISO_8859_1)).isEqualTo("0\0");
        first.release();
        assertThat((Object) ch.readOutbound()).as("held: it follows 0 with nothing from the client between").isNull();
        ch.close();

        EmbeddedChannel answered = new EmbeddedChannel(new Pacer(60_000), ServerEncoder.INSTANCE);
        answered.writeOutbound(new ServerMessage.Answer(0));
        answered.writeInbound(bytes("4 2 3 2 4"));
        answered.writeOutbound(new ServerMessage.Answer(27));
        assertThat(answered.outboundMessages()).as("an answer to a client message goes out at once").hasSize(2);
        answered.finishAndReleaseAll();

        EmbeddedChannel off = new EmbeddedChannel(new Pacer(0), ServerEncoder.INSTANCE);
        off.writeOutbound(new ServerMessage.Answer(0), new ServerMessage.Answer(2));
        assertThat(off.outboundMessages()).as("pacing off").hasSize(2);
        off.finishAndReleaseAll();
    }

    /**
     * The pacers of one event loop share one timer: a hundred connections whose second message waits
     * for its gap set one timer on their loop, not a hundred (each in the loop's queue of timed tasks,
     * with every connection's idle timer), and still each second message leaves no sooner than the gap
     * after the first, in its own write.
     */
    @Test
    void thePacersOfOneLoopShareOneTimerThatRunsAtMostOnceATick() throws Exception {
        java.util.concurrent.atomic.AtomicInteger timers = new java.util.concurrent.atomic.AtomicInteger();
        java.util.concurrent.atomic.AtomicInteger pending = new java.util.concurrent.atomic.AtomicInteger();
        java.util.concurrent.atomic.AtomicInteger mostPending = new java.util.concurrent.atomic.AtomicInteger();
        io.netty.channel.DefaultEventLoopGroup group = new io.netty.channel.DefaultEventLoopGroup(1) {
            @Override
            protected io.netty.channel.EventLoop newChild(java.util.concurrent.Executor executor, Object... args) {
                return new io.netty.channel.DefaultEventLoop(this, executor) {
                    @Override
                    public io.netty.util.concurrent.ScheduledFuture<?> schedule(Runnable command, long delay,
                            java.util.concurrent.TimeUnit unit) {
                        timers.incrementAndGet();
                        if (!(command instanceof Pacer.Line)) {
                            return super.schedule(command, delay, unit);
                        }
                        pending.accumulateAndGet(pending.get() + 1, Math::max); // (on the loop's thread only)
                        mostPending.accumulateAndGet(pending.get(), Math::max);
                        return super.schedule(() -> {
                            pending.decrementAndGet();
                            command.run();
                        }, delay, unit);
                    }
                };
            }
        };
        int clients = 100;
        long gapMillis = 200;
        List<io.netty.channel.Channel> served = java.util.Collections.synchronizedList(new ArrayList<>());
        java.util.concurrent.ConcurrentHashMap<Integer, List<long[]>> received = new java.util.concurrent.ConcurrentHashMap<>();
        java.util.concurrent.atomic.AtomicReference<java.util.concurrent.CountDownLatch> arrived =
                new java.util.concurrent.atomic.AtomicReference<>(new java.util.concurrent.CountDownLatch(0));
        try {
            io.netty.channel.local.LocalAddress address = new io.netty.channel.local.LocalAddress("pacer-line-" + System.nanoTime());
            new io.netty.bootstrap.ServerBootstrap().group(group).channel(io.netty.channel.local.LocalServerChannel.class)
                    .childHandler(new io.netty.channel.ChannelInitializer<io.netty.channel.local.LocalChannel>() {
                        @Override
                        protected void initChannel(io.netty.channel.local.LocalChannel ch) {
                            ch.pipeline().addLast(new Pacer(gapMillis), ServerEncoder.INSTANCE);
                            served.add(ch);
                        }
                    }).bind(address).sync();
            for (int i = 0; i < clients; i++) {
                int client = i;
                new io.netty.bootstrap.Bootstrap().group(group).channel(io.netty.channel.local.LocalChannel.class)
                        .handler(new io.netty.channel.ChannelInboundHandlerAdapter() {
                            @Override
                            public void channelRead(io.netty.channel.ChannelHandlerContext ctx, Object msg) {
                                ByteBuf b = (ByteBuf) msg;
                                received.computeIfAbsent(client, k -> java.util.Collections.synchronizedList(new ArrayList<>()))
                                        .add(new long[] {System.nanoTime(), b.readableBytes()});
                                b.release();
                                arrived.get().countDown();
                            }
                        }).connect(address).sync();
            }
            while (served.size() < clients) {
                Thread.sleep(5);
            }
            // twice: the first round loads and warms the code, so that the second writes its messages within a few ticks
            for (int round = 0; round < 2; round++) {
                received.clear();
                java.util.concurrent.CountDownLatch all = new java.util.concurrent.CountDownLatch(3 * clients);
                arrived.set(all);
                Thread.sleep(gapMillis + 10); // the last round's messages are older than the gap
                long[] sent = new long[2];
                group.next().submit(() -> {
                    timers.set(0);
                    sent[0] = System.nanoTime();
                    for (io.netty.channel.Channel ch : served) {
                        ch.writeAndFlush(new ServerMessage.Answer(0)); // "0\0", at once
                        ch.writeAndFlush(new ServerMessage.Moved(new WireMove(0, 0, 1, 0, 14))); // held for the gap
                        ch.writeAndFlush(new ServerMessage.Moved(new WireMove(4, 2, 3, 2, 4))); // and for another
                    }
                    sent[1] = System.nanoTime();
                }).sync();
                assertThat(all.await(10, java.util.concurrent.TimeUnit.SECONDS)).as("every message arrived").isTrue();
                long gap = java.util.concurrent.TimeUnit.MILLISECONDS.toNanos(gapMillis);
                for (List<long[]> reads : received.values()) {
                    assertThat(reads).as("three writes, one message each").hasSize(3);
                    assertThat(reads.get(0)[1]).isEqualTo(2);
                    assertThat(reads.get(1)[1]).isEqualTo("0 0 1 0 14\0".length());
                    assertThat(reads.get(2)[1]).isEqualTo("4 2 3 2 4\0".length());
                    assertThat(reads.get(1)[0] - sent[0]).as("the second message waited its gap").isGreaterThanOrEqualTo(gap);
                    assertThat(reads.get(2)[0] - sent[0]).as("the third waited its gap after the second")
                            .isGreaterThanOrEqualTo(2 * gap);
                }
                assertThat(mostPending.get()).as("timers of the line set at once").isEqualTo(1);
                if (round == 1) {
                    // the line's timer runs at most once a tick: the messages held are due within the time their writes
                    // took, and again a gap later
                    long ticks = (sent[1] - sent[0]) / Pacer.Line.TICK_NANOS;
                    assertThat(timers.get()).as("timers set on the loop for %d waiting connections, written within %d ticks",
                            clients, ticks).isLessThanOrEqualTo(2 * ((int) ticks + 2)).isLessThan(clients / 2);
                }
            }
        } finally {
            group.shutdownGracefully(0, 1, java.util.concurrent.TimeUnit.SECONDS).sync();
        }
    }
}
