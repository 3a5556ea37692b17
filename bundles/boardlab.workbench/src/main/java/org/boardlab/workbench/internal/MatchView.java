package org.boardlab.workbench.internal;

import static org.boardlab.workbench.internal.Widgets.line;
import static org.boardlab.workbench.internal.Widgets.setText;
import static org.boardlab.workbench.internal.Widgets.tag;

import java.nio.file.Path;
import java.time.ZoneId;
import java.util.List;
import java.util.function.Consumer;
import javax.inject.Inject;
import javax.inject.Named;
import javax.inject.Singleton;
import org.boardlab.api.Side;
import org.boardlab.client.RemotePlay;
import org.boardlab.core.EventBus;
import org.boardlab.core.PlayerHosting;
import org.boardlab.core.Referee;
import org.boardlab.core.Registry;
import org.boardlab.core.Subscription;
import org.boardlab.server.ServerService;
import org.boardlab.server.WireTap;
import org.boardlab.store.Stores;
import org.boardlab.workbench.StoredGameSelection;
import org.boardlab.workbench.BoardRenderers;
import org.boardlab.workbench.BoardWidget;
import org.boardlab.workbench.ServerSelection;
import org.boardlab.workbench.WorkbenchView;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.layout.FillLayout;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.FileDialog;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Text;

/**
 * The match controller, in the spirit of seed 004's Game Controller: the widgets of a
 * {@link MatchModel}, which holds the match, its positions, clocks and move list and does what the
 * buttons say. This class only lays the widgets out, passes what a person does to the model, and
 * shows again what the model says changed.
 *
 * <p>Widgets carry their role as data under the key {@code boardlab.id} (for UI tests).
 */
@Named("match")
@Singleton
public final class MatchView implements WorkbenchView {

    static final String ID = "boardlab.id";

    private final Registry registry;
    private final EventBus events;
    private final ServerService server;
    private final ServerSelection serverSelection;
    private final Referee referee;
    private final BoardRenderers boards;

    private MatchModel model;
    private Subscription selection;
    private Display display;
    private MatchBars bars;
    private Composite boardHolder;
    private BoardWidget board;
    private final Label[] sideTitles = new Label[2];
    private final Label[] clocks = new Label[2];
    private Label status;
    private Label limits;
    private final List<PlayerHosting> hostings;
    private Text moveText;
    private org.eclipse.swt.widgets.List moveList;
    private final Stores stores;
    private final StoredGameSelection storedSelection;
    private Subscription storedOpened;
    private final List<RemotePlay> remotes;
    private WireTap ownTap;

    @Inject
    public MatchView(Registry registry, EventBus events, Referee referee, BoardRenderers boards, ServerService server,
            ServerSelection serverSelection, List<PlayerHosting> hostings, Stores stores,
            List<RemotePlay> remotes, StoredGameSelection storedSelection) {
        this.storedSelection = storedSelection;
        this.remotes = remotes;
        this.hostings = hostings;
        this.stores = stores;
        this.registry = registry;
        this.referee = referee;
        this.boards = boards;
        this.events = events;
        this.server = server;
        this.serverSelection = serverSelection;
    }

    @Override
    public String id() {
        return "match";
    }

    @Override
    public String title() {
        return "Match";
    }

    @Override
    public int order() {
        return 10;
    }

    @Override
    public Control createControl(Composite parent) {
        display = parent.getDisplay();
        model = new MatchModel(registry, events, referee, server, task -> display.asyncExec(() -> {
            if (status != null && !status.isDisposed()) {
                task.run();
            }
        }));
        // every game played here is stored (the default database: -Dboardlab.db, else data/boardlab)
        model.recordWith(journal -> stores.open().recordLater(journal, "workbench", registry));
        Composite root = new Composite(parent, SWT.NONE);
        root.setLayout(new GridLayout(1, false));

        bars = new MatchBars(root, model, () -> file(SWT.SAVE, this::writeRecord), () -> file(SWT.OPEN, this::readRecord), this::openStoredDialog);
        WireTap tap;
        try {
            tap = server != null ? server.server().tap() : null;
        } catch (RuntimeException e) {
            tap = null;
        }
        if (tap == null) {
            ownTap = new WireTap(events);
            tap = ownTap;
        }
        model.setRemotes(() -> List.copyOf(remotes), tap);

        SashForm sash = new SashForm(root, SWT.HORIZONTAL);
        sash.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        boardHolder = new Composite(sash, SWT.NONE);
        boardHolder.setLayout(new FillLayout());
        Composite side = new Composite(sash, SWT.NONE);
        side.setLayout(new GridLayout(2, false));
        for (Side s : Side.values()) {
            String role = s == Side.FIRST ? "first" : "second";
            sideTitles[s.index()] = line(side, role + "-side");
            clocks[s.index()] = line(side, role + "-clock");
        }
        status = Widgets.status(side, 4);
        limits = Widgets.status(side, 3);
        tag(limits, "limits");
        new Label(side, SWT.NONE).setText("Move:");
        moveText = tag(new Text(side, SWT.BORDER), "move");
        moveText.setMessage("type a move and press Enter");
        moveText.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        moveText.addListener(SWT.DefaultSelection, e -> {
            if (model.typedMove(moveText.getText())) {
                moveText.setText("");
            }
        });
        moveList = tag(new org.eclipse.swt.widgets.List(side, SWT.BORDER | SWT.V_SCROLL | SWT.SINGLE), "moves");
        moveList.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true, 2, 1));
        moveList.addListener(SWT.Selection, e -> model.view(moveList.getSelectionIndex() + 1));
        sash.setWeights(64, 36);

        model.setHostings(hostings);
        model.onChange(this::show);
        for (MatchModel.Part part : MatchModel.Part.values()) {
            show(part);
        }
        model.showChosenGame();
        selection = serverSelection.addListener(id -> display.asyncExec(() -> {
            if (model != null && !status.isDisposed()) {
                model.watch(id);
            }
        }));
        storedOpened = storedSelection.addListener(id -> display.asyncExec(() -> {
            if (model != null && !status.isDisposed()) {
                openStored(id);
            }
        }));
        display.timerExec(100, this::tick);
        return root;
    }

    // --- showing what changed -----------------------------------------------------------------------

    private void show(MatchModel.Part part) {
        switch (part) {
            case CHOICES -> bars.showChoices(limits);
            case GAME -> {
                if (model.game() == null) {
                    return;
                }
                for (Control c : boardHolder.getChildren()) {
                    c.dispose();
                }
                board = boards.create(boardHolder, model.game());
                tag(board.control(), "board").setData("boardlab.widget", board); // for UI tests: the board and its clicksFor
                board.onMove(move -> model.boardMove(move));
                boardHolder.layout(true, true);
            }
            case BOARD -> {
                if (board != null && model.shownPosition() != null) {
                    board.setPlayerNames(model.name(Side.FIRST), model.name(Side.SECOND));
                    board.show(model.shownPosition(), model.shownLastMove(), model.clickable());
                }
                showSides();
            }
            case MOVES -> {
                String[] items = model.moveLines().stream().map(model::moveText).toArray(String[]::new);
                int have = moveList.getItemCount();
                if (have <= items.length && List.of(moveList.getItems()).equals(List.of(items).subList(0, have))) {
                    for (int i = have; i < items.length; i++) {
                        moveList.add(items[i]); // a move added: no flicker of the whole list
                    }
                } else {
                    moveList.setItems(items);
                }
                moveList.setTopIndex(Math.max(0, items.length - 1));
            }
            case STATUS -> {
                status.setText(model.status());
                status.setToolTipText(model.status());
            }
            case MODE -> bars.showMode();
        }
    }

    /** Shows the side titles and the running clocks (every 100 ms, and after each change of position). */
    private void tick() {
        if (status == null || status.isDisposed()) {
            return;
        }
        showSides();
        display.timerExec(100, this::tick);
    }

    private void showSides() {
        long now = System.nanoTime();
        for (Side s : Side.values()) {
            setText(sideTitles[s.index()], model.sideTitle(s));
            setText(clocks[s.index()], model.clock(s, now));
        }
    }

    private void file(int style, Consumer<Path> then) {
        FileDialog dialog = new FileDialog(status.getShell(), style);
        if (style == SWT.SAVE && model.game() != null) {
            dialog.setFileName(model.game().id() + ".txt");
        }
        String file = dialog.open();
        if (file != null) {
            then.accept(Path.of(file));
        }
    }

    /** The dialog listing the stored games (the default database); the game chosen is shown for replay. */
    private void openStoredDialog() {
        StoredGames games = new StoredGames(stores::open, ZoneId.systemDefault());
        StoredGamesDialog.open(status.getShell(), games, model.setup().games(), model::openStored);
    }

    /** Shows stored game {@code id} (the default database) for replay; also used by the Tournament view, through the selection. */
    void openStored(long id) {
        try {
            model.openStored(new StoredGames(stores::open, ZoneId.systemDefault()).open(id));
        } catch (RuntimeException e) {
            model.showStatus("cannot open stored game " + id + ": " + e.getMessage());
        }
    }

    /** Writes the game shown as a record; also used by tests. */
    void writeRecord(Path file) {
        model.writeRecord(file);
    }

    /** Reads a record and shows it for replay; also used by tests. */
    void readRecord(Path file) {
        model.readRecord(file);
    }

    @Override
    public void dispose() {
        if (selection != null) { // both selections are listened to from the same moment
            selection.close();
            storedOpened.close();
            selection = storedOpened = null;
        }
        if (model != null) {
            model.close();
            model = null;
        }
        if (ownTap != null) {
            ownTap.close();
            ownTap = null;
        }
    }
}
