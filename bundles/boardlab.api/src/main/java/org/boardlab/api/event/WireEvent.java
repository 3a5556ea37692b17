package org.boardlab.api.event;

import java.util.Objects;
import java.util.function.Supplier;
import org.boardlab.api.DecodedMessage;

/**
 * One frame that crossed the wire of the embedded server, in or out, as the wire tap saw it: what
 * the message inspector shows and {@code boardlab serve --trace} writes.
 *
 * <p>The frame is decoded by its protocol's describer only when {@link #decoded()} is first asked
 * for (and then once): a listener that shows a few messages does not pay for decoding thousands.
 */
public final class WireEvent implements BoardlabEvent {

    private final long timeMicros;
    private final long sequence;
    private final long connectionId;
    private final String remote;
    private final String player;
    private final String protocol;
    private final boolean fromClient;
    private final byte[] raw;
    private final long matchId;
    private final String fault;
    private Supplier<DecodedMessage> describer;
    private volatile DecodedMessage decoded;

    /**
     * @param timeMicros   when, in microseconds since the epoch
     * @param sequence     the tap's running number of this frame (gaps mean frames were dropped)
     * @param connectionId the connection's id, unique while the server runs
     * @param remote       the client's address, {@code host:port}
     * @param player       the player's name once the client logged in, else {@code null}
     * @param protocol     the protocol's id
     * @param fromClient   {@code true} for a frame the client sent
     * @param raw          the frame's bytes exactly as on the wire (do not change them)
     * @param describer    decodes the frame, called at most once, on the thread that first asks
     * @param matchId      the match the connection is playing in, or {@code 0}
     */
    public WireEvent(long timeMicros, long sequence, long connectionId, String remote, String player, String protocol,
            boolean fromClient, byte[] raw, Supplier<DecodedMessage> describer, long matchId) {
        this(timeMicros, sequence, connectionId, remote, player, protocol, fromClient, raw, describer, matchId, null);
    }

    /**
     * An event that reports a fault injected on purpose (by {@code boardlab proxy}, or a server port or
     * connection given a fault profile) rather than a frame: {@code fault} names its kind
     * ({@code delay}, {@code split}, {@code flip}, ...), {@code fromClient} is {@code true} for a fault
     * on what the client sends, {@code raw} holds the bytes it changed (may be empty) and the
     * describer says what was done to them.
     *
     * @param fault the fault's kind, or {@code null} for an ordinary frame
     */
    public WireEvent(long timeMicros, long sequence, long connectionId, String remote, String player, String protocol,
            boolean fromClient, byte[] raw, Supplier<DecodedMessage> describer, long matchId, String fault) {
        this.timeMicros = timeMicros;
        this.sequence = sequence;
        this.connectionId = connectionId;
        this.remote = remote;
        this.player = player;
        this.protocol = protocol;
        this.fromClient = fromClient;
        this.raw = raw;
        this.describer = Objects.requireNonNull(describer, "describer");
        this.matchId = matchId;
        this.fault = fault;
    }

    /** An event whose frame is already decoded (e.g. read back from a trace). */
    public WireEvent(long timeMicros, long sequence, long connectionId, String remote, String player, String protocol,
            boolean fromClient, byte[] raw, DecodedMessage decoded, long matchId) {
        this(timeMicros, sequence, connectionId, remote, player, protocol, fromClient, raw, decoded, matchId, null);
    }

    /** An event already decoded (e.g. read back from a trace) that reports a fault of kind {@code fault}, or a frame ({@code null}). */
    public WireEvent(long timeMicros, long sequence, long connectionId, String remote, String player, String protocol,
            boolean fromClient, byte[] raw, DecodedMessage decoded, long matchId, String fault) {
        this(timeMicros, sequence, connectionId, remote, player, protocol, fromClient, raw, () -> decoded, matchId, fault);
        this.decoded = Objects.requireNonNull(decoded, "decoded");
        this.describer = null;
    }

    /** When, in microseconds since the epoch. */
    @Override
    public long timeMicros() {
        return timeMicros;
    }

    /** The tap's running number of this frame. */
    public long sequence() {
        return sequence;
    }

    public long connectionId() {
        return connectionId;
    }

    public String remote() {
        return remote;
    }

    /** The player's name, or {@code null} before login. */
    public String player() {
        return player;
    }

    public String protocol() {
        return protocol;
    }

    public boolean fromClient() {
        return fromClient;
    }

    /** The frame's bytes as on the wire; do not change them. */
    public byte[] raw() {
        return raw;
    }

    /** The frame decoded by its protocol's describer (decoded on first use). */
    public DecodedMessage decoded() {
        DecodedMessage d = decoded;
        if (d == null) {
            synchronized (this) {
                d = decoded;
                if (d == null) {
                    d = describer.get();
                    decoded = d;
                    describer = null;
                }
            }
        }
        return d;
    }

    /** The match the connection plays in, or {@code 0}. */
    public long matchId() {
        return matchId;
    }

    /**
     * The kind of fault this event reports ({@code delay}, {@code jitter}, {@code bandwidth},
     * {@code drop}, {@code split}, {@code merge}, {@code flip}, {@code pause}), injected on purpose by
     * {@code boardlab proxy} or a fault profile; {@code null} for an ordinary frame.
     */
    public String fault() {
        return fault;
    }

    /** {@code true} if this event reports an injected fault, not a frame. */
    public boolean isFault() {
        return fault != null;
    }

    @Override
    public String toString() {
        return "WireEvent[" + sequence + " " + (fault != null ? "fault " + fault + " " : "") + (fromClient ? "in" : "out") + " " + protocol + " #" + connectionId + " "
                + raw.length + " bytes]";
    }
}
