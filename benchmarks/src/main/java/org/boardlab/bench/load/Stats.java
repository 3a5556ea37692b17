package org.boardlab.bench.load;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/** What the clients count, shared by all of them (thread-safe). */
final class Stats {

    /** How many error descriptions are kept to print (the counts cover all of them). */
    private static final int KEPT_ERRORS = 12;

    final LongAdder connected = new LongAdder();
    final LongAdder loggedIn = new LongAdder();
    final LongAdder gamesStarted = new LongAdder();
    /** SENDG received by the inviter (one per game), whatever the reason. */
    final LongAdder gamesFinished = new LongAdder();
    final LongAdder gamesNormal = new LongAdder();
    /** Games under way, from the inviter's CREQ to the game's end. */
    final AtomicInteger gamesInProgress = new AtomicInteger();
    /** CMOV written by a client. */
    final LongAdder movesSent = new LongAdder();
    /** SMOV received by the mover's opponent: moves through the server. */
    final LongAdder movesThrough = new LongAdder();
    /** Of those, the ones received within the measured window. */
    final LongAdder movesInWindow = new LongAdder();
    final LongAdder passes = new LongAdder();
    final LongAdder invitationsDeclined = new LongAdder();
    final LongAdder pongs = new LongAdder();
    /** Lobby lines (SADDP, SDELP, SUPS of other players) dropped unparsed by the clients. */
    final LongAdder lobbyLines = new LongAdder();
    final Latencies latencies = new Latencies();
    /**
     * Every latency since the last progress line, warm-up included (drained by each line): where in
     * the run the slow moves fall (a burst of game ends, a pause of the server's collector).
     */
    final Latencies recent = new Latencies();

    /** Records one move's latency: always in {@link #recent}, in {@link #latencies} when in the window. */
    void latency(long nanos, boolean inWindow) {
        recent.add(nanos);
        if (inWindow) {
            latencies.add(nanos);
        }
    }
    /** The longest CPING to SPONG round trip, in nanoseconds: how far behind the server's I/O fell. */
    final java.util.concurrent.atomic.AtomicLong maxPingRoundTrip = new java.util.concurrent.atomic.AtomicLong();

    void pingRoundTrip(long nanos) {
        maxPingRoundTrip.accumulateAndGet(nanos, Math::max);
    }

    private final Map<String, LongAdder> errors = new ConcurrentHashMap<>();
    private final ConcurrentLinkedQueue<String> firstErrors = new ConcurrentLinkedQueue<>();
    private final AtomicInteger kept = new AtomicInteger();

    /**
     * Counts an error of {@code kind} (e.g. {@code SERR}) and keeps its description if it is one of
     * the first few.
     */
    void error(String kind, String detail) {
        errors.computeIfAbsent(kind, k -> new LongAdder()).increment();
        if (kept.incrementAndGet() <= KEPT_ERRORS) {
            firstErrors.add(kind + ": " + detail);
        }
    }

    /** Errors by kind, sorted by kind. */
    Map<String, Long> errors() {
        Map<String, Long> map = new TreeMap<>();
        errors.forEach((k, v) -> map.put(k, v.sum()));
        return map;
    }

    long errorCount() {
        return errors.values().stream().mapToLong(LongAdder::sum).sum();
    }

    Iterable<String> firstErrors() {
        return firstErrors;
    }
}
