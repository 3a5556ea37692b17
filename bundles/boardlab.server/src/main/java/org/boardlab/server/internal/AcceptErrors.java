package org.boardlab.server.internal;

import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandler.Sharable;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * What a listening port's failures to accept a connection are told as: one plain line, not one per failed accept.
 * The last handler of every Netty port's own channel (after Netty's {@code ServerBootstrapAcceptor}).
 *
 * <p>When {@code accept} fails (the usual cause: the process has as many files open as its limit allows, "Too many
 * open files"), Netty's acceptor turns the port's reading off for a second and passes the error on; left alone it
 * reached the end of the pipeline, where Netty logged a warning with a stack trace for every failed accept ("An
 * exceptionCaught() event was fired, and it reached at the tail of the pipeline"; 16 of them in one seed 004 run at
 * 9,900 clients). This handler takes it there instead and tells it in plain lines, at most one about failures in
 * {@link #INTERVAL_SECONDS}: the first failure says what happened, the limit, and what to do; the next client
 * accepted after it says that accepting works again; failures within the interval after a line are counted, and
 * the count is told with the next line (or, if accepting works again and nothing more fails, when the interval is
 * over). A server that hovers at its limit (a client leaves, one is accepted, the next accept fails) writes at most
 * two lines a minute. The pause is Netty's (clients that connect meanwhile wait in the port's queue, the kernel's);
 * this handler adds none.
 *
 * <pre>
 * port's pipeline:  head → {@link #accepts()} → ServerBootstrapAcceptor (autoRead off for 1 s, passes the error on)
 *                        → accept-errors (this)
 * </pre>
 *
 * Both ends run on the port's event loop (the server's one acceptor thread), in the order Netty accepts: the
 * connections of a read are passed on before its failure. (A connection's own set-up runs later, on its I/O
 * thread: a connection accepted before a failure, counted there, was told as "accepting again" before the failure
 * itself.)
 *
 * One instance serves every port of a server: a Game Master's thousands of ports out of files at once give one line.
 */
@Sharable
public final class AcceptErrors extends ChannelInboundHandlerAdapter {

    /** At most one line about failed accepts in this many seconds (the first at once). */
    public static final int INTERVAL_SECONDS = 60;

    private static final long INTERVAL_NANOS = TimeUnit.SECONDS.toNanos(INTERVAL_SECONDS);

    /** Runs a task after a delay in nanoseconds (the server's timer). */
    @FunctionalInterface
    public interface Later {
        void run(Runnable task, long delayNanos);
    }

    private final Consumer<String> log;
    private final LongSupplier nanoClock;
    private final Later later;
    private final long softLimit;
    private final long hardLimit;
    /** An accept failed and none has worked since; read on every accept, so volatile. */
    private volatile boolean failing;
    /** When the last line about failures was told; guarded by {@code this}, as the fields below. */
    private long lastFailureLine;
    private boolean told;
    /** The last line told was about failures (so the next accept that works says that it works again). */
    private boolean lastWasFailure;
    /** Failed accepts since the last line. */
    private long untold;
    private boolean flushPending;
    /** Sees each accepted connection on its way to Netty's acceptor. */
    private final ChannelInboundHandlerAdapter accepts = new Accepts();

    /**
     * @param log       where the lines go (the server's log)
     * @param nanoClock the clock of the interval ({@link System#nanoTime})
     * @param later     runs the count of failures not yet told when the interval is over (the server's timer)
     * @param softLimit this process's limit of open files ({@code ulimit -n}), read now: once the files are used up,
     *                  reading {@code /proc/self/limits} fails too; {@code -1} unknown
     * @param hardLimit how far that limit may be raised without root ({@code ulimit -Hn}), or {@code -1}
     */
    public AcceptErrors(Consumer<String> log, LongSupplier nanoClock, Later later, long softLimit, long hardLimit) {
        this.log = log;
        this.nanoClock = nanoClock;
        this.later = later;
        this.softLimit = softLimit;
        this.hardLimit = hardLimit;
    }

    /**
     * The handler that goes before Netty's acceptor in a port's pipeline ({@code ServerBootstrap.handler}): it tells
     * {@link #accepted()} of each connection accepted.
     */
    public ChannelHandler accepts() {
        return accepts;
    }

    @Sharable
    private final class Accepts extends ChannelInboundHandlerAdapter {
        @Override
        public void channelRead(ChannelHandlerContext ctx, Object connection) {
            accepted();
            ctx.fireChannelRead(connection);
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        failed(ctx.channel().localAddress(), cause); // not passed on: it is told here
    }

    /** One failed accept on the port at {@code port}. */
    public void failed(SocketAddress port, Throwable cause) {
        String line = null;
        synchronized (this) {
            failing = true;
            long now = nanoClock.getAsLong();
            if (!told || now - lastFailureLine >= INTERVAL_NANOS) {
                line = line(port, cause, untold);
                told = true;
                lastFailureLine = now;
                lastWasFailure = true;
                untold = 0;
            } else {
                untold++;
                flushLater(now);
            }
        }
        if (line != null) {
            log.accept(line);
        }
    }

    /** A connection was accepted: after failed accepts that were told, says once that accepting works again. */
    public void accepted() {
        if (!failing) {
            return;
        }
        String line = null;
        synchronized (this) {
            if (!failing) {
                return;
            }
            failing = false;
            if (lastWasFailure) {
                line = "accepting new clients again" + (untold == 0 ? "" : ", after " + more(untold));
                lastWasFailure = false;
                untold = 0;
            }
        }
        if (line != null) {
            log.accept(line);
        }
    }

    /** Whether the last accept failed (no connection has been accepted since). */
    public boolean failing() {
        return failing;
    }

    private void flushLater(long now) {
        if (flushPending) {
            return;
        }
        flushPending = true;
        try {
            later.run(this::flush, Math.max(0, lastFailureLine + INTERVAL_NANOS - now));
        } catch (RuntimeException e) {
            flushPending = false; // the server is closing: nothing more to tell
        }
    }

    /** The interval is over: failures counted since the last line are told, if accepting works again. */
    void flush() {
        String line = null;
        synchronized (this) {
            flushPending = false;
            if (failing || untold == 0) {
                return; // still failing: the next failed accept is told, with the count
            }
            line = more(untold) + " since the last line about them; accepting new clients works again";
            untold = 0;
            lastWasFailure = false;
        }
        log.accept(line);
    }

    private static String more(long n) {
        return n + (n == 1 ? " more failed accept" : " more failed accepts");
    }

    private String line(SocketAddress port, Throwable cause, long untoldBefore) {
        String where = port instanceof InetSocketAddress a ? a.getAddress().getHostAddress() + ":" + a.getPort() : String.valueOf(port);
        String start = "cannot accept new clients on " + where
                + (untoldBefore == 0 ? "" : " (" + more(untoldBefore) + " since the last line about them)");
        String message = cause.getMessage() == null ? cause.toString() : cause.getMessage();
        if (message.contains("Too many open files")) {
            String limit = softLimit < 0 ? "" : " (" + softLimit + ", ulimit -n)";
            String raise = hardLimit < 0 ? "ulimit -n N" : "ulimit -n N; at most " + hardLimit + " without root";
            return start + ": the server has as many files open as its limit allows" + limit + ", and each client takes "
                    + "one. New clients wait in the port's queue and are accepted as others leave; accepting is tried again "
                    + "every second. To serve more clients at once, start the server with a higher limit (" + raise + ") or "
                    + "let fewer clients connect (serve's --max-clients).";
        }
        return start + ": " + message + "; accepting is tried again every second.";
    }
}
