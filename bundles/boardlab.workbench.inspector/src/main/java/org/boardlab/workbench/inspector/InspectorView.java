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
import javax.inject.Inject;
import javax.inject.Named;
import org.boardlab.api.Protocol;
import org.boardlab.api.event.WireEvent;
import org.boardlab.core.Component;
import org.boardlab.core.EventBus;
import org.boardlab.core.Registry;
import org.boardlab.workbench.WorkbenchView;
import org.eclipse.jface.resource.JFaceResources;
import org.eclipse.jface.viewers.ColumnLabelProvider;
import org.eclipse.jface.viewers.ITreeContentProvider;
import org.eclipse.jface.viewers.TreeViewer;
import org.eclipse.jface.viewers.TreeViewerColumn;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.custom.StyledText;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.layout.RowData;
import org.eclipse.swt.layout.RowLayout;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.FileDialog;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Text;
import org.eclipse.swt.widgets.Widget;

/**
 * "Inspector": every frame that crosses the embedded server's wire, live, in the manner of
 * Wireshark. Three panes: the message list (time, connection, player, direction, protocol, type,
 * summary), the selected message's decoded fields as a tree (its error or the violation it reports
 * first, in red; what it refuses in orange), and its bytes in hex and ASCII. Protocol violations are
 * red, refused moves and logins orange, as the protocol marks them.
 *
 * <p>The list can be filtered by connection, player, match, protocol, direction and type (the
 * choices are what has been seen) and by words in the summary and fields; "Follow connection"
 * narrows it to the selected message's connection. Capture can be paused (messages are still kept,
 * the list holds still, and catches up on resume) and cleared. What the list shows can be saved as
 * a trace (JSON lines, the format of {@code boardlab serve --trace}), and a trace can be loaded on
 * any machine, without the protocol's bundle.
 *
 * <p>How it keeps up with tens of thousands of messages a second: the tap's thread decodes each
 * event once and appends it compactly to a bounded {@link MessageStore} (the oldest are dropped and
 * counted); a UI timer, every {@value #REFRESH_MILLIS} ms, gives the new row count to a
 * {@link MessageList}, which draws only the rows on the screen. Without a filter a row is simply the
 * store's message with the same number, so the timer's work does not grow with the message rate.
 * With a filter, a {@link BackgroundFilter} on a thread of the view's own tests the messages (and
 * decodes those whose fields a Find text must search), and the timer only takes the matches it has
 * found so far; while it is behind, the status line says by how many messages.
 *
 * <p>Widgets carry their role as data under the key {@value #ID} (for UI tests).
 */
@Named("inspector")
@javax.inject.Singleton
public final class InspectorView implements WorkbenchView {

    static final String ID = "boardlab.id";

    /** How often the list catches up with the store, in milliseconds. */
    static final int REFRESH_MILLIS = 100;

    /** How long {@link #save} waits, at most, for the filter to look at every message the list covers, in milliseconds. */
    static final int SAVE_WAIT_MILLIS = 10_000;

    /**
     * How often the filter choices take the values seen, at most, in milliseconds: 5 ms for each value
     * they offered last time (GTK fills a combo at some microseconds an item), and never less often than this.
     */
    static final int CHOICES_MILLIS = 2_000;

    /**
     * The system property that, when {@code true}, makes the inspector print its own UI-thread work
     * every 5 s on standard error: timer ticks and drawing of the list, how often and how long.
     */
    static final String TIMING_PROPERTY = "boardlab.inspector.timing";

    /** Up to this many values seen in all, the filter choices all take them in one tick (it is quick). */
    static final int FEW_CHOICES = 50;

    /** The system property that sets how many messages are kept (default {@value MessageStore#DEFAULT_CAPACITY}). */
    static final String CAPACITY_PROPERTY = "boardlab.inspector.capacity";

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss.SSS").withZone(ZoneId.systemDefault());

    private static final String[] TITLES = {"Time", "Conn.", "Player", "Dir.", "Protocol", "Type", "Summary"};
    private static final int[] WIDTHS = {100, 55, 100, 60, 75, 95, 560};

    private final EventBus events;
    private final MessageStore store;
    private final BackgroundFilter background;

    private Display display;
    private Composite root;
    private MessageList messages;
    private TreeViewer fields;
    private StyledText bytes;
    private Label status;
    private Button pauseButton;
    private Button autoScroll;
    private Composite filterBar;
    private FilterCombo<Long> connectionFilter;
    private FilterCombo<String> playerFilter;
    private FilterCombo<Long> matchFilter;
    private FilterCombo<String> protocolFilter;
    private FilterCombo<Boolean> directionFilter;
    private FilterCombo<String> typeFilter;
    private Text searchText;
    private Color errorText;
    private Color refusedText;
    private org.boardlab.core.Subscription subscription;

    // UI thread only
    private final Rows rows = new Rows();
    private final MessageStore.Row row = new MessageStore.Row();
    private MessageFilter filter = MessageFilter.ALL;
    private boolean filtered;
    /** Without a filter: the absolute index of row 0. */
    private long listFirst;
    /** The list covers the messages before this absolute index (it holds still while paused). */
    private long shownEnd;
    /** With a filter: the filter has looked at the messages before this absolute index (as of the last tick). */
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
    private long lastTickNanos;
    private long longestTickGapNanos;
    private long longestTickWorkNanos;
    private long ticks;
    private int searchGeneration;
    private final boolean timing = Boolean.getBoolean(TIMING_PROPERTY);
    private long timingSince;
    private long timingTicks;
    private long timingTickNanos;
    private long timingLongestTick;
    private long timingEnd;
    private long timingChoicesNanos;
    private long timingMostBehind;

    private org.boardlab.workbench.ServerSelection selection;
    private org.boardlab.core.Subscription selectionSubscription;

    /**
     * A view of the wire events published on {@code events}; it listens while its widgets exist, and
     * shows the server game chosen in the Server view ("Open in Inspector") by filtering on its match.
     * Messages are decoded again by their protocol in {@code registry} to show their fields, so that
     * their fields need not be kept.
     */
    @Inject
    public InspectorView(EventBus events, org.boardlab.workbench.ServerSelection selection, Registry registry) {
        this(events, registry, Integer.getInteger(CAPACITY_PROPERTY, MessageStore.DEFAULT_CAPACITY));
        this.selection = selection;
    }

    /** A view that keeps at most {@code capacity} messages, each decoded as it came (tests use small ones). */
    InspectorView(EventBus events, int capacity) {
        this.events = events;
        this.store = new MessageStore(capacity);
        this.background = new BackgroundFilter(store);
    }

    /**
     * A view that keeps at most {@code capacity} messages and decodes them again with the protocols
     * in {@code registry}.
     */
    InspectorView(EventBus events, Registry registry, int capacity) {
        this.events = events;
        this.store = new MessageStore(Math.max(1, capacity), protocols(registry));
        this.background = new BackgroundFilter(store);
    }

    /** The loaded protocol with an id, or {@code null}; remembers the last one of each id while it stays loaded. */
    private static Function<String, Protocol> protocols(Registry registry) {
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

    /** Shows only the frames of match {@code matchId} (the Server view's "Open in Inspector"). */
    void showMatch(long matchId) {
        if (matchFilter == null || matchFilter.combo().isDisposed()) {
            return;
        }
        matchFilter.select(matchId);
        applyFilter();
    }

    @Override
    public String id() {
        return "inspector";
    }

    @Override
    public String title() {
        return "Inspector";
    }

    @Override
    public int order() {
        return 50;
    }

    @Override
    public Control createControl(Composite parent) {
        display = parent.getDisplay();
        errorText = new Color(display, 200, 0, 0);
        refusedText = new Color(display, 170, 85, 0);
        root = new Composite(parent, SWT.NONE);
        root.setLayout(new GridLayout(1, false));
        root.addListener(SWT.Dispose, e -> {
            errorText.dispose();
            refusedText.dispose();
            background.close();
        });

        Composite actions = new Composite(root, SWT.NONE);
        RowLayout actionLayout = new RowLayout(SWT.HORIZONTAL);
        actionLayout.center = true;
        actions.setLayout(actionLayout);
        actions.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        pauseButton = button(actions, "pause", "Pause", this::togglePause);
        button(actions, "clear", "Clear", this::clear);
        button(actions, "save", "Save trace…", this::saveDialog);
        button(actions, "load", "Load trace…", this::loadDialog);
        button(actions, "follow", "Follow connection", this::followConnection);
        button(actions, "show-all", "Show all", this::showAll);
        autoScroll = tag(new Button(actions, SWT.CHECK), "auto-scroll");
        autoScroll.setText("Scroll to new messages (End)");
        autoScroll.setToolTipText("Keep the newest message in view. Scrolling up or selecting a message stops it; End or this box starts it again.");
        autoScroll.setSelection(true);
        autoScroll.addListener(SWT.Selection, e -> messages.setFollowing(autoScroll.getSelection()));
        new Label(actions, SWT.NONE).setText("   Find:");
        searchText = tag(new Text(actions, SWT.SEARCH | SWT.ICON_CANCEL | SWT.BORDER), "filter-text");
        searchText.setMessage("words in the summary or fields");
        searchText.setLayoutData(new RowData(260, SWT.DEFAULT));
        searchText.addListener(SWT.Modify, e -> {
            int generation = ++searchGeneration;
            display.timerExec(250, () -> {
                if (generation == searchGeneration && !root.isDisposed()) {
                    applyFilter();
                }
            });
        });
        searchText.addListener(SWT.DefaultSelection, e -> applyFilter());

        filterBar = new Composite(root, SWT.NONE);
        RowLayout filterLayout = new RowLayout(SWT.HORIZONTAL);
        filterLayout.center = true;
        filterBar.setLayout(filterLayout);
        filterBar.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        connectionFilter = combo("Connection:", "filter-connection", 190, id -> id + "  " + connections.getOrDefault(id, ""));
        playerFilter = combo("Player:", "filter-player", 130, p -> p.equals(MessageFilter.NO_PLAYER) ? "(not logged in)" : p);
        matchFilter = combo("Match:", "filter-match", 80, m -> m == 0 ? "none" : Long.toString(m));
        protocolFilter = combo("Protocol:", "filter-protocol", 100, p -> p);
        directionFilter = combo("Direction:", "filter-direction", 190, in -> in ? "→ in (from the client)" : "← out (to the client)");
        directionFilter.setValues(List.of(true, false));
        typeFilter = combo("Type:", "filter-type", 120, t -> t);

        SashForm panes = new SashForm(root, SWT.VERTICAL);
        panes.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        messages = new MessageList(panes, TITLES, WIDTHS, new MessageList.Source() {
            @Override
            public int rowCount() {
                return InspectorView.this.rowCount();
            }

            @Override
            public Severity row(int r, String[] cells) {
                return cells(r, cells);
            }
        });
        tag(messages.control(), "messages");
        messages.onSelection(this::selectionChanged);
        messages.onFollowing(() -> {
            if (!autoScroll.isDisposed()) {
                autoScroll.setSelection(messages.following());
            }
        });
        SashForm details = new SashForm(panes, SWT.HORIZONTAL);
        createFieldTree(details);
        bytes = tag(new StyledText(details, SWT.BORDER | SWT.MULTI | SWT.READ_ONLY | SWT.H_SCROLL | SWT.V_SCROLL), "bytes");
        bytes.setFont(JFaceResources.getTextFont());
        details.setWeights(45, 55);
        panes.setWeights(60, 40);

        status = tag(new Label(root, SWT.NONE), "status");
        status.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));

        pauseButton.setText(paused ? "Resume" : "Pause");
        choicesNow = true;
        if (subscription == null) {
            if (selection != null) {
                org.eclipse.swt.widgets.Display d = parent.getDisplay();
                selectionSubscription = selection.addListener(id -> d.asyncExec(() -> showMatch(id)));
            }
            subscription = events.subscribe(event -> {
                if (event instanceof WireEvent wire) {
                    store.add(wire); // decodes on the tap's thread, not on the UI thread
                }
            }, WireEvent.class);
        }
        if (filtered) { // made again: the new filter widgets show no filter, nor does the list
            filter = MessageFilter.ALL;
            refilter();
        }
        catchUp();
        display.timerExec(REFRESH_MILLIS, this::tick);
        return root;
    }

    // --- the rows ------------------------------------------------------------------------------------

    private int rowCount() {
        return filtered ? rows.size() : (int) Math.max(0, shownEnd - listFirst);
    }

    /** The absolute index of the message in row {@code r}. */
    private long indexOf(int r) {
        return filtered ? rows.get(r) : listFirst + r;
    }

    /** The row of the message with absolute index {@code index}, or -1. */
    private int rowOf(long index) {
        if (index < 0) {
            return -1;
        }
        if (filtered) {
            return rows.rowOf(index);
        }
        return index >= listFirst && index < shownEnd ? (int) (index - listFirst) : -1;
    }

    private Severity cells(int r, String[] cells) {
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

    private void createFieldTree(Composite parent) {
        fields = new TreeViewer(parent, SWT.BORDER | SWT.FULL_SELECTION | SWT.V_SCROLL | SWT.H_SCROLL);
        tag(fields.getTree(), "fields");
        fields.getTree().setHeaderVisible(true);
        fields.setContentProvider(new ITreeContentProvider() {
            @Override
            @SuppressWarnings("unchecked")
            public Object[] getElements(Object input) {
                return ((List<FieldNode>) input).toArray();
            }

            @Override
            public Object[] getChildren(Object node) {
                return ((FieldNode) node).children.toArray();
            }

            @Override
            public Object getParent(Object node) {
                return null;
            }

            @Override
            public boolean hasChildren(Object node) {
                return !((FieldNode) node).children.isEmpty();
            }
        });
        treeColumn("Field", 170, n -> n.name);
        treeColumn("Value", 320, n -> n.value);
        fields.setInput(List.of());
    }

    private void treeColumn(String title, int width, Function<FieldNode, String> text) {
        TreeViewerColumn column = new TreeViewerColumn(fields, SWT.NONE);
        column.getColumn().setText(title);
        column.getColumn().setWidth(width);
        column.setLabelProvider(new ColumnLabelProvider() {
            @Override
            public String getText(Object element) {
                return text.apply((FieldNode) element);
            }

            @Override
            public Color getForeground(Object element) {
                return switch (((FieldNode) element).kind) {
                    case ERROR -> errorText;
                    case REFUSED -> refusedText;
                    default -> null;
                };
            }
        });
    }

    private <T> FilterCombo<T> combo(String label, String role, int width, Function<T, String> text) {
        new Label(filterBar, SWT.NONE).setText(label);
        FilterCombo<T> combo = new FilterCombo<>(filterBar, role, text);
        combo.combo().setLayoutData(new RowData(width, SWT.DEFAULT));
        combo.combo().addListener(SWT.Selection, e -> applyFilter());
        return combo;
    }

    private Button button(Composite parent, String role, String text, Runnable action) {
        Button button = tag(new Button(parent, SWT.PUSH), role);
        button.setText(text);
        button.addListener(SWT.Selection, e -> action.run());
        return button;
    }

    private static <T extends Widget> T tag(T widget, String role) {
        widget.setData(ID, role);
        return widget;
    }

    // --- the timer ------------------------------------------------------------------------------

    private void tick() {
        if (root == null || root.isDisposed()) {
            return;
        }
        long now = System.nanoTime();
        if (lastTickNanos != 0) {
            longestTickGapNanos = Math.max(longestTickGapNanos, now - lastTickNanos);
        }
        lastTickNanos = now;
        ticks++;
        catchUp();
        long took = System.nanoTime() - now;
        longestTickWorkNanos = Math.max(longestTickWorkNanos, took);
        if (timing) {
            reportTiming(now, took);
        }
        display.timerExec(REFRESH_MILLIS, this::tick);
    }

    private void reportTiming(long now, long took) {
        timingTicks++;
        if (filtered) {
            timingMostBehind = Math.max(timingMostBehind, filterBehind());
        }
        timingTickNanos += took;
        timingLongestTick = Math.max(timingLongestTick, took);
        if (timingSince == 0) {
            timingSince = now;
        } else if (now - timingSince >= 5_000_000_000L) {
            long[] paints = messages.takePaintTimes();
            double seconds = (now - timingSince) / 1e9;
            System.err.printf("boardlab: inspector over %.1f s: %d ticks took %.1f ms in all (longest %.1f ms; filter choices"
                    + " %.1f ms in all), %d draws of the list took %.1f ms in all (longest %.1f ms); %,d messages kept, %,d rows,"
                    + " %,d arrived in this time%s%n", seconds, timingTicks, timingTickNanos / 1e6, timingLongestTick / 1e6,
                    timingChoicesNanos / 1e6, paints[0], paints[1] / 1e6, paints[2] / 1e6, store.size(), rowCount(),
                    store.end() - timingEnd, filtered ? String.format(java.util.Locale.ROOT,
                            "; the filter is %,d messages behind (%,d most in this time)", filterBehind(), timingMostBehind) : "");
            timingMostBehind = 0;
            timingChoicesNanos = 0;
            timingSince = now;
            timingEnd = store.end();
            timingTicks = 0;
            timingTickNanos = 0;
            timingLongestTick = 0;
        }
    }

    /**
     * Takes what arrived since the last tick (unless paused), takes off the rows of messages that left
     * the store, and updates the list, the filter choices and the status.
     */
    private void catchUp() {
        long end = store.end(); // before first: then the list never covers more than the store holds
        long first = store.first();
        if (!paused) {
            shownEnd = end;
        }
        int removed;
        if (filtered) {
            removed = rows.dropBefore(first);
            takeMatches(first);
        } else {
            long next = Math.max(listFirst, first);
            removed = (int) Math.min(next - listFirst, Math.max(0, shownEnd - listFirst));
            listFirst = next;
        }
        messages.rowsChanged(removed);
        int r = rowOf(selected);
        messages.setSelection(r);
        if (revealSelection && r >= 0) {
            messages.reveal(r);
            revealSelection = false;
        } else if (revealSelection && (selected < first || scanned > selected)) {
            revealSelection = false; // dropped, or the filter does not let it through
        }
        long choicesStart = System.nanoTime();
        updateChoices(false);
        timingChoicesNanos += System.nanoTime() - choicesStart;
        updateStatus();
    }

    /**
     * Takes the matches the background filter has found since the last tick, of the messages from
     * {@code first} (the oldest kept) to the end of what the list covers; none is decoded here.
     */
    private void takeMatches(long first) {
        background.limit(paused ? shownEnd : Long.MAX_VALUE);
        BackgroundFilter.Progress progress = background.take(rows, first, shownEnd);
        scanned = progress.scanned();
        filterFailure = progress.failure();
    }

    /**
     * Offers the values seen in the filter choices: when new ones were seen, at most every {@value #CHOICES_MILLIS} ms
     * (or at once with {@code now}), and one choice a tick (so that no tick takes long).
     */
    private void updateChoices(boolean now) {
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
            if (choice(pendingChoice).combo().getListVisible()) {
                return; // not while the person looks at a choice; next tick
            }
            switch (pendingChoice) {
                case 0 -> connectionFilter.setValues(pendingChoices.connections().keySet());
                case 1 -> playerFilter.setValues(pendingChoices.players());
                case 2 -> matchFilter.setValues(pendingChoices.matches());
                case 3 -> protocolFilter.setValues(pendingChoices.protocols());
                default -> typeFilter.setValues(pendingChoices.types());
            }
            if (++pendingChoice == 5) {
                pendingChoices = null;
            }
            if (!now) {
                return;
            }
        }
    }

    private FilterCombo<?> choice(int index) {
        return switch (index) {
            case 0 -> connectionFilter;
            case 1 -> playerFilter;
            case 2 -> matchFilter;
            case 3 -> protocolFilter;
            default -> typeFilter;
        };
    }

    // --- actions ------------------------------------------------------------------------------

    private void selectionChanged() {
        revealSelection = false;
        int r = messages.selection();
        if (r < 0 || r >= rowCount()) {
            selected = -1;
            return;
        }
        selected = indexOf(r);
        WireEvent e = store.get(selected);
        if (e != null) {
            show(e);
        }
    }

    private void show(WireEvent e) {
        shown = e;
        fields.getTree().setRedraw(false);
        try {
            fields.setInput(e == null ? List.of() : FieldNode.of(e));
            fields.expandAll();
            if (e != null) {
                @SuppressWarnings("unchecked")
                List<FieldNode> top = (List<FieldNode>) fields.getInput();
                fields.setExpandedState(top.get(top.size() - 1), false);
            }
        } finally {
            fields.getTree().setRedraw(true);
        }
        bytes.setText(e == null ? "" : HexDump.of(e.raw()));
    }

    private void applyFilter() {
        MessageFilter next = new MessageFilter(connectionFilter.selected(), playerFilter.selected(), matchFilter.selected(),
                protocolFilter.selected(), directionFilter.selected(), typeFilter.selected(), searchText.getText());
        if (next.equals(filter)) {
            return;
        }
        filter = next;
        refilter();
    }

    /** Shows the messages kept again through the filter (what they are changed, or the filter). */
    private void refilter() {
        filtered = !filter.equals(MessageFilter.ALL);
        rows.clear();
        listFirst = store.first();
        scanned = listFirst;
        filterFailure = null;
        background.limit(paused ? shownEnd : Long.MAX_VALUE);
        background.restart(filtered ? filter : null);
        messages.contentsChanged();
        int r = rowOf(selected);
        messages.setSelection(r);
        messages.reveal(r);
        revealSelection = filtered && r < 0 && selected >= 0;
        updateStatus();
    }

    private void followConnection() {
        if (shown == null) {
            notice = "select a message first: Follow connection shows only its connection";
            updateStatus();
            return;
        }
        connections.putIfAbsent(shown.connectionId(), shown.remote());
        connectionFilter.select(shown.connectionId());
        applyFilter();
    }

    private void showAll() {
        connectionFilter.select(null);
        playerFilter.select(null);
        matchFilter.select(null);
        protocolFilter.select(null);
        directionFilter.select(null);
        typeFilter.select(null);
        searchText.setText("");
        applyFilter();
    }

    private void togglePause() {
        paused = !paused;
        pauseButton.setText(paused ? "Resume" : "Pause");
        pauseButton.getParent().layout(true);
        notice = "";
        catchUp();
    }

    private void clear() {
        store.clear();
        connections.clear();
        selected = -1;
        show(null);
        notice = "";
        shownEnd = store.end();
        refilter();
        updateChoices(true);
        catchUp();
    }

    private void saveDialog() {
        FileDialog dialog = new FileDialog(root.getShell(), SWT.SAVE);
        dialog.setText("Save the messages shown as a trace");
        dialog.setFilterExtensions(new String[] {"*.jsonl", "*.*"});
        dialog.setFileName("trace.jsonl");
        dialog.setOverwrite(true);
        String file = dialog.open();
        if (file != null) {
            save(Path.of(file));
        }
    }

    private void loadDialog() {
        FileDialog dialog = new FileDialog(root.getShell(), SWT.OPEN);
        dialog.setText("Load a trace");
        dialog.setFilterExtensions(new String[] {"*.jsonl;*.json;*.txt", "*.*"});
        String file = dialog.open();
        if (file != null) {
            load(Path.of(file));
        }
    }

    /**
     * Writes the messages the list shows, in order, to {@code file} as a trace (a filter still
     * looking through the messages finishes first); also used by tests.
     */
    void save(Path file) {
        long left = filtered ? awaitFilter() : 0;
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
        catchUp();
    }

    /**
     * Shows the trace in {@code file} instead of what was captured, and pauses the capture so that
     * it holds still (live messages are still kept: Resume shows them after the trace). Lines that
     * are not messages are skipped and the status says which and why. Also used by tests.
     */
    void load(Path file) {
        TraceFile.Loaded loaded;
        try {
            loaded = TraceFile.read(file);
        } catch (IOException | RuntimeException e) {
            notice = "cannot load " + file + ": " + e.getMessage();
            updateStatus();
            return;
        }
        shownEnd = store.replaceWith(loaded.events());
        connections.clear();
        selected = -1;
        show(null);
        paused = true;
        pauseButton.setText("Resume");
        pauseButton.getParent().layout(true);
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
        updateChoices(true);
        catchUp();
    }

    /**
     * Waits (at most {@value #SAVE_WAIT_MILLIS} ms) until the background filter has looked at every
     * message the list covers, and takes its matches.
     *
     * @return how many messages it had not looked at yet when the wait ended
     */
    private long awaitFilter() {
        long deadline = System.nanoTime() + SAVE_WAIT_MILLIS * 1_000_000L;
        while (true) {
            long first = store.first();
            int removed = rows.dropBefore(first);
            takeMatches(first);
            messages.rowsChanged(removed);
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

    /** With a filter: how many of the messages the list covers it had not looked at, as of the last tick. */
    private long filterBehind() {
        return Math.max(0, shownEnd - Math.max(scanned, store.first()));
    }

    private static String count(long n, String what) {
        return number(n) + " " + what + (n == 1 ? "" : "s");
    }

    /** {@code n} with its thousands grouped: 12,345. */
    private static String number(long n) {
        return String.format(java.util.Locale.ROOT, "%,d", n);
    }

    private void updateStatus() {
        if (status == null || status.isDisposed()) {
            return;
        }
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
        String line = text.toString();
        if (!line.equals(status.getText())) {
            status.setText(line);
            status.setToolTipText(line);
        }
        status.setForeground(notice.startsWith("cannot") || notice.contains("skipped") || (filtered && filterFailure != null)
                ? errorText : null);
    }

    // --- for tests ------------------------------------------------------------------------------

    /** The longest time between two timer ticks so far, in nanoseconds. */
    long longestTickGapNanos() {
        return longestTickGapNanos;
    }

    /** The longest time one timer tick took to catch up, in nanoseconds. */
    long longestTickWorkNanos() {
        return longestTickWorkNanos;
    }

    /** How many timer ticks ran. */
    long ticks() {
        return ticks;
    }

    /** The store the tap's events go to. */
    MessageStore store() {
        return store;
    }

    /** The message list. */
    MessageList messageList() {
        return messages;
    }

    @Override
    public void dispose() {
        if (selectionSubscription != null) {
            selectionSubscription.close();
            selectionSubscription = null;
        }
        if (subscription != null) {
            subscription.close();
            subscription = null;
        }
        background.close();
    }

    /** The background filter (for tests). */
    BackgroundFilter backgroundFilter() {
        return background;
    }
}
