package org.boardlab.protocol.onitama.ui;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;
import javax.inject.Inject;
import javax.inject.Named;
import org.boardlab.api.Move;
import org.boardlab.api.Player;
import org.boardlab.core.Registry;
import org.boardlab.game.onitama.Onitama;
import org.boardlab.protocol.onitama.OnitamaCodec;
import org.boardlab.workbench.BoardRenderer;
import org.boardlab.workbench.BoardWidget;
import org.boardlab.workbench.WorkbenchView;
import org.eclipse.sisu.inject.BeanLocator;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Spinner;
import org.eclipse.swt.widgets.Text;

/**
 * The workbench as a client of any Onitama server of seed 001's protocol (tab "Onitama online"):
 * boardlab's own (127.0.0.1:8989 by default) or a student's. Choose the address, a name, PvE with a
 * difficulty or PvP at a table, and who plays here (a person at this board, or a loaded player),
 * then Connect: the board shows the game as the server's messages tell it, and a person plays by
 * choosing a card and a step on the board when it is their turn. The connection's frames are in
 * the inspector like any other client's. The state lives in a {@link RemoteOnitama}; this view only
 * draws it.
 */
@Named("onitama-online")
public final class OnitamaOnlineView implements WorkbenchView {

    /** Who plays for a person at this board. */
    static final String PERSON = "a person at this board";
    /** How long a loaded player may think about one move. */
    static final Duration THINKING = Duration.ofSeconds(2);

    private final Supplier<BoardRenderer> renderer;
    private final Supplier<List<String>> playerIds;
    private final Function<String, Player> players;
    private Display display;
    private Text address;
    private Text name;
    private Combo mode;
    private Spinner choice;
    private Combo who;
    private Button connect;
    private Label message;
    private BoardWidget board;
    private volatile RemoteOnitama game;
    private boolean refreshQueued;

    @Inject
    public OnitamaOnlineView(BeanLocator locator, Registry registry) {
        this(() -> {
            Iterator<? extends org.eclipse.sisu.BeanEntry<?, BoardRenderer>> it = locator
                    .locate(com.google.inject.Key.get(BoardRenderer.class, com.google.inject.name.Names.named(Onitama.ID)))
                    .iterator();
            return it.hasNext() ? it.next().getValue() : null;
        }, () -> onitamaPlayers(registry), id -> registry.player(id).map(c -> c.get()).orElse(null));
    }

    /**
     * @param playerIds the loaded players that can play Onitama, by id
     * @param players   a fresh player for an id, or {@code null} if it is not loaded
     */
    OnitamaOnlineView(Supplier<BoardRenderer> renderer, Supplier<List<String>> playerIds, Function<String, Player> players) {
        this.renderer = renderer;
        this.playerIds = playerIds;
        this.players = players;
    }

    private static List<String> onitamaPlayers(Registry registry) {
        return registry.playerIdsFor(registry.game(Onitama.ID).map(c -> c.get()).orElse(null));
    }

    @Override
    public String id() {
        return "onitama-online";
    }

    @Override
    public String title() {
        return "Onitama online";
    }

    @Override
    public int order() {
        return 61;
    }

    @Override
    public Control createControl(Composite parent) {
        display = parent.getDisplay();
        Composite top = new Composite(parent, SWT.NONE);
        top.setLayout(new GridLayout(1, false));

        Composite row = new Composite(top, SWT.NONE);
        row.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
        row.setLayout(new GridLayout(5, false));
        new Label(row, SWT.NONE).setText("Server:");
        address = new Text(row, SWT.BORDER);
        address.setText("127.0.0.1:" + OnitamaCodec.DEFAULT_PORT);
        address.setLayoutData(new GridData(150, SWT.DEFAULT));
        new Label(row, SWT.NONE).setText("Name:");
        name = new Text(row, SWT.BORDER);
        name.setText(System.getProperty("user.name", "player").replaceAll("[^A-Za-z0-9_.-]", ""));
        name.setLayoutData(new GridData(100, SWT.DEFAULT));
        connect = new Button(row, SWT.PUSH);
        connect.setText("Connect");
        connect.addListener(SWT.Selection, e -> connectOrLeave());

        Composite second = new Composite(top, SWT.NONE);
        second.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
        second.setLayout(new GridLayout(4, false));
        mode = new Combo(second, SWT.READ_ONLY);
        mode.setItems("PvE, difficulty", "PvP, table");
        mode.select(0);
        choice = new Spinner(second, SWT.BORDER);
        choice.setValues(1, -1, 4, 0, 1, 1);
        mode.addListener(SWT.Selection, e -> choice.setSelection(mode.getSelectionIndex() == 0 ? 1 : -1));
        new Label(second, SWT.NONE).setText("played by:");
        who = new Combo(second, SWT.READ_ONLY);
        who.addListener(SWT.MouseDown, e -> fillWho());
        fillWho();

        BoardRenderer r = renderer.get();
        if (r != null) {
            board = r.create(top);
            board.control().setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
            board.onMove(this::clicked);
        } else {
            new Label(top, SWT.WRAP).setText("(the Onitama board view is not loaded)");
        }
        message = new Label(top, SWT.NONE);
        message.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
        refresh();
        return top;
    }

    private void fillWho() {
        String chosen = who.getText();
        List<String> items = new ArrayList<>(List.of(PERSON));
        items.addAll(playerIds.get());
        who.setItems(items.toArray(String[]::new));
        int at = items.indexOf(chosen);
        who.select(at < 0 ? 0 : at);
    }

    private void connectOrLeave() {
        RemoteOnitama g = game;
        if (g != null && g.view().phase() != RemoteOnitama.Phase.OVER) {
            g.close();
            return;
        }
        String text = address.getText().trim();
        int colon = text.lastIndexOf(':');
        try {
            play(text.substring(0, colon), Integer.parseInt(text.substring(colon + 1)), name.getText().trim(),
                    mode.getSelectionIndex() == 1, choice.getSelection(), who.getText());
        } catch (RuntimeException e) {
            message.setText("give the server as HOST:PORT, e.g. 127.0.0.1:" + OnitamaCodec.DEFAULT_PORT);
        }
    }

    /** Starts a game on {@code host:port}; for the view and its tests. */
    RemoteOnitama play(String host, int port, String playerName, boolean pvp, int tableOrDifficulty, String playedBy) {
        boolean person = playedBy.equals(PERSON);
        if (who != null && !who.isDisposed()) { // the controls show what is played, also when a test starts it
            name.setText(playerName);
            mode.select(pvp ? 1 : 0);
            choice.setSelection(tableOrDifficulty);
            fillWho();
            who.select(Math.max(0, who.indexOf(playedBy)));
        }
        RemoteOnitama g = new RemoteOnitama(playerName.isEmpty() ? "player" : playerName, pvp, tableOrDifficulty,
                person ? null : () -> {
                    Player p = players.apply(playedBy);
                    if (p == null) {
                        throw new IllegalStateException("the player " + playedBy + " is not loaded");
                    }
                    return p;
                }, THINKING, this::queueRefresh);
        RemoteOnitama old = game;
        if (old != null) {
            old.close();
        }
        game = g;
        g.connect(host, port);
        return g;
    }

    /** A move chosen on the board: the person's, if it is their turn. */
    void clicked(Move move) {
        RemoteOnitama g = game;
        if (g != null && g.person()) {
            g.play(move);
            queueRefresh();
        }
    }

    /** From any thread: one refresh on the UI thread, however many changes came meanwhile. */
    private void queueRefresh() {
        synchronized (this) {
            if (refreshQueued) {
                return;
            }
            refreshQueued = true;
        }
        Display d = display;
        if (d != null && !d.isDisposed()) {
            d.asyncExec(() -> {
                synchronized (this) {
                    refreshQueued = false;
                }
                if (message != null && !message.isDisposed()) {
                    refresh();
                }
            });
        }
    }

    /** Draws the game's view; on the UI thread. */
    void refresh() {
        RemoteOnitama g = game;
        RemoteOnitama.View v = g == null ? null : g.view();
        boolean open = v != null && v.phase() != RemoteOnitama.Phase.OVER;
        connect.setText(open ? "Leave" : "Connect");
        message.setText(v == null ? "Connect to play on an Onitama server (seed 001's protocol)." : v.message());
        if (board != null && v != null && v.position() != null) {
            board.show(v.position(), v.lastMove(), v.myTurn() && g.person() ? v.colour() : null);
            board.setPlayerNames(v.colour() == org.boardlab.api.Side.FIRST ? v.name() : "the server's side",
                    v.colour() == org.boardlab.api.Side.SECOND ? v.name() : "the server's side");
        }
        message.getParent().layout(true, true);
    }

    /** For tests: the game being played, or {@code null}. */
    RemoteOnitama game() {
        return game;
    }

    @Override
    public void dispose() {
        RemoteOnitama g = game;
        if (g != null) {
            g.close();
        }
    }
}
