package org.boardlab.cli.internal;

import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import org.boardlab.api.Protocol;
import org.boardlab.api.event.WireEvent;
import org.boardlab.cli.Cli;
import org.boardlab.server.ServerProtocol;
import org.boardlab.server.WireTap;
import org.boardlab.server.faults.FaultProfile;
import org.boardlab.server.faults.FaultProxy;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code boardlab proxy}: a TCP proxy in front of any server that makes the network misbehave on
 * purpose, until interrupted (Ctrl+C).
 */
@Command(name = "proxy", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Run a TCP proxy that injects network faults between clients and a server, until interrupted (Ctrl+C).",
            "Clients connect to --listen; each is connected on to --to, and the bytes both ways go through the faults. "
                + "Every fault is reported next to the traffic it changed: --show prints both, --trace writes both "
                + "(the inspector loads the file). Without a fault option the bytes pass unchanged.",
            "Faults: --faults 'delay=20ms,to-client:split' (the full form; see the README), or the options below, "
                + "which apply to --direction."})
public final class ProxyCommand implements Callable<Integer> {

    @ParentCommand
    Cli cli;

    @Spec
    CommandSpec spec;

    @Option(names = "--listen", required = true, paramLabel = "[ADDR:]PORT",
            description = "Where the proxy listens: a port (on 127.0.0.1), or ADDR:PORT (0.0.0.0:PORT for every network); 0 picks a free port.")
    String listen;

    @Option(names = "--to", required = true, paramLabel = "HOST:PORT", description = "The server the clients are connected on to.")
    String to;

    @Option(names = "--protocol", paramLabel = "P",
            description = "The protocol spoken (othello, gomoku, ...): the traffic is shown as that protocol's frames, decoded. Without it, as the bytes of each read.")
    String protocolId;

    @Option(names = "--faults", paramLabel = "PROFILE",
            description = "Faults in the profile form: items [to-server:|to-client:]name[=value] separated by commas, e.g. 'delay=20ms,jitter=10ms,to-client:split'.")
    String faults;

    @Option(names = "--direction", paramLabel = "D", defaultValue = "both",
            description = "Which way the options below apply: to-server (what clients send), to-client (what the server sends) or both (default).")
    String direction;

    @Option(names = "--delay", paramLabel = "T", description = "Hold every write T (20ms, 1.5s; a bare number is milliseconds).")
    String delay;

    @Option(names = "--jitter", paramLabel = "T", description = "Hold every write a further random 0..T (order is kept).")
    String jitter;

    @Option(names = "--bandwidth", paramLabel = "N", description = "Let at most N bytes a second through.")
    Long bandwidth;

    @Option(names = "--drop-after", paramLabel = "N", description = "Close the connection once N bytes went that way.")
    Long dropAfter;

    @Option(names = "--drop-rate", paramLabel = "P", description = "Close the connection at a write with chance P (0..1) for each write.")
    Double dropRate;

    @Option(names = "--split", description = "Send every write as writes of 1 byte each.")
    boolean split;

    @Option(names = "--merge", paramLabel = "T", description = "Hold writes T and send them together as one write.")
    String merge;

    @Option(names = "--flip", paramLabel = "P", description = "Flip one bit of a byte with chance P (0..1) for each byte.")
    Double flip;

    @Option(names = "--pause", description = "Send nothing that way (held) while the proxy runs: a peer that stops talking.")
    boolean pause;

    @Option(names = "--seed", paramLabel = "N", description = "The seed of the random choices (jitter, --drop-rate, --flip), to repeat a run.")
    Long seed;

    @Option(names = "--show", description = "Print every frame and every fault, one line each, as they pass.")
    boolean show;

    @Option(names = "--trace", paramLabel = "FILE", description = "Write every frame and fault as JSON lines to FILE (serve --trace's format, with \"fault\").")
    Path trace;

    /** The profile from --faults and the single options. */
    FaultProfile profile() {
        List<String> items = new ArrayList<>();
        if (faults != null) {
            items.add(faults);
        }
        String prefix = switch (direction) {
            case "both" -> "";
            case "to-server", "to-client" -> direction + ":";
            default -> throw new UsageException("--direction is to-server, to-client or both, not '" + direction + "'");
        };
        if (delay != null) {
            items.add(prefix + "delay=" + delay);
        }
        if (jitter != null) {
            items.add(prefix + "jitter=" + jitter);
        }
        if (bandwidth != null) {
            items.add(prefix + "bandwidth=" + bandwidth);
        }
        if (dropAfter != null) {
            items.add(prefix + "drop-after=" + dropAfter);
        }
        if (dropRate != null) {
            items.add(prefix + "drop-rate=" + dropRate);
        }
        if (split) {
            items.add(prefix + "split");
        }
        if (merge != null) {
            items.add(prefix + "merge=" + merge);
        }
        if (flip != null) {
            items.add(prefix + "flip=" + flip);
        }
        if (pause) {
            items.add(prefix + "pause");
        }
        if (seed != null) {
            items.add("seed=" + seed);
        }
        try {
            return FaultProfile.parse(String.join(",", items));
        } catch (IllegalArgumentException e) {
            throw new UsageException("faults: " + e.getMessage());
        }
    }

    /** {@code HOST:PORT} (the host may be omitted with {@code allowPortOnly}). */
    static InetSocketAddress address(String option, String text, boolean allowPortOnly) {
        int colon = text.lastIndexOf(':');
        String host = colon < 0 ? (allowPortOnly ? "127.0.0.1" : null) : text.substring(0, colon);
        if (host == null || host.isEmpty()) {
            throw new UsageException(option + " " + text + ": give HOST:PORT, e.g. 127.0.0.1:10000");
        }
        try {
            int port = Integer.parseInt(text.substring(colon + 1));
            if (port < 0 || port > 65535 || (!allowPortOnly && port == 0)) {
                throw new NumberFormatException();
            }
            return InetSocketAddress.createUnresolved(host, port);
        } catch (NumberFormatException e) {
            throw new UsageException(option + " " + text + ": the port is a number " + (allowPortOnly ? "0" : "1") + "..65535");
        }
    }

    @Override
    public Integer call() throws Exception {
        FaultProfile profile = profile();
        InetSocketAddress listenAt = address("--listen", listen, true);
        InetSocketAddress target = address("--to", to, false);
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Protocol protocol = null;
        java.util.function.Supplier<io.netty.channel.ChannelHandler> framer = null;
        if (protocolId != null) {
            List<ServerProtocol> known = cli.services().serverProtocols();
            ServerProtocol sp = known.stream().filter(p -> p.protocol().id().equals(protocolId)).findFirst()
                    .orElseThrow(() -> new UsageException("--protocol " + protocolId + ": no such protocol is loaded; loaded: "
                            + String.join(", ", known.stream().map(p -> p.protocol().id()).sorted().toList())));
            protocol = sp.protocol();
            framer = sp::newTapFramer;
        }
        TraceWriter traceWriter = trace == null ? null : TraceWriter.open(trace);
        List<AutoCloseable> subscriptions = new ArrayList<>();
        if (traceWriter != null) {
            subscriptions.add(cli.services().events().subscribe(traceWriter, WireEvent.class));
        }
        if (show) {
            subscriptions.add(cli.services().events().subscribe(e -> print((WireEvent) e, out), WireEvent.class));
        }
        WireTap tap = new WireTap(cli.services().events());
        FaultProxy proxy = new FaultProxy(listenAt.getHostString(), listenAt.getPort(), target.getHostString(), target.getPort(),
                profile, protocol, framer, tap, line -> {
                    synchronized (err) {
                        err.println("boardlab proxy: " + line);
                        err.flush();
                    }
                });
        InetSocketAddress bound;
        try {
            bound = proxy.start();
        } catch (RuntimeException e) {
            proxy.close();
            tap.close();
            closeAll(subscriptions, traceWriter);
            throw e;
        }
        out.println("proxy: listening on " + bound.getAddress().getHostAddress() + ":" + bound.getPort() + ", to "
                + target.getHostString() + ":" + target.getPort() + (protocol == null ? "" : " (" + protocol.id() + ")")
                + "; faults: " + profile);
        out.flush();
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            proxy.close();
            tap.close();
            closeAll(subscriptions, traceWriter);
            err.println("boardlab proxy: stopped; " + tap.frames() + " frames and faults tapped, " + tap.dropped() + " dropped"
                    + (traceWriter == null ? "" : ", " + traceWriter.lines() + " written to " + trace));
            err.flush();
            stopped.countDown();
        }, "boardlab-proxy-shutdown"));
        stopped.await();
        return 0;
    }

    private static void closeAll(List<AutoCloseable> subscriptions, TraceWriter traceWriter) {
        for (AutoCloseable s : subscriptions) {
            try {
                s.close();
            } catch (Exception e) {
                // nothing more to do
            }
        }
        if (traceWriter != null) {
            try {
                traceWriter.close();
            } catch (java.io.IOException e) {
                // nothing more to do
            }
        }
    }

    /** One line per frame or fault: time, link, direction, then the decoded summary (a fault marked FAULT). */
    private static void print(WireEvent e, PrintWriter out) {
        java.time.LocalTime t = java.time.LocalTime.ofNanoOfDay((e.timeMicros() % 86_400_000_000L) * 1000);
        String line = String.format(Locale.ROOT, "%s #%d %s %s %s", t.truncatedTo(java.time.temporal.ChronoUnit.MILLIS),
                e.connectionId(), e.fromClient() ? "->" : "<-", e.isFault() ? "FAULT" : e.decoded().type(), e.decoded().summary());
        synchronized (out) {
            out.println(line);
            out.flush();
        }
    }
}
