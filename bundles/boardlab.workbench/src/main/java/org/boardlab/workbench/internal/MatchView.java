package org.boardlab.workbench.internal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import javax.inject.Inject;
import javax.inject.Named;
import org.boardlab.api.Game;
import org.boardlab.api.GameOptions;
import org.boardlab.api.GameState;
import org.boardlab.api.IllegalMoveException;
import org.boardlab.api.Move;
import org.boardlab.api.Side;
import org.boardlab.api.event.BoardlabEvent;
import org.boardlab.api.event.MatchEvent;
import org.boardlab.api.event.MatchOutcome;
import org.boardlab.api.event.RegistryEvent;
import org.boardlab.core.Component;
import org.boardlab.core.EventBus;
import org.boardlab.core.Match;
import org.boardlab.core.MatchSettings;
import org.boardlab.core.PlayerSeat;
import org.boardlab.core.GameRecord;
import org.boardlab.core.MatchJournal;
import org.boardlab.core.Referee;
import org.boardlab.core.Registry;
import org.boardlab.workbench.BoardRenderer;
import org.boardlab.server.ServerService;
import org.boardlab.server.Table;
import org.boardlab.workbench.BoardWidget;
import org.boardlab.workbench.ServerSelection;
import org.boardlab.workbench.WorkbenchView;
import org.eclipse.sisu.BeanEntry;
import org.eclipse.sisu.Mediator;
import org.eclipse.sisu.inject.BeanLocator;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.layout.FillLayout;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.layout.RowLayout;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.FileDialog;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Spinner;
import org.eclipse.swt.widgets.Text;

import com.google.inject.Key;

/**
 * The match controller, in the spirit of seed 004's Game Controller: pick a game, its options and
 * each side (a person at this board or any loaded player), then play continuously or step by step,
 * pause, step, restart (with new options, e.g. another board size), stop. It shows the board, a
 * running clock per side, each side's last and total thinking time, the scores (seed 004's Game
 * Master scores at the end), forfeits with their reason, and the move list; clicking a move shows
 * that position (replay); a game can be exported as a record and imported to replay.
 *
 * <p>Widgets carry their role as data under the key {@code boardlab.id} (for UI tests).
 */
@Named("match")
@javax.inject.Singleton
public final class MatchView implements WorkbenchView {

    static final String ID = "boardlab.id";
    static final String HUMAN = "a person at this board";
    static final String NETWORK = "a network client (";
    private org.boardlab.server.LobbySeat seat;

    private final Registry registry;
    private final EventBus events;
    private final ServerService serverService;
    private final ServerSelection serverSelection;
    private org.boardlab.core.Subscription selectionSubscription;
    /** The server game being watched (0: none). */
    private long watching;
    private final Map<String, BoardRenderer> renderers = new ConcurrentHashMap<>();
    private final Referee referee;

    private Display display;
    private Combo gameCombo;
    private Text optionsText;
    private Combo firstCombo;
    private Combo secondCombo;
    private Spinner timeSpinner;
    private Spinner delaySpinner;
    private Button stepMode;
    private Button pauseButton;
    private Composite boardHolder;
    private BoardWidget board;
    private String boardGame;
    private Label[] sideLabels = new Label[2];
    private Label status;
    private Text moveText;
    private org.eclipse.swt.widgets.List moveList;
    private org.boardlab.core.Subscription subscription;

    private Match match;
    private Game game;
    private final HumanPlayer[] humans = new HumanPlayer[2];
    private final String[] names = new String[2];
    private final List<GameState> positions = new ArrayList<>();
    private final List<Move> moves = new ArrayList<>();
    private final long[] lastNanos = new long[2];
    private final long[] totalNanos = new long[2];
    private Side thinking;
    private long deadlineNanos;
    private int viewing = -1;
    private String result = "";

    @Inject
    public MatchView(Registry registry, EventBus events, Referee referee, BeanLocator locator, ServerService serverService,
            ServerSelection serverSelection) {
        this.registry = registry;
        this.referee = referee;
        this.events = events;
        this.serverService = serverService;
        this.serverSelection = serverSelection;
        locator.watch(Key.get(BoardRenderer.class, Named.class), new RendererFeed(), this);
    }

    /** Keeps the map of renderers up to date as UI bundles come and go. */
    private static final class RendererFeed implements Mediator<Named, BoardRenderer, MatchView> {
        @Override
        public void add(BeanEntry<Named, BoardRenderer> entry, MatchView view) {
            view.renderers.put(entry.getValue().gameId(), entry.getValue());
        }

        @Override
        public void remove(BeanEntry<Named, BoardRenderer> entry, MatchView view) {
            view.renderers.remove(entry.getValue().gameId(), entry.getValue());
        }
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
        Composite root = new Composite(parent, SWT.NONE);
        root.setLayout(new GridLayout(1, false));

        Composite setup = new Composite(root, SWT.NONE);
        setup.setLayout(new RowLayout(SWT.HORIZONTAL));
        setup.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        new Label(setup, SWT.NONE).setText("Game:");
        gameCombo = tag(new Combo(setup, SWT.READ_ONLY), "game");
        new Label(setup, SWT.NONE).setText("Options:");
        optionsText = tag(new Text(setup, SWT.BORDER), "options");
        optionsText.setMessage("e.g. size=10");
        optionsText.setLayoutData(new org.eclipse.swt.layout.RowData(110, SWT.DEFAULT));
        new Label(setup, SWT.NONE).setText("First:");
        firstCombo = tag(new Combo(setup, SWT.READ_ONLY), "first");
        new Label(setup, SWT.NONE).setText("Second:");
        secondCombo = tag(new Combo(setup, SWT.READ_ONLY), "second");
        new Label(setup, SWT.NONE).setText("s/move:");
        timeSpinner = tag(new Spinner(setup, SWT.BORDER), "time");
        timeSpinner.setValues(10, 1, 3600, 0, 1, 10);
        new Label(setup, SWT.NONE).setText("delay ms:");
        delaySpinner = tag(new Spinner(setup, SWT.BORDER), "delay");
        delaySpinner.setValues(300, 0, 5000, 0, 100, 500);
        Button start = tag(new Button(setup, SWT.PUSH), "start");
        start.setText("Start");
        start.addListener(SWT.Selection, e -> start());

        Composite controls = new Composite(root, SWT.NONE);
        controls.setLayout(new RowLayout(SWT.HORIZONTAL));
        stepMode = tag(new Button(controls, SWT.CHECK), "step-mode");
        stepMode.setText("Step by step (s)");
        stepMode.addListener(SWT.Selection, e -> {
            if (match != null) {
                match.setMode(stepMode.getSelection() ? Match.Mode.STEP : Match.Mode.CONTINUOUS);
            }
        });
        Button step = tag(new Button(controls, SWT.PUSH), "step");
        step.setText("Step");
        step.addListener(SWT.Selection, e -> {
            if (match != null) {
                match.step();
            }
        });
        pauseButton = tag(new Button(controls, SWT.PUSH), "pause");
        pauseButton.setText("Pause");
        pauseButton.addListener(SWT.Selection, e -> togglePause());
        Button restart = tag(new Button(controls, SWT.PUSH), "restart");
        restart.setText("Restart (r)");
        restart.setToolTipText("Start the game again; new options (e.g. size=10) apply now");
        restart.addListener(SWT.Selection, e -> restart());
        Button stop = tag(new Button(controls, SWT.PUSH), "stop");
        stop.setText("Stop");
        stop.addListener(SWT.Selection, e -> {
            if (match != null) {
                match.stop();
            }
        });
        Button export = tag(new Button(controls, SWT.PUSH), "export");
        export.setText("Export…");
        export.addListener(SWT.Selection, e -> exportRecord());
        Button importButton = tag(new Button(controls, SWT.PUSH), "import");
        importButton.setText("Import…");
        importButton.addListener(SWT.Selection, e -> importRecord());
        Button live = tag(new Button(controls, SWT.PUSH), "live");
        live.setText("Live");
        live.addListener(SWT.Selection, e -> {
            viewing = -1;
            refreshBoard();
        });

        SashForm sash = new SashForm(root, SWT.HORIZONTAL);
        sash.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        boardHolder = new Composite(sash, SWT.NONE);
        boardHolder.setLayout(new FillLayout());
        Composite side = new Composite(sash, SWT.NONE);
        side.setLayout(new GridLayout(2, false));
        for (int i = 0; i < 2; i++) {
            sideLabels[i] = tag(new Label(side, SWT.WRAP), i == 0 ? "first-clock" : "second-clock");
            sideLabels[i].setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false, 2, 1));
        }
        status = tag(new Label(side, SWT.WRAP), "status");
        status.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false, 2, 1));
        new Label(side, SWT.NONE).setText("Move:");
        moveText = tag(new Text(side, SWT.BORDER), "move");
        moveText.setMessage("type a move and press Enter");
        moveText.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        moveText.addListener(SWT.DefaultSelection, e -> typedMove());
        moveList = tag(new org.eclipse.swt.widgets.List(side, SWT.BORDER | SWT.V_SCROLL | SWT.SINGLE), "moves");
        moveList.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true, 2, 1));
        moveList.addListener(SWT.Selection, e -> {
            viewing = moveList.getSelectionIndex() + 1;
            refreshBoard();
        });
        sash.setWeights(65, 35);

        fillCombos();
        gameCombo.addListener(SWT.Selection, e -> prepareBoard(selectedGame()));
        subscription = events.subscribe(this::onEvent, MatchEvent.class, RegistryEvent.class);
        selectionSubscription = serverSelection.addListener(id -> asyncExec(() -> watch(id)));
        display.timerExec(100, this::tick);
        if (gameCombo.getItemCount() > 0) {
            prepareBoard(selectedGame());
        }
        updateLabels();
        return root;
    }

    private static <T extends org.eclipse.swt.widgets.Widget> T tag(T widget, String id) {
        widget.setData(ID, id);
        return widget;
    }

    private void fillCombos() {
        String game = gameCombo.getText();
        gameCombo.setItems(registry.all(RegistryEvent.Kind.GAME).stream().map(Component::id).toArray(String[]::new));
        List<String> players = new ArrayList<>();
        players.add(HUMAN);
        registry.all(RegistryEvent.Kind.PLAYER).forEach(c -> players.add(c.id()));
        serverService.server().protocols().forEach(p -> players.add(NETWORK + p.protocol().id() + ")"));
        for (Combo combo : new Combo[] {firstCombo, secondCombo}) {
            String chosen = combo.getText();
            combo.setItems(players.toArray(String[]::new));
            int index = players.indexOf(chosen);
            combo.select(index >= 0 ? index : (combo == firstCombo ? 0 : Math.min(1, players.size() - 1)));
        }
        int index = List.of(gameCombo.getItems()).indexOf(game);
        gameCombo.select(index >= 0 ? index : Math.max(0, List.of(gameCombo.getItems()).indexOf("othello")));
    }

    private Game selectedGame() {
        return registry.requireGame(gameCombo.getText());
    }

    private void prepareBoard(Game g) {
        if (board != null && g.id().equals(boardGame)) {
            return;
        }
        for (Control c : boardHolder.getChildren()) {
            c.dispose();
        }
        BoardRenderer renderer = renderers.get(g.id());
        board = renderer != null ? renderer.create(boardHolder) : new TextBoard(boardHolder);
        boardGame = g.id();
        tag(board.control(), "board").setData("boardlab.widget", board); // for UI tests: the board and its clicksFor
        board.onMove(move -> {
            Side side = board == null ? null : currentClickable();
            if (side != null && humans[side.index()] != null) {
                humans[side.index()].offer(move);
            }
        });
        try {
            board.show(g.newGame(options()), null, null);
        } catch (IllegalArgumentException e) {
            board.show(g.newGame(), null, null);
        }
        boardHolder.layout(true, true);
    }

    private GameOptions options() {
        String text = optionsText.getText().trim();
        return GameOptions.parse(text.isEmpty() ? List.of() : List.of(text.split("\\s+")));
    }

    private void start() {
        watching = 0;
        closeSeat();
        if (match != null) {
            match.stop();
        }
        try {
            fillCombos();
            game = selectedGame();
            GameOptions options = options();
            game.newGame(options);
            prepareBoard(game);
            if (firstCombo.getText().startsWith(NETWORK) || secondCombo.getText().startsWith(NETWORK)) {
                offerToTheNetwork();
                return;
            }
            PlayerSeat[] seats = new PlayerSeat[2];
            Combo[] combos = {firstCombo, secondCombo};
            for (int i = 0; i < 2; i++) {
                String choice = combos[i].getText();
                names[i] = choice.equals(HUMAN) ? "you" : choice;
                if (choice.equals(HUMAN)) {
                    HumanPlayer human = new HumanPlayer(state -> asyncExec(this::refreshBoard));
                    humans[i] = human;
                    seats[i] = new PlayerSeat(names[i], () -> human);
                } else {
                    humans[i] = null;
                    seats[i] = PlayerSeat.of(registry, choice);
                }
            }
            if (names[0].equals(names[1])) {
                names[0] = names[0] + "#1";
                names[1] = names[1] + "#2";
                seats[0] = new PlayerSeat(names[0], seats[0].players());
                seats[1] = new PlayerSeat(names[1], seats[1].players());
            }
            board.setPlayerNames(names[0], names[1]);
            MatchSettings settings = MatchSettings.defaults().withTimePerMove(Duration.ofSeconds(timeSpinner.getSelection()))
                    .withMoveDelay(Duration.ofMillis(delaySpinner.getSelection())).withAlternateSides(false)
                    .withSeed(System.nanoTime());
            resetGame(game.newGame(options));
            match = new Match(referee, game, options, seats[0], seats[1], settings, events);
            match.setMode(stepMode.getSelection() ? Match.Mode.STEP : Match.Mode.CONTINUOUS);
            pauseButton.setText("Pause");
            match.start();
            status.setText("playing");
        } catch (RuntimeException e) {
            status.setText("cannot start: " + e.getMessage());
        }
        status.getParent().layout(true);
    }

    private void resetGame(GameState start) {
        positions.clear();
        positions.add(start);
        moves.clear();
        moveList.removeAll();
        lastNanos[0] = lastNanos[1] = 0;
        totalNanos[0] = totalNanos[1] = 0;
        thinking = null;
        viewing = -1;
        result = "";
        refreshBoard();
        updateLabels();
    }

    private void restart() {
        if (match == null) {
            start();
            return;
        }
        try {
            match.restart(options());
            status.setText("restarted");
        } catch (IllegalArgumentException e) {
            status.setText("cannot restart: " + e.getMessage());
        }
    }

    private void togglePause() {
        if (match == null) {
            return;
        }
        if (match.isPaused()) {
            match.resume();
            pauseButton.setText("Pause");
        } else {
            match.pause();
            pauseButton.setText("Resume");
        }
        pauseButton.getParent().layout(true);
    }

    private void typedMove() {
        Side side = currentClickable();
        if (side == null) {
            status.setText("it is not a person's turn at this board");
            return;
        }
        GameState state = humans[side.index()].waitingFor();
        String text = moveText.getText().trim();
        try {
            Move move = state.parseMove(text);
            String why = state.whyIllegal(move);
            if (why != null) {
                status.setText(text + " is illegal: " + why);
                return;
            }
            humans[side.index()].offer(move);
            moveText.setText("");
        } catch (IllegalMoveException e) {
            status.setText(text + ": " + e.reason());
        }
    }

    /** The side a person plays and must move now, or {@code null}. */
    private Side currentClickable() {
        for (int i = 0; i < 2; i++) {
            if (humans[i] != null && humans[i].waitingFor() != null && viewing < 0) {
                return Side.of(i);
            }
        }
        return null;
    }

    private void onEvent(BoardlabEvent event) {
        Match m = match;
        long followed = m != null ? m.id() : watching;
        if (!(event instanceof MatchEvent e) || followed == 0 || e.matchId() != followed) {
            if (event instanceof RegistryEvent) {
                asyncExec(this::fillCombos);
            }
            return;
        }
        asyncExec(() -> {
            if (match != m || (m == null && watching != followed)) {
                return;
            }
            if (e instanceof MatchEvent.Started started) {
                resetGame(started.state());
            } else if (e instanceof MatchEvent.Thinking t) {
                thinking = t.side();
                deadlineNanos = t.deadlineNanos();
            } else if (e instanceof MatchEvent.Moved moved) {
                if (moved.ply() < positions.size()) {
                    return; // already shown: it was in the history of a server game opened just now
                }
                moves.add(moved.move());
                positions.add(moved.after());
                lastNanos[moved.side().index()] = moved.elapsedNanos();
                totalNanos[moved.side().index()] = moved.totalNanos();
                thinking = null;
                moveList.add(moves.size() + ". " + moved.move().notation() + "  (" + game.sideName(moved.side()) + ", "
                        + millis(moved.elapsedNanos()) + ")");
                moveList.setTopIndex(moveList.getItemCount() - 1);
                refreshBoard();
            } else if (e instanceof MatchEvent.Ended ended) {
                thinking = null;
                showResult(ended.outcome());
            }
            updateLabels();
        });
    }

    /**
     * One side is "a network client": the other side, a loaded player, waits in the embedded server's
     * lobby as {@code workbench} until a client invites it (or is paired with it); the game is then
     * followed here like any server game. Who moves first follows the protocol (the inviter; the
     * one who waited longest).
     */
    private void offerToTheNetwork() {
        String first = firstCombo.getText();
        String second = secondCombo.getText();
        String network = first.startsWith(NETWORK) ? first : second;
        String other = first.startsWith(NETWORK) ? second : first;
        String protocolId = network.substring(NETWORK.length(), network.length() - 1);
        if (other.startsWith(NETWORK) || other.equals(HUMAN)) {
            status.setText("a network client plays against a loaded player; a person plays a networked game with "
                    + "'boardlab client " + protocolId + "'");
            status.getParent().layout(true);
            return;
        }
        org.boardlab.server.EmbeddedServer server = serverService.server();
        org.boardlab.server.ServerProtocol protocol = server.protocols().stream()
                .filter(p -> p.protocol().id().equals(protocolId)).findFirst().orElse(null);
        if (protocol == null || !protocol.protocol().gameId().equals(game.id())) {
            status.setText("the " + protocolId + " protocol does not play " + game.id());
            status.getParent().layout(true);
            return;
        }
        try {
            if (server.ports().stream().noneMatch(p -> p.protocolId().equals(protocolId))) {
                server.start(protocolId, System.getProperty("boardlab.server.bind", "127.0.0.1"), -1);
            }
            String address = server.ports().stream().filter(p -> p.protocolId().equals(protocolId)).findFirst()
                    .map(p -> p.address().getAddress().getHostAddress() + ":" + p.address().getPort()).orElse("?");
            seat = org.boardlab.server.LobbySeat.open(server.lobby(), "workbench", game.id(), protocolId, protocol.pairsPlayers(),
                    () -> registry.requirePlayer(other).get(), table -> asyncExec(() -> watch(table.id())));
            status.setText("waiting for a " + protocolId + " client on " + address + " to play " + other + ", logged in as 'workbench'"
                    + (protocol.pairsPlayers() ? " (the next client to join is paired with it)" : " (invite 'workbench' from the client)"));
        } catch (org.boardlab.server.LobbyException | RuntimeException e) {
            status.setText("cannot offer " + other + " on the server: " + e.getMessage());
        }
        status.getParent().layout(true);
    }

    private void closeSeat() {
        if (seat != null) {
            seat.close();
            seat = null;
        }
    }

    /**
     * Shows a game of the embedded server (chosen in the Server view) and follows it live, read-only,
     * from its first move (the moves before it was opened have no times).
     */
    private void watch(long matchId) {
        Table table = serverService.server().tables().stream().filter(t -> t.id() == matchId).findFirst().orElse(null);
        if (table == null) {
            status.setText("match " + matchId + " is not being played on the server (any more)");
            status.getParent().layout(true);
            return;
        }
        if (match != null) {
            match.stop();
            match = null;
        }
        watching = matchId;
        game = table.game();
        names[0] = table.names().get(0);
        names[1] = table.names().get(1);
        humans[0] = humans[1] = null;
        gameCombo.select(List.of(gameCombo.getItems()).indexOf(game.id()));
        prepareBoard(game);
        board.setPlayerNames(names[0], names[1]);
        MatchJournal.Snapshot journal = table.journal().snapshot();
        resetGame(journal.start());
        for (MatchJournal.Entry entry : journal.entries()) {
            moves.add(entry.move());
            positions.add(entry.after());
            moveList.add(moves.size() + ". " + entry.move().notation() + "  (" + game.sideName(entry.side()) + ")");
        }
        if (moveList.getItemCount() > 0) {
            moveList.setTopIndex(moveList.getItemCount() - 1);
        }
        refreshBoard();
        updateLabels();
        status.setText("watching match " + matchId + " on the server: " + names[0] + " vs " + names[1]
                + (moves.isEmpty() ? "" : " (" + moves.size() + " moves played before it was opened)"));
        status.getParent().layout(true);
    }

    private void showResult(MatchOutcome o) {
        String who = o.winner() == null ? "no winner" : names[o.winner().index()] + " (" + game.sideName(o.winner()) + ") wins";
        result = switch (o.ending()) {
            case NORMAL -> who + ": " + o.detail();
            case ABORTED -> "stopped: " + o.detail();
            default -> who + " — " + o.ending().name().toLowerCase().replace('_', ' ') + ": " + o.detail();
        };
        status.setText(result + "\nGame Master scores (seed 004): " + names[0] + " " + o.gmScores()[0] + ", " + names[1] + " "
                + o.gmScores()[1]);
        status.getParent().layout(true);
    }

    private void refreshBoard() {
        if (board == null || board.control().isDisposed() || positions.isEmpty()) {
            return;
        }
        int index = viewing < 0 || viewing >= positions.size() ? positions.size() - 1 : viewing;
        Move last = index == 0 ? null : moves.get(index - 1);
        board.show(positions.get(index), last, viewing < 0 ? currentClickable() : null);
        if (viewing >= 0) {
            status.setText("replay: position after move " + index + " (press Live to follow the game)");
        }
    }

    private void tick() {
        if (status == null || status.isDisposed()) {
            return;
        }
        updateLabels();
        display.timerExec(100, this::tick);
    }

    private void updateLabels() {
        if (sideLabels[0] == null || sideLabels[0].isDisposed()) {
            return;
        }
        GameState state = positions.isEmpty() ? null : positions.get(positions.size() - 1);
        for (int i = 0; i < 2; i++) {
            Side side = Side.of(i);
            String name = names[i] == null ? "-" : names[i];
            String colour = game == null ? "" : game.sideName(side);
            String clock = thinking == side ? "  thinking, " + Math.max(0, (deadlineNanos - System.nanoTime()) / 100_000_000L) / 10.0 + " s left" : "";
            String score = state == null ? "" : "  score " + state.score(side);
            sideLabels[i].setText(colour + ": " + name + score + "  last " + millis(lastNanos[i]) + "  total " + millis(totalNanos[i])
                    + clock);
        }
        sideLabels[0].getParent().layout(true);
    }

    private static String millis(long nanos) {
        return nanos < 1_000_000_000L ? nanos / 1_000_000 + " ms" : String.format("%.1f s", nanos / 1e9);
    }

    private void exportRecord() {
        if (game == null) {
            status.setText("nothing to export: start or import a game first");
            return;
        }
        FileDialog dialog = new FileDialog(status.getShell(), SWT.SAVE);
        dialog.setFileName(game.id() + ".txt");
        String file = dialog.open();
        if (file != null) {
            writeRecord(Path.of(file));
        }
    }

    /** Writes the current game's record to {@code file}; also used by tests. */
    void writeRecord(Path file) {
        GameRecord record = new GameRecord(game.id(), positions.isEmpty() ? GameOptions.DEFAULT : options(),
                String.valueOf(names[0]), String.valueOf(names[1]), moves.stream().map(Move::notation).collect(Collectors.toList()),
                result);
        try {
            Files.writeString(file, record.write(), StandardCharsets.UTF_8);
            status.setText("exported to " + file);
        } catch (IOException e) {
            status.setText("cannot write " + file + ": " + e.getMessage());
        }
    }

    private void importRecord() {
        FileDialog dialog = new FileDialog(status.getShell(), SWT.OPEN);
        String file = dialog.open();
        if (file != null) {
            readRecord(Path.of(file));
        }
    }

    /** Reads a record from {@code file} and shows it for replay; also used by tests. */
    void readRecord(Path file) {
        try {
            GameRecord record = GameRecord.read(Files.readString(file, StandardCharsets.UTF_8));
            Game g = registry.requireGame(record.gameId());
            List<GameState> states = record.positions(g);
            if (match != null) {
                match.stop();
                match = null;
            }
            game = g;
            names[0] = record.first();
            names[1] = record.second();
            humans[0] = humans[1] = null;
            gameCombo.select(List.of(gameCombo.getItems()).indexOf(g.id()));
            optionsText.setText(record.options().toString());
            prepareBoard(g);
            positions.clear();
            positions.addAll(states);
            moves.clear();
            moveList.removeAll();
            for (int i = 0; i < record.moves().size(); i++) {
                Move move = states.get(i).parseMove(record.moves().get(i));
                moves.add(move);
                moveList.add((i + 1) + ". " + move.notation());
            }
            viewing = -1;
            refreshBoard();
            status.setText("imported " + file.getFileName() + ": " + record.moves().size() + " moves"
                    + (record.result().isEmpty() ? "" : "; " + record.result()) + ". Click a move to see its position.");
        } catch (IOException | IllegalArgumentException e) {
            status.setText("cannot import " + file + ": " + e.getMessage());
        }
        status.getParent().layout(true);
    }

    private void asyncExec(Runnable task) {
        Display d = display;
        if (d != null && !d.isDisposed()) {
            d.asyncExec(() -> {
                if (status != null && !status.isDisposed()) {
                    task.run();
                }
            });
        }
    }

    @Override
    public void dispose() {
        closeSeat();
        if (match != null) {
            match.stop();
            match = null;
        }
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
