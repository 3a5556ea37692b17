package org.boardlab.workbench.server.internal;

import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;
import javax.inject.Inject;
import javax.inject.Named;
import javax.inject.Provider;
import org.boardlab.api.Game;
import org.boardlab.api.GameState;
import org.boardlab.api.Side;
import org.boardlab.server.EmbeddedServer;
import org.boardlab.server.Member;
import org.boardlab.server.ServerProtocol;
import org.boardlab.server.ServerService;
import org.boardlab.server.Table;
import org.boardlab.core.Match;
import org.boardlab.server.Connection;
import org.boardlab.workbench.Workbench;
import org.boardlab.workbench.WorkbenchView;
import org.boardlab.workbench.ServerSelection;
import org.eclipse.jface.viewers.ArrayContentProvider;
import org.eclipse.jface.viewers.ColumnLabelProvider;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.jface.viewers.TableViewer;
import org.eclipse.jface.viewers.TableViewerColumn;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.graphics.Font;
import org.eclipse.swt.graphics.FontData;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.layout.RowLayout;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Group;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Spinner;
import org.eclipse.swt.widgets.Text;
import org.eclipse.swt.widgets.Widget;

/**
 * "Server": the embedded server at work. For each protocol it can speak, where it listens (or
 * "stopped") with fields for the bind address and port and Start / Stop buttons; the connected
 * clients (a selected one can be disconnected); the lobby; the games being played (one can be opened
 * in the Match view or the inspector through {@link ServerSelection}); counters; and the server's
 * recent log, newest first.
 *
 * <p>It reads the server every {@value #REFRESH_MILLIS} ms while it is visible. Opening and closing
 * ports happens on a thread of the view's own, and errors (a port in use, an address that is not this
 * machine's) are shown beside the port, never thrown. Widgets carry their role as data under the key
 * {@code boardlab.id} (for UI tests), e.g. {@code start:othello}, {@code clients}, {@code disconnect}.
 */
@Named("server")
@javax.inject.Singleton
public final class ServerView implements WorkbenchView {

    static final String ID = "boardlab.id";
    static final int REFRESH_MILLIS = 500;
    static final String DEFAULT_BIND = "127.0.0.1";
    static final String STOPPED = "stopped";
    /** The id of the Match view (boardlab.workbench) and of the inspector's view. */
    static final String MATCH_VIEW = "match";
    static final String INSPECTOR_VIEW = "inspector";

    private final Supplier<EmbeddedServer> server;
    private final Supplier<List<String>> log;
    private final ServerSelection selection;
    private final Predicate<String> showView;

    private Display display;
    private Composite root;
    private Group portsGroup;
    private final Map<String, PortRow> portRows = new LinkedHashMap<>();
    /** What was typed for protocols whose rows were rebuilt: id → {bind, port}. */
    private final Map<String, String[]> typed = new HashMap<>();
    private Label counters;
    /** What protocols keep of their own (seed 001's tables and scores), see {@link ServerProtocol#status}. */
    private Label protocolStatus;
    private Group clientsGroup;
    private Group lobbyGroup;
    private Group gamesGroup;
    private TableViewer clients;
    private TableViewer lobby;
    private TableViewer games;
    private org.eclipse.swt.widgets.List logList;
    private List<String> shownLog = List.of();
    private Button disconnect;
    private Text faults;
    private Button applyFaults;
    private Button openMatch;
    private Button openInspector;
    private Label selectedGame;
    private Label message;
    private Font bold;
    private ExecutorService worker;
    private final Runnable tick = this::tick;

    /** The widgets of one protocol's port. */
    private static final class PortRow {
        final String protocolId;
        Label address;
        Text bind;
        Spinner port;
        Button start;
        Button stop;
        Label message;
        /** Set while a start or stop runs on the worker; what the address label says meanwhile. */
        String pending;

        PortRow(String protocolId) {
            this.protocolId = protocolId;
        }
    }

    /** The workbench's view: the workbench's own server, its log, and the window's views. */
    @Inject
    public ServerView(ServerService service, ServerSelection selection, Provider<Workbench> workbench) {
        this(service::server, service::log, selection, id -> workbench.get().showView(id));
    }

    /**
     * @param server    the server shown (asked again at each refresh)
     * @param log       the server's recent log lines, oldest first
     * @param selection where "Open in ..." puts the chosen game
     * @param showView  brings the view with this id to the front; {@code false} if there is none
     */
    ServerView(Supplier<EmbeddedServer> server, Supplier<List<String>> log, ServerSelection selection,
            Predicate<String> showView) {
        this.server = server;
        this.log = log;
        this.selection = selection;
        this.showView = showView;
    }

    @Override
    public String id() {
        return "server";
    }

    @Override
    public String title() {
        return "Server";
    }

    @Override
    public int order() {
        return 30;
    }

    @Override
    public Control createControl(Composite parent) {
        display = parent.getDisplay();
        worker = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "boardlab-server-view");
            t.setDaemon(true);
            return t;
        });
        root = new Composite(parent, SWT.NONE);
        root.setLayout(new GridLayout(1, false));
        FontData[] data = root.getFont().getFontData();
        for (FontData d : data) {
            d.setStyle(SWT.BOLD);
        }
        Font font = new Font(display, data);
        bold = font;
        root.addListener(SWT.Dispose, e -> font.dispose()); // freed with the widgets

        portsGroup = new Group(root, SWT.NONE);
        portsGroup.setText("Ports");
        GridLayout portsLayout = new GridLayout(7, false);
        portsLayout.horizontalSpacing = 12;
        portsGroup.setLayout(portsLayout);
        portsGroup.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));

        counters = tag(new Label(root, SWT.NONE), "counters");
        protocolStatus = tag(new Label(root, SWT.WRAP), "protocol-status");
        protocolStatus.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        counters.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        counters.setToolTipText("Refused: clients turned away because the server was full. Slow readers: clients "
                + "closed because they did not read what the server sent them. Tap frames: frames seen "
                + "while the inspector listened; dropped: frames it could not keep up with.");

        SashForm sash = new SashForm(root, SWT.VERTICAL);
        sash.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        createClients(sash);
        SashForm middle = new SashForm(sash, SWT.HORIZONTAL);
        createLobby(middle);
        createGames(middle);
        middle.setWeights(45, 55);
        Group logGroup = new Group(sash, SWT.NONE);
        logGroup.setText("Server log (newest first)");
        logGroup.setLayout(new GridLayout(1, false));
        logList = tag(new org.eclipse.swt.widgets.List(logGroup, SWT.BORDER | SWT.V_SCROLL | SWT.H_SCROLL), "log");
        logList.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        sash.setWeights(33, 37, 30);

        message = tag(new Label(root, SWT.WRAP), "message");
        message.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));

        parent.addListener(SWT.Show, e -> {
            if (!root.isDisposed()) {
                refresh();
            }
        });
        refresh();
        display.timerExec(REFRESH_MILLIS, tick);
        return root;
    }

    private void createClients(Composite parent) {
        clientsGroup = new Group(parent, SWT.NONE);
        clientsGroup.setLayout(new GridLayout(1, false));
        clients = viewer(clientsGroup, "clients");
        column(clients, "Id", 50, (Connection c) -> Long.toString(c.id()));
        column(clients, "Name", 120, (Connection c) -> c.playerName() == null ? "(not logged in)" : c.playerName());
        column(clients, "Protocol", 80, (Connection c) -> c.protocolId());
        column(clients, "Address", 150, (Connection c) -> c.remoteAddress());
        column(clients, "State", 240, (Connection c) -> c.state());
        column(clients, "Idle", 80, (Connection c) -> idle(System.currentTimeMillis() - c.lastReadMillis()));
        column(clients, "Match", 70, (Connection c) -> c.matchId() == 0 ? "" : Long.toString(c.matchId()));
        column(clients, "Faults", 200, (Connection c) -> c.faults().none() ? "" : c.faults().toString());
        clients.addSelectionChangedListener(e -> {
            updateButtons();
            if (clients.getStructuredSelection().getFirstElement() instanceof Connection c) {
                faults.setText(c.faults().none() ? "" : c.faults().toString());
            }
        });
        Composite row = new Composite(clientsGroup, SWT.NONE);
        row.setLayout(new GridLayout(4, false));
        row.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        disconnect = tag(new Button(row, SWT.PUSH), "disconnect");
        disconnect.setText("Disconnect");
        disconnect.setToolTipText("Close the selected client's connection (a player in a game may log in again to go on)");
        disconnect.addListener(SWT.Selection, e -> disconnect());
        Label faultsLabel = new Label(row, SWT.NONE);
        faultsLabel.setText("Faults:");
        faults = tag(new Text(row, SWT.BORDER), "faults");
        faults.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        faults.setMessage("e.g. delay=200ms,to-client:split (empty: none)");
        faults.setToolTipText("Network faults injected on the selected connection from now on: delay=T, jitter=T, bandwidth=N, "
                + "drop-after=N, drop-rate=P, split, merge=T, flip=P, pause, seed=N; each item may start with to-server: or "
                + "to-client: (otherwise both ways). Every fault shows in the inspector, in violet.");
        faults.addListener(SWT.DefaultSelection, e -> applyFaults());
        applyFaults = tag(new Button(row, SWT.PUSH), "apply-faults");
        applyFaults.setText("Apply faults");
        applyFaults.setToolTipText("Inject these faults on the selected connection (empty: stop injecting; a pause lifted sends what it held)");
        applyFaults.addListener(SWT.Selection, e -> applyFaults());
    }

    private void applyFaults() {
        if (!(clients.getStructuredSelection().getFirstElement() instanceof Connection c)) {
            say("Select a connected client first.");
            return;
        }
        org.boardlab.server.faults.FaultProfile profile;
        try {
            profile = org.boardlab.server.faults.FaultProfile.parse(faults.getText());
        } catch (IllegalArgumentException e) {
            say("Faults not applied: " + e.getMessage());
            return;
        }
        try {
            c.faults(profile);
        } catch (RuntimeException e) {
            say("Faults not applied: " + e.getMessage());
            return;
        }
        String who = c.playerName() == null ? "client " + c.id() : c.playerName();
        say(profile.none() ? "No faults on " + who + " (" + c.remoteAddress() + ") from now on."
                : "Faults on " + who + " (" + c.remoteAddress() + ") from now on: " + profile + ".");
        clients.refresh(c);
    }

    private void createLobby(Composite parent) {
        lobbyGroup = new Group(parent, SWT.NONE);
        lobbyGroup.setLayout(new GridLayout(1, false));
        lobby = viewer(lobbyGroup, "lobby");
        column(lobby, "Name", 110, (Member m) -> m.name());
        column(lobby, "Game", 80, (Member m) -> m.gameId());
        column(lobby, "Protocol", 80, (Member m) -> m.protocolId());
        column(lobby, "Status", 70, (Member m) -> m.status().name());
        column(lobby, "Connection", 100, (Member m) -> m.isConnected() ? "connected" : "away");
        column(lobby, "Invited", 90, (Member m) -> {
            String invited = server.get().lobby().invitationOf(m);
            return invited == null ? "" : invited;
        });
    }

    private void createGames(Composite parent) {
        gamesGroup = new Group(parent, SWT.NONE);
        gamesGroup.setLayout(new GridLayout(1, false));
        games = viewer(gamesGroup, "games");
        // a row is a lobby's Table, or a Match that a protocol with its own port plays through the server (Dots on the web)
        column(games, "Match", 60, (Object g) -> Long.toString(idOf(g)));
        column(games, "Game", 75, (Object g) -> g instanceof Table t ? t.game().id() : ((Match) g).game().id());
        column(games, "Players", 210, (Object g) -> g instanceof Table t ? players(t) : players((Match) g));
        column(games, "Moves", 60, (Object g) -> Integer.toString(g instanceof Table t ? t.state().ply() : stateOf((Match) g).ply()));
        column(games, "To move", 150, (Object g) -> g instanceof Table t ? toMove(t) : toMove((Match) g));
        games.addSelectionChangedListener(e -> updateButtons());
        selectedGame = tag(new Label(gamesGroup, SWT.NONE), "selected-game");
        selectedGame.setFont(bold);
        selectedGame.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        Composite buttons = new Composite(gamesGroup, SWT.NONE);
        RowLayout row = new RowLayout(SWT.HORIZONTAL);
        row.marginLeft = 0;
        buttons.setLayout(row);
        openMatch = tag(new Button(buttons, SWT.PUSH), "open-match");
        openMatch.setText("Open in Match view");
        openMatch.addListener(SWT.Selection, e -> open(MATCH_VIEW, "Match view"));
        openInspector = tag(new Button(buttons, SWT.PUSH), "open-inspector");
        openInspector.setText("Open in Inspector");
        openInspector.addListener(SWT.Selection, e -> open(INSPECTOR_VIEW, "Inspector"));
    }

    private static String players(Table t) {
        Game g = t.game();
        return t.member(Side.FIRST).name() + " (" + g.sideName(Side.FIRST) + ") vs " + t.member(Side.SECOND).name() + " ("
                + g.sideName(Side.SECOND) + ")";
    }

    private static long idOf(Object g) {
        return g instanceof Table t ? t.id() : ((Match) g).id();
    }

    private static GameState stateOf(Match m) {
        GameState state = m.state();
        return state == null ? m.journal().start() : state;
    }

    private static String players(Match m) {
        Game g = m.game();
        List<String> names = m.journal().players();
        return names.get(0) + " (" + g.sideName(Side.FIRST) + ") vs " + names.get(1) + " (" + g.sideName(Side.SECOND) + ")";
    }

    private static String toMove(Match m) {
        GameState state = stateOf(m);
        if (m.results().isDone() || state.isTerminal()) {
            return "game over";
        }
        Side side = state.sideToMove();
        return m.game().sideName(side) + " (" + m.journal().players().get(side.index()) + ")";
    }

    private static String toMove(Table t) {
        GameState state = t.state();
        if (t.isOver() || state.isTerminal()) {
            return "game over";
        }
        Side side = state.sideToMove();
        Member member = t.member(side);
        return t.game().sideName(side) + " (" + member.name() + (member.isConnected() ? "" : ", away") + ")";
    }

    /** "0 s", "42 s", "3 min 05 s", "2 h 03 min". */
    static String idle(long millis) {
        long s = Math.max(0, millis) / 1000;
        if (s < 60) {
            return s + " s";
        }
        if (s < 3600) {
            return s / 60 + " min " + String.format("%02d", s % 60) + " s";
        }
        return s / 3600 + " h " + String.format("%02d", s % 3600 / 60) + " min";
    }

    private void tick() {
        if (root == null || root.isDisposed()) {
            return;
        }
        if (root.isVisible()) {
            refresh();
        }
        display.timerExec(REFRESH_MILLIS, tick);
    }

    /** Reads the server and updates every part of the view. Call on the UI thread. */
    void refresh() {
        EmbeddedServer s = server.get();
        refreshPorts(s);

        List<Connection> connections = new ArrayList<>(s.connections());
        connections.sort(Comparator.comparingLong(Connection::id));
        clients.setInput(connections);
        clientsGroup.setText("Connected clients (" + connections.size() + ")");

        List<Member> members = s.lobby().members();
        lobby.setInput(members);
        lobbyGroup.setText("Lobby (" + members.size() + ")");

        List<Object> running = new ArrayList<>(s.tables());
        running.addAll(s.hostedMatches());
        running.sort(Comparator.comparingLong(ServerView::idOf));
        games.setInput(running);
        gamesGroup.setText("Running games (" + running.size() + ")");

        counters.setText("Connections: " + connections.size() + "    Refused (server full): " + s.refusedClients()
                + "    Protocol violations: " + s.violations() + "    Slow readers: " + s.slowReaders()
                + "    Faults injected: " + s.faultsInjected()
                + "    Tap frames: " + s.tap().frames()
                + "    Dropped frames: " + s.tap().dropped());

        StringBuilder status = new StringBuilder();
        for (ServerProtocol p : s.protocols()) {
            List<String> own = p.status(s.lobby());
            if (!own.isEmpty()) {
                status.append(status.length() == 0 ? "" : "\n").append(p.protocol().id()).append(": ")
                        .append(String.join("  |  ", own));
            }
        }
        if (!status.toString().equals(protocolStatus.getText())) {
            protocolStatus.setText(status.toString());
            root.layout(new Control[] {protocolStatus});
        }

        List<String> lines = log.get();
        if (!lines.equals(shownLog)) {
            shownLog = lines;
            List<String> newestFirst = new ArrayList<>(lines);
            Collections.reverse(newestFirst);
            logList.setItems(newestFirst.toArray(String[]::new));
        }
        updateButtons();
    }

    private void refreshPorts(EmbeddedServer s) {
        List<ServerProtocol> protocols = new ArrayList<>(s.protocols());
        protocols.sort(Comparator.comparing(p -> p.protocol().id()));
        List<String> ids = protocols.stream().map(p -> p.protocol().id()).toList();
        if (!ids.equals(new ArrayList<>(portRows.keySet()))) {
            rebuildPorts(protocols);
        }
        Map<String, InetSocketAddress> listening = new HashMap<>();
        for (EmbeddedServer.Port p : s.ports()) {
            listening.put(p.protocolId(), p.address());
        }
        for (PortRow row : portRows.values()) {
            InetSocketAddress bound = listening.get(row.protocolId);
            String text = row.pending != null ? row.pending
                    : bound == null ? STOPPED : bound.getAddress().getHostAddress() + ":" + bound.getPort();
            if (!text.equals(row.address.getText())) {
                row.address.setText(text);
                row.address.getParent().layout(new Control[] {row.address});
            }
            boolean idle = row.pending == null;
            row.start.setEnabled(idle && bound == null);
            row.stop.setEnabled(idle && bound != null);
            row.bind.setEnabled(idle && bound == null);
            row.port.setEnabled(idle && bound == null);
        }
    }

    private void rebuildPorts(List<ServerProtocol> protocols) {
        for (PortRow row : portRows.values()) {
            typed.put(row.protocolId, new String[] {row.bind.getText(), Integer.toString(row.port.getSelection())});
        }
        for (Control c : portsGroup.getChildren()) {
            c.dispose();
        }
        portRows.clear();
        if (protocols.isEmpty()) {
            Label none = new Label(portsGroup, SWT.NONE);
            none.setText("No protocol bundle is loaded, so the server has no port to open.");
            none.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false, 7, 1));
        } else {
            for (String header : new String[] {"Protocol", "Listening on", "Bind address", "Port", "", "", ""}) {
                Label h = new Label(portsGroup, SWT.NONE);
                h.setText(header);
                h.setFont(bold);
            }
        }
        for (ServerProtocol p : protocols) {
            String id = p.protocol().id();
            PortRow row = new PortRow(id);
            String[] before = typed.getOrDefault(id, new String[] {DEFAULT_BIND, Integer.toString(p.protocol().defaultPort())});
            Label name = tag(new Label(portsGroup, SWT.NONE), "protocol:" + id);
            name.setText(id);
            name.setToolTipText(p.protocol().name() + " (game " + p.protocol().gameId() + ", default port "
                    + p.protocol().defaultPort() + ")");
            row.address = tag(new Label(portsGroup, SWT.NONE), "address:" + id);
            row.address.setText(STOPPED);
            GridData addressData = new GridData(SWT.FILL, SWT.CENTER, false, false);
            addressData.widthHint = 170;
            row.address.setLayoutData(addressData);
            row.bind = tag(new Text(portsGroup, SWT.BORDER), "bind:" + id);
            row.bind.setText(before[0]);
            row.bind.setToolTipText("127.0.0.1: only this machine can connect; 0.0.0.0: every network this machine is on");
            GridData bindData = new GridData(SWT.FILL, SWT.CENTER, false, false);
            bindData.widthHint = 120;
            row.bind.setLayoutData(bindData);
            row.port = tag(new Spinner(portsGroup, SWT.BORDER), "port:" + id);
            row.port.setValues(Integer.parseInt(before[1]), 0, 65_535, 0, 1, 100);
            row.port.setToolTipText("0 picks a free port");
            row.start = tag(new Button(portsGroup, SWT.PUSH), "start:" + id);
            row.start.setText("Start");
            row.start.addListener(SWT.Selection, e -> start(id));
            row.stop = tag(new Button(portsGroup, SWT.PUSH), "stop:" + id);
            row.stop.setText("Stop");
            row.stop.setToolTipText("Stop listening; clients already connected stay");
            row.stop.addListener(SWT.Selection, e -> stop(id));
            row.message = tag(new Label(portsGroup, SWT.WRAP), "port-message:" + id);
            row.message.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
            portRows.put(id, row);
        }
        root.layout(true, true);
    }

    private void start(String protocolId) {
        PortRow row = portRows.get(protocolId);
        String bind = row.bind.getText().trim();
        if (bind.isEmpty()) {
            show(row, true, "Enter the address to listen on, e.g. 127.0.0.1.");
            return;
        }
        int port = row.port.getSelection();
        row.pending = "starting…";
        show(row, false, "");
        refresh();
        worker.execute(() -> {
            String error = null;
            try {
                server.get().start(protocolId, bind, port);
            } catch (RuntimeException e) {
                error = e.getMessage() == null ? e.toString() : e.getMessage();
            }
            String outcome = error;
            asyncExec(() -> finished(protocolId, outcome == null ? "" : outcome, outcome != null));
        });
    }

    private void stop(String protocolId) {
        PortRow row = portRows.get(protocolId);
        row.pending = "stopping…";
        show(row, false, "");
        refresh();
        worker.execute(() -> {
            String error = null;
            try {
                server.get().stop(protocolId);
            } catch (RuntimeException e) {
                error = e.getMessage() == null ? e.toString() : e.getMessage();
            }
            String outcome = error;
            asyncExec(() -> finished(protocolId, outcome == null ? "Stopped listening; clients already connected stay." : outcome,
                    outcome != null));
        });
    }

    private void finished(String protocolId, String text, boolean error) {
        PortRow row = portRows.get(protocolId);
        if (row != null) {
            row.pending = null;
            show(row, error, text);
        }
        refresh();
    }

    private void show(PortRow row, boolean error, String text) {
        row.message.setText(text);
        row.message.setToolTipText(text);
        row.message.setForeground(error ? display.getSystemColor(SWT.COLOR_RED) : null);
        portsGroup.layout(new Control[] {row.message});
    }

    private void disconnect() {
        if (clients.getStructuredSelection().getFirstElement() instanceof Connection c) {
            c.close();
            say("Disconnected " + (c.playerName() == null ? "client " + c.id() : c.playerName()) + " (" + c.remoteAddress()
                    + ").");
        }
    }

    private void open(String viewId, String viewName) {
        Object chosen = games.getStructuredSelection().getFirstElement();
        if (chosen instanceof Table || chosen instanceof Match) {
            long id = idOf(chosen);
            selection.select(id);
            if (showView.test(viewId)) {
                say("Match " + id + " is selected for the " + viewName + ".");
            } else {
                say("Match " + id + " is selected, but this workbench has no " + viewName + ".");
            }
        }
    }

    private void say(String text) {
        message.setText(text);
        root.layout(new Control[] {message});
    }

    private void updateButtons() {
        disconnect.setEnabled(!clients.getStructuredSelection().isEmpty());
        applyFaults.setEnabled(!clients.getStructuredSelection().isEmpty());
        IStructuredSelection chosen = games.getStructuredSelection();
        boolean game = chosen.getFirstElement() instanceof Table || chosen.getFirstElement() instanceof Match;
        openMatch.setEnabled(game);
        openInspector.setEnabled(game);
        String text = chosen.getFirstElement() instanceof Table t
                ? "Match " + t.id() + ": " + t.game().id() + ", " + t.member(Side.FIRST).name() + " vs "
                        + t.member(Side.SECOND).name()
                : chosen.getFirstElement() instanceof Match m
                        ? "Match " + m.id() + ": " + m.game().id() + ", " + m.journal().players().get(0) + " vs "
                                + m.journal().players().get(1)
                        : "Select a running game to open it in the Match view or the inspector.";
        if (!text.equals(selectedGame.getText())) {
            selectedGame.setText(text);
            selectedGame.getParent().layout(new Control[] {selectedGame});
        }
    }

    private static TableViewer viewer(Composite parent, String id) {
        TableViewer viewer = new TableViewer(parent, SWT.BORDER | SWT.FULL_SELECTION | SWT.SINGLE | SWT.V_SCROLL);
        viewer.getTable().setHeaderVisible(true);
        viewer.getTable().setLinesVisible(true);
        viewer.getTable().setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        viewer.setContentProvider(ArrayContentProvider.getInstance());
        tag(viewer.getTable(), id);
        return viewer;
    }

    @SuppressWarnings("unchecked")
    private static <T> void column(TableViewer viewer, String title, int width, Function<T, String> text) {
        TableViewerColumn column = new TableViewerColumn(viewer, SWT.NONE);
        column.getColumn().setText(title);
        column.getColumn().setWidth(width);
        column.setLabelProvider(new ColumnLabelProvider() {
            @Override
            public String getText(Object element) {
                return text.apply((T) element);
            }
        });
    }

    private static <T extends Widget> T tag(T widget, String id) {
        widget.setData(ID, id);
        return widget;
    }

    private void asyncExec(Runnable task) {
        Display d = display;
        if (d != null && !d.isDisposed()) {
            d.asyncExec(() -> {
                if (root != null && !root.isDisposed()) {
                    task.run();
                }
            });
        }
    }

    @Override
    public void dispose() {
        if (display != null && !display.isDisposed()) {
            display.timerExec(-1, tick);
        }
        if (worker != null) {
            worker.shutdown();
            worker = null;
        }
        portRows.clear();
        shownLog = List.of();
    }
}
