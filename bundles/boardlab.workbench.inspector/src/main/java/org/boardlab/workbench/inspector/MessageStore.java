package org.boardlab.workbench.inspector;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import org.boardlab.api.DecodedMessage;
import org.boardlab.api.MessageField;
import org.boardlab.api.Protocol;
import org.boardlab.api.event.WireEvent;

/**
 * The inspector's capture buffer: a ring of at most {@code capacity} messages that any thread may
 * append to and the UI thread reads. Every message gets an absolute index (0, 1, 2, ... since the
 * store was made, never reused); when the ring is full the oldest message is dropped and counted.
 *
 * <p>How a message is kept, compactly (about 80 bytes plus its frame and summary, see the README):
 * its numbers in columns of primitive arrays (in segments of {@value #SEGMENT} messages, made as the
 * ring first fills them, so that growing never copies); its player, remote address, protocol and type as
 * references to one shared copy of each string; its frame's bytes and its summary (UTF-8) in large
 * shared byte chunks that are freed when their last message leaves. Its decoded fields are not
 * kept: they are decoded again by the message's protocol when somebody asks for them (a selected
 * row, a text filter, a saved trace). A message that cannot be decoded again that way is kept
 * whole: one with an error (a protocol violation, a malformed frame), one whose protocol is not
 * loaded, one read from a trace, and every message of a protocol whose decoding turned out not to
 * give the same message twice.
 *
 * <p>All methods are thread-safe; each takes one short lock (the tap's thread only appends, and
 * decodes before it takes the lock; {@link #scan} decodes after it lets the lock go).
 */
final class MessageStore {

    /** The default capacity: 75-90 MB of typical Othello traffic (150-175 bytes a message, see the README). */
    static final int DEFAULT_CAPACITY = 500_000;

    /** Messages per segment of the columns (a segment takes about 1.1 MB, made when the ring first reaches it). */
    static final int SEGMENT = 1 << 14;

    /** The size of a byte chunk; a frame larger than this gets a chunk of its own. */
    static final int CHUNK_BYTES = 1 << 20;

    /** Summaries are kept to this many characters (the rest is in the decoded message). */
    static final int MAX_SUMMARY_CHARS = 1_000;

    /** The filter choices offer at most this many values of each kind: the most recently seen. */
    static final int RECENT_VALUES = 200;

    /**
     * ... and at most this many matches: under load a new match starts every few milliseconds, and
     * a person picks a running game from the Server view ("Open in Inspector") rather than from a long list.
     */
    static final int RECENT_MATCHES = 50;

    /** At most this many distinct strings of each kind are shared; later ones are kept as they come. */
    static final int MAX_SHARED_STRINGS = 10_000;

    /** How many messages of each protocol are decoded twice to check that decoding again gives the same message. */
    static final int CHECKED_PER_PROTOCOL = 32;

    private static final int FROM_CLIENT = 1;
    private static final int SEVERITY_SHIFT = 1;
    private static final Severity[] SEVERITIES = Severity.values();

    /**
     * Where a message came from and how to decode it again.
     *
     * @param protocol  the protocol's id
     * @param describer the protocol that decoded it, or {@code null} when it is kept decoded
     */
    private record Source(String protocol, Protocol describer) {
    }

    /** What a source's decoding proved: unknown yet, checked so many times, or not repeatable. */
    private static final class Check {
        int checked;
        boolean repeatable = true;
    }

    private final int capacity;
    private final Function<String, Protocol> protocols;

    // the columns, in segments of SEGMENT messages made as the ring fills: message i is in slot i % capacity
    private Segment[] segments;

    // the byte chunks: chunk number firstChunk + k is chunks.get(k)
    private final List<byte[]> chunks = new ArrayList<>();
    private long firstChunk;
    private int lastChunkFill;

    private long first;
    private long end;
    private long dropped;
    private long lastSequence = -1;
    private long missing;

    private final Map<String, String> shared = new HashMap<>();
    private final Map<Source, Source> sources = new HashMap<>();
    private final Map<Source, Check> checks = new HashMap<>();
    private final Map<Long, String> recentConnections = recent(RECENT_VALUES);
    private final Map<String, String> recentPlayers = recent(RECENT_VALUES);
    private final Map<Long, Long> recentMatches = recent(RECENT_MATCHES);
    private final Map<String, String> recentProtocols = recent(RECENT_VALUES);
    private final Map<String, String> recentTypes = recent(RECENT_VALUES);
    private long seenVersion;

    /** A store that keeps messages decoded as they came (none is decoded again). */
    MessageStore(int capacity) {
        this(capacity, id -> null);
    }

    /**
     * @param capacity  how many messages are kept at most
     * @param protocols the loaded protocol with an id, or {@code null}; asked on the appending thread
     */
    MessageStore(int capacity, Function<String, Protocol> protocols) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be at least 1, not " + capacity);
        }
        this.capacity = capacity;
        this.protocols = Objects.requireNonNull(protocols, "protocols");
        segments = new Segment[(capacity + SEGMENT - 1) / SEGMENT];
    }

    private static <K, V> Map<K, V> recent(int most) {
        return new LinkedHashMap<>(most * 2, 0.75f, true) {
            private static final long serialVersionUID = 1L;

            @Override
            protected boolean removeEldestEntry(Map.Entry<K, V> eldest) {
                return size() > most;
            }
        };
    }

    /** The columns of {@link #SEGMENT} messages: their numbers, shared strings, and where their bytes are. */
    private static final class Segment {
        final long[] time = new long[SEGMENT];
        final long[] sequence = new long[SEGMENT];
        final long[] connection = new long[SEGMENT];
        final long[] match = new long[SEGMENT];
        /** The chunk number (high 32 bits) and the offset in it (low 32 bits) of the frame, then the summary. */
        final long[] position = new long[SEGMENT];
        final int[] rawLength = new int[SEGMENT];
        final int[] summaryLength = new int[SEGMENT];
        final byte[] flags = new byte[SEGMENT];
        final String[] remote = new String[SEGMENT];
        final String[] player = new String[SEGMENT];
        final String[] type = new String[SEGMENT];
        final Source[] source = new Source[SEGMENT];
        final DecodedMessage[] kept = new DecodedMessage[SEGMENT];
    }

    /** The segment of the message with absolute index {@code index}; made when first needed. */
    private Segment segment(long index) {
        int k = (int) (index % capacity) / SEGMENT;
        Segment g = segments[k];
        if (g == null) {
            g = new Segment();
            segments[k] = g;
        }
        return g;
    }

    /** Where in its segment the message with absolute index {@code index} is. */
    private int at(long index) {
        return (int) (index % capacity) % SEGMENT;
    }

    // --- appending (any thread) --------------------------------------------------------------------

    /**
     * Appends {@code event}, dropping the oldest message when full. Decodes it first (on the calling
     * thread, outside the lock) for its type, summary and severity.
     */
    void add(WireEvent event) {
        DecodedMessage d = event.decoded();
        Protocol describer = d.error() == null ? protocols.apply(event.protocol()) : null;
        byte[] summary = utf8(d.summary());
        boolean check;
        synchronized (this) {
            Source s = source(event.protocol(), describer);
            check = s.describer() != null && checks.get(s).checked < CHECKED_PER_PROTOCOL;
        }
        if (check) {
            describer = repeatable(event, d, describer) ? describer : null;
        }
        synchronized (this) {
            put(event, d, describer, summary);
        }
    }

    /** Decodes {@code event} again; {@code true} when that gives {@code d} again (and notes it). */
    private boolean repeatable(WireEvent event, DecodedMessage d, Protocol describer) {
        boolean same;
        try {
            same = d.equals(describer.describe(event.raw().clone(), event.fromClient()));
        } catch (RuntimeException | LinkageError e) {
            same = false;
        }
        synchronized (this) {
            Check c = checks.get(source(event.protocol(), describer));
            c.checked++;
            c.repeatable &= same;
            return c.repeatable;
        }
    }

    private static byte[] utf8(String summary) {
        String s = summary == null ? "" : summary;
        if (s.length() > MAX_SUMMARY_CHARS) {
            s = s.substring(0, MAX_SUMMARY_CHARS);
        }
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /**
     * Empties the store and appends {@code events} (already decoded, from a trace) in one step, so
     * that nothing another thread appends at the same time lands among them.
     *
     * @return the absolute index after the last of {@code events}
     */
    synchronized long replaceWith(List<WireEvent> events) {
        clearLocked();
        int skip = Math.max(0, events.size() - capacity);
        for (WireEvent e : events.subList(skip, events.size())) {
            put(e, e.decoded(), null, utf8(e.decoded().summary()));
        }
        return end;
    }

    private Source source(String protocol, Protocol describer) {
        Source s = new Source(share(protocol), describer);
        Source known = sources.putIfAbsent(s, s);
        if (known == null) {
            checks.put(s, new Check());
            return s;
        }
        return known;
    }

    private String share(String s) {
        if (s == null) {
            return null;
        }
        String known = shared.get(s);
        if (known != null) {
            return known;
        }
        if (shared.size() < MAX_SHARED_STRINGS) {
            shared.put(s, s);
        }
        return s;
    }

    private void put(WireEvent e, DecodedMessage d, Protocol describer, byte[] summary) {
        if (end - first == capacity) {
            dropOldest();
        }
        Source src = source(e.protocol(), describer);
        Check check = checks.get(src);
        boolean decodesAgain = !e.isFault() && src.describer() != null && check.repeatable; // a fault is not the protocol's to decode
        Segment g = segment(end);
        int o = at(end);
        g.time[o] = e.timeMicros();
        g.sequence[o] = e.sequence();
        g.connection[o] = e.connectionId();
        g.match[o] = e.matchId();
        g.remote[o] = share(e.remote());
        g.player[o] = share(e.player());
        g.type[o] = share(d.type());
        g.source[o] = src;
        g.kept[o] = decodesAgain ? null : d;
        g.flags[o] = (byte) ((e.fromClient() ? FROM_CLIENT : 0) | Severity.of(e, d).ordinal() << SEVERITY_SHIFT);
        byte[] raw = e.raw();
        g.rawLength[o] = raw.length;
        g.summaryLength[o] = summary.length;
        g.position[o] = append(raw, summary);
        end++;
        long seq = e.sequence();
        if (lastSequence >= 0 && seq > lastSequence + 1) {
            missing += seq - lastSequence - 1;
        }
        lastSequence = seq;
        see(recentConnections, e.connectionId(), g.remote[o]);
        see(recentPlayers, g.player[o] == null ? MessageFilter.NO_PLAYER : g.player[o], "");
        see(recentMatches, e.matchId(), 0L);
        see(recentProtocols, src.protocol(), "");
        see(recentTypes, g.type[o] == null ? "" : g.type[o], "");
    }

    private <K, V> void see(Map<K, V> recent, K key, V value) {
        if (recent.get(key) == null) {
            recent.put(key, value);
            seenVersion++;
        }
    }

    private void dropOldest() {
        Segment g = segment(first);
        int o = at(first);
        g.remote[o] = null;
        g.player[o] = null;
        g.type[o] = null;
        g.source[o] = null;
        g.kept[o] = null;
        first++;
        dropped++;
        long needed = first < end ? segment(first).position[at(first)] >>> 32 : firstChunk + chunks.size();
        while (firstChunk < needed && chunks.size() > 1) {
            chunks.remove(0);
            firstChunk++;
        }
    }

    /** Copies the frame and the summary into the chunks; gives their position (chunk number, offset). */
    private long append(byte[] raw, byte[] summary) {
        int need = raw.length + summary.length;
        byte[] chunk = chunks.isEmpty() ? null : chunks.get(chunks.size() - 1);
        if (chunk == null || lastChunkFill + need > chunk.length) {
            chunk = new byte[Math.max(CHUNK_BYTES, need)];
            chunks.add(chunk);
            lastChunkFill = 0;
        }
        long at = (firstChunk + chunks.size() - 1) << 32 | lastChunkFill;
        System.arraycopy(raw, 0, chunk, lastChunkFill, raw.length);
        System.arraycopy(summary, 0, chunk, lastChunkFill + raw.length, summary.length);
        lastChunkFill += need;
        return at;
    }

    private byte[] chunk(Segment g, int o) {
        return chunks.get((int) ((g.position[o] >>> 32) - firstChunk));
    }

    private static int chunkOffset(long position) {
        return (int) (position & 0xffff_ffffL);
    }

    // --- reading (any thread) ------------------------------------------------------------------------

    private boolean holds(long index) {
        return index >= first && index < end;
    }

    private byte[] raw(Segment g, int o) {
        int from = chunkOffset(g.position[o]);
        return Arrays.copyOfRange(chunk(g, o), from, from + g.rawLength[o]);
    }

    private String summary(Segment g, int o) {
        return new String(chunk(g, o), chunkOffset(g.position[o]) + g.rawLength[o], g.summaryLength[o], StandardCharsets.UTF_8);
    }

    /**
     * {@code raw} decoded again by {@code src}'s protocol; should the protocol throw (it must not), a
     * message with the type and summary kept, no fields, and an error that says so.
     */
    private static DecodedMessage decodeAgain(Source src, byte[] raw, boolean fromClient, String type, String summary) {
        try {
            return src.describer().describe(raw, fromClient);
        } catch (RuntimeException | LinkageError e) {
            return new DecodedMessage(type, summary, List.of(), "the protocol " + src.protocol()
                    + " could not decode this message again to show its fields: " + e);
        }
    }

    /**
     * The message at absolute index {@code index}, or {@code null} when it was dropped or cleared
     * (or is not there yet). A new event each call; its decoded message is decoded again when asked for.
     */
    synchronized WireEvent get(long index) {
        if (!holds(index)) {
            return null;
        }
        Segment g = segment(index);
        int o = at(index);
        DecodedMessage d = g.kept[o];
        boolean in = (g.flags[o] & FROM_CLIENT) != 0;
        if (d != null) {
            String fault = SEVERITIES[g.flags[o] >> SEVERITY_SHIFT] != Severity.FAULT ? null
                    : !d.fields().isEmpty() && d.fields().get(0).name().equals("fault") ? d.fields().get(0).value() : "fault";
            return new WireEvent(g.time[o], g.sequence[o], g.connection[o], g.remote[o], g.player[o], g.source[o].protocol(), in, raw(g, o),
                    d, g.match[o], fault);
        }
        byte[] raw = raw(g, o);
        Source src = g.source[o];
        String t = g.type[o];
        String summary = summary(g, o);
        return new WireEvent(g.time[o], g.sequence[o], g.connection[o], g.remote[o], g.player[o], src.protocol(), in, raw,
                () -> decodeAgain(src, raw.clone(), in, t, summary), g.match[o]);
    }

    /** What the message list shows of a message; filled by {@link #row}. */
    static final class Row {
        long timeMicros;
        long connection;
        String player;
        boolean fromClient;
        String protocol;
        String type;
        String summary;
        Severity severity;
    }

    /**
     * Fills {@code out} with what the list shows of the message at {@code index}, without decoding it.
     *
     * @return {@code false} when the message was dropped or cleared ({@code out} is then unchanged)
     */
    synchronized boolean row(long index, Row out) {
        if (!holds(index)) {
            return false;
        }
        Segment g = segment(index);
        int o = at(index);
        out.timeMicros = g.time[o];
        out.connection = g.connection[o];
        out.player = g.player[o];
        out.fromClient = (g.flags[o] & FROM_CLIENT) != 0;
        out.protocol = g.source[o].protocol();
        out.type = g.type[o];
        out.summary = summary(g, o);
        out.severity = SEVERITIES[g.flags[o] >> SEVERITY_SHIFT];
        return true;
    }

    /** The message a filter looks at first, under the store's lock: what is kept of it, never decoded. */
    private final class Candidate implements MessageFilter.Candidate {
        private Segment g;
        private int o;
        private String summary;

        void at(Segment segment, int offset) {
            g = segment;
            o = offset;
            summary = null;
        }

        @Override
        public long connectionId() {
            return g.connection[o];
        }

        @Override
        public String player() {
            return g.player[o];
        }

        @Override
        public long matchId() {
            return g.match[o];
        }

        @Override
        public String protocol() {
            return g.source[o].protocol();
        }

        @Override
        public boolean fromClient() {
            return (g.flags[o] & FROM_CLIENT) != 0;
        }

        @Override
        public String type() {
            return g.type[o];
        }

        @Override
        public String summary() {
            if (summary == null) {
                summary = MessageStore.this.summary(g, o);
            }
            return summary;
        }

        @Override
        public String error() {
            return g.kept[o] == null ? null : g.kept[o].error();
        }
    }

    /** A message whose fields a filter must see: its frame, copied out of the store to be decoded after the lock is let go. */
    private record Undecided(Source source, byte[] raw, boolean fromClient, String type, String summary) {
        DecodedMessage decode() {
            return decodeAgain(source, raw, fromClient, type, summary);
        }
    }

    /**
     * Looks at the messages from {@code from} (raised to {@link #first()}) up to {@code to} (lowered
     * to {@link #end()}), at most {@code most} of them, and adds the absolute index of each that
     * {@code filter} lets through to {@code matches}, in increasing order.
     *
     * <p>Two steps, so that decoding never holds the store's lock (the tap's thread appends and the
     * UI thread draws rows meanwhile): under the lock, every criterion that needs no decoding is
     * tested (a message kept whole is tested in full); the frames of the messages whose fields must
     * be searched are copied out, and decoded by their protocol once the lock is let go. Some of the
     * messages added may have been dropped from the store by the time this returns.
     *
     * @return the absolute index of the first message not looked at
     */
    long scan(long from, long to, MessageFilter filter, Rows matches, int most) {
        int size = Math.max(0, most);
        long[] indexes = new long[size];
        Undecided[] undecided = new Undecided[size];
        int n = 0;
        long next;
        synchronized (this) {
            long i = Math.max(from, first);
            long stop = Math.min(Math.min(to, end), i + size);
            Candidate c = new Candidate();
            for (; i < stop; i++) {
                Segment g = segment(i);
                int o = at(i);
                c.at(g, o);
                MessageFilter.Verdict verdict = filter.judge(c);
                if (verdict == MessageFilter.Verdict.SHOWN) {
                    indexes[n++] = i;
                } else if (verdict == MessageFilter.Verdict.UNDECIDED) {
                    DecodedMessage kept = g.kept[o];
                    if (kept == null) {
                        undecided[n] = new Undecided(g.source[o], raw(g, o), (g.flags[o] & FROM_CLIENT) != 0, g.type[o], c.summary());
                        indexes[n++] = i;
                    } else if (filter.inDecoded(kept)) {
                        indexes[n++] = i;
                    }
                }
            }
            next = i;
        }
        for (int k = 0; k < n; k++) {
            if (undecided[k] == null || filter.inDecoded(undecided[k].decode())) {
                matches.add(indexes[k]);
            }
        }
        return next;
    }

    // --- counts -----------------------------------------------------------------------------------

    /** The absolute index of the oldest message kept. */
    synchronized long first() {
        return first;
    }

    /** The absolute index the next message will get. */
    synchronized long end() {
        return end;
    }

    /** How many messages are kept. */
    synchronized int size() {
        return (int) (end - first);
    }

    /** How many messages were dropped because the store was full. */
    synchronized long dropped() {
        return dropped;
    }

    /**
     * How many frames the tap never delivered, counted from gaps in the tap's sequence numbers
     * (the tap drops frames when its own queue is full).
     */
    synchronized long missing() {
        return missing;
    }

    /** How many messages are kept whole because they cannot be decoded again (for tests and the README's figures). */
    synchronized int keptWhole() {
        int n = 0;
        for (long i = first; i < end; i++) {
            if (segment(i).kept[at(i)] != null) {
                n++;
            }
        }
        return n;
    }

    int capacity() {
        return capacity;
    }

    /**
     * The values seen, for the filter choices, each sorted: at most {@link #RECENT_VALUES} of each kind
     * ({@link #RECENT_MATCHES} matches), those seen most recently. Values seen before a {@link #clear()} are forgotten.
     *
     * @param connections connection id → the client's address
     * @param version     changes whenever a new value is seen
     */
    record Seen(TreeMap<Long, String> connections, TreeSet<String> players, TreeSet<Long> matches,
            TreeSet<String> protocols, TreeSet<String> types, long version) {
    }

    /** A change counter of the values seen: when it has not changed, {@link #seen()} has not either. */
    synchronized long seenVersion() {
        return seenVersion;
    }

    /** The values seen so far (a copy). */
    synchronized Seen seen() {
        return new Seen(new TreeMap<>(recentConnections), new TreeSet<>(recentPlayers.keySet()),
                new TreeSet<>(recentMatches.keySet()), new TreeSet<>(recentProtocols.keySet()),
                new TreeSet<>(recentTypes.keySet()), seenVersion);
    }

    /** Forgets every message, both counts and the values seen; absolute indexes go on from where they were. */
    synchronized void clear() {
        clearLocked();
    }

    private void clearLocked() {
        first = end;
        dropped = 0;
        missing = 0;
        lastSequence = -1;
        segments = new Segment[(capacity + SEGMENT - 1) / SEGMENT];
        chunks.clear();
        firstChunk = 0;
        lastChunkFill = 0;
        shared.clear();
        sources.clear();
        checks.clear();
        recentConnections.clear();
        recentPlayers.clear();
        recentMatches.clear();
        recentProtocols.clear();
        recentTypes.clear();
        seenVersion++;
    }
}
