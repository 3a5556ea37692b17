package org.boardlab.workbench.server.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BooleanSupplier;
import org.boardlab.core.EventBus;
import org.boardlab.game.othello.Othello;
import org.boardlab.protocol.othello.internal.OthelloProtocol;
import org.boardlab.protocol.othello.internal.OthelloServerProtocol;
import org.boardlab.server.EmbeddedServer;
import org.boardlab.server.ServerSettings;
import org.boardlab.server.Table;
import org.boardlab.workbench.ServerSelection;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.graphics.ImageLoader;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.layout.FillLayout;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Spinner;
import org.eclipse.swt.widgets.Text;
import org.eclipse.swt.widgets.TableItem;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Drives the Server view as a person would, against a real embedded server speaking the Othello
 * protocol to clients on real sockets: presses its buttons, types into its fields, selects rows,
 * and reads what its labels and tables show after the view's own 500 ms refresh.
 */
class ServerViewTest {

    private static Display display;

    private final EventBus events = new EventBus();
    private final List<String> log = new CopyOnWriteArrayList<>();
    private final ServerSelection selection = new ServerSelection();
    private final List<String> shownViews = new ArrayList<>();
    private final List<Long> heard = new CopyOnWriteArrayList<>();
    private final List<SocketClient> sockets = new ArrayList<>();
    private EmbeddedServer server;
    private ServerView view;
    private Shell shell;
    private Composite holder;

    @BeforeAll
    static void createDisplay() {
        display = new Display();
    }

    @AfterAll
    static void disposeDisplay() {
        display.dispose();
    }

    @BeforeEach
    void open() {
        server = new EmbeddedServer(id -> new Othello(), events, ServerSettings.defaults(), log::add);
        server.addProtocol(new OthelloServerProtocol(new OthelloProtocol()));
        events.subscribe(e -> { }); // somebody listens, as the workbench's views do: the tap counts frames
        selection.addListener(heard::add);
        view = new ServerView(() -> server, () -> List.copyOf(log), selection, id -> {
            shownViews.add(id);
            return id.equals(ServerView.MATCH_VIEW);
        });
        shell = new Shell(display);
        shell.setLayout(new FillLayout());
        holder = new Composite(shell, SWT.NONE);
        holder.setLayout(new FillLayout());
        view.createControl(holder);
        shell.setSize(1180, 760);
        shell.open();
        pump();
    }

    @AfterEach
    void close() throws Exception {
        for (SocketClient c : sockets) {
            c.close();
        }
        view.dispose();
        shell.dispose();
        server.close();
    }

    // ---- helpers ----

    private static void pump() {
        while (display.readAndDispatch()) {
            // run what is queued
        }
    }

    /** Runs the event loop (the view's timer included) until {@code condition} holds, at most 5 s. */
    private static void waitUntil(String what, BooleanSupplier condition) throws InterruptedException {
        long until = System.nanoTime() + 5_000_000_000L;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > until) {
                throw new AssertionError("within 5 s: " + what);
            }
            if (!display.readAndDispatch()) {
                Thread.sleep(5);
            }
        }
    }

    /** Runs the event loop for {@code millis} ms. */
    private static void pumpFor(long millis) throws InterruptedException {
        long until = System.nanoTime() + millis * 1_000_000L;
        while (System.nanoTime() < until) {
            if (!display.readAndDispatch()) {
                Thread.sleep(5);
            }
        }
    }

    @SuppressWarnings("unchecked")
    private <T extends Control> T find(String id) {
        T found = (T) find(shell, id);
        assertThat(found).as("a widget tagged " + id).isNotNull();
        return found;
    }

    private static Control find(Control control, String id) {
        if (id.equals(control.getData(ServerView.ID))) {
            return control;
        }
        if (control instanceof Composite c) {
            for (Control child : c.getChildren()) {
                Control found = find(child, id);
                if (found != null) {
                    return found;
                }
            }
        }
        return null;
    }

    private static void press(Button button) {
        assertThat(button.isEnabled()).as(button.getText() + " is enabled").isTrue();
        button.notifyListeners(SWT.Selection, new org.eclipse.swt.widgets.Event());
    }

    private org.eclipse.swt.widgets.Table table(String id) {
        return find(id);
    }

    /** The rows of a table, each as its cells' texts. */
    private List<List<String>> rows(String id) {
        org.eclipse.swt.widgets.Table t = table(id);
        List<List<String>> rows = new ArrayList<>();
        for (TableItem item : t.getItems()) {
            List<String> cells = new ArrayList<>();
            for (int i = 0; i < t.getColumnCount(); i++) {
                cells.add(item.getText(i));
            }
            rows.add(cells);
        }
        return rows;
    }

    private List<String> row(String tableId, String firstOrSecondCell) {
        return rows(tableId).stream().filter(r -> r.get(0).equals(firstOrSecondCell) || r.get(1).equals(firstOrSecondCell))
                .findFirst().orElseThrow(() -> new AssertionError("no row for " + firstOrSecondCell + " in " + rows(tableId)));
    }

    private void select(String tableId, String firstOrSecondCell) {
        org.eclipse.swt.widgets.Table t = table(tableId);
        List<List<String>> rows = rows(tableId);
        for (int i = 0; i < rows.size(); i++) {
            if (rows.get(i).get(0).equals(firstOrSecondCell) || rows.get(i).get(1).equals(firstOrSecondCell)) {
                t.setSelection(i);
                org.eclipse.swt.widgets.Event e = new org.eclipse.swt.widgets.Event();
                e.item = t.getItem(i);
                t.notifyListeners(SWT.Selection, e);
                return;
            }
        }
        throw new AssertionError("no row for " + firstOrSecondCell + " in " + rows);
    }

    private String text(String id) {
        Control c = find(id);
        return c instanceof Label l ? l.getText() : ((Text) c).getText();
    }

    private InetSocketAddress startFromTheView() throws InterruptedException {
        Spinner port = find("port:othello");
        port.setSelection(0);
        press(find("start:othello"));
        waitUntil("the bound address is shown", () -> text("address:othello").matches("127\\.0\\.0\\.1:\\d+"));
        return server.ports().get(0).address();
    }

    private SocketClient login(InetSocketAddress address, String name) throws Exception {
        SocketClient c = SocketClient.login(address, name);
        sockets.add(c);
        return c;
    }

    /** ann invites bob, bob accepts: ann plays black. */
    private SocketClient[] game(InetSocketAddress address) throws Exception {
        SocketClient ann = login(address, "ann");
        SocketClient bob = login(address, "bob");
        ann.await("SADDP~bob");
        ann.send("CREQ~bob");
        bob.await("SREQ~ann");
        bob.send("CRES~ann~ACCEPT");
        ann.await("SSTARTG~bob~BLACK");
        bob.await("SSTARTG~ann~WHITE");
        return new SocketClient[] {ann, bob};
    }

    private void screenshot(String name) throws Exception {
        pump();
        Point size = shell.getSize();
        Image image = new Image(display, size.x, size.y);
        try {
            GC gc = new GC(image);
            try {
                shell.print(gc);
            } finally {
                gc.dispose();
            }
            ImageData data = image.getImageData();
            Path dir = Path.of("target", "screenshots");
            Files.createDirectories(dir);
            ImageLoader loader = new ImageLoader();
            loader.data = new ImageData[] {data};
            loader.save(dir.resolve(name).toString(), SWT.IMAGE_PNG);
        } finally {
            image.dispose();
        }
    }

    // ---- tests ----

    @Test
    void aPortStartedFromTheViewShowsWhereItListensAndStopShowsStopped() throws Exception {
        assertThat(text("address:othello")).isEqualTo("stopped");
        assertThat(text("bind:othello")).isEqualTo("127.0.0.1");
        assertThat(((Spinner) find("port:othello")).getSelection()).as("the protocol's default port").isEqualTo(10000);
        assertThat(((Button) find("stop:othello")).isEnabled()).isFalse();

        InetSocketAddress bound = startFromTheView();

        assertThat(text("address:othello")).isEqualTo("127.0.0.1:" + bound.getPort());
        assertThat(bound.getPort()).isPositive();
        assertThat(((Button) find("start:othello")).isEnabled()).isFalse();
        assertThat(((Spinner) find("port:othello")).isEnabled()).as("the port cannot be changed while listening").isFalse();
        waitUntil("the log line is shown", () -> List.of(((org.eclipse.swt.widgets.List) find("log")).getItems())
                .contains("othello listening on 127.0.0.1:" + bound.getPort()));

        press(find("stop:othello"));
        waitUntil("stopped is shown", () -> text("address:othello").equals("stopped"));

        assertThat(server.ports()).isEmpty();
        assertThat(text("port-message:othello")).isEqualTo("Stopped listening; clients already connected stay.");
        assertThat(((Button) find("start:othello")).isEnabled()).isTrue();
        org.eclipse.swt.widgets.List logList = find("log");
        assertThat(logList.getItem(0)).as("newest first").isEqualTo("othello stopped listening");
    }

    @Test
    void aPortInUseIsReportedInTheViewAndTheServerStaysStopped() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 50, InetAddress.getByName("127.0.0.1"))) {
            ((Spinner) find("port:othello")).setSelection(taken.getLocalPort());

            press(find("start:othello"));
            waitUntil("an error is shown", () -> !text("port-message:othello").isEmpty());

            assertThat(text("port-message:othello"))
                    .startsWith("cannot listen on 127.0.0.1:" + taken.getLocalPort() + " for othello: ")
                    .containsIgnoringCase("in use");
            assertThat(((Label) find("port-message:othello")).getForeground().getRGB())
                    .isEqualTo(display.getSystemColor(SWT.COLOR_RED).getRGB());
            assertThat(text("address:othello")).isEqualTo("stopped");
            assertThat(((Button) find("start:othello")).isEnabled()).as("one can try another port").isTrue();
            assertThat(server.ports()).isEmpty();
        }
    }

    @Test
    void anEmptyBindAddressIsRefusedWithAHint() throws Exception {
        ((Text) find("bind:othello")).setText("  ");

        press(find("start:othello"));
        pump();

        assertThat(text("port-message:othello")).isEqualTo("Enter the address to listen on, e.g. 127.0.0.1.");
        assertThat(server.ports()).isEmpty();
    }

    @Test
    void clientsTheLobbyAndRunningGamesAppearAndFollowTheGame() throws Exception {
        InetSocketAddress address = startFromTheView();
        SocketClient[] c = game(address);
        SocketClient carl = login(address, "carl");
        long match = server.tables().get(0).id();

        waitUntil("three clients and a game are shown", () -> table("clients").getItemCount() == 3
                && table("games").getItemCount() == 1 && table("lobby").getItemCount() == 3);

        List<String> ann = row("clients", "ann");
        assertThat(ann.subList(1, 5)).containsExactly("ann", "othello", c[0].localAddress(), "in game against bob");
        assertThat(ann.get(6)).isEqualTo(Long.toString(match));
        assertThat(row("clients", "bob").get(4)).isEqualTo("in game against ann");
        assertThat(row("clients", "carl").get(4)).isEqualTo("lobby");
        assertThat(row("clients", "carl").get(5)).matches("\\d s");
        assertThat(row("clients", "carl").get(6)).as("no match").isEmpty();
        assertThat(row("lobby", "ann")).containsExactly("ann", "othello", "othello", "BUSY", "connected", "");
        assertThat(row("lobby", "carl")).containsExactly("carl", "othello", "othello", "READY", "connected", "");
        assertThat(row("games", Long.toString(match)))
                .containsExactly(Long.toString(match), "othello", "ann (black) vs bob (white)", "0", "black (ann)");
        assertThat(text("counters")).startsWith("Connections: 3    Refused (server full): 0    Protocol violations: 0    Slow readers: 0    Faults injected: 0    Tap frames: ");

        c[0].send("CMOV~3~2"); // d3
        c[1].await("SMOV~3~2");
        waitUntil("the move is counted", () -> row("games", Long.toString(match)).get(3).equals("1"));
        assertThat(row("games", Long.toString(match)).get(4)).isEqualTo("white (bob)");

        SocketClient dave = login(address, "dave");
        carl.send("CREQ~dave"); // dave does not answer yet: the invitation stands
        dave.await("SREQ~carl");
        waitUntil("carl's invitation is shown", () -> row("lobby", "carl").get(5).equals("dave"));
        assertThat(row("lobby", "carl").get(3)).isEqualTo("BUSY");
        assertThat(row("lobby", "dave")).containsExactly("dave", "othello", "othello", "BUSY", "connected", "");
        c[1].send("CMOV~2~2"); // c3
        c[0].await("SMOV~2~2");
        waitUntil("the second move is counted", () -> row("games", Long.toString(match)).get(3).equals("2"));
        select("games", Long.toString(match));
        assertThat(((Button) find("open-match")).isEnabled()).isTrue();
        pumpFor(400); // let GTK finish drawing the buttons just enabled
        screenshot("server-view.png");
        assertThat(Files.size(Path.of("target", "screenshots", "server-view.png"))).isPositive();
    }

    @Test
    void theIdleColumnCountsTheSecondsSinceTheClientLastSentALine() throws Exception {
        InetSocketAddress address = startFromTheView();
        login(address, "ann");
        SocketClient bob = login(address, "bob");

        pumpFor(2_300);
        bob.send("CPING");
        bob.await("SPONG");
        waitUntil("bob's idle time restarts", () -> row("clients", "bob").get(5).equals("0 s"));

        int annIdle = Integer.parseInt(row("clients", "ann").get(5).replace(" s", ""));
        assertThat(annIdle).as("ann has been silent since logging in").isBetween(2, 10);
    }

    @Test
    void faultsAppliedToTheSelectedClientDelayWhatItIsSentAndAWrongProfileIsRefusedWithTheReason() throws Exception {
        InetSocketAddress address = startFromTheView();
        SocketClient ann = login(address, "ann");
        waitUntil("ann is shown", () -> table("clients").getItemCount() == 1);
        assertThat(((Button) find("apply-faults")).isEnabled()).as("nobody is selected").isFalse();
        select("clients", "ann");

        ((org.eclipse.swt.widgets.Text) find("faults")).setText("delai=3");
        press(find("apply-faults"));
        assertThat(text("message")).isEqualTo("Faults not applied: 'delai=3': there is no fault 'delai'; the faults are "
                + "delay, jitter, bandwidth, drop-after, drop-rate, split, merge, flip, pause, seed");

        ((org.eclipse.swt.widgets.Text) find("faults")).setText("to-client:delay=300ms");
        press(find("apply-faults"));
        assertThat(text("message")).startsWith("Faults on ann (127.0.0.1:").endsWith(") from now on: to-client:delay=300ms.");
        waitUntil("the Faults column shows them", () -> row("clients", "ann").get(7).equals("to-client:delay=300ms"));
        long sent = System.nanoTime();
        ann.send("CPING");
        assertThat(ann.await("SPONG")).isEqualTo("SPONG");
        assertThat((System.nanoTime() - sent) / 1_000_000).as("SPONG held by the delay").isGreaterThanOrEqualTo(290);

        ((org.eclipse.swt.widgets.Text) find("faults")).setText("");
        press(find("apply-faults"));
        assertThat(text("message")).startsWith("No faults on ann");
        pumpFor(600);
        assertThat(text("counters")).contains("Faults injected: 1");
    }

    @Test
    void disconnectClosesTheSelectedClientsSocketAndItsPlayerShowsAsAway() throws Exception {
        InetSocketAddress address = startFromTheView();
        SocketClient[] c = game(address);
        waitUntil("both clients are shown", () -> table("clients").getItemCount() == 2);
        assertThat(((Button) find("disconnect")).isEnabled()).as("nobody is selected").isFalse();

        select("clients", "bob");
        pumpFor(1_100); // two refreshes: the selection stays on bob
        assertThat(table("clients").getSelection()).extracting(i -> i.getText(1)).containsExactly("bob");
        press(find("disconnect"));

        assertThat(c[1].closedByServer()).isTrue();
        assertThat(c[0].await("SGAMEI")).isEqualTo("SGAMEI~bob lost the connection and has 60 s to come back");
        waitUntil("bob is gone from the clients and away in the lobby",
                () -> table("clients").getItemCount() == 1 && row("lobby", "bob").get(4).equals("away"));
        assertThat(row("clients", "ann").get(1)).isEqualTo("ann");
        assertThat(text("message")).startsWith("Disconnected bob (127.0.0.1:");
        assertThat(((Button) find("disconnect")).isEnabled()).as("the selected row is gone").isFalse();
    }

    @Test
    void openInMatchViewPublishesTheChosenGameAndBringsTheMatchViewForward() throws Exception {
        InetSocketAddress address = startFromTheView();
        game(address);
        long match = server.tables().get(0).id();
        waitUntil("the game is shown", () -> table("games").getItemCount() == 1);
        assertThat(((Button) find("open-match")).isEnabled()).isFalse();

        select("games", Long.toString(match));
        pump();
        assertThat(text("selected-game")).isEqualTo("Match " + match + ": othello, ann vs bob");
        press(find("open-match"));

        assertThat(selection.selectedMatch()).isEqualTo(match);
        assertThat(heard).containsExactly(match);
        assertThat(shownViews).containsExactly("match");
        assertThat(text("message")).isEqualTo("Match " + match + " is selected for the Match view.");

        press(find("open-inspector")); // this test's workbench has no inspector
        assertThat(shownViews).containsExactly("match", "inspector");
        assertThat(heard).containsExactly(match, match);
        assertThat(text("message")).isEqualTo("Match " + match + " is selected, but this workbench has no Inspector.");
    }

    @Test
    void theViewReadsTheServerOnlyWhileItIsVisible() throws Exception {
        InetSocketAddress bound = startFromTheView();
        holder.setVisible(false); // another tab is in front
        pump();

        login(bound, "ann");
        pumpFor(1_200);
        assertThat(table("clients").getItemCount()).as("not refreshed while hidden").isZero();

        holder.setVisible(true);
        waitUntil("ann is shown once the view is visible", () -> table("clients").getItemCount() == 1);
    }

    @Test
    void aGameAProtocolPlaysOnItsOwnPortIsListedFollowedAndOpened() throws Exception {
        // a protocol with a port of its own (as Dots on the web) plays its games through the server's referee
        java.util.concurrent.Semaphore permits = new java.util.concurrent.Semaphore(0);
        org.boardlab.api.Player stepper = request -> {
            permits.acquire();
            return request.state().legalMoves().get(0);
        };
        java.util.concurrent.atomic.AtomicReference<org.boardlab.core.Match> played = new java.util.concurrent.atomic.AtomicReference<>();
        server.addProtocol(new org.boardlab.server.ServerProtocol() {
            @Override
            public org.boardlab.api.Protocol protocol() {
                return new org.boardlab.api.Protocol() {
                    public String id() { return "own"; }
                    public String name() { return "a protocol with a port of its own"; }
                    public String gameId() { return "othello"; }
                    public int defaultPort() { return 0; }
                    public org.boardlab.api.DecodedMessage describe(byte[] frame, boolean fromClient) {
                        return new org.boardlab.api.DecodedMessage("?", "", List.of(), null);
                    }
                };
            }

            @Override
            public boolean ownsListener() {
                return true;
            }

            @Override
            public OwnListener listen(org.boardlab.server.GroupHost host, String bindAddress, int port) {
                org.boardlab.core.Match m = host.newMatch(host.game("othello"), org.boardlab.api.GameOptions.DEFAULT,
                        new org.boardlab.core.PlayerSeat("ann", () -> stepper), new org.boardlab.core.PlayerSeat("bob", () -> stepper),
                        org.boardlab.core.MatchSettings.defaults().withTimePerMove(java.time.Duration.ofMinutes(5)));
                played.set(m);
                m.start();
                return new OwnListener() {
                    @Override
                    public InetSocketAddress address() {
                        return new InetSocketAddress(InetAddress.getLoopbackAddress(), 1);
                    }

                    @Override
                    public void close() {
                        permits.release(1000);
                    }
                };
            }

            @Override
            public void initChannel(io.netty.channel.ChannelPipeline pipeline, org.boardlab.server.Connection connection) {
            }
        });
        server.start("own", "127.0.0.1", 0);
        long match = played.get().id();
        waitUntil("the game is listed", () -> table("games").getItemCount() == 1);
        assertThat(row("games", Long.toString(match)))
                .containsExactly(Long.toString(match), "othello", "ann (black) vs bob (white)", "0", "black (ann)");
        permits.release(1);
        waitUntil("the move is counted", () -> row("games", Long.toString(match)).get(3).equals("1"));
        assertThat(row("games", Long.toString(match)).get(4)).isEqualTo("white (bob)");

        select("games", Long.toString(match));
        pump();
        assertThat(text("selected-game")).isEqualTo("Match " + match + ": othello, ann vs bob");
        press(find("open-match"));
        assertThat(heard).containsExactly(match);
        assertThat(shownViews).containsExactly("match");

        permits.release(1000); // the rest of the game
        waitUntil("the game over, it leaves the list", () -> table("games").getItemCount() == 0);
        assertThat(played.get().results().get(10, java.util.concurrent.TimeUnit.SECONDS)).hasSize(1);
    }

    @Test
    void aProtocolThatArrivesLaterGetsItsOwnRow() throws Exception {
        server.removeProtocol("othello");
        pumpFor(600);
        assertThat(find(shell, "start:othello")).isNull();

        server.addProtocol(new OthelloServerProtocol(new OthelloProtocol()));
        waitUntil("the othello row is back", () -> find(shell, "start:othello") != null);
        assertThat(text("address:othello")).isEqualTo("stopped");
    }

    @Test
    void whatAProtocolKeepsOfItsOwnIsShownUnderTheCounters() throws Exception {
        java.util.concurrent.atomic.AtomicReference<List<String>> rooms = new java.util.concurrent.atomic.AtomicReference<>(
                List.of("table 0 FREE: ann waits", "table 1 EMPTY"));
        server.addProtocol(new org.boardlab.server.ServerProtocol() {
            @Override
            public org.boardlab.api.Protocol protocol() {
                return new org.boardlab.api.Protocol() {
                    public String id() { return "tables"; }
                    public String name() { return "a protocol with tables"; }
                    public String gameId() { return "othello"; }
                    public int defaultPort() { return 0; }
                    public org.boardlab.api.DecodedMessage describe(byte[] frame, boolean fromClient) {
                        return new org.boardlab.api.DecodedMessage("?", "", List.of(), null);
                    }
                };
            }

            @Override
            public List<String> status(org.boardlab.server.Lobby lobby) {
                return lobby == server.lobby() ? rooms.get() : List.of("another server's lobby");
            }

            @Override
            public void initChannel(io.netty.channel.ChannelPipeline pipeline, org.boardlab.server.Connection connection) {
            }
        });
        waitUntil("the tables are shown", () -> text("protocol-status").equals("tables: table 0 FREE: ann waits  |  table 1 EMPTY"));
        rooms.set(List.of("table 0 PLAYING: ann (blue) vs bob (red)", "table 1 EMPTY"));
        waitUntil("a change is shown", () -> text("protocol-status").startsWith("tables: table 0 PLAYING"));
    }

    @Test
    void idleTimesReadAsAPersonWouldSayThem() {
        assertThat(ServerView.idle(0)).isEqualTo("0 s");
        assertThat(ServerView.idle(42_900)).isEqualTo("42 s");
        assertThat(ServerView.idle(185_000)).isEqualTo("3 min 05 s");
        assertThat(ServerView.idle(7_380_000)).isEqualTo("2 h 03 min");
        assertThat(ServerView.idle(-5)).as("a clock step back").isEqualTo("0 s");
    }

    @Test
    void aTableEndsAndLeavesTheGamesList() throws Exception {
        InetSocketAddress address = startFromTheView();
        SocketClient[] c = game(address);
        waitUntil("the game is shown", () -> table("games").getItemCount() == 1);
        Table table = server.tables().get(0);

        c[0].send("CENDGAME");
        c[1].await("SGAMEEC");
        waitUntil("the game is gone", () -> table("games").getItemCount() == 0);
        assertThat(table.isOver()).isTrue();
        assertThat(row("lobby", "bob").get(3)).isEqualTo("READY");
    }
}
