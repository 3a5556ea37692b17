package org.boardlab.workbench.inspector;

import java.nio.file.Path;
import javax.inject.Inject;
import javax.inject.Named;
import org.boardlab.api.event.MatchEvent;
import org.boardlab.api.event.WireEvent;
import org.boardlab.core.EventBus;
import org.boardlab.core.Referee;
import org.boardlab.core.Registry;
import org.boardlab.workbench.BoardRenderers;
import org.boardlab.workbench.WorkbenchView;
import org.eclipse.jface.resource.JFaceResources;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.custom.StyledText;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.layout.RowLayout;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.FileDialog;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Widget;

/**
 * "Inspector": every frame that crosses the embedded server's wire, live, in the manner of
 * Wireshark. Three panes: the message list (time, connection, player, direction, protocol, type,
 * summary), the selected message's decoded fields as a tree ({@link FieldTree}), its game's board as
 * it was when the message passed with the time split of the move played then ({@link BoardAtMessage}),
 * and its bytes in hex and ASCII. Protocol violations are red, refused moves and logins orange, as the protocol marks them.
 *
 * <p>The list can be filtered by connection, player, match, protocol, direction and type (the
 * choices are what has been seen) and by words in the summary and fields; "Follow connection"
 * narrows it to the selected message's connection. Capture can be paused (messages are still kept,
 * the list holds still, and catches up on resume) and cleared. What the list shows can be saved as
 * a trace (JSON lines, the format of {@code boardlab serve --trace}), and a trace can be loaded on
 * any machine, without the protocol's bundle.
 *
 * <p>This class lays the widgets out and binds them to an {@link InspectorModel}, which decides what
 * the list shows: the tap's thread decodes each event once and appends it compactly to a bounded
 * {@link MessageStore}; a UI timer, every {@value #REFRESH_MILLIS} ms, lets the model catch up and
 * gives the new row count to a {@link MessageList}, which draws only the rows on the screen.
 * {@link InspectorTiming} measures the timer's work.
 *
 * <p>Widgets carry their role as data under the key {@value #ID} (for UI tests).
 */
@Named("inspector")
@javax.inject.Singleton
public final class InspectorView implements WorkbenchView {

    static final String ID = "boardlab.id";

    /** How often the list catches up with the store, in milliseconds. */
    static final int REFRESH_MILLIS = 100;

    /** The system property that sets how many messages are kept (default {@value MessageStore#DEFAULT_CAPACITY}). */
    static final String CAPACITY_PROPERTY = "boardlab.inspector.capacity";

    private static final String[] TITLES = {"Time", "Conn.", "Player", "Dir.", "Protocol", "Type", "Summary"};
    private static final int[] WIDTHS = {100, 55, 100, 60, 75, 95, 560};

    private final EventBus events;
    private final InspectorModel model;
    private final InspectorTiming timing = new InspectorTiming();
    private GameAtMessage games;
    private BoardRenderers boards;
    private org.boardlab.workbench.ServerSelection selection;
    private org.boardlab.core.Subscription selectionSubscription;
    private org.boardlab.core.Subscription subscription;

    private Display display;
    private Composite root;
    private MessageList messages;
    private FieldTree fields;
    private StyledText bytes;
    private Label status;
    private Color errorText;
    private Button pauseButton;
    private Button autoScroll;
    private FilterBar filters;
    private BoardAtMessage board;

    /**
     * A view of the wire events published on {@code events}; it listens while its widgets exist, and
     * shows the server game chosen in the Server view ("Open in Inspector") by filtering on its match.
     * Messages are decoded again by their protocol in {@code registry} to show their fields, so that
     * their fields need not be kept.
     */
    @Inject
    public InspectorView(EventBus events, org.boardlab.workbench.ServerSelection selection, Registry registry, Referee referee,
            BoardRenderers boards) {
        this(events, registry, Integer.getInteger(CAPACITY_PROPERTY, MessageStore.DEFAULT_CAPACITY));
        this.selection = selection;
        this.games = new GameAtMessage(referee);
        this.boards = boards;
    }

    /** A view that keeps at most {@code capacity} messages, each decoded as it came (tests use small ones). */
    InspectorView(EventBus events, int capacity) {
        this.events = events;
        this.model = new InspectorModel(new MessageStore(capacity));
    }

    /** A view that keeps at most {@code capacity} messages, each decoded as it came, and shows the board of their games (tests). */
    InspectorView(EventBus events, int capacity, Referee referee, BoardRenderers boards) {
        this(events, capacity);
        this.games = new GameAtMessage(referee);
        this.boards = boards;
    }

    /** A view that keeps at most {@code capacity} messages and decodes them again with the protocols in {@code registry}. */
    InspectorView(EventBus events, Registry registry, int capacity) {
        this.events = events;
        this.model = new InspectorModel(new MessageStore(Math.max(1, capacity), InspectorModel.protocols(registry)));
    }

    /** Shows only the frames of match {@code matchId} (the Server view's "Open in Inspector"). */
    void showMatch(long matchId) {
        if (filters == null || filters.isDisposed()) {
            return;
        }
        filters.selectMatch(matchId);
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
        Color refusedText = new Color(display, 170, 85, 0);
        root = new Composite(parent, SWT.NONE);
        root.setLayout(new GridLayout(1, false));
        root.addListener(SWT.Dispose, e -> {
            errorText.dispose();
            refusedText.dispose();
            model.backgroundFilter().close();
        });

        Composite actions = row(root);
        pauseButton = button(actions, "pause", "Pause", this::togglePause);
        button(actions, "clear", "Clear", this::clear);
        button(actions, "save", "Save trace…", () -> file(SWT.SAVE, this::save));
        button(actions, "load", "Load trace…", () -> file(SWT.OPEN, this::load));
        button(actions, "follow", "Follow connection", this::followConnection);
        button(actions, "show-all", "Show all", this::showAll);
        autoScroll = tag(new Button(actions, SWT.CHECK), "auto-scroll");
        autoScroll.setText("Scroll to new messages (End)");
        autoScroll.setToolTipText("Keep the newest message in view. Scrolling up or selecting a message stops it; End or this box starts it again.");
        autoScroll.setSelection(true);
        autoScroll.addListener(SWT.Selection, e -> messages.setFollowing(autoScroll.getSelection()));
        filters = new FilterBar(actions, root, model::remoteOf, this::applyFilter);

        SashForm panes = new SashForm(root, SWT.VERTICAL);
        panes.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        messages = new MessageList(panes, TITLES, WIDTHS, new MessageList.Source() {
            @Override
            public int rowCount() {
                return model.rowCount();
            }

            @Override
            public Severity row(int r, String[] cells) {
                return model.cells(r, cells);
            }
        });
        tag(messages.control(), "messages");
        messages.onSelection(() -> {
            WireEvent e = model.select(messages.selection());
            if (e != null) {
                show(e);
            }
        });
        messages.onFollowing(() -> {
            if (!autoScroll.isDisposed()) {
                autoScroll.setSelection(messages.following());
            }
        });
        SashForm details = new SashForm(panes, SWT.HORIZONTAL);
        fields = new FieldTree(details, errorText, refusedText);
        tag(fields.tree(), "fields");
        board = new BoardAtMessage(details, boards, games);
        bytes = tag(new StyledText(details, SWT.BORDER | SWT.MULTI | SWT.READ_ONLY | SWT.H_SCROLL | SWT.V_SCROLL), "bytes");
        bytes.setFont(JFaceResources.getTextFont());
        details.setWeights(33, 27, 40);
        panes.setWeights(60, 40);

        status = tag(new Label(root, SWT.NONE), "status");
        status.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));

        pauseButton.setText(model.paused() ? "Resume" : "Pause");
        if (subscription == null) {
            if (selection != null) {
                selectionSubscription = selection.addListener(id -> display.asyncExec(() -> showMatch(id)));
            }
            subscription = events.subscribe(event -> {
                if (event instanceof WireEvent wire) {
                    model.store().add(wire); // decodes on the tap's thread, not on the UI thread
                } else if (event instanceof MatchEvent.Started started && games != null) {
                    games.started(started); // its journal, for the board at a message
                }
            }, WireEvent.class, MatchEvent.Started.class);
        }
        if (model.widgetsMade()) { // made again: the new filter widgets show no filter, nor does the list
            showRefiltered();
        }
        catchUp();
        display.timerExec(REFRESH_MILLIS, this::tick);
        return root;
    }

    private static Composite row(Composite parent) {
        Composite row = new Composite(parent, SWT.NONE);
        RowLayout layout = new RowLayout(SWT.HORIZONTAL);
        layout.center = true;
        row.setLayout(layout);
        row.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        return row;
    }

    private static Button button(Composite parent, String role, String text, Runnable action) {
        Button button = tag(new Button(parent, SWT.PUSH), role);
        button.setText(text);
        button.addListener(SWT.Selection, e -> action.run());
        return button;
    }

    private static <T extends Widget> T tag(T widget, String role) {
        widget.setData(ID, role);
        return widget;
    }

    // --- binding the model ------------------------------------------------------------------------

    private void tick() {
        if (root == null || root.isDisposed()) {
            return;
        }
        long now = System.nanoTime();
        timing.tickStarted(now);
        catchUp();
        timing.tickEnded(now, System.nanoTime() - now, model, messages);
        display.timerExec(REFRESH_MILLIS, this::tick);
    }

    /** Lets the model take what arrived, and shows it: rows, selection, filter choices, status. */
    private void catchUp() {
        messages.rowsChanged(model.catchUp());
        messages.setSelection(model.selectedRow());
        int reveal = model.takeReveal();
        if (reveal >= 0) {
            messages.reveal(reveal);
        }
        updateChoices(false);
        showStatus();
    }

    private void updateChoices(boolean now) {
        long start = System.nanoTime();
        model.updateChoices(filters, now);
        timing.choices(System.nanoTime() - start);
    }

    private void show(WireEvent e) {
        fields.show(e);
        board.show(e);
        bytes.setText(e == null ? "" : HexDump.of(e.raw()));
    }

    private void showStatus() {
        if (status == null || status.isDisposed()) {
            return;
        }
        String line = model.status();
        if (!line.equals(status.getText())) {
            status.setText(line);
            status.setToolTipText(line);
        }
        status.setForeground(model.statusIsError() ? errorText : null);
    }

    private void applyFilter() {
        if (model.setFilter(filters.filter())) {
            showRefiltered();
        }
    }

    private void showRefiltered() {
        messages.contentsChanged();
        int r = model.selectedRow();
        messages.setSelection(r);
        messages.reveal(r);
        showStatus();
    }

    // --- actions ------------------------------------------------------------------------------------

    private void followConnection() {
        Long connection = model.followConnection();
        if (connection == null) {
            showStatus();
            return;
        }
        filters.selectConnection(connection);
        applyFilter();
    }

    private void showAll() {
        filters.showAll();
        applyFilter();
    }

    private void togglePause() {
        model.togglePause();
        pauseButton.setText(model.paused() ? "Resume" : "Pause");
        pauseButton.getParent().layout(true);
        catchUp();
    }

    private void clear() {
        model.clear();
        if (games != null) {
            games.clear();
        }
        show(null);
        showRefiltered();
        updateChoices(true);
        catchUp();
    }

    private void file(int style, java.util.function.Consumer<Path> then) {
        FileDialog dialog = new FileDialog(root.getShell(), style);
        dialog.setText(style == SWT.SAVE ? "Save the messages shown as a trace" : "Load a trace");
        dialog.setFilterExtensions(style == SWT.SAVE ? new String[] {"*.jsonl", "*.*"} : new String[] {"*.jsonl;*.json;*.txt", "*.*"});
        if (style == SWT.SAVE) {
            dialog.setFileName("trace.jsonl");
            dialog.setOverwrite(true);
        }
        String file = dialog.open();
        if (file != null) {
            then.accept(Path.of(file));
        }
    }

    /** Writes the messages the list shows, in order, to {@code file} as a trace; also used by tests. */
    void save(Path file) {
        model.save(file, messages::rowsChanged);
        catchUp();
    }

    /** Shows the trace in {@code file} instead of what was captured, capture paused; also used by tests. */
    void load(Path file) {
        if (!model.load(file)) {
            showStatus();
            return;
        }
        show(null);
        pauseButton.setText("Resume");
        pauseButton.getParent().layout(true);
        showRefiltered();
        updateChoices(true);
        catchUp();
    }

    // --- for tests ------------------------------------------------------------------------------

    InspectorModel model() {
        return model;
    }

    InspectorTiming timing() {
        return timing;
    }

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
        model.close();
    }
}
