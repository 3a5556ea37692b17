package org.boardlab.workbench.inspector;

import java.nio.file.Path;
import javax.inject.Inject;
import javax.inject.Named;
import org.boardlab.api.event.WireEvent;
import org.boardlab.core.EventBus;
import org.boardlab.core.Referee;
import org.boardlab.core.Registry;
import org.boardlab.workbench.BoardRenderers;
import org.boardlab.workbench.ServerSelection;
import org.boardlab.workbench.WorkbenchView;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Label;

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
    private ServerSelection selection;
    private InspectorFeed feed;
    private Display display;
    private Composite root;
    private MessageList messages;
    private MessageDetails details;
    private Label status;
    private Color errorText;
    private InspectorActions actions;
    private FilterBar filters;

    /**
     * A view of the wire events published on {@code events}; it listens while its widgets exist, and
     * shows the server game chosen in the Server view ("Open in Inspector") by filtering on its match.
     * Messages are decoded again by their protocol in {@code registry} to show their fields, so that
     * their fields need not be kept.
     */
    @Inject
    public InspectorView(EventBus events, ServerSelection selection, Registry registry, Referee referee,
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

        actions = new InspectorActions(root, new InspectorActions.Commands(this::togglePause, this::clear, this::save, this::load,
                this::followConnection, this::showAll), model::remoteOf, this::applyFilter);
        filters = actions.filters();

        SashForm panes = new SashForm(root, SWT.VERTICAL);
        panes.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        messages = new MessageList(panes, TITLES, WIDTHS, MessageList.Source.of(model::rowCount, model::cells));
        InspectorActions.tag(messages.control(), "messages");
        messages.onSelection(() -> {
            WireEvent e = model.select(messages.selection());
            if (e != null) {
                details.show(e);
            }
        });
        actions.bindScroll(messages);
        details = new MessageDetails(panes, errorText, refusedText, boards, games);
        panes.setWeights(60, 40);

        status = InspectorActions.tag(new Label(root, SWT.NONE), "status");
        status.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));

        actions.showPaused(model.paused());
        if (feed == null) {
            feed = new InspectorFeed(events, model, games, selection, display::asyncExec, this::showMatch);
        }
        if (model.widgetsMade()) { // made again: the new filter widgets show no filter, nor does the list
            showRefiltered();
        }
        catchUp();
        display.timerExec(REFRESH_MILLIS, this::tick);
        return root;
    }

    private void tick() {
        if (root == null || root.isDisposed()) {
            return;
        }
        timing.tick(this::catchUp, model, messages);
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
        timing.choices(() -> model.updateChoices(filters, false));
        showStatus();
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
        actions.showPaused(model.paused());
        catchUp();
    }

    private void clear() {
        model.clear();
        if (games != null) {
            games.clear();
        }
        showAfresh();
    }

    /** Shows the list afresh after it was cleared or loaded: no message selected, the filter choices of what is there. */
    private void showAfresh() {
        details.show(null);
        showRefiltered();
        timing.choices(() -> model.updateChoices(filters, true));
        catchUp();
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
        actions.showPaused(true);
        showAfresh();
    }

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
        if (feed != null) {
            feed.close();
            feed = null;
        }
        model.close();
    }
}
