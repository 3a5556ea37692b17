package org.boardlab.workbench.inspector;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.IntConsumer;
import org.boardlab.api.Protocol;
import org.boardlab.api.event.WireEvent;
import org.boardlab.core.Component;
import org.boardlab.core.Registry;

/**
 * The inspector without its widgets: which messages the list shows (all, or those a filter lets
 * through), the row selected, pause, clear, save and load, the filter choices and the status line.
 * The {@link InspectorView} draws it; this class is tested without a display.
 *
 * <p>Rows: without a filter a row is simply the store's message with the same number (counted from
 * the oldest kept), so catching up costs the same at any message rate; with a filter, the
 * {@link BackgroundFilter} finds the matches on its own thread and {@link #catchUp()} takes what it
 * found so far.
 *
 * <p>Confined to one thread (the UI thread in the workbench), but for {@link #store()}, which the
 * tap's thread appends to.
 */
final class InspectorModel implements AutoCloseable {

    /** How long {@link #save} waits, at most, for the filter to look at every message the list covers, in milliseconds. */
    static final int SAVE_WAIT_MILLIS = 10_000;

    /**
     * How often the filter choices take the values seen, at most, in milliseconds: 5 ms for each value
     * they offered last time (GTK fills a combo at some microseconds an item), and never less often than this.
     */
    static final int CHOICES_MILLIS = 2_000;

    /** Up to this many values seen in all, the filter choices all take them in one tick (it is quick). */
    static final int FEW_CHOICES = 50;

    /** The filter choices, in the order they are offered: connection, player, match, protocol, type. */
    static final int CHOICE_COUNT = 5;

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss.SSS").withZone(ZoneId.systemDefault());

    /** Where the values seen go: the view's filter choices. */
    interface Choices {
        /** {@code true} while the person looks at choice {@code index}: it is not changed then. */
        boolean busy(int index);

        /** Offers the values seen to choice {@code index} (0 connection, 1 player, 2 match, 3 protocol, 4 type). */
        void offer(int index, MessageStore.Seen seen);
    }

    private final MessageStore store;
    private final BackgroundFilter background;
    private final Rows rows = new Rows();
    private final MessageStore.Row row = new MessageStore.Row();
    private MessageFilter filter = MessageFilter.ALL;
    private boolean filtered;
    /** Without a filter: the absolute index of row 0. */
    private long listFirst;
    /** The list covers the messages before this absolute index (it holds still while paused). */
    private long shownEnd;
    /** With a filter: the filter has looked at the messages before this absolute index (as of the last catch-up). */
    private long scanned;
    /** With a filter: why it stopped looking, or {@code null}. */
    private String filterFailure;
    /** Once the selected message's row comes in, scroll it into view (the filter changed). */
    private boolean revealSelection;
    private boolean paused;
    private long selected = -1;
    private WireEvent shown;
    private String notice = "";
    private final Map<Long, String> connections = new TreeMap<>();
    private long choicesVersion = -1;
    private long choicesNanos;
    private int choicesOffered;
    private MessageStore.Seen pendingChoices;
    private int pendingChoice;
    private boolean choicesNow = true;

    /** The loaded protocol with an id, or {@code null}; remembers the last one of each id while it stays loaded. */
    static Function<String, Protocol> protocols(Registry registry) {
        Map<String, Component<Protocol>> known = new java.util.concurrent.ConcurrentHashMap<>();
        Map<Component<Protocol>, Protocol> instances = new java.util.concurrent.ConcurrentHashMap<>();
        return id -> {
            Component<Protocol> c = registry.protocol(id).orElse(null);
            if (c == null) {
                known.remove(id);
                return null;
            }
            Component<Protocol> before = known.put(id, c);
            if (before != null && before != c) {
                instances.remove(before);
            }
            return instances.computeIfAbsent(c, Component::get);
        };
    }

    InspectorModel(MessageStore store) {
        this.store = store;
        this.background = new BackgroundFilter(store);
    }

    MessageStore store() {
        return store;
    }

    BackgroundFilter backgroundFilter() {
        return background;
    }

    // --- rows -----------------------------------------------------------------------------------

    int rowCount() {
        return filtered ? rows.size() : (int) Math.max(0, shownEnd - listFirst);
    }

    /** The absolute index of the message in row {@code r}. */
    long indexOf(int r) {
        return filtered ? rows.get(r) : listFirst + r;
    }

    /** The row of the message with absolute index {@code index}, or -1. */
    int rowOf(long index) {
        if (index < 0) {
            return -1;
        }
        if (filtered) {
            return rows.rowOf(index);
        }
        return index >= listFirst && index < shownEnd ? (int) (index - listFirst) : -1;
    }

    /** Fills the cells of row {@code r}: time, connection, player, direction, protocol, type, summary. */
    Severity cells(int r, String[] cells) {
        if (r >= rowCount() || !store.row(indexOf(r), row)) {
            Arrays.fill(cells, "");
            cells[cells.length - 1] = "(dropped from the inspector's buffer)";
            return null;
        }
        cells[0] = TIME.format(Instant.ofEpochSecond(0, row.timeMicros * 1000));
        cells[1] = Long.toString(row.connection);
        cells[2] = row.player == null ? "" : row.player;
        cells[3] = row.fromClient ? "→ in" : "← out";
        cells[4] = row.protocol;
        cells[5] = row.type;
        cells[6] = row.summary;
        return row.severity;
    }

    boolean filtered() {
        return filtered;
    }

    /**
     * Takes what arrived since the last catch-up (unless paused) and takes off the rows of messages
     * that left the store.
     *
     * @return how many rows were taken off at the top
     */
    int catchUp() {
        long end = store.end(); // before first: then the list never covers more than the store holds
        long first = store.first();
        if (!paused) {
            shownEnd = end;
        }
        if (filtered) {
            int removed = rows.dropBefore(first);
            takeMatches(first);
            return removed;
        }
        long next = Math.max(listFirst, first);
        int removed = (int) Math.min(next - listFirst, Math.max(0, shownEnd - listFirst));
        listFirst = next;
        return removed;
    }

    /**
     * Takes the matches the background filter has found since the last catch-up, of the messages
     * from {@code first} (the oldest kept) to the end of what the list covers; none is decoded here.
     */
    private void takeMatches(long first) {
        background.limit(paused ? shownEnd : Long.MAX_VALUE);
        BackgroundFilter.Progress progress = background.take(rows, first, shownEnd);
        scanned = progress.scanned();
        filterFailure = progress.failure();
    }

    /** With a filter: how many of the messages the list covers it had not looked at, as of the last catch-up. */
    long filterBehind() {
        return Math.max(0, shownEnd - Math.max(scanned, store.first()));
    }

    /**
     * Shows what the messages kept pass through {@code next}.
     *
     * @return {@code false} if it is the filter already (nothing changed)
     */
    boolean setFilter(MessageFilter next) {
        if (next.equals(filter)) {
            return false;
        }
        filter = next;
        refilter();
        return true;
    }

    /** Looks at the messages kept again through the filter (what they are changed, or the filter). */
    void refilter() {
        filtered = !filter.equals(MessageFilter.ALL);
        rows.clear();
        listFirst = store.first();
        scanned = listFirst;
        filterFailure = null;
        background.limit(paused ? shownEnd : Long.MAX_VALUE);
        background.restart(filtered ? filter : null);
        revealSelection = filtered && selectedRow() < 0 && selected >= 0;
    }

    /**
     * The view's widgets were made (again): they show no filter, and neither must the list.
     *
     * @return {@code true} if the list changed (a filter was set)
     */
    boolean widgetsMade() {
        choicesNow = true;
        if (filtered) {
            filter = MessageFilter.ALL;
            refilter();
            return true;
        }
        return false;
    }

    // --- selection ------------------------------------------------------------------------------

    /** Selects row {@code r} (-1: none). @return the message to show, or {@code null} */
    WireEvent select(int r) {
        revealSelection = false;
        if (r < 0 || r >= rowCount()) {
            selected = -1;
            return null;
        }
        selected = indexOf(r);
        WireEvent e = store.get(selected);
        if (e != null) {
            shown = e;
        }
        return e;
    }

    /** The selected message's row now, or -1. */
    int selectedRow() {
        return rowOf(selected);
    }

    /** The selected message's row, once, when it came in after the filter changed (to scroll to it); else -1. */
    int takeReveal() {
        int r = selectedRow();
        if (revealSelection && r >= 0) {
            revealSelection = false;
            return r;
        }
        if (revealSelection && (selected < store.first() || scanned > selected)) {
            revealSelection = false; // dropped, or the filter does not let it through
        }
        return -1;
    }

    /** The message whose fields are shown, or {@code null}. */
    WireEvent shown() {
        return shown;
    }

    void unshow() {
        shown = null;
    }

    /** The connection "Follow connection" filters on: the shown message's, or {@code null} (the status says why). */
    Long followConnection() {
        if (shown == null) {
            notice = "select a message first: Follow connection shows only its connection";
            return null;
        }
        connections.putIfAbsent(shown.connectionId(), shown.remote());
        return shown.connectionId();
    }

    /** The remote address of a connection seen, or empty. */
    String remoteOf(long connection) {
        return connections.getOrDefault(connection, "");
    }

    // --- pause, clear, save, load ------------------------------------------------------------------

    boolean paused() {
        return paused;
    }

    void togglePause() {
        paused = !paused;
        notice = "";
    }

    /** Forgets every message. */
    void clear() {
        store.clear();
        connections.clear();
        selected = -1;
        shown = null;
        notice = "";
        shownEnd = store.end();
        refilter();
    }

    /**
     * Writes the messages the list shows, in order, to {@code file} as a trace (a filter still
     * looking through the messages finishes first); the status says how it went.
     *
     * @param rowsRemoved told of rows taken off the top while waiting for the filter
     */
    void save(Path file, IntConsumer rowsRemoved) {
        long left = filtered ? awaitFilter(rowsRemoved) : 0;
        List<WireEvent> list = new ArrayList<>(rowCount());
        for (int r = 0; r < rowCount(); r++) {
            WireEvent e = store.get(indexOf(r));
            if (e != null) {
                list.add(e);
            }
        }
        try {
            TraceFile.write(file, list);
            notice = "saved " + count(list.size(), "message") + " to " + file;
            if (left > 0) {
                notice += " (the filter had not looked at the newest " + count(left, "message") + " yet: they are not in it)";
            }
        } catch (IOException | RuntimeException e) {
            notice = "cannot save " + file + ": " + e.getMessage();
        }
    }

    /**
     * Waits (at most {@value #SAVE_WAIT_MILLIS} ms) until the background filter has looked at every
     * message the list covers, and takes its matches.
     *
     * @return how many messages it had not looked at yet when the wait ended
     */
    private long awaitFilter(IntConsumer rowsRemoved) {
        long deadline = System.nanoTime() + SAVE_WAIT_MILLIS * 1_000_000L;
        while (true) {
            long first = store.first();
            int removed = rows.dropBefore(first);
            takeMatches(first);
            rowsRemoved.accept(removed);
            long left = filterBehind();
            if (left == 0 || filterFailure != null || System.nanoTime() - deadline > 0) {
                return left;
            }
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return left;
            }
        }
    }

    /**
     * Shows the trace in {@code file} instead of what was captured, and pauses the capture so that it
     * holds still (live messages are still kept: resuming shows them after the trace). Lines that are
     * not messages are skipped and the status says which and why.
     *
     * @return {@code false} if the file cannot be read (the status says why)
     */
    boolean load(Path file) {
        TraceFile.Loaded loaded;
        try {
            loaded = TraceFile.read(file);
        } catch (IOException | RuntimeException e) {
            notice = "cannot load " + file + ": " + e.getMessage();
            return false;
        }
        shownEnd = store.replaceWith(loaded.events());
        connections.clear();
        selected = -1;
        shown = null;
        paused = true;
        StringBuilder text = new StringBuilder("loaded " + count(loaded.events().size(), "message") + " from " + file.getFileName()
                + "; capture paused (Resume shows live messages)");
        if (loaded.skipped() > 0) {
            text.append("; skipped ").append(count(loaded.skipped(), "line")).append(" that ")
                    .append(loaded.skipped() == 1 ? "is" : "are").append(" not a message: ")
                    .append(String.join("; ", loaded.problems()));
            if (loaded.skipped() > loaded.problems().size()) {
                text.append("; ...");
            }
        }
        notice = text.toString();
        refilter();
        return true;
    }

    // --- filter choices ---------------------------------------------------------------------------

    /**
     * Offers the values seen to the filter choices: when new ones were seen, at most every
     * {@value #CHOICES_MILLIS} ms (or at once with {@code now}), and one choice per call (so that no
     * tick takes long) unless they are few.
     */
    void updateChoices(Choices choices, boolean now) {
        long version = store.seenVersion();
        long wait = Math.min(CHOICES_MILLIS, 5L * choicesOffered) * 1_000_000L;
        if (version != choicesVersion && (now || choicesNow || System.nanoTime() - choicesNanos >= wait)) {
            MessageStore.Seen seen = store.seen();
            connections.putAll(seen.connections());
            pendingChoices = seen;
            pendingChoice = 0;
            choicesVersion = seen.version();
            choicesNanos = System.nanoTime();
            choicesOffered = seen.connections().size() + seen.players().size() + seen.matches().size()
                    + seen.protocols().size() + seen.types().size();
            now |= choicesNow || choicesOffered <= FEW_CHOICES;
            choicesNow = false;
        }
        while (pendingChoices != null) {
            if (choices.busy(pendingChoice)) {
                return; // not while the person looks at a choice; next tick
            }
            choices.offer(pendingChoice, pendingChoices);
            if (++pendingChoice == CHOICE_COUNT) {
                pendingChoices = null;
            }
            if (!now) {
                return;
            }
        }
    }

    // --- the status line ----------------------------------------------------------------------------

    /** The status line: how many messages are shown, kept, dropped, missing, waiting; the last notice. */
    String status() {
        StringBuilder text = new StringBuilder();
        int kept = store.size();
        text.append(number(rowCount())).append(" of ").append(count(kept, "message")).append(" shown");
        if (filtered && filterFailure != null) {
            text.append(" · the filter stopped (").append(filterFailure).append("): the list may miss messages; change the filter to try again");
        } else if (filtered && filterBehind() > 0) {
            text.append(" · filtering, ").append(count(filterBehind(), "message")).append(" still to look at");
        }
        long dropped = store.dropped();
        if (dropped > 0) {
            text.append(" · ").append(number(dropped)).append(" oldest dropped (the inspector keeps ").append(number(store.capacity()))
                    .append(")");
        }
        long missing = store.missing();
        if (missing > 0) {
            text.append(" · ").append(count(missing, "frame")).append(" missing (the server's wire tap was too busy)");
        }
        if (paused) {
            long waiting = store.end() - Math.max(shownEnd, store.first());
            text.append(" · PAUSED, ").append(count(waiting, "new message")).append(" waiting");
        }
        if (!notice.isEmpty()) {
            text.append(" · ").append(notice);
        }
        return text.toString();
    }

    /** {@code true} when the status line reports a failure (shown in red). */
    boolean statusIsError() {
        return notice.startsWith("cannot") || notice.contains("skipped") || (filtered && filterFailure != null);
    }

    static String count(long n, String what) {
        return number(n) + " " + what + (n == 1 ? "" : "s");
    }

    /** {@code n} with its thousands grouped: 12,345. */
    static String number(long n) {
        return String.format(java.util.Locale.ROOT, "%,d", n);
    }

    @Override
    public void close() {
        background.close();
    }
}
