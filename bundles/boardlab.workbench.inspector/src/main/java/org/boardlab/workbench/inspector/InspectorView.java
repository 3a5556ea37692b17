package org.boardlab.workbench.inspector;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import javax.inject.Inject;
import javax.inject.Named;
import org.boardlab.api.DecodedMessage;
import org.boardlab.api.event.WireEvent;
import org.boardlab.core.EventBus;
import org.boardlab.workbench.WorkbenchView;
import org.eclipse.jface.resource.JFaceResources;
import org.eclipse.jface.viewers.ColumnLabelProvider;
import org.eclipse.jface.viewers.ILazyContentProvider;
import org.eclipse.jface.viewers.ITreeContentProvider;
import org.eclipse.jface.viewers.TableViewer;
import org.eclipse.jface.viewers.TableViewerColumn;
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
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.Text;
import org.eclipse.swt.widgets.Widget;

/**
 * "Inspector": every frame that crosses the embedded server's wire, live, in the manner of
 * Wireshark. Three panes: the message list (time, connection, player, direction, protocol, type,
 * summary), the selected message's decoded fields as a tree (its error first, in red), and its
 * bytes in hex and ASCII. Protocol violations are red, refused moves and logins orange.
 *
 * <p>The list can be filtered by connection, player, match, protocol, direction and type (the
 * choices are what has been seen) and by words in the summary and fields; "Follow connection"
 * narrows it to the selected message's connection. Capture can be paused (messages are still kept,
 * the list holds still, and catches up on resume) and cleared. What the list shows can be saved as
 * a trace (JSON lines, the format of {@code boardlab serve --trace}), and a trace can be loaded on
 * any machine, without the protocol's bundle.
 *
 * <p>How it keeps up with thousands of messages a second: the tap's thread only appends each event
 * to a bounded {@link MessageStore} (100,000 messages; the oldest are dropped and counted); a UI
 * timer, every {@value #REFRESH_MILLIS} ms, filters what arrived since and updates the row count of
 * a virtual table, which asks only for the rows on the screen.
 *
 * <p>Widgets carry their role as data under the key {@value #ID} (for UI tests).
 */
@Named("inspector")
@javax.inject.Singleton
public final class InspectorView implements WorkbenchView {

    static final String ID = "boardlab.id";

    /** How often the list catches up with the store, in milliseconds. */
    static final int REFRESH_MILLIS = 100;

    /** At most this many rows are added to the table a tick (GTK takes a few microseconds a row). */
    static final int MAX_NEW_ROWS = 5_000;

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss.SSS").withZone(ZoneId.systemDefault());

    /** Shown for a row whose message left the store between two timer ticks. */
    private static final WireEvent GONE = new WireEvent(0, 0, 0, "", null, "", false, new byte[0],
            new DecodedMessage("", "(dropped from the inspector's buffer)", List.of(), null), 0);

    private final EventBus events;
    private final MessageStore store;

    private Display display;
    private Composite root;
    private TableViewer messages;
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
    private Color violationColour;
    private Color refusalColour;
    private Color errorText;
    private org.boardlab.core.Subscription subscription;

    // UI thread only
    private final Rows rows = new Rows();
    private long scanned;
    private boolean paused;
    private MessageFilter filter = MessageFilter.ALL;
    private long selected = -1;
    private WireEvent shown;
    private String notice = "";
    private final Map<Long, String> connections = new TreeMap<>();
    private final TreeSet<String> players = new TreeSet<>();
    private final TreeSet<Long> matches = new TreeSet<>();
    private final TreeSet<String> protocols = new TreeSet<>();
    private final TreeSet<String> types = new TreeSet<>();
    private boolean seenChanged;
    private long lastTickNanos;
    private long longestTickGapNanos;
    private boolean updatingTable;
    private long longestTickWorkNanos;
    private long ticks;
    private int searchGeneration;

    /**
     * A view of the wire events published on {@code events}; it listens while its widgets exist, and
     * shows the server game chosen in the Server view ("Open in Inspector") by filtering on its match.
     */
    @Inject
    public InspectorView(EventBus events, org.boardlab.workbench.ServerSelection selection) {
        this(events, MessageStore.DEFAULT_CAPACITY);
        this.selection = selection;
    }

    private org.boardlab.workbench.ServerSelection selection;
    private org.boardlab.core.Subscription selectionSubscription;

    /** Shows only the frames of match {@code matchId} (the Server view's "Open in Inspector"). */
    void showMatch(long matchId) {
        if (matchFilter == null || matchFilter.combo().isDisposed()) {
            return;
        }
        matchFilter.select(matchId);
        applyFilter();
    }

    /** A view that keeps at most {@code capacity} messages (tests use small ones). */
    InspectorView(EventBus events, int capacity) {
        this.events = events;
        this.store = new MessageStore(capacity);
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
        violationColour = new Color(display, 255, 176, 176);
        refusalColour = new Color(display, 255, 214, 153);
        errorText = new Color(display, 200, 0, 0);
        root = new Composite(parent, SWT.NONE);
        root.setLayout(new GridLayout(1, false));
        root.addListener(SWT.Dispose, e -> disposeColours());

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
        autoScroll.setText("Scroll to new messages");
        autoScroll.setSelection(true);
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
        createMessageList(panes);
        SashForm details = new SashForm(panes, SWT.HORIZONTAL);
        createFieldTree(details);
        bytes = tag(new StyledText(details, SWT.BORDER | SWT.MULTI | SWT.READ_ONLY | SWT.H_SCROLL | SWT.V_SCROLL), "bytes");
        bytes.setFont(JFaceResources.getTextFont());
        details.setWeights(45, 55);
        panes.setWeights(60, 40);

        status = tag(new Label(root, SWT.NONE), "status");
        status.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));

        pauseButton.setText(paused ? "Resume" : "Pause");
        seenChanged = true;
        if (subscription == null) {
            if (selection != null) {
                org.eclipse.swt.widgets.Display d = parent.getDisplay();
                selectionSubscription = selection.addListener(id -> d.asyncExec(() -> showMatch(id)));
            }
            subscription = events.subscribe(event -> {
                if (event instanceof WireEvent wire) {
                    wire.decoded(); // decode here, on the tap's thread, not on the UI thread
                    store.add(wire);
                }
            }, WireEvent.class);
        }
        updateStatus();
        display.timerExec(REFRESH_MILLIS, this::tick);
        return root;
    }

    private void createMessageList(Composite parent) {
        messages = new TableViewer(parent, SWT.VIRTUAL | SWT.BORDER | SWT.FULL_SELECTION | SWT.SINGLE | SWT.V_SCROLL | SWT.H_SCROLL);
        Table table = tag(messages.getTable(), "messages");
        table.setHeaderVisible(true);
        table.setLinesVisible(true);
        messages.setContentProvider(new ILazyContentProvider() {
            @Override
            public void updateElement(int index) {
                WireEvent e = index < rows.size() ? store.get(rows.get(index)) : null;
                messages.replace(e == null ? GONE : e, index);
            }
        });
        column("Time", 100, e -> e == GONE ? "" : TIME.format(Instant.ofEpochSecond(0, e.timeMicros() * 1000)));
        column("Conn.", 55, e -> e == GONE ? "" : Long.toString(e.connectionId()));
        column("Player", 100, e -> e.player() == null ? "" : e.player());
        column("Dir.", 60, e -> e == GONE ? "" : e.fromClient() ? "→ in" : "← out");
        column("Protocol", 75, WireEvent::protocol);
        column("Type", 95, e -> e.decoded().type());
        column("Summary", 560, e -> e.decoded().summary());
        messages.setInput(store);
        table.addListener(SWT.Selection, e -> selectionChanged());
    }

    private void column(String title, int width, Function<WireEvent, String> text) {
        TableViewerColumn column = new TableViewerColumn(messages, SWT.NONE);
        column.getColumn().setText(title);
        column.getColumn().setWidth(width);
        column.setLabelProvider(new ColumnLabelProvider() {
            @Override
            public String getText(Object element) {
                return text.apply((WireEvent) element);
            }

            @Override
            public Color getBackground(Object element) {
                return switch (Severity.of(((WireEvent) element).decoded())) {
                    case VIOLATION -> violationColour;
                    case REFUSAL -> refusalColour;
                    case NORMAL -> null;
                };
            }
        });
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
                return ((FieldNode) element).kind == FieldNode.Kind.ERROR ? errorText : null;
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
        longestTickWorkNanos = Math.max(longestTickWorkNanos, System.nanoTime() - now);
        display.timerExec(REFRESH_MILLIS, this::tick);
    }

    /** Takes what arrived since the last tick (unless paused) and updates the list, the filters and the status. */
    private void catchUp() {
        int before = rows.size();
        if (!paused) {
            MessageStore.Batch batch = store.copy(scanned, store.end());
            take(batch);
            scanned = batch.end();
        }
        int dropped = rows.dropBefore(store.first());
        Table table = messages.getTable();
        if (dropped > 0 && dropped < table.getItemCount() / 2) {
            // the oldest messages left a full store: take their rows off the top of the table; the
            // other rows keep what they show, so the table need not ask for every row again
            updatingTable = true;
            try {
                table.remove(0, Math.min(dropped, table.getItemCount()) - 1);
            } finally {
                updatingTable = false;
            }
            showRows(false, rows.size() > before - dropped);
        } else {
            showRows(dropped > 0, rows.size() > before - dropped);
        }
        if (seenChanged) {
            seenChanged = false;
            connectionFilter.setValues(connections.keySet());
            playerFilter.setValues(players);
            matchFilter.setValues(matches);
            protocolFilter.setValues(protocols);
            typeFilter.setValues(types);
            filterBar.layout(true);
        }
        updateStatus();
    }

    /** Notes what {@code batch} shows for the filter choices and adds the rows the filter lets through. */
    private void take(MessageStore.Batch batch) {
        WireEvent[] batchEvents = batch.events();
        for (int i = 0; i < batchEvents.length; i++) {
            WireEvent e = batchEvents[i];
            see(e);
            if (filter.test(e)) {
                rows.add(batch.from() + i);
            }
        }
    }

    private void see(WireEvent e) {
        if (!connections.containsKey(e.connectionId())) {
            connections.put(e.connectionId(), e.remote());
            seenChanged = true;
        }
        seenChanged |= players.add(e.player() == null ? MessageFilter.NO_PLAYER : e.player());
        seenChanged |= matches.add(e.matchId());
        seenChanged |= protocols.add(e.protocol());
        seenChanged |= types.add(e.decoded().type());
    }

    /**
     * Gives the table its new row count.
     *
     * @param shifted the rows moved (messages left the store, or the filter changed): every row on
     *                the screen is asked for again and the selection follows its message
     * @param grew    rows were added at the end
     */
    private void showRows(boolean shifted, boolean grew) {
        // The table's own setItemCount, not the viewer's: TableViewer.setItemCount copies a cache
        // array as long as the list and makes an item for every row it removes. On GTK each row
        // added costs a few microseconds, so at most MAX_NEW_ROWS are added a tick: a burst of
        // 50,000 messages shows over 3 ticks and the window stays responsive meanwhile.
        Table table = messages.getTable();
        int before = table.getItemCount();
        int target = Math.min(rows.size(), Math.max(0, Math.min(before, rows.size())) + MAX_NEW_ROWS);
        updatingTable = true;
        try {
            if (shifted) {
                table.deselectAll();
                if (target < before / 4 * 3) {
                    // GTK's setItemCount removes row by row (about 15 us a row); removeAll clears the
                    // whole list at once (about 3 us a row), so it wins when many rows go
                    table.removeAll();
                }
                table.setItemCount(target);
                table.clearAll();
            } else if (before != target) {
                table.setItemCount(target);
            }
        } finally {
            updatingTable = false;
        }
        if (selected >= 0 && table.getSelectionIndex() < 0) {
            int row = rows.rowOf(selected);
            if (row >= 0 && row < target) {
                table.setSelection(row);
            }
        }
        if ((grew || target > before) && target > 0 && autoScroll.getSelection()) {
            table.showItem(table.getItem(target - 1));
        }
    }

    // --- actions ------------------------------------------------------------------------------

    private void selectionChanged() {
        if (updatingTable) {
            return; // GTK moves the selection when rows go; the view puts it back on its message
        }
        int row = messages.getTable().getSelectionIndex();
        if (row < 0 || row >= rows.size()) {
            selected = -1;
            return;
        }
        selected = rows.get(row);
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
        rows.clear();
        MessageStore.Batch kept = store.copy(store.first(), scanned);
        WireEvent[] keptEvents = kept.events();
        for (int i = 0; i < keptEvents.length; i++) {
            if (filter.test(keptEvents[i])) {
                rows.add(kept.from() + i);
            }
        }
        showRows(true, false);
        if (selected >= 0 && rows.rowOf(selected) >= 0) {
            messages.getTable().showSelection();
        }
        updateStatus();
    }

    private void followConnection() {
        if (shown == null) {
            notice = "select a message first: Follow connection shows only its connection";
            updateStatus();
            return;
        }
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
        scanned = store.end();
        rows.clear();
        connections.clear();
        players.clear();
        matches.clear();
        protocols.clear();
        types.clear();
        seenChanged = true;
        selected = -1;
        show(null);
        notice = "";
        showRows(true, false);
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

    /** Writes the messages the list shows, in order, to {@code file} as a trace; also used by tests. */
    void save(Path file) {
        List<WireEvent> list = new ArrayList<>(rows.size());
        for (int i = 0; i < rows.size(); i++) {
            WireEvent e = store.get(rows.get(i));
            if (e != null) {
                list.add(e);
            }
        }
        try {
            TraceFile.write(file, list);
            notice = "saved " + count(list.size(), "message") + " to " + file;
        } catch (IOException | RuntimeException e) {
            notice = "cannot save " + file + ": " + e.getMessage();
        }
        updateStatus();
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
        long end = store.replaceWith(loaded.events());
        long from = end - Math.min(loaded.events().size(), store.capacity());
        rows.clear();
        connections.clear();
        players.clear();
        matches.clear();
        protocols.clear();
        types.clear();
        seenChanged = true;
        selected = -1;
        show(null);
        take(store.copy(from, end));
        scanned = end;
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
        showRows(true, false);
        catchUp();
    }

    private static String count(long n, String what) {
        return n + " " + what + (n == 1 ? "" : "s");
    }

    private void updateStatus() {
        if (status == null || status.isDisposed()) {
            return;
        }
        StringBuilder text = new StringBuilder();
        int kept = store.size();
        text.append(rows.size()).append(" of ").append(count(kept, "message")).append(" shown");
        long dropped = store.dropped();
        if (dropped > 0) {
            text.append(" · ").append(dropped).append(" oldest dropped (the inspector keeps ").append(store.capacity()).append(")");
        }
        long missing = store.missing();
        if (missing > 0) {
            text.append(" · ").append(count(missing, "frame")).append(" missing (the server's wire tap was too busy)");
        }
        if (paused) {
            long waiting = store.end() - Math.max(scanned, store.first());
            text.append(" · PAUSED, ").append(count(waiting, "new message")).append(" waiting");
        }
        if (!notice.isEmpty()) {
            text.append(" · ").append(notice);
        }
        status.setText(text.toString());
        status.setToolTipText(text.toString());
        status.setForeground(notice.startsWith("cannot") || notice.contains("skipped") ? errorText : null);
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

    private void disposeColours() {
        for (Color c : new Color[] {violationColour, refusalColour, errorText}) {
            if (c != null) {
                c.dispose();
            }
        }
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
    }
}
