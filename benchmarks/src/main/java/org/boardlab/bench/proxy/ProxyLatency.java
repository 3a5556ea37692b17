package org.boardlab.bench.proxy;

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.LineBasedFrameDecoder;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.boardlab.api.event.WireEvent;
import org.boardlab.core.EventBus;
import org.boardlab.server.WireTap;
import org.boardlab.server.faults.FaultProfile;
import org.boardlab.server.faults.FaultProxy;

/**
 * What {@code boardlab proxy} with no fault adds to a frame's round trip, at a fixed rate of frames a
 * second. An echo server (Netty, one event loop) sends every byte back; one client connection sends
 * 9-byte lines ({@code CMOV~3~4}-sized, with a sequence number) at the rate, paced by a thread of its
 * own, and times each line from just before its write to its echo coming back. The same client
 * alternates, block by block, between the echo server directly and the proxy in front of it, so that a
 * busy moment of a shared machine falls on both alike. A round trip through the proxy passes it twice
 * (to the server and back).
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar org.boardlab.bench.proxy.ProxyLatency [--rate 10000] [--seconds 20] [--block 2] [--tap on] [--trace FILE]
 * </pre>
 * {@code --tap on}: somebody listens to the proxy's wire tap (as the inspector or {@code --show} would), so
 * every frame is copied for it. {@code --trace FILE}: the proxy's frames are written to FILE by
 * {@code boardlab proxy --trace}'s own writer, and the writes it made to the file are counted.
 */
public final class ProxyLatency {

    private static final class Client extends ChannelInboundHandlerAdapter {
        final long[] sentAt;
        final long[] rtt;
        final AtomicLong received = new AtomicLong();
        volatile int from;
        volatile int recording = -1;
        final long[] recorded;
        int count;

        Client(int capacity) {
            sentAt = new long[capacity];
            rtt = new long[capacity];
            recorded = new long[capacity];
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            long now = System.nanoTime();
            ByteBuf b = (ByteBuf) msg;
            int seq = Integer.parseInt(b.toString(StandardCharsets.US_ASCII).trim());
            b.release();
            long took = now - sentAt[seq];
            if (seq >= from && recording >= 0) {
                recorded[count++] = took;
            }
            received.incrementAndGet();
        }
    }

    public static void main(String[] args) throws Exception {
        int rate = 10_000;
        double seconds = 20;
        double block = 2;
        boolean tapOn = false;
        Path traceFile = null;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--rate" -> rate = Integer.parseInt(args[++i]);
                case "--seconds" -> seconds = Double.parseDouble(args[++i]);
                case "--block" -> block = Double.parseDouble(args[++i]);
                case "--tap" -> tapOn = args[++i].equals("on");
                case "--trace" -> traceFile = Path.of(args[++i]);
                case "--help", "-h" -> {
                    System.out.println("ProxyLatency [--rate FRAMES_PER_S (10000)] [--seconds MEASURED_S_EACH (20)] [--block S (2)] [--tap on|off (off)] [--trace FILE]");
                    return;
                }
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        EventLoopGroup echoGroup = new NioEventLoopGroup(1);
        EventLoopGroup clientGroup = new NioEventLoopGroup(1);
        Channel echo = new ServerBootstrap().group(echoGroup).channel(NioServerSocketChannel.class)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        ch.pipeline().addLast(new ChannelInboundHandlerAdapter() {
                            @Override
                            public void channelRead(ChannelHandlerContext ctx, Object msg) {
                                ctx.writeAndFlush(msg);
                            }
                        });
                    }
                }).bind("127.0.0.1", 0).sync().channel();
        int echoPort = ((InetSocketAddress) echo.localAddress()).getPort();
        EventBus events = new EventBus();
        List<WireEvent> kept = new ArrayList<>();
        AutoCloseable listener = null;
        if (tapOn) {
            listener = events.subscribe(e -> {
                synchronized (kept) {
                    if (kept.size() == 10_000) {
                        kept.remove(0);
                    }
                    kept.add((WireEvent) e);
                }
            }, WireEvent.class);
        }
        org.boardlab.cli.internal.TraceWriter trace = traceFile == null ? null : org.boardlab.cli.internal.TraceWriter.open(traceFile);
        AutoCloseable traced = trace == null ? null : events.subscribe(trace, WireEvent.class);
        WireTap tap = new WireTap(events);
        FaultProxy proxy = new FaultProxy("127.0.0.1", 0, "127.0.0.1", echoPort, FaultProfile.NONE, null, null, tap, line -> { });
        int proxyPort = proxy.start().getPort();

        int blocks = (int) Math.ceil(seconds / block);
        int perBlock = (int) (rate * block);
        int warmupBlocks = 2;
        System.out.printf(Locale.ROOT, "proxy latency: %,d frames/s of 9 bytes, %d blocks of %.1f s each way (after %d warm-up blocks), tap %s%n",
                rate, blocks, block, warmupBlocks, tapOn ? "on (a listener keeps the last 10,000 events)" : "off (nobody listens)");
        if (trace != null) {
            System.out.println("trace: every frame written to " + traceFile + " (boardlab proxy --trace's writer)");
        }
        System.out.println("load average at the start: " + load());
        Client direct = new Client((blocks + warmupBlocks) * perBlock + 1);
        Client proxied = new Client((blocks + warmupBlocks) * perBlock + 1);
        Channel toEcho = connect(clientGroup, echoPort, direct);
        Channel toProxy = connect(clientGroup, proxyPort, proxied);
        long lateSends = 0;
        int[] seq = {0, 0};
        for (int b = 0; b < 2 * (blocks + warmupBlocks); b++) {
            boolean viaProxy = b % 2 == 1;
            Client c = viaProxy ? proxied : direct;
            Channel ch = viaProxy ? toProxy : toEcho;
            boolean measured = b >= 2 * warmupBlocks;
            int s = seq[viaProxy ? 1 : 0];
            c.from = s;
            c.recording = measured ? 1 : -1;
            long interval = 1_000_000_000L / rate;
            long next = System.nanoTime();
            for (int i = 0; i < perBlock; i++, s++) {
                long now;
                while ((now = System.nanoTime()) < next) {
                    if (next - now > 50_000) {
                        LockSupport.parkNanos(next - now - 40_000);
                    } else {
                        Thread.onSpinWait();
                    }
                }
                if (now - next > 1_000_000) {
                    lateSends++;
                }
                next += interval;
                ByteBuf line = Unpooled.copiedBuffer(String.format(Locale.ROOT, "%08d\n", s), StandardCharsets.US_ASCII);
                c.sentAt[s] = System.nanoTime();
                ch.writeAndFlush(line);
            }
            seq[viaProxy ? 1 : 0] = s;
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (c.received.get() < s && System.nanoTime() < until) {
                Thread.sleep(1);
            }
            c.recording = -1;
        }
        System.out.println("load average at the end:   " + load());
        report("direct to the echo server", direct);
        report("through the proxy (no fault)", proxied);
        long[] d = sorted(direct);
        long[] p = sorted(proxied);
        System.out.printf(Locale.ROOT, "the proxy adds: p50 %+.3f ms, p99 %+.3f ms, p99.9 %+.3f ms (round trip, two passes through it)%n",
                (pct(p, 50) - pct(d, 50)) / 1e6, (pct(p, 99) - pct(d, 99)) / 1e6, (pct(p, 99.9) - pct(d, 99.9)) / 1e6);
        System.out.println("sends more than 1 ms behind the schedule (the sender was not run): " + lateSends);
        if (trace != null) {
            // the CPU the trace costs, by thread: the tap's (each line made as JSON) and the trace writer's (the writes)
            java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
            for (java.lang.management.ThreadInfo info : threads.getThreadInfo(threads.getAllThreadIds())) {
                if (info != null && (info.getThreadName().equals("boardlab-wire-tap") || info.getThreadName().equals("boardlab-trace-writer"))) {
                    System.out.printf(Locale.ROOT, "thread %s: %,d ms of CPU%n", info.getThreadName(),
                            threads.getThreadCpuTime(info.getThreadId()) / 1_000_000);
                }
            }
        }
        toEcho.close().sync();
        toProxy.close().sync();
        proxy.close();
        tap.close();
        if (listener != null) {
            listener.close();
        }
        if (trace != null) {
            traced.close();
            trace.close();
            System.out.printf(Locale.ROOT, "trace: %,d lines in %,d writes to the file (%.1f lines a write); tap dropped %,d frames%n",
                    trace.lines(), trace.writes(), (double) trace.lines() / Math.max(1, trace.writes()), tap.dropped());
        }
        echo.close().sync();
        echoGroup.shutdownGracefully(0, 1, TimeUnit.SECONDS);
        clientGroup.shutdownGracefully(0, 1, TimeUnit.SECONDS);
    }

    private static Channel connect(EventLoopGroup group, int port, Client client) throws InterruptedException {
        return new Bootstrap().group(group).channel(NioSocketChannel.class).option(ChannelOption.TCP_NODELAY, true)
                .handler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        ch.pipeline().addLast(new LineBasedFrameDecoder(64), client);
                    }
                }).connect("127.0.0.1", port).sync().channel();
    }

    private static long[] sorted(Client c) {
        long[] a = Arrays.copyOf(c.recorded, c.count);
        Arrays.sort(a);
        return a;
    }

    private static double pct(long[] sorted, double p) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        int i = (int) Math.min(sorted.length - 1, Math.ceil(p / 100 * sorted.length) - 1);
        return sorted[Math.max(0, i)];
    }

    private static void report(String what, Client c) {
        long[] a = sorted(c);
        System.out.printf(Locale.ROOT, "%-30s %,9d frames  round trip p50 %.3f ms  p90 %.3f  p99 %.3f  p99.9 %.3f  max %.3f%n", what,
                a.length, pct(a, 50) / 1e6, pct(a, 90) / 1e6, pct(a, 99) / 1e6, pct(a, 99.9) / 1e6,
                a.length == 0 ? Double.NaN : a[a.length - 1] / 1e6);
    }

    private static String load() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).trim();
        } catch (Exception e) {
            return "unknown";
        }
    }
}
