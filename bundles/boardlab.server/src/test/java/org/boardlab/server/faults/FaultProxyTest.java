package org.boardlab.server.faults;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.boardlab.api.event.WireEvent;
import org.boardlab.core.EventBus;
import org.boardlab.server.WireTap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Every fault of {@link FaultProxy} on a real connection: a client socket, the proxy, and a target server
 * socket that records what arrives and when, and echoes it back.
 */
class FaultProxyTest {

    private static final long WAIT_SECONDS = 10;

    /** The target: one connection at a time; keeps every byte, when it came, and echoes it when asked. */
    private static final class Target implements AutoCloseable {
        final ServerSocket listening;
        final ByteArrayOutputStream received = new ByteArrayOutputStream();
        final List<Long> arrivals = new CopyOnWriteArrayList<>();
        volatile boolean echo;
        volatile boolean ended;
        final Thread thread;

        Target() throws IOException {
            listening = new ServerSocket(0, 5, InetAddress.getLoopbackAddress());
            thread = new Thread(() -> {
                try (Socket s = listening.accept()) {
                    InputStream in = s.getInputStream();
                    OutputStream out = s.getOutputStream();
                    byte[] buf = new byte[65536];
                    int n;
                    while ((n = in.read(buf)) >= 0) {
                        synchronized (received) {
                            received.write(buf, 0, n);
                            for (int i = 0; i < n; i++) {
                                arrivals.add(System.nanoTime());
                            }
                        }
                        if (echo) {
                            out.write(buf, 0, n);
                            out.flush();
                        }
                    }
                } catch (IOException e) {
                    // closed
                }
                ended = true;
            }, "fault-test-target");
            thread.setDaemon(true);
            thread.start();
        }

        byte[] bytes() {
            synchronized (received) {
                return received.toByteArray();
            }
        }

        int port() {
            return listening.getLocalPort();
        }

        @Override
        public void close() throws IOException {
            listening.close();
        }
    }

    private final EventBus events = new EventBus();
    private final List<WireEvent> tapped = new CopyOnWriteArrayList<>();
    private final List<String> log = new CopyOnWriteArrayList<>();
    private AutoCloseable subscription;
    private WireTap tap;
    private Target target;
    private FaultProxy proxy;
    private Socket client;

    @BeforeEach
    void start() throws IOException {
        subscription = events.subscribe(e -> tapped.add((WireEvent) e), WireEvent.class);
        tap = new WireTap(events);
        target = new Target();
    }

    @AfterEach
    void stop() throws Exception {
        if (client != null) {
            client.close();
        }
        if (proxy != null) {
            proxy.close();
        }
        target.close();
        tap.close();
        subscription.close();
    }

    private void open(String profile) throws IOException {
        proxy = new FaultProxy("127.0.0.1", 0, "127.0.0.1", target.port(), FaultProfile.parse(profile), null, null, tap, log::add);
        InetSocketAddress at = proxy.start();
        client = new Socket(InetAddress.getLoopbackAddress(), at.getPort());
        client.setTcpNoDelay(true);
        client.setSoTimeout((int) TimeUnit.SECONDS.toMillis(WAIT_SECONDS));
        try {
            eventually(() -> log.stream().anyMatch(l -> l.contains(" -> 127.0.0.1:" + target.port())), "the link to the target: " + log);
        } catch (InterruptedException e) {
            throw new IOException(e);
        }
    }

    private void send(String text) throws IOException {
        client.getOutputStream().write(text.getBytes(StandardCharsets.ISO_8859_1));
        client.getOutputStream().flush();
    }

    private static void eventually(BooleanSupplier condition, String what) throws InterruptedException {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > until) {
                throw new AssertionError("not within " + WAIT_SECONDS + " s: " + what);
            }
            Thread.sleep(2);
        }
    }

    private void received(String text) throws InterruptedException {
        eventually(() -> new String(target.bytes(), StandardCharsets.ISO_8859_1).equals(text),
                "the target received '" + text + "'; it has '" + new String(target.bytes(), StandardCharsets.ISO_8859_1) + "'");
    }

    private String readBack(int n) throws IOException {
        byte[] b = client.getInputStream().readNBytes(n);
        return new String(b, StandardCharsets.ISO_8859_1);
    }

    private List<WireEvent> faults(String kind) {
        return tapped.stream().filter(e -> kind.equals(e.fault())).toList();
    }

    private List<WireEvent> frames(boolean fromClient) {
        return tapped.stream().filter(e -> !e.isFault() && e.fromClient() == fromClient).toList();
    }

    @Test
    void withNoFaultTheBytesPassBothWaysUntouchedAndTheTapShowsThem() throws Exception {
        target.echo = true;
        open("none");
        send("CNAME~ann\n");
        assertThat(readBack(10)).isEqualTo("CNAME~ann\n");
        eventually(() -> frames(true).size() == 1 && frames(false).size() == 1, "one frame each way in the tap: " + tapped);
        assertThat(new String(frames(true).get(0).raw(), StandardCharsets.ISO_8859_1)).isEqualTo("CNAME~ann\n");
        assertThat(frames(true).get(0).decoded().type()).isEqualTo("bytes");
        assertThat(frames(true).get(0).protocol()).isEqualTo("bytes");
        assertThat(tapped).noneMatch(WireEvent::isFault);
        assertThat(proxy.links()).hasSize(1);
        client.close();
        eventually(() -> target.ended, "the target sees the close");
        eventually(() -> proxy.links().isEmpty(), "the link is gone");
    }

    @Test
    void aDelayHoldsEveryWriteAndIsReportedBeforeTheBytesItHeld() throws Exception {
        target.echo = true;
        open("delay=120ms");
        long sent = System.nanoTime();
        send("ping\n");
        assertThat(readBack(5)).isEqualTo("ping\n");
        long roundTrip = System.nanoTime() - sent;
        assertThat(TimeUnit.NANOSECONDS.toMillis(target.arrivals.get(0) - sent)).isGreaterThanOrEqualTo(115);
        assertThat(TimeUnit.NANOSECONDS.toMillis(roundTrip)).isGreaterThanOrEqualTo(235);
        eventually(() -> faults("delay").size() == 2 && frames(false).size() == 1, "two delays and the echo in the tap");
        WireEvent up = faults("delay").get(0);
        assertThat(up.fromClient()).isTrue();
        assertThat(up.decoded().type()).isEqualTo("fault");
        assertThat(up.decoded().summary()).startsWith("delay: 5 bytes to the server held 12").contains("(delay=120ms)");
        assertThat(tapped.indexOf(up)).isLessThan(tapped.indexOf(frames(true).get(0)));
        assertThat(faults("delay").get(1).fromClient()).isFalse();
    }

    @Test
    void jitterVariesTheDelayButNeverTheOrder() throws Exception {
        open("to-server:jitter=40ms,seed=3");
        StringBuilder all = new StringBuilder();
        for (int i = 0; i < 40; i++) {
            String part = i + ",";
            all.append(part);
            send(part);
            Thread.sleep(1);
        }
        received(all.toString());
        // one delay for each read the proxy made (the client's writes may come in fewer reads)
        eventually(() -> faults("delay").size() == frames(true).size(), "a delay reported for every write passed on");
        assertThat(faults("delay").stream().map(e -> e.decoded().summary()).distinct().count()).isGreaterThan(3);
        assertThat(faults("delay").get(0).decoded().summary()).contains("jitter");
    }

    @Test
    void theBandwidthLetsNoMoreThanItsBytesASecondThrough() throws Exception {
        open("to-server:bandwidth=4000");
        long sent = System.nanoTime();
        send("x".repeat(1000));
        received("x".repeat(1000));
        long took = TimeUnit.NANOSECONDS.toMillis(target.arrivals.get(999) - sent);
        assertThat(took).as("1000 bytes at 4000 bytes a second").isGreaterThanOrEqualTo(240);
        eventually(() -> !faults("bandwidth").isEmpty(), "the bandwidth reported");
        assertThat(faults("bandwidth").get(0).decoded().summary()).contains("bandwidth=4000 bytes a second");
    }

    @Test
    void dropAfterClosesTheConnectionOnceThatManyBytesWentThatWay() throws Exception {
        open("to-server:drop-after=10");
        send("0123456");
        send("789abcdef");
        eventually(() -> target.ended, "the target sees the connection closed");
        assertThat(new String(target.bytes(), StandardCharsets.ISO_8859_1)).isEqualTo("0123456789");
        assertThat(client.getInputStream().read()).isEqualTo(-1);
        eventually(() -> faults("drop").size() == 1, "the drop reported");
        WireEvent drop = faults("drop").get(0);
        assertThat(drop.decoded().summary()).isEqualTo(
                "drop: the connection is closed after 10 bytes to the server (drop-after=10): 6 bytes of this write are not sent");
        assertThat(new String(drop.raw(), StandardCharsets.ISO_8859_1)).isEqualTo("abcdef");
    }

    @Test
    void dropRateClosesTheConnectionAtARandomWrite() throws Exception {
        open("to-client:drop-rate=1");
        target.echo = true;
        send("hello");
        eventually(() -> target.bytes().length == 5, "the target got the bytes (to-server has no fault)");
        assertThat(client.getInputStream().read()).as("the echo is dropped with the connection").isEqualTo(-1);
        eventually(() -> faults("drop").size() == 1, "the drop reported");
        assertThat(faults("drop").get(0).fromClient()).isFalse();
        assertThat(faults("drop").get(0).decoded().summary()).contains("at random (drop-rate=1)");
    }

    @Test
    void splitSendsEveryByteAsAWriteOfItsOwn() throws Exception {
        open("to-server:split");
        send("CMOV~3~4\nCPING\n");
        received("CMOV~3~4\nCPING\n");
        eventually(() -> frames(true).size() == 15, "15 one-byte writes in the tap: " + frames(true));
        assertThat(frames(true)).allMatch(e -> e.raw().length == 1);
        assertThat(faults("split")).hasSize(1);
        assertThat(faults("split").get(0).decoded().summary()).isEqualTo("split: 15 bytes to the server sent as 15 writes of 1 byte (split)");
    }

    @Test
    void mergeHoldsWritesAndSendsThemAsOne() throws Exception {
        open("to-server:merge=400ms");
        for (int i = 0; i < 5; i++) {
            send("m" + i + ";");
            Thread.sleep(30);
        }
        received("m0;m1;m2;m3;m4;");
        eventually(() -> frames(true).size() == 1, "one write in the tap: " + frames(true));
        assertThat(new String(frames(true).get(0).raw(), StandardCharsets.ISO_8859_1)).isEqualTo("m0;m1;m2;m3;m4;");
        assertThat(faults("merge")).hasSize(1);
        // the proxy reads each write on its own unless the machine is slow enough to find two in one read
        assertThat(faults("merge").get(0).decoded().summary()).matches("merge: [2-5] writes to the server \\(15 bytes\\) held 4\\d\\d\\.\\d ms and sent as one write \\(merge\\)");
    }

    @Test
    void flipChangesOneBitOfEveryByteAtRateOne() throws Exception {
        open("to-server:flip=1");
        byte[] sent = "GMKU frame".getBytes(StandardCharsets.ISO_8859_1);
        client.getOutputStream().write(sent);
        eventually(() -> target.bytes().length == sent.length, "the bytes arrive");
        byte[] got = target.bytes();
        for (int i = 0; i < sent.length; i++) {
            assertThat(Integer.bitCount((sent[i] ^ got[i]) & 0xFF)).as("byte %d", i).isEqualTo(1);
        }
        eventually(() -> faults("flip").size() == 1, "the flips reported");
        assertThat(faults("flip").get(0).decoded().summary()).startsWith("flip: bits flipped in a write of 10 bytes to the server (flip=1): byte 0 bit ");
        assertThat(faults("flip").get(0).raw()).isEqualTo(got);
    }

    @Test
    void aRareFlipRateChangesAboutThatShareOfBytes() throws Exception {
        open("to-server:flip=0.05,seed=11");
        byte[] sent = new byte[4000];
        client.getOutputStream().write(sent);
        eventually(() -> target.bytes().length == sent.length, "the bytes arrive");
        long changed = 0;
        for (byte b : target.bytes()) {
            changed += b != 0 ? 1 : 0;
        }
        assertThat(changed).as("5% of 4000 bytes").isBetween(120L, 290L);
    }

    @Test
    void aPauseHoldsADirectionUntilItIsLiftedThenSendsInOrder() throws Exception {
        open("to-server:pause");
        send("one;");
        send("two;");
        Thread.sleep(300);
        assertThat(target.bytes()).isEmpty();
        eventually(() -> faults("pause").size() == 1, "the pause reported");
        proxy.profile(FaultProfile.NONE);
        received("one;two;");
        eventually(() -> faults("pause").size() == 2, "the end of the pause reported");
        assertThat(faults("pause").get(1).decoded().summary()).isEqualTo(
                "pause: the pause is lifted: 8 bytes held to the server are sent now, in order");
    }

    @Test
    void aProtocolsFramerShowsWholeFramesWhateverTheWrites() throws Exception {
        proxy = new FaultProxy("127.0.0.1", 0, "127.0.0.1", target.port(), FaultProfile.parse("to-server:split"), null,
                () -> new io.netty.handler.codec.LineBasedFrameDecoder(1024, false, false), tap, log::add);
        client = new Socket(InetAddress.getLoopbackAddress(), proxy.start().getPort());
        send("CNAME~ann\nCPING\n");
        received("CNAME~ann\nCPING\n");
        eventually(() -> frames(true).size() == 2, "two lines in the tap: " + frames(true));
        assertThat(new String(frames(true).get(1).raw(), StandardCharsets.ISO_8859_1)).isEqualTo("CPING\n");
    }

    @Test
    void aTargetThatCannotBeReachedClosesTheClientAndSaysWhy() throws Exception {
        int dead;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            dead = s.getLocalPort();
        }
        proxy = new FaultProxy("127.0.0.1", 0, "127.0.0.1", dead, FaultProfile.NONE, null, null, tap, log::add);
        client = new Socket(InetAddress.getLoopbackAddress(), proxy.start().getPort());
        client.setSoTimeout(5000);
        try {
            assertThat(client.getInputStream().read()).isEqualTo(-1);
        } catch (SocketTimeoutException e) {
            throw new AssertionError("the client was not closed", e);
        } catch (IOException e) {
            // reset: closed as well
        }
        eventually(() -> log.stream().anyMatch(l -> l.contains("cannot reach 127.0.0.1:" + dead)), "the log says why: " + log);
    }
}
