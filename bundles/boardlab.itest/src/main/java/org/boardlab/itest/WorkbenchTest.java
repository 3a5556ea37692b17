package org.boardlab.itest;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.boardlab.api.Game;
import org.boardlab.api.GameOptions;
import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.api.Outcome;
import org.boardlab.api.Side;
import org.boardlab.conform.testing.MutatingRelay;
import org.boardlab.core.Application;
import org.boardlab.core.Registry;
import org.boardlab.workbench.BoardWidget;
import org.boardlab.workbench.Workbench;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.graphics.ImageLoader;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Canvas;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Spinner;
import org.eclipse.swt.widgets.Text;
import org.eclipse.swt.widgets.Widget;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableItem;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The workbench window inside the real framework (under Xvfb in CI): it opens, its Bundles view
 * lists the loaded players, a player bundle dropped into the folder appears in the view, a person
 * plays whole games of othello, gomoku, onitama and dots by clicking the board of the Match view,
 * and closing the window ends the application. Screenshots are saved under target/screenshots/.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class WorkbenchTest {

    private Workbench workbench;
    private Shell shell;
    private Display display;
    private final CompletableFuture<Integer> exit = new CompletableFuture<>();
    private Thread ui;
    /** The Match view's fields for a side on a server, as a new window shows them (a test puts them back before a screenshot). */
    private static final List<String> REMOTE_FIELDS = List.of("remote-address", "remote-name", "remote-password", "remote-invite");
    private java.util.Map<String, String> freshRemoteFields;

    @BeforeAll
    void open() throws Exception {
        System.setProperty("boardlab.server", "off");
        // any free port: a workbench running on this machine has the default ones
        System.setProperty("boardlab.server.port.othello", "0");
        System.setProperty("boardlab.server.port.gomoku", "0");
        Application application = Lab.bean(Application.class, "workbench");
        workbench = Lab.bean(Workbench.class);
        ui = new Thread(() -> {
            try {
                exit.complete(application.run(List.of()));
            } catch (Throwable t) {
                exit.completeExceptionally(t);
            }
        }, "itest-ui");
        ui.start();
        shell = workbench.opened().get(30, TimeUnit.SECONDS);
        display = shell.getDisplay();
        Lab.await("the views", Duration.ofSeconds(10),
                () -> onUi(display, () -> workbench.viewIds().containsAll(List.of("bundles", "match"))));
        freshRemoteFields = remoteFields();
    }

    /** The texts of the Match view's fields for a side on a server. */
    private java.util.Map<String, String> remoteFields() {
        return onUi(display, () -> {
            java.util.Map<String, String> texts = new java.util.LinkedHashMap<>();
            for (String field : REMOTE_FIELDS) {
                texts.put(field, ((Text) find(shell, field)).getText());
            }
            return texts;
        });
    }

    /**
     * Closes the window (File > Quit, Ctrl+Q) while a student's client plays the Match view's loaded player on the
     * embedded server: the client is told the server is shutting down and the game is decided by the scores, as
     * for {@code boardlab serve} (it was told that the workbench's player had left the server, and lost nothing).
     */
    @AfterAll
    void closeWindow() throws Exception {
        org.boardlab.server.EmbeddedServer server = Lab.bean(org.boardlab.server.ServerService.class).server();
        Line student = null;
        try {
            onUi(display, () -> {
                workbench.showView("match");
                press(shell, "stop");
                select(shell, "game", "othello");
                ((Text) find(shell, "options")).setText("");
                select(shell, "first", "a network client (othello)");
                select(shell, "second", "first-legal");
                press(shell, "start");
                return true;
            });
            student = new Line(server.ports().stream().filter(p -> p.protocolId().equals("othello")).findFirst().orElseThrow().address());
            student.send("CNAME~student");
            student.await("SNAMEOK");
            student.send("CREQ~workbench");
            assertThat(student.await("SSTARTG")).isEqualTo("SSTARTG~workbench~BLACK");
        } finally {
            workbench.close();
            assertThat(exit.get(20, TimeUnit.SECONDS)).isZero();
            ui.join(5_000);
            assertThat(ui.isAlive()).isFalse();
        }
        try (Line told = student) {
            String why = told.await("SGAMEI");
            assertThat(why).as("why the game ended, for the student").startsWith("SGAMEI~the server is shutting down");
            assertThat(told.await("SENDG")).endsWith("~DISCONNECT");
            System.out.println("[itest] the window closed during a server game; the student was told: " + why);
        }
    }

    /**
     * Every view is laid out in the room its tab gives it, also while it is behind another tab: a view laid out in
     * 0 x 0 px made GTK print "Gtk-WARNING **: Negative content width -1 (allocation 1, extents 1x1) while allocating
     * gadget (node scrolledwindow, owner GtkScrolledWindow)" on the terminal at start, for each of its scrolled widgets.
     */
    @Test
    void everyViewIsLaidOutInTheRoomOfItsTabEvenBehindAnotherTab() throws Exception {
        List<String> cramped = onUi(display, () -> {
            List<String> found = new ArrayList<>();
            org.eclipse.swt.custom.CTabFolder folder = null;
            for (Control c : shell.getChildren()) {
                if (c instanceof org.eclipse.swt.custom.CTabFolder f) {
                    folder = f;
                }
            }
            assertThat(folder).as("the views' tabs").isNotNull();
            for (org.eclipse.swt.custom.CTabItem item : folder.getItems()) {
                Control holder = item.getControl();
                Point size = holder.getSize();
                if (size.x < 200 || size.y < 200) {
                    found.add(item.getText() + ": " + size.x + " x " + size.y + " px");
                }
                for (Control child : ((Composite) holder).getChildren()) {
                    crampedScrollables(item.getText(), child, found);
                }
            }
            return found;
        });
        assertThat(cramped).as("views or scrolled widgets laid out with (almost) no room").isEmpty();
    }

    /**
     * Adds each scrolled widget shown in {@code control} (a view's widget; the pages of a view's own tabs that are not
     * chosen are hidden, and GTK gives them no room) that was given less than 2 px either way.
     */
    private static void crampedScrollables(String view, Control control, List<String> found) {
        if (!control.getVisible()) {
            return;
        }
        if (control instanceof org.eclipse.swt.widgets.Scrollable s && (s.getHorizontalBar() != null || s.getVerticalBar() != null)) {
            Point size = s.getSize();
            if (size.x < 2 || size.y < 2) {
                found.add(view + ": " + s.getClass().getSimpleName() + " " + size.x + " x " + size.y + " px");
            }
        }
        if (control instanceof Composite c) {
            for (Control child : c.getChildren()) {
                crampedScrollables(view, child, found);
            }
        }
    }

    @Test
    void theBundlesViewListsPlayersAndFollowsAHotDrop() throws Exception {
        onUi(display, () -> workbench.showView("bundles"));
        try {
            List<String> ids = onUi(display, () -> firstColumn(shell, 1));
            assertThat(ids).contains("random", "first-legal", "tictactoe");
            assertThat(ids).doesNotContain("greedy");
            assertThat(onUi(display, workbench::status)).contains("players", "loaded");

            Lab.drop(Lab.fixture("greedy.jar"), "greedy.jar");
            Duration shown = Lab.await("greedy in the table", Duration.ofSeconds(15),
                    () -> onUi(display, () -> firstColumn(shell, 1)).contains("greedy"));
            System.out.printf("[itest] a dropped player appeared in the Bundles view after %d ms%n", shown.toMillis());
            assertThat(onUi(display, workbench::status)).contains("added: player greedy");

            Path png = Lab.screenshots().resolve("workbench-bundles.png");
            onUi(display, () -> screenshot(shell, png));
            assertThat(Files.size(png)).isGreaterThan(10_000);
        } finally {
            Files.deleteIfExists(Lab.players().resolve("greedy.jar"));
        }
    }

    @Test
    void theMatchControllerPlaysAGameBetweenTwoPlayers() throws Exception {
        onUi(display, () -> {
            workbench.showView("match");
            select(shell, "game", "tictactoe");
            select(shell, "first", "random");
            select(shell, "second", "first-legal");
            spin(shell, "delay", 0);
            press(shell, "start");
            return true;
        });
        Lab.await("the game's end", Duration.ofSeconds(20), () -> ended(onUi(display, () -> text(shell, "status"))));
        String status = onUi(display, () -> text(shell, "status"));
        int moves = onUi(display, () -> ((org.eclipse.swt.widgets.List) find(shell, "moves")).getItemCount());
        assertThat(moves).isBetween(5, 9);
        assertThat(status).containsAnyOf("wins", "no winner");
        assertThat(status).as("seed 004's Game Master scores are Reversi's, not tic-tac-toe's").doesNotContain("Game Master");
        assertThat(onUi(display, () -> text(shell, "first-side"))).startsWith("X: random");
        assertThat(onUi(display, () -> text(shell, "first-clock"))).startsWith("last ");
        Path png = Lab.screenshots().resolve("match-controller.png");
        onUi(display, () -> screenshot(shell, png));
    }

    /**
     * The launcher opens the window before the protocols have started: a protocol that starts (or stops)
     * while the Match view is open adds (or takes away) its seats, "a network client (...)" for the
     * embedded server and "the opponent on a server (...)" for its client side, without a click.
     */
    @Test
    void aProtocolThatStartsAfterTheWindowOffersItsSeatsInTheMatchView() throws Exception {
        org.osgi.framework.Bundle gomoku = java.util.Arrays.stream(Lab.context().getBundles())
                .filter(b -> "boardlab.protocol.gomoku".equals(b.getSymbolicName())).findFirst().orElseThrow();
        onUi(display, () -> {
            workbench.showView("match");
            select(shell, "game", "gomoku");
            return true;
        });
        java.util.function.Supplier<List<String>> offered = () -> onUi(display, () -> List.of(((Combo) find(shell, "first")).getItems()));
        assertThat(offered.get()).contains("a network client (gomoku)", "the opponent on a server (gomoku)");
        gomoku.stop();
        try {
            Lab.await("gomoku's seats gone", Duration.ofSeconds(10),
                    () -> !offered.get().contains("a network client (gomoku)") && !offered.get().contains("the opponent on a server (gomoku)"));
        } finally {
            gomoku.start();
        }
        Lab.await("gomoku's seats back", Duration.ofSeconds(10),
                () -> offered.get().containsAll(List.of("a network client (gomoku)", "the opponent on a server (gomoku)")));
        onUi(display, () -> {
            select(shell, "game", "tictactoe");
            return true;
        });
    }

    @Test
    void aPersonPlaysByTypingMovesAndTheRecordReplays() throws Exception {
        onUi(display, () -> {
            workbench.showView("match");
            select(shell, "game", "tictactoe");
            select(shell, "first", "a person at this board");
            select(shell, "second", "first-legal");
            spin(shell, "delay", 0);
            press(shell, "start");
            return true;
        });
        // first-legal answers a1 with b1, then c1 ...; X plays the middle column: b2 b3? a2 a3 wins down column a
        for (String move : new String[] {"a1", "a2", "a3"}) {
            Lab.await("my turn", Duration.ofSeconds(10), () -> onUi(display, () -> {
                var list = (org.eclipse.swt.widgets.List) find(shell, "moves");
                return list.getItemCount() % 2 == 0;
            }));
            onUi(display, () -> {
                Text field = (Text) find(shell, "move");
                field.setText(move);
                field.notifyListeners(SWT.DefaultSelection, new Event());
                return true;
            });
            Thread.sleep(100);
        }
        Lab.await("the game's end", Duration.ofSeconds(10), () -> ended(onUi(display, () -> text(shell, "status"))));
        assertThat(onUi(display, () -> text(shell, "status"))).contains("you (X) wins");
        Path record = Lab.screenshots().resolve("tictactoe-record.txt");
        onUi(display, () -> {
            matchView().writeRecord(record);
            return true;
        });
        assertThat(Files.readString(record)).contains("game: tictactoe", "moves: a1 b1 a2 c1 a3", "result: you (X) wins", "first: you");
        onUi(display, () -> {
            matchView().readRecord(record);
            var list = (org.eclipse.swt.widgets.List) find(shell, "moves");
            list.select(1);
            list.notifyListeners(SWT.Selection, new Event());
            return true;
        });
        assertThat(onUi(display, () -> text(shell, "status"))).contains("replay: position after move 2");
    }

    @Test
    void aNetworkClientPlaysALoadedPlayerOfferedFromTheMatchView() throws Exception {
        org.boardlab.server.EmbeddedServer server = Lab.bean(org.boardlab.server.ServerService.class).server();
        onUi(display, () -> {
            workbench.showView("match");
            // seed 001's clients sit at tables and seed 004's speak to a Game Master: neither meets a
            // player in the lobby, so neither is offered as a side that would wait for ever
            select(shell, "game", "onitama");
            assertThat(List.of(((Combo) find(shell, "first")).getItems())).as("the sides offered for onitama")
                    .contains("onitama-normal").noneMatch(c -> c.startsWith("a network client"));
            select(shell, "game", "othello");
            assertThat(List.of(((Combo) find(shell, "first")).getItems())).as("the sides offered for othello")
                    .contains("a network client (othello)").doesNotContain("a network client (reversi)");
            ((Text) find(shell, "options")).setText("");
            select(shell, "first", "a network client (othello)");
            select(shell, "second", "first-legal");
            press(shell, "start");
            return true;
        });
        assertThat(onUi(display, () -> text(shell, "status"))).contains("waiting for an othello client", "first-legal");
        java.net.InetSocketAddress address = server.ports().stream().filter(p -> p.protocolId().equals("othello"))
                .findFirst().orElseThrow().address();
        try (java.net.Socket socket = new java.net.Socket(address.getAddress(), address.getPort())) {
            socket.setSoTimeout(10_000);
            var in = new java.io.BufferedReader(new java.io.InputStreamReader(socket.getInputStream(),
                    java.nio.charset.StandardCharsets.US_ASCII));
            var out = socket.getOutputStream();
            java.util.function.Consumer<String> send = line -> {
                try {
                    out.write((line + "\n").getBytes(java.nio.charset.StandardCharsets.US_ASCII));
                    out.flush();
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            };
            send.accept("CNAME~student");
            send.accept("CREQ~workbench");
            org.boardlab.api.Game othello = Lab.bean(org.boardlab.core.Registry.class).requireGame("othello");
            org.boardlab.api.GameState state = othello.newGame();
            java.util.Random random = new java.util.Random(5);
            String line;
            boolean started = false;
            while ((line = in.readLine()) != null && !line.startsWith("SENDG")) {
                if (line.startsWith("SSTARTG")) {
                    assertThat(line).isEqualTo("SSTARTG~workbench~BLACK");
                    started = true;
                } else if (line.startsWith("SMOV")) {
                    String[] f = line.split("~");
                    state = state.apply(state.parseMove((char) ('a' + Integer.parseInt(f[1])) + "" + (Integer.parseInt(f[2]) + 1)));
                } else {
                    continue;
                }
                while (!state.isTerminal() && state.legalMoves().get(0).notation().equals("pass")) {
                    state = state.apply(state.legalMoves().get(0));
                }
                if (started && !state.isTerminal() && state.sideToMove() == org.boardlab.api.Side.FIRST) {
                    var legal = state.legalMoves();
                    String m = legal.get(random.nextInt(legal.size())).notation();
                    send.accept("CMOV~" + (m.charAt(0) - 'a') + "~" + (Integer.parseInt(m.substring(1)) - 1));
                }
            }
            assertThat(line).as("the game's end").startsWith("SENDG").endsWith("~NORMAL");
        }
        Lab.await("the match view shows the end", Duration.ofSeconds(10),
                () -> onUi(display, () -> text(shell, "status")).contains("Game Master"));
        assertThat(onUi(display, () -> text(shell, "status"))).contains("student");
        Path png = Lab.screenshots().resolve("network-match.png");
        onUi(display, () -> screenshot(shell, png));
        onUi(display, () -> {
            select(shell, "first", "a person at this board"); // leave the lobby seat
            press(shell, "stop");
            return true;
        });
    }

    @Test
    void aServerGameOpenedMidwayShowsItsMovesFromTheFirst() throws Exception {
        org.boardlab.server.EmbeddedServer server = Lab.bean(org.boardlab.server.ServerService.class).server();
        if (server.ports().stream().noneMatch(p -> p.protocolId().equals("othello"))) {
            server.start("othello", "127.0.0.1", -1);
        }
        java.net.InetSocketAddress address = server.ports().stream().filter(p -> p.protocolId().equals("othello"))
                .findFirst().orElseThrow().address();
        Game othello = Lab.bean(Registry.class).requireGame("othello");
        try (Line alice = new Line(address); Line bob = new Line(address)) {
            alice.send("CNAME~alice");
            alice.await("SNAMEOK");
            bob.send("CNAME~bob");
            bob.await("SNAMEOK");
            alice.send("CREQ~bob");
            bob.await("SREQ~alice");
            bob.send("CRES~alice~ACCEPT");
            alice.await("SSTARTG");
            GameState state = othello.newGame();
            List<String> played = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                if (i == 4) {
                    long id = server.tables().stream().filter(t -> t.names().contains("alice")).findFirst().orElseThrow().id();
                    onUi(display, () -> {
                        workbench.showView("match");
                        Lab.bean(org.boardlab.workbench.ServerSelection.class).select(id);
                        return true;
                    });
                    Lab.await("the four moves played before", Duration.ofSeconds(10),
                            () -> onUi(display, () -> moveList(shell)).size() == 4);
                    assertThat(onUi(display, () -> moveList(shell)).get(0)).startsWith("1. " + played.get(0) + " ");
                    assertThat(onUi(display, () -> text(shell, "status"))).contains("watching", "alice", "bob",
                            "4 moves played before it was opened");
                }
                String move = state.legalMoves().get(0).notation();
                (i % 2 == 0 ? alice : bob).send("CMOV~" + (move.charAt(0) - 'a') + "~" + (Integer.parseInt(move.substring(1)) - 1));
                alice.await("SMOV");
                bob.await("SMOV");
                state = state.apply(state.parseMove(move));
                played.add(move);
            }
            Lab.await("the move made while watching", Duration.ofSeconds(10),
                    () -> onUi(display, () -> moveList(shell)).size() == 5);
            List<String> shown = onUi(display, () -> moveList(shell));
            for (int i = 0; i < 5; i++) {
                assertThat(shown.get(i)).startsWith((i + 1) + ". " + played.get(i) + " ");
                // every move with its time split, also those played before the game was opened
                assertThat(shown.get(i)).as("move %d's time split", i + 1)
                        .containsPattern("\\((black|white), [0-9.]+ m?s: network [0-9.]+, rest [0-9.]+\\)$");
            }
            alice.send("CENDGAME");
            alice.await("SGAMEEC");
        }
    }

    @Test
    void theMatchViewBeforeDuringAndAfterAMatchAtTwoWidths() throws Exception {
        Point size = onUi(display, shell::getSize);
        try {
            for (int width : new int[] {1180, 1600}) {
                Path shots = Lab.screenshots();
                int screen = onUi(display, () -> display.getBounds().width);
                if (screen < width) {
                    System.out.printf("[itest] the X screen is %d px wide: match-%d-*.png are cut at %d px (CI's screen is 1920 px:"
                            + " xvfb-run -a -s \"-screen 0 1920x1200x24\")%n", screen, width, screen);
                }
                onUi(display, () -> {
                    shell.setSize(width, 780);
                    shell.layout(true, true);
                    workbench.showView("match");
                    press(shell, "stop");
                    ((Text) find(shell, "options")).setText("");
                    select(shell, "game", "tictactoe");
                    select(shell, "game", "othello");
                    select(shell, "first", "random");
                    select(shell, "second", "first-legal");
                    spin(shell, "delay", 120);
                    return true;
                });
                Lab.await("the window laid out at " + width + " px", Duration.ofSeconds(5),
                        () -> onUi(display, () -> find(shell, "board") != null && ((Control) find(shell, "board")).getSize().x > 100));
                onUi(display, () -> {
                    for (String role : new String[] {"first-side", "first-clock", "second-side", "second-clock"}) {
                        assertThat(text(shell, role)).as(role + " before a match").isEmpty();
                    }
                    assertThat(text(shell, "status")).isEqualTo("Choose a game and who plays each side, then press Start.");
                    assertThat(List.of(((Combo) find(shell, "first")).getItems())).as("the players offered for othello")
                            .contains("random", "first-legal", "a network client (othello)")
                            .doesNotContain("onitama-hard", "onitama-normal", "a network client (gomoku)");
                    MatchViewLayout.assertOneLine(shell, "game");
                    MatchViewLayout.assertOneLine(shell, "remote-address");
                    MatchViewLayout.assertOneLine(shell, "step-mode");
                    return MatchViewLayout.screenshot(shell, shots.resolve("match-" + width + "-before.png"));
                });
                List<org.eclipse.swt.graphics.Rectangle> panel = onUi(display, () -> {
                    press(shell, "start");
                    return MatchViewLayout.sidePanel(shell);
                });
                for (int moves = 4; moves <= 16; moves += 4) {
                    int atLeast = moves;
                    Lab.await(atLeast + " moves", Duration.ofSeconds(30), () -> onUi(display, () -> moveList(shell)).size() >= atLeast);
                    assertThat(onUi(display, () -> MatchViewLayout.sidePanel(shell))).as("the side panel after " + moves + " moves")
                            .isEqualTo(panel);
                }
                onUi(display, () -> {
                    assertThat(text(shell, "first-side")).startsWith("black: random, score ");
                    assertThat(text(shell, "second-clock")).startsWith("last ");
                    return MatchViewLayout.screenshot(shell, shots.resolve("match-" + width + "-during.png"));
                });
                Lab.await("the game's end", Duration.ofSeconds(60), () -> onUi(display, () -> text(shell, "status")).contains("Game Master"));
                onUi(display, () -> {
                    assertThat(MatchViewLayout.sidePanel(shell)).as("the side panel at the end").isEqualTo(panel);
                    MatchViewLayout.assertOneLine(shell, "game");
                    MatchViewLayout.assertOneLine(shell, "step-mode");
                    return MatchViewLayout.screenshot(shell, shots.resolve("match-" + width + "-after.png"));
                });
            }
        } finally {
            onUi(display, () -> {
                spin(shell, "delay", 0);
                shell.setSize(size);
                return true;
            });
        }
    }

    @Test
    void replacingAPlayersJarMidMatchKeepsTheMatchViewsChoice() throws Exception {
        Registry registry = Lab.bean(Registry.class);
        Lab.drop(Lab.fixture("greedy.jar"), "greedy.jar");
        try {
            Lab.await("greedy offered", Duration.ofSeconds(15),
                    () -> onUi(display, () -> List.of(((Combo) find(shell, "first")).getItems()).contains("greedy")));
            onUi(display, () -> {
                workbench.showView("match");
                ((Text) find(shell, "options")).setText("");
                select(shell, "game", "tictactoe");
                select(shell, "first", "greedy");
                select(shell, "second", "a person at this board");
                spin(shell, "delay", 0);
                press(shell, "start");
                return true;
            });
            Lab.await("greedy's first move", Duration.ofSeconds(10), () -> onUi(display, () -> moveList(shell)).size() == 1);
            Lab.drop(Lab.withHeaders(Lab.fixture("greedy.jar"), java.util.Map.of("Bundle-Version", "1.0.3")), "greedy.jar");
            Lab.await("greedy replaced", Duration.ofSeconds(15),
                    () -> registry.player("greedy").map(c -> c.bundleVersion().equals("1.0.3")).orElse(false));
            onUi(display, () -> true); // the registry's news reach the view on the UI thread
            onUi(display, () -> true);
            assertThat(onUi(display, () -> ((Combo) find(shell, "first")).getText())).isEqualTo("greedy");
            assertThat(onUi(display, () -> ((Combo) find(shell, "second")).getText())).isEqualTo("a person at this board");
        } finally {
            onUi(display, () -> {
                press(shell, "stop");
                return true;
            });
            Files.deleteIfExists(Lab.players().resolve("greedy.jar"));
        }
    }

    @Test
    void aStoredGameOpensFromTheMatchViewAndStepsThroughWithTheBoard() throws Exception {
        // an Othello game stored as boardlab match stores it, in the workbench's own database (-Dboardlab.db)
        org.boardlab.core.Registry registry = Lab.bean(org.boardlab.core.Registry.class);
        java.util.List<org.boardlab.store.FinishedGame> finished = new ArrayList<>();
        org.boardlab.core.Match[] m = new org.boardlab.core.Match[1];
        m[0] = new org.boardlab.core.Match(Lab.bean(org.boardlab.core.Referee.class), registry.requireGame("othello"), GameOptions.DEFAULT,
                new org.boardlab.core.PlayerSeat("itest-ann", org.boardlab.core.PlayerSeat.of(registry, "random").players()),
                new org.boardlab.core.PlayerSeat("itest-bob", org.boardlab.core.PlayerSeat.of(registry, "first-legal").players()),
                org.boardlab.core.MatchSettings.defaults().withGames(1), Lab.bean(org.boardlab.core.EventBus.class));
        m[0].onGameResult(r -> finished.add(org.boardlab.store.FinishedGame.of(m[0].journal(), "match",
                org.boardlab.store.Seat.named(r.first()), org.boardlab.store.Seat.named(r.second()))));
        m[0].runHere();
        org.boardlab.store.Store store = Lab.bean(org.boardlab.store.Stores.class).open();
        long id = store.saveGame(finished.get(0));
        int plies = finished.get(0).plies();

        // Open stored…: the dialog lists the stored games; the filters find this one
        onUi(display, () -> {
            workbench.showView("match");
            press(shell, "open-stored");
            return true;
        });
        Shell dialog = onUi(display, () -> java.util.Arrays.stream(display.getShells())
                .filter(s -> "stored-games".equals(s.getData("boardlab.id")) && !s.isDisposed()).findFirst().orElse(null));
        assertThat(dialog).as("the Open stored game dialog").isNotNull();
        onUi(display, () -> {
            ((Text) find(dialog, "filter-player")).setText("itest-ann");
            select(dialog, "filter-game", "othello");
            return true;
        });
        List<String> ids = onUi(display, () -> List.of(((Table) find(dialog, "stored-list")).getItems()).stream().map(i -> i.getText(0)).toList());
        assertThat(ids).as("the Othello games of itest-ann: the one stored here").containsExactly(Long.toString(id));
        assertThat(onUi(display, () -> ((Table) find(dialog, "stored-list")).getItem(0).getText(3))).isEqualTo("itest-ann");
        assertThat(onUi(display, () -> text(dialog, "stored-summary"))).isEqualTo("1 game.");
        // a filter that no stored game passes, then back (Enter in a field lists again)
        onUi(display, () -> {
            Text player = (Text) find(dialog, "filter-player");
            player.setText("nobody-has-this-name");
            player.notifyListeners(SWT.DefaultSelection, new Event());
            return true;
        });
        assertThat(onUi(display, () -> text(dialog, "stored-summary"))).isEqualTo("No stored game matches.");
        onUi(display, () -> {
            Text player = (Text) find(dialog, "filter-player");
            player.setText("itest-ann");
            player.notifyListeners(SWT.DefaultSelection, new Event());
            return true;
        });
        assertThat(onUi(display, () -> ((Table) find(dialog, "stored-list")).getItemCount())).isEqualTo(1);
        Path listPng = Lab.screenshots().resolve("stored-games-dialog.png");
        onUi(display, () -> {
            dialog.redraw();
            dialog.update();
            return screenshot(dialog, listPng);
        });
        onUi(display, () -> {
            press(dialog, "open-stored-game");
            return true;
        });
        assertThat(onUi(display, dialog::isDisposed)).as("the dialog closes on Open").isTrue();

        // the game is in the move list, with its times; a click on a move shows its position
        assertThat(onUi(display, () -> moveList(shell))).hasSize(plies);
        assertThat(onUi(display, () -> moveList(shell)).get(0)).matches("1\\. [a-h][1-8]  \\(black, .*ms.*\\)");
        assertThat(onUi(display, () -> text(shell, "status"))).startsWith("stored game " + id + " (match, ").contains(plies + " moves");
        assertThat(onUi(display, () -> text(shell, "first-side"))).startsWith("black: itest-ann");
        onUi(display, () -> {
            var list = (org.eclipse.swt.widgets.List) find(shell, "moves");
            list.select(9);
            list.notifyListeners(SWT.Selection, new Event());
            return true;
        });
        assertThat(onUi(display, () -> text(shell, "status"))).isEqualTo("replay: position after move 10 (press Live to follow the game)");
        int blackAfterTen = scoreAfter(finished.get(0), 10, Side.FIRST);
        assertThat(onUi(display, () -> text(shell, "first-side"))).as("the score of the position shown, as the board's")
                .isEqualTo("black: itest-ann, score " + blackAfterTen);
        Path replayPng = Lab.screenshots().resolve("stored-game-replay.png");
        onUi(display, () -> screenshot(shell, replayPng));
        assertThat(Files.size(replayPng)).isGreaterThan(10_000);

        // what the Tournament view does with a finished game: the selection opens it in the Match view
        onUi(display, () -> {
            select(shell, "game", "tictactoe");
            return true;
        });
        assertThat(onUi(display, () -> moveList(shell))).isEmpty();
        onUi(display, () -> {
            Lab.bean(org.boardlab.workbench.StoredGameSelection.class).open(id);
            return true;
        });
        Lab.await("the stored game shown again", Duration.ofSeconds(10),
                () -> onUi(display, () -> text(shell, "status")).startsWith("stored game " + id + " "));
        assertThat(onUi(display, () -> moveList(shell))).hasSize(plies);
    }

    /** A side's score after the first {@code plies} moves of a stored game, by the rules. */
    private static int scoreAfter(org.boardlab.store.FinishedGame g, int plies, Side side) {
        GameState state = Lab.bean(org.boardlab.core.Registry.class).requireGame(g.game()).newGame();
        for (int i = 0; i < plies; i++) {
            state = state.apply(state.parseMove(g.moves().get(i).notation()));
        }
        return state.score(side);
    }

    /**
     * Seed 002 on the web in the workbench: a game two web clients (boardlab's {@code client dots}, typed
     * to) play on the embedded server's Dots port is listed in the Server view's running games, opened in
     * the Match view and followed there move by move; then the Match view's side plays as a web player
     * ("the opponent on a server (dots)", a loaded player) against a web client's loaded player, a whole
     * game to the full board.
     */
    @Test
    void aDotsWebGameIsListedInTheServerViewWatchedInTheMatchViewAndTheWorkbenchPlaysAsAWebPlayer() throws Exception {
        org.boardlab.server.EmbeddedServer server = Lab.bean(org.boardlab.server.ServerService.class).server();
        java.net.InetSocketAddress at = server.start("dots", "127.0.0.1", 0);
        org.boardlab.client.TerminalClient web = Lab.bean(org.boardlab.client.TerminalClient.class, "dots");
        Registry registry = Lab.bean(Registry.class);
        Game dots = registry.requireGame("dots");
        String suffix = Long.toString(System.nanoTime() % 1_000_000_000L, 36);
        String ann = "ann-" + suffix;
        String bob = "bob-" + suffix;
        List<org.boardlab.api.event.WireEvent> wire = new java.util.concurrent.CopyOnWriteArrayList<>();
        AutoCloseable tap = Lab.bean(org.boardlab.core.EventBus.class).subscribe(e -> wire.add((org.boardlab.api.event.WireEvent) e),
                org.boardlab.api.event.WireEvent.class);
        WebClient annWeb = new WebClient(web, at, ann, null, dots);
        WebClient bobWeb = new WebClient(web, at, bob, null, dots);
        WebClient carol = null;
        try {
            annWeb.await("in the lobby as " + ann);
            bobWeb.await("in the lobby as " + bob);
            annWeb.await(bob + " (1600) is in the lobby");
            annWeb.type("invite " + bob);
            bobWeb.await("invites you");
            bobWeb.type("accept");
            annWeb.await("; you are red");
            bobWeb.await("; you are blue");
            String[] moves = {"6,5", "6,6", "5,6", "20,20"};
            for (int i = 0; i < moves.length; i++) {
                (i % 2 == 0 ? annWeb : bobWeb).type(moves[i]);
                annWeb.await((i % 2 == 0 ? ann : bob) + " plays " + moves[i]);
                bobWeb.await((i % 2 == 0 ? ann : bob) + " plays " + moves[i]);
            }
            // the server lists the web game among its running games (what the Server view shows; this framework has
            // no Server view, ServerViewTest tests it); opened as the Server view opens it, the Match view follows it
            org.boardlab.core.Match watched = server.hostedMatches().stream()
                    .filter(m -> m.journal().players().equals(List.of(ann, bob))).findFirst().orElseThrow();
            assertThat(watched.game().id()).isEqualTo("dots");
            assertThat(watched.state().ply()).isEqualTo(4);
            onUi(display, () -> {
                workbench.showView("match");
                Lab.bean(org.boardlab.workbench.ServerSelection.class).select(watched.id());
                return true;
            });
            Lab.await("the four moves in the Match view", Duration.ofSeconds(30),
                    () -> onUi(display, () -> moveList(shell)).size() == 4);
            assertThat(onUi(display, () -> text(shell, "status"))).contains("watching game", ann, bob);
            annWeb.type("7,6");
            Lab.await("the fifth move, live", Duration.ofSeconds(30), () -> onUi(display, () -> moveList(shell)).size() == 5);
            assertThat(onUi(display, () -> moveList(shell)).stream().map(WorkbenchTest::notation))
                    .containsExactly("6,5", "6,6", "5,6", "20,20", "7,6");
            // each player types when his own client has shown him the opponent's move, as a person would (the client
            // refuses a move before that: "it is not your move")
            bobWeb.await(ann + " plays 7,6");
            bobWeb.type("21,20");
            annWeb.await(bob + " plays 21,20");
            annWeb.type("6,7"); // red closes its zone around blue's 6,6
            annWeb.await(ann + " plays 6,7  score 1:0");
            bobWeb.await(ann + " plays 6,7  score 1:0");
            Lab.await("the capture", Duration.ofSeconds(30), () -> onUi(display, () -> moveList(shell)).size() == 7);
            // blue is to move, but a web game has no clock: no time left is shown (it was "86399.9 s left", the day the
            // server's copy of the game allows a move)
            assertThat(onUi(display, () -> text(shell, "second-clock"))).startsWith("last ").doesNotContain("left");
            assertThat(onUi(display, () -> text(shell, "first-side"))).isEqualTo("red: " + ann + ", score 1");
            Path watchedPng = Lab.screenshots().resolve("dots-web-watched.png");
            onUi(display, () -> screenshot(shell, watchedPng));
            bobWeb.type("leave");
            Lab.await("the end, as the server decided it", Duration.ofSeconds(20), () -> seen().status().contains(ann + " (red) wins"));
            annWeb.await("game over: " + ann + " wins, 1:0 after 7 moves");

            // the Match view's side plays as a web player; carol, a web client with a loaded player, invites it
            String here = "web-" + suffix;
            onUi(display, () -> {
                workbench.showView("match");
                ((Text) find(shell, "options")).setText("");
                select(shell, "game", "dots");
                select(shell, "first", "random");
                select(shell, "second", "the opponent on a server (dots)");
                // the choice shows whole in its box (it was cut at 210 px): the box is at least as wide as GTK needs for it
                Combo second = (Combo) find(shell, "second");
                assertThat(second.getText()).isEqualTo("the opponent on a server (dots)");
                assertThat(second.getSize().x).as("the side's box, for '" + second.getText() + "'")
                        .isGreaterThanOrEqualTo(second.computeSize(SWT.DEFAULT, SWT.DEFAULT, true).x);
                ((Text) find(shell, "remote-address")).setText("127.0.0.1:" + at.getPort());
                ((Text) find(shell, "remote-name")).setText(here);
                // the password has a field of its own that shows no characters
                Text password = (Text) find(shell, "remote-password");
                assertThat(password.getStyle() & SWT.PASSWORD).as("the Password field hides what is typed").isNotZero();
                password.setText("secret-web");
                assertThat(password.getEchoChar()).as("the character shown for each one typed").isNotEqualTo('\0')
                        .isNotEqualTo('s');
                ((Text) find(shell, "remote-invite")).setText("");
                press(shell, "start");
                return true;
            });
            Path setupPng = Lab.screenshots().resolve("dots-web-player-setup.png");
            onUi(display, () -> screenshot(shell, setupPng));
            // ann, back in the lobby, sees the web player arrive
            annWeb.await(here + " (1600) is in the lobby");
            // and the person at the Match view still sees where the web player stands when lobby news come (bob leaves):
            // the news go under it (they replaced it: "ann-... (1613) is in the lobby" within milliseconds of the login)
            String standing = "logged in as " + here + "; waiting for an invitation";
            Lab.await("the web player's standing on the status line", Duration.ofSeconds(10),
                    () -> onUi(display, () -> text(shell, "status")).startsWith(standing));
            bobWeb.close();
            Lab.await("bob's leaving under the web player's standing", Duration.ofSeconds(10),
                    () -> onUi(display, () -> text(shell, "status")).startsWith(standing + "\n"));
            carol = new WebClient(web, at, "carol-" + suffix, new org.boardlab.client.TerminalClient.AutoPlay("first-legal",
                    (org.boardlab.api.Player) registry.requirePlayer("first-legal").get(), dots, Duration.ofSeconds(5), here, 1), dots);
            assertThat(carol.exit.get(240, TimeUnit.SECONDS)).as(carol.text()).isZero();
            Lab.await("the match view shows the end", Duration.ofSeconds(30), () -> seen().over()
                    && onUi(display, () -> text(shell, "status")).contains("the server ended the game"));
            java.util.regex.Matcher told = java.util.regex.Pattern.compile("game over: .* after (\\d+) moves").matcher(carol.text());
            assertThat(told.find()).as(carol.text()).isTrue();
            Seen seen = seen();
            GameState state = dots.newGame(GameOptions.DEFAULT.with("size", "39x32"));
            for (String item : seen.moves()) {
                state = state.apply(state.parseMove(notation(item)));
            }
            System.out.printf("[itest] web dots: %d moves; %s%n", state.ply(), seen.status().replace('\n', ' '));
            assertThat(seen.moves()).hasSize(Integer.parseInt(told.group(1)));
            assertThat(state.isTerminal()).as("the board is full").isTrue();
            assertThat(seen.status()).doesNotContain("illegal", "timeout", "stopped", " — ");
            // the board names the player, and nothing shows the password (the status names the winner: with the Game
            // Master line gone from Dots games it names the web player only when it won)
            assertThat(seen.status()).doesNotContain("secret-web");
            assertThat(onUi(display, () -> text(shell, "first-side") + " " + text(shell, "second-side")))
                    .contains(": " + here + ", score").doesNotContain("secret-web");
            // seed 004's Game Master scores are Reversi's: a Dots game ends with its own result only
            assertThat(seen.status()).doesNotContain("Game Master");
            Path playerPng = Lab.screenshots().resolve("dots-web-player.png");
            onUi(display, () -> screenshot(shell, playerPng));

            // the web player's own Bayeux messages are in the inspector, decoded by the dots protocol, under the match
            // (the embedded server's tap shows the same player's messages from the server's side, from the client's address)
            String serverAddress = "127.0.0.1:" + at.getPort();
            Lab.await("the web player's gameover in the inspector's stream", Duration.ofSeconds(10), () -> wire.stream()
                    .anyMatch(e -> serverAddress.equals(e.remote()) && !e.fromClient() && e.decoded().type().equals("game gameover")));
            List<org.boardlab.api.event.WireEvent> mine = framesOf(wire, here).stream().filter(e -> serverAddress.equals(e.remote())).toList();
            assertThat(mine.stream().map(e -> e.connectionId()).distinct()).as("one connection").hasSize(1);
            assertThat(mine.stream().filter(e -> e.fromClient()).map(e -> e.decoded().type()))
                    .contains("meta handshake", "meta subscribe", "meta connect", "queue accept", "game heartbeat", "game move");
            assertThat(mine.stream().filter(e -> !e.fromClient()).map(e -> e.decoded().type()))
                    .contains("meta handshake", "meta subscribe", "queue request", "queue newgame", "game move", "game gameover");
            assertThat(mine).allMatch(e -> e.protocol().equals("dots") && e.decoded().error() == null);
            assertThat(mine).allSatisfy(e -> assertThat(new String(e.raw(), java.nio.charset.StandardCharsets.UTF_8))
                    .startsWith("{").doesNotContain("secret-web"));
            long webMatch = mine.stream().filter(e -> e.decoded().type().equals("game gameover")).findFirst().orElseThrow().matchId();
            assertThat(webMatch).as("the game's messages are under the Match view's match").isNotZero();
            // from the moment the Match view has the game (a message or two may come before: they are under no match, as
            // the lobby's are) every message of the game is under its match
            List<org.boardlab.api.event.WireEvent> ofGame = mine.stream().filter(e -> e.decoded().type().startsWith("game ")).toList();
            int under = 0;
            while (under < ofGame.size() && ofGame.get(under).matchId() != webMatch) {
                under++;
            }
            assertThat(ofGame.subList(0, under)).allMatch(e -> e.matchId() == 0);
            assertThat(ofGame.subList(under, ofGame.size())).allMatch(e -> e.matchId() == webMatch);
            assertThat(under).as("the game's messages before the Match view had it").isLessThan(ofGame.size() / 2);
            assertThat(mine.stream().filter(e -> e.fromClient() && e.decoded().type().equals("game move")).count())
                    .as("the web player's moves (carol invited it: it plays second)").isGreaterThanOrEqualTo(seen.moves().size() / 2);
            onUi(display, () -> {
                workbench.showView("inspector");
                press(shell, "show-all"); // the Match filter still held the watched game's
                select(shell, "filter-player", here); // the web player's own connection, and its messages as the server saw them
                return true;
            });
            Thread.sleep(1_500);
            Path inspectorPng = Lab.screenshots().resolve("dots-web-player-inspector.png");
            onUi(display, () -> screenshot(shell, inspectorPng));
        } finally {
            tap.close();
            annWeb.close();
            bobWeb.close();
            if (carol != null) {
                carol.close();
            }
            onUi(display, () -> {
                workbench.showView("match");
                press(shell, "stop");
                ((Text) find(shell, "remote-password")).setText("");
                select(shell, "game", "othello");
                select(shell, "first", "a person at this board");
                select(shell, "second", "first-legal");
                return true;
            });
            server.stop("dots");
        }
    }

    /** {@code boardlab client dots} run here, typed to; the password is its first line. */
    private static final class WebClient implements AutoCloseable {
        final java.io.PipedWriter keys = new java.io.PipedWriter();
        final java.io.PrintWriter typing = new java.io.PrintWriter(keys, true);
        final java.io.StringWriter screen = new java.io.StringWriter();
        final CompletableFuture<Integer> exit;

        WebClient(org.boardlab.client.TerminalClient client, java.net.InetSocketAddress at, String name,
                org.boardlab.client.TerminalClient.AutoPlay autoPlay, Game dots) throws java.io.IOException {
            java.io.BufferedReader in = new java.io.BufferedReader(new java.io.PipedReader(keys, 1 << 16));
            typing.println("secret-" + name);
            exit = CompletableFuture.supplyAsync(() -> {
                try {
                    return client.run("127.0.0.1", at.getPort(), name, autoPlay, in, new java.io.PrintWriter(screen, true));
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
        }

        String text() {
            return screen.toString();
        }

        void type(String line) {
            typing.println(line);
        }

        void await(String what) throws InterruptedException {
            Lab.await("'" + what + "' from the web client", Duration.ofSeconds(30), () -> text().contains(what));
        }

        @Override
        public void close() {
            typing.println("quit");
            try {
                exit.get(10, TimeUnit.SECONDS);
            } catch (Exception e) {
                // it ended before, or will when the framework stops
            }
        }
    }

    private static List<String> moveList(Shell shell) {
        return List.of(((org.eclipse.swt.widgets.List) find(shell, "moves")).getItems());
    }

    /** A line client of seed 000's protocol, as a student's program would be. */
    private static final class Line implements AutoCloseable {
        private final java.net.Socket socket;
        private final java.io.BufferedReader in;

        Line(java.net.InetSocketAddress address) throws java.io.IOException {
            socket = new java.net.Socket(address.getAddress(), address.getPort());
            socket.setSoTimeout(10_000);
            in = new java.io.BufferedReader(new java.io.InputStreamReader(socket.getInputStream(),
                    java.nio.charset.StandardCharsets.US_ASCII));
        }

        void send(String line) throws java.io.IOException {
            socket.getOutputStream().write((line + "\n").getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            socket.getOutputStream().flush();
        }

        /** The next line that starts with {@code prefix}; lines before it are skipped. */
        String await(String prefix) throws java.io.IOException {
            String line;
            while ((line = in.readLine()) != null) {
                if (line.startsWith(prefix)) {
                    return line;
                }
            }
            throw new java.io.EOFException("the server closed the connection before " + prefix);
        }

        @Override
        public void close() throws java.io.IOException {
            socket.close();
        }
    }

    /** A boardlab server in a process of its own ({@code boardlab serve}), for the workbench to play on by address. */
    private Process serverProcess;
    private final java.util.Map<String, Integer> serverPorts = new java.util.concurrent.ConcurrentHashMap<>();

    /** Starts {@code java -jar boardlab.jar serve} for Othello and Gomoku on free ports, once; returns the port of {@code protocol}. */
    private int separateServer(String protocol) throws Exception {
        if (serverProcess == null) {
            Path jar = Path.of(Lab.context().getProperty("boardlab.itest.product"));
            assertThat(jar).as("the product jar (built before the in-framework tests)").exists();
            Path javaBin = Path.of(System.getProperty("java.home"), "bin", "java");
            Path dir = Files.createDirectories(Lab.screenshots().getParent().resolve("separate-server"));
            serverProcess = new ProcessBuilder(javaBin.toString(), "-jar", jar.toString(), "serve", "--protocol", "othello", "--port", "0",
                    "--protocol", "gomoku", "--port", "0", "--no-store")
                    .directory(dir.toFile()).redirectError(dir.resolve("server.log").toFile()).start();
            var out = new java.io.BufferedReader(new java.io.InputStreamReader(serverProcess.getInputStream(),
                    java.nio.charset.StandardCharsets.UTF_8));
            Thread reader = new Thread(() -> {
                try {
                    String line;
                    while ((line = out.readLine()) != null) {
                        // listening: othello on 127.0.0.1:40123
                        if (line.startsWith("listening: ")) {
                            String[] w = line.split(" ");
                            serverPorts.put(w[1], Integer.parseInt(w[3].substring(w[3].lastIndexOf(':') + 1)));
                        }
                    }
                } catch (java.io.IOException e) {
                    // the process ended
                }
            }, "itest-server-output");
            reader.setDaemon(true);
            reader.start();
            Lab.await("the separate server listens (" + dir.resolve("server.log") + ")", Duration.ofSeconds(180),
                    () -> serverPorts.size() == 2 || !serverProcess.isAlive());
            assertThat(serverProcess.isAlive()).as("the separate server runs; its log: " + dir.resolve("server.log")).isTrue();
        }
        return serverPorts.get(protocol);
    }

    @AfterAll
    void stopSeparateServer() throws Exception {
        if (serverProcess != null) {
            serverProcess.destroy();
            if (!serverProcess.waitFor(20, TimeUnit.SECONDS)) {
                serverProcess.destroyForcibly();
            }
        }
    }

    /** The frames of the workbench's own connections, as the inspector gets them. */
    private static List<org.boardlab.api.event.WireEvent> framesOf(List<org.boardlab.api.event.WireEvent> all, String player) {
        return all.stream().filter(e -> player.equals(e.player()) && !e.isFault()).toList();
    }

    @Test
    void aPersonPlaysAWholeOthelloGameOnASeparateServerByAddressWithItsFramesInTheInspector() throws Exception {
        int port = separateServer("othello");
        Game game = Lab.bean(Registry.class).requireGame("othello");
        List<org.boardlab.api.event.WireEvent> wire = new java.util.concurrent.CopyOnWriteArrayList<>();
        org.boardlab.core.EventBus events = Lab.bean(org.boardlab.core.EventBus.class);
        org.boardlab.protocol.othello.OthelloClient rival = null;
        try (AutoCloseable tap = events.subscribe(e -> wire.add((org.boardlab.api.event.WireEvent) e), org.boardlab.api.event.WireEvent.class)) {
            onUi(display, () -> {
                workbench.showView("match");
                ((Text) find(shell, "options")).setText("");
                select(shell, "game", "othello");
                select(shell, "first", "a person at this board");
                select(shell, "second", "the opponent on a server (othello)");
                ((Text) find(shell, "remote-address")).setText("127.0.0.1:" + port);
                ((Text) find(shell, "remote-name")).setText("itest-person");
                ((Text) find(shell, "remote-invite")).setText("");
                press(shell, "start");
                return true;
            });
            Lab.await("logged in on the separate server", Duration.ofSeconds(30),
                    () -> onUi(display, () -> text(shell, "status")).contains("logged in as itest-person; waiting for an invitation"));
            // boardlab's own Othello client, a loaded player, invites the workbench: it plays black
            rival = new org.boardlab.protocol.othello.OthelloClient(null);
            rival.connect("127.0.0.1", port).get(30, TimeUnit.SECONDS);
            org.boardlab.protocol.othello.OthelloSeat seat = org.boardlab.protocol.othello.OthelloSeat.start(rival,
                    (org.boardlab.api.Player) Lab.bean(Registry.class).requirePlayer("first-legal").get(), game,
                    org.boardlab.client.SeatOptions.defaults().withInvite("itest-person").withGames(1), null);
            rival.login("rival").get(30, TimeUnit.SECONDS);

            GameState state = game.newGame();
            Random random = new Random(17);
            int clicked = 0;
            long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
            boolean shot = false;
            Path png = Lab.screenshots().resolve("remote-othello-match.png");
            Seen seen = seen();
            while (!seen.over()) {
                for (int i = state.ply(); i < seen.moves().size(); i++) {
                    state = state.apply(state.parseMove(notation(seen.moves().get(i))));
                }
                assertThat(System.nanoTime()).as("the game goes on too long; status: " + seen.status()).isLessThan(deadline);
                if (!state.isTerminal() && state.sideToMove() == Side.SECOND && state.forcedMove().isEmpty()) {
                    if (!shot && state.ply() >= 20) {
                        Thread.sleep(300);
                        onUi(display, () -> screenshot(shell, png));
                        shot = true;
                    }
                    playByClicks(choose(state, random), state.ply());
                    clicked++;
                } else {
                    Thread.sleep(5);
                }
                seen = seen();
            }
            for (int i = state.ply(); i < seen.moves().size(); i++) {
                state = state.apply(state.parseMove(notation(seen.moves().get(i))));
            }
            assertThat(seat.finished().get(30, TimeUnit.SECONDS)).as("the rival's game on the server").isEqualTo(1);
            Lab.await("the server's end of the game", Duration.ofSeconds(10),
                    () -> onUi(display, () -> text(shell, "status")).contains("the server ended the game"));
            String status = onUi(display, () -> text(shell, "status"));
            System.out.printf("[itest] remote othello: %d plies, %d moves by clicks; %s%n", state.ply(), clicked, status.replace('\n', ' '));
            assertThat(state.isTerminal()).isTrue();
            assertThat(status).doesNotContain("illegal", "timeout", "error", "stopped", " — ");
            assertThat(clicked).isGreaterThan(5);
            if (!shot) {
                onUi(display, () -> screenshot(shell, png));
            }

            // the inspector has the connection's frames, decoded by the Othello protocol
            Lab.await("the frames reach the inspector's stream", Duration.ofSeconds(10),
                    () -> framesOf(wire, "itest-person").stream().anyMatch(e -> e.decoded().type().equals("SENDG")));
            List<org.boardlab.api.event.WireEvent> mine = framesOf(wire, "itest-person");
            assertThat(mine.stream().map(e -> e.connectionId()).distinct()).hasSize(1);
            assertThat(mine.stream().filter(e -> e.fromClient()).map(e -> e.decoded().type())).contains("CNAME", "CRES", "CMOV");
            assertThat(mine.stream().filter(e -> !e.fromClient()).map(e -> e.decoded().type())).contains("SNAMEOK", "SSTARTG", "SMOV", "SENDG");
            assertThat(mine.stream().filter(e -> e.fromClient() && e.decoded().type().equals("CMOV")).count()).isEqualTo(clicked);
            assertThat(mine).allMatch(e -> e.protocol().equals("othello") && e.decoded().error() == null);
            onUi(display, () -> {
                workbench.showView("inspector");
                return true;
            });
            Thread.sleep(1_500);
            Path inspector = Lab.screenshots().resolve("remote-othello-inspector.png");
            onUi(display, () -> screenshot(shell, inspector));
            assertThat(Files.size(inspector)).isGreaterThan(10_000);
        } finally {
            if (rival != null) {
                rival.close();
            }
            onUi(display, () -> {
                workbench.showView("match");
                press(shell, "stop");
                select(shell, "second", "first-legal");
                return true;
            });
        }
    }

    @Test
    void aLoadedPlayerPlaysAWholeGomokuRoundOnASeparateServerByAddressWithItsFramesInTheInspector() throws Exception {
        int port = separateServer("gomoku");
        Game game = Lab.bean(Registry.class).requireGame("gomoku");
        List<org.boardlab.api.event.WireEvent> wire = new java.util.concurrent.CopyOnWriteArrayList<>();
        org.boardlab.core.EventBus events = Lab.bean(org.boardlab.core.EventBus.class);
        org.boardlab.protocol.gomoku.GomokuClient rival = null;
        try (AutoCloseable tap = events.subscribe(e -> wire.add((org.boardlab.api.event.WireEvent) e), org.boardlab.api.event.WireEvent.class)) {
            onUi(display, () -> {
                workbench.showView("match");
                ((Text) find(shell, "options")).setText("");
                select(shell, "game", "gomoku");
                select(shell, "first", "random");
                select(shell, "second", "the opponent on a server (gomoku)");
                ((Text) find(shell, "remote-address")).setText("127.0.0.1:" + port);
                ((Text) find(shell, "remote-name")).setText("itest-random");
                press(shell, "start");
                return true;
            });
            Lab.await("joined on the separate server", Duration.ofSeconds(30),
                    () -> onUi(display, () -> text(shell, "status")).contains("waiting for the server to pair us"));
            rival = new org.boardlab.protocol.gomoku.GomokuClient(null);
            rival.connect("127.0.0.1", port).get(30, TimeUnit.SECONDS);
            org.boardlab.protocol.gomoku.GomokuSeat seat = org.boardlab.protocol.gomoku.GomokuSeat.start(rival,
                    (org.boardlab.api.Player) Lab.bean(Registry.class).requirePlayer("first-legal").get(), game,
                    org.boardlab.client.SeatOptions.defaults().withGames(1), null);
            assertThat(seat.finished().get(120, TimeUnit.SECONDS)).as("the rival's round on the server").isEqualTo(1);
            Lab.await("the match view shows the end", Duration.ofSeconds(20), () -> seen().over()
                    && onUi(display, () -> text(shell, "status")).contains("the server ended the game"));
            Seen seen = seen();
            GameState state = game.newGame();
            for (String item : seen.moves()) {
                state = state.apply(state.parseMove(notation(item)));
            }
            String status = seen.status();
            System.out.printf("[itest] remote gomoku: %d plies; %s%n", state.ply(), status.replace('\n', ' '));
            assertThat(state.isTerminal()).isTrue();
            assertThat(status).matches("(?s)((itest-random|the other player) \\((black|white)\\) wins|no winner).*")
                    .doesNotContain("illegal", "timeout", "error", "stopped", " — ");
            Path png = Lab.screenshots().resolve("remote-gomoku-match.png");
            onUi(display, () -> screenshot(shell, png));

            Lab.await("the frames reach the inspector's stream", Duration.ofSeconds(10),
                    () -> framesOf(wire, "itest-random").stream().anyMatch(e -> e.decoded().type().equals("win")));
            List<org.boardlab.api.event.WireEvent> mine = framesOf(wire, "itest-random");
            assertThat(mine.stream().map(e -> e.connectionId()).distinct()).hasSize(1);
            assertThat(mine.stream().filter(e -> e.fromClient()).map(e -> e.decoded().type())).contains("join", "place");
            assertThat(mine.stream().filter(e -> !e.fromClient()).map(e -> e.decoded().type())).contains("hello", "color", "update", "win");
            assertThat(mine.stream().filter(e -> !e.fromClient() && e.decoded().type().equals("update")).count())
                    .as("an update for each stone, and the opening board").isGreaterThanOrEqualTo(state.ply());
            assertThat(mine).allMatch(e -> e.protocol().equals("gomoku") && e.decoded().error() == null);
            onUi(display, () -> {
                workbench.showView("inspector");
                return true;
            });
            Thread.sleep(1_500);
            Path inspector = Lab.screenshots().resolve("remote-gomoku-inspector.png");
            onUi(display, () -> screenshot(shell, inspector));
        } finally {
            if (rival != null) {
                rival.close();
            }
            onUi(display, () -> {
                workbench.showView("match");
                press(shell, "stop");
                select(shell, "game", "othello");
                select(shell, "first", "a person at this board");
                select(shell, "second", "first-legal");
                return true;
            });
        }
    }

    /** The Conformance view's rows: the text of each row's cells. */
    private static List<String[]> scenarioRows(Shell shell) {
        List<String[]> rows = new ArrayList<>();
        for (TableItem item : ((Table) find(shell, "scenarios")).getItems()) {
            String[] cells = new String[7];
            for (int c = 0; c < cells.length; c++) {
                cells[c] = item.getText(c);
            }
            rows.add(cells);
        }
        return rows;
    }

    /** Runs the Conformance view's Othello server kit against {@code port} by its widgets; returns whether a row was seen running. */
    private boolean runConformance(int port) throws Exception {
        onUi(display, () -> {
            workbench.showView("conformance");
            select(shell, "protocol", "othello");
            ((Combo) find(shell, "role")).select(0);
            ((Text) find(shell, "target")).setText("127.0.0.1:" + port);
            ((Button) find(shell, "fast")).setSelection(true);
            press(shell, "run");
            return true;
        });
        boolean[] sawRunning = {false};
        Lab.await("the kit's run", Duration.ofSeconds(180), () -> onUi(display, () -> {
            sawRunning[0] |= scenarioRows(shell).stream().anyMatch(r -> r[2].equals("RUNNING") && !r[4].equals("0"));
            return ((Button) find(shell, "run")).isEnabled() && text(shell, "conform-status").startsWith("othello server 127.0.0.1:" + port + ":");
        }));
        return sawRunning[0];
    }

    @Test
    void theConformanceViewRunsAKitAgainstBoardlabsServerAndOpensABrokenOnesFailureAtItsFrame() throws Exception {
        int port = separateServer("othello");
        org.boardlab.conform.ConformanceKit kit = Lab.bean(org.boardlab.conform.ConformanceKit.class, "othello");
        List<org.boardlab.api.event.WireEvent> wire = new java.util.concurrent.CopyOnWriteArrayList<>();
        org.boardlab.core.EventBus events = Lab.bean(org.boardlab.core.EventBus.class);
        Point size = onUi(display, shell::getSize);
        try (AutoCloseable tap = events.subscribe(e -> {
            org.boardlab.api.event.WireEvent w = (org.boardlab.api.event.WireEvent) e;
            if (w.player() != null && w.player().startsWith("conform: ")) {
                wire.add(w);
            }
        }, org.boardlab.api.event.WireEvent.class)) {
            onUi(display, () -> {
                shell.setSize(1180, 780);
                shell.layout(true, true);
                assertThat(workbench.viewIds()).contains("conformance", "inspector");
                return workbench.showView("conformance");
            });
            // the protocol choice offers every loaded kit (it follows the protocol bundles as they start)
            Lab.await("the loaded kits in the protocol choice", Duration.ofSeconds(10), () -> onUi(display,
                    () -> List.of(((Combo) find(shell, "protocol")).getItems()).containsAll(List.of("othello", "gomoku", "reversi", "onitama"))));
            // boardlab's own server: every scenario passes but the two that wait for its time limits (not given with Fast)
            assertThat(runConformance(port)).as("a scenario seen running with its frames counted").isTrue();
            List<String[]> rows = onUi(display, () -> scenarioRows(shell));
            assertThat(rows).extracting(r -> r[1]).containsExactlyElementsOf(kit.serverScenarios().stream().map(s -> s.name()).toList());
            assertThat(rows).filteredOn(r -> !r[2].equals("PASS")).extracting(r -> r[1] + " " + r[2])
                    .containsExactlyInAnyOrder("move-timeout SKIP", "silence SKIP");
            // each scenario's traffic reached the inspector, decoded, under a match id of its own
            Lab.await("the kit's frames in the inspector's stream", Duration.ofSeconds(10),
                    () -> wire.stream().anyMatch(e -> e.decoded().type().equals("SENDG")));
            assertThat(wire).allMatch(e -> e.protocol().equals("othello"));
            assertThat(wire.stream().filter(e -> e.fromClient()).map(e -> e.decoded().type())).contains("CNAME", "CREQ", "CMOV");
            assertThat(wire.stream().map(e -> e.matchId()).distinct().count()).isEqualTo(rows.size() - 2);
            long loginMatch = wire.get(0).matchId();
            onUi(display, () -> {
                Table table = (Table) find(shell, "scenarios");
                table.setSelection(0);
                table.notifyListeners(SWT.Selection, new Event());
                press(shell, "show-in-inspector");
                return true;
            });
            assertThat(Lab.bean(org.boardlab.workbench.ServerSelection.class).selectedMatch()).isEqualTo(loginMatch);
            Thread.sleep(1_000);
            Path inspectorPng = Lab.screenshots().resolve("conformance-inspector-1180.png");
            onUi(display, () -> screenshot(shell, inspectorPng));

            // a server that never says SPASS: the pass check fails, opened at its frame, and goes to the bug log
            MutatingRelay.Mutation noPass = new MutatingRelay.Mutation() {
                @Override
                public List<byte[]> down(MutatingRelay.Link link, MutatingRelay.Piece piece) {
                    return piece.text().startsWith("SPASS~") ? List.of() : List.of(piece.frame());
                }
            };
            try (MutatingRelay relay = new MutatingRelay("127.0.0.1", port, kit.codec(), noPass)) {
                runConformance(relay.port());
                onUi(display, () -> {
                    List<String[]> broken = scenarioRows(shell);
                    assertThat(broken).filteredOn(r -> r[2].equals("FAIL")).extracting(r -> r[1]).containsExactly("full-game");
                    assertThat(text(shell, "conform-status")).contains(": " + kit.serverScenarios().size() + " scenarios, "
                            + (kit.serverScenarios().size() - 3) + " passed, 1 failed, 0 errors, 2 skipped; 1 check failed; ");
                    String[] failed = broken.stream().filter(r -> r[2].equals("FAIL")).findFirst().orElseThrow();
                    assertThat(failed[6]).startsWith("othello.game.pass: expected SPASS~");
                    assertThat(text(shell, "failure")).contains("FAILED othello.game.pass", "expected: SPASS~", "received: ");
                    Table frames = (Table) find(shell, "frames");
                    assertThat(frames.getSelectionIndex()).as("the failure opened at its frame").isNotNegative();
                    TableItem at = frames.getItem(frames.getSelectionIndex());
                    assertThat(at.getText(0)).isEqualTo(">>");
                    assertThat(text(shell, "raw")).startsWith("#" + at.getText(1) + " ");
                    return true;
                });
                Thread.sleep(300);
                Path png = Lab.screenshots().resolve("conformance-1180.png");
                onUi(display, () -> screenshot(shell, png));
                assertThat(Files.size(png)).isGreaterThan(10_000);

                String team = "itest-team-" + Long.toString(System.nanoTime() & 0xfffff, 36);
                Path bugsPng = Lab.screenshots().resolve("conformance-bugs-1180.png");
                onUi(display, () -> {
                    ((org.eclipse.swt.widgets.TabFolder) find(shell, "tabs")).setSelection(1);
                    ((Text) find(shell, "bug-component")).setText(team);
                    ((Text) find(shell, "bug-version")).setText("v1");
                    press(shell, "record");
                    return true;
                });
                Lab.await("the failure recorded in the bug log", Duration.ofSeconds(30),
                        () -> onUi(display, () -> text(shell, "bugs-status")).startsWith("recorded 1 bug of " + team + " v1"));
                onUi(display, () -> {
                    List<String> listed = new ArrayList<>();
                    for (TableItem item : ((Table) find(shell, "bugs")).getItems()) {
                        listed.add(item.getText(2) + " " + item.getText(3) + " " + item.getText(7));
                    }
                    assertThat(listed).contains(team + " v1 othello.game.pass");
                    return screenshot(shell, bugsPng);
                });
            }
        } finally {
            onUi(display, () -> {
                ((org.eclipse.swt.widgets.TabFolder) find(shell, "tabs")).setSelection(0);
                shell.setSize(size);
                return true;
            });
        }
    }

    /**
     * The Conformance view tests a client: the Dots client kit (its own Dots server, on a free port the status line
     * names) with boardlab's Dots client started as a student starts it, a separate process of the product. With Fast
     * every scenario passes but the one that waits for the silence limit (the view gives no --idle-time), and the
     * client's traffic reaches the inspector as it happens, every frame read by the Dots bundle's describer: its login
     * form, the server's HTTP answers, its Bayeux messages with their auth, the refusal of its move and the gameovers.
     */
    @Test
    void theConformanceViewRunsTheDotsClientKitWithBoardlabsDotsClient() throws Exception {
        org.boardlab.conform.ConformanceKit kit = Lab.bean(org.boardlab.conform.ConformanceKit.class, "dots");
        List<org.boardlab.api.event.WireEvent> wire = new java.util.concurrent.CopyOnWriteArrayList<>();
        org.boardlab.core.EventBus events = Lab.bean(org.boardlab.core.EventBus.class);
        Path dir = Files.createDirectories(Lab.screenshots().getParent().resolve("dots-client-kit"));
        Process client = null;
        try (AutoCloseable tap = events.subscribe(e -> {
            org.boardlab.api.event.WireEvent w = (org.boardlab.api.event.WireEvent) e;
            if (w.player() != null && w.player().startsWith("conform: ")) {
                wire.add(w);
            }
        }, org.boardlab.api.event.WireEvent.class)) {
            Lab.await("the dots kit in the protocol choice", Duration.ofSeconds(10),
                    () -> onUi(display, () -> List.of(((Combo) find(shell, "protocol")).getItems()).contains("dots")));
            onUi(display, () -> {
                workbench.showView("conformance");
                select(shell, "protocol", "dots");
                ((Combo) find(shell, "role")).select(1);
                ((Text) find(shell, "target")).setText("0");
                ((Button) find(shell, "fast")).setSelection(true);
                press(shell, "run");
                return true;
            });
            int[] port = {0};
            java.util.regex.Pattern listening = java.util.regex.Pattern.compile("^listening on port (\\d+): ");
            Lab.await("the kit's server listening", Duration.ofSeconds(60), () -> onUi(display, () -> {
                java.util.regex.Matcher m = listening.matcher(text(shell, "conform-status"));
                if (m.find()) {
                    port[0] = Integer.parseInt(m.group(1));
                }
                return port[0] > 0;
            }));
            assertThat(onUi(display, () -> text(shell, "conform-status"))).contains("boardlab client dots --port " + port[0]);
            Path jar = Path.of(Lab.context().getProperty("boardlab.itest.product"));
            assertThat(jar).as("the product jar (built before the in-framework tests)").exists();
            Path javaBin = Path.of(System.getProperty("java.home"), "bin", "java");
            client = new ProcessBuilder(javaBin.toString(), "-jar", jar.toString(), "client", "dots", "--port", Integer.toString(port[0]),
                    "--name", "itest-dots-student", "--player", "random")
                    .directory(dir.toFile()).redirectErrorStream(true).redirectOutput(dir.resolve("client.log").toFile()).start();
            client.getOutputStream().write("secret-itest-student\n".getBytes(java.nio.charset.StandardCharsets.UTF_8));
            client.getOutputStream().flush();
            Lab.await("the kit's run (the client's log: " + dir.resolve("client.log") + ")", Duration.ofSeconds(300), () -> onUi(display,
                    () -> ((Button) find(shell, "run")).isEnabled() && text(shell, "conform-status").startsWith("dots client port " + port[0] + ":")));
            List<String[]> rows = onUi(display, () -> scenarioRows(shell));
            String status = onUi(display, () -> text(shell, "conform-status"));
            System.out.println("[itest] " + status);
            assertThat(rows).extracting(r -> r[1]).containsExactlyElementsOf(kit.clientScenarios().stream().map(s -> s.name()).toList());
            assertThat(rows).as(status + "; the client's log: " + dir.resolve("client.log")).filteredOn(r -> !r[2].equals("PASS"))
                    .extracting(r -> r[1] + " " + r[2]).containsExactly("silence SKIP");
            // the client's traffic in the inspector's stream, each scenario under a match of its own, read by the Dots describer
            List<org.boardlab.api.event.WireEvent> client1 = wire.stream().filter(e -> e.player().equals("conform: client")).toList();
            assertThat(wire).allMatch(e -> e.protocol().equals("dots"));
            assertThat(client1).allSatisfy(e -> assertThat(e.decoded().error()).as(e.decoded().summary()).isNull());
            assertThat(client1.stream().filter(e -> e.fromClient()).map(e -> e.decoded().type())).contains("http POST /auth", "meta subscribe",
                    "queue heartbeat", "queue accept", "game move");
            assertThat(client1.stream().filter(e -> !e.fromClient()).map(e -> e.decoded().type())).contains("http 200", "game refused", "game gameover");
            assertThat(client1.stream().filter(e -> e.matchId() != 0).map(e -> e.matchId()).distinct().count())
                    .as("a match id for each scenario the client played in").isGreaterThanOrEqualTo(rows.size() - 1);
            onUi(display, () -> {
                Table table = (Table) find(shell, "scenarios");
                table.setSelection(2);
                table.notifyListeners(SWT.Selection, new Event());
                return true;
            });
            Thread.sleep(300);
            Path png = Lab.screenshots().resolve("conformance-dots-client.png");
            onUi(display, () -> screenshot(shell, png));
        } finally {
            if (client != null) {
                client.destroy();
                if (!client.waitFor(10, TimeUnit.SECONDS)) {
                    client.destroyForcibly();
                }
            }
        }
    }

    @Test
    void aPersonPlaysAWholeOthelloGameByClicks() throws Exception {
        playAWholeGameByClicks("othello", "", 20);
    }

    @Test
    void aPersonPlaysAWholeGomokuGameByClicks() throws Exception {
        playAWholeGameByClicks("gomoku", "size=9", 6);
    }

    @Test
    void aPersonPlaysAWholeOnitamaGameByClicks() throws Exception {
        playAWholeGameByClicks("onitama", "", 6);
    }

    @Test
    void aPersonPlaysAWholeDotsGameByClicks() throws Exception {
        playAWholeGameByClicks("dots", "size=6x6", 12);
    }

    /** The move list and the status line, read together on the UI thread. */
    private record Seen(List<String> moves, String status) {

        boolean over() {
            return ended(status);
        }
    }

    /**
     * The Match view's status once its game is over: the result comes first ({@code NAME (SIDE) wins: ...},
     * {@code no winner: ...}, {@code stopped: ...}); an Othello game's adds seed 004's Game Master scores.
     */
    static boolean ended(String status) {
        return RESULT.matcher(status).lookingAt();
    }

    private static final java.util.regex.Pattern RESULT = java.util.regex.Pattern.compile("no winner|stopped: |[^\\n]+ \\([^\\n()]+\\) wins");

    private Seen seen() {
        return onUi(display, () -> new Seen(List.of(((org.eclipse.swt.widgets.List) find(shell, "moves")).getItems()),
                text(shell, "status")));
    }

    /** The notation in a move list item such as {@code 12. d3  (black, 0 ms)}. */
    private static String notation(String item) {
        int start = item.indexOf(". ") + 2;
        int end = item.indexOf("  (", start);
        return end < 0 ? item.substring(start) : item.substring(start, end);
    }

    /**
     * A person (first) plays {@code gameId} against first-legal (second) by clicking the Match view's
     * board at the points its {@link BoardWidget#clicksFor} gives ({@link #choose} picks the moves).
     * The test keeps its own position by replaying the move list with the game's rules, and
     * checks that the game ends by the rules with the result the rules give, and that the move list
     * holds every move. A screenshot {@code <game>-match.png} is taken at the person's turn after
     * {@code shotAfter} plies (or at the end of a shorter game).
     */
    private void playAWholeGameByClicks(String gameId, String options, int shotAfter) throws Exception {
        Game game = Lab.bean(Registry.class).requireGame(gameId);
        GameState state = game.newGame(GameOptions.parse(options.isEmpty() ? List.of() : List.of(options.split("\\s+"))));
        Random random = new Random(gameId.hashCode());
        onUi(display, () -> {
            workbench.showView("match");
            // as a new window has them: a test before this one played on a server, and its address and name were left
            // in the fields, and in the screenshots of the README (docs/screenshots)
            freshRemoteFields.forEach((field, text) -> ((Text) find(shell, field)).setText(text));
            ((Text) find(shell, "options")).setText(options);
            select(shell, "game", gameId);
            select(shell, "first", "a person at this board");
            select(shell, "second", "first-legal");
            spin(shell, "delay", 0);
            press(shell, "start");
            return true;
        });
        Path png = Lab.screenshots().resolve(gameId + "-match.png");
        boolean shot = false;
        int clicked = 0;
        int forced = 0; // the person's moves the referee played without asking (Othello's pass)
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        try {
            Seen seen = seen();
            while (true) {
                for (int i = state.ply(); i < seen.moves().size(); i++) {
                    if (state.sideToMove() == Side.FIRST && state.forcedMove().isPresent()) {
                        forced++;
                    }
                    state = state.apply(state.parseMove(notation(seen.moves().get(i))));
                }
                if (seen.over()) {
                    break;
                }
                assertThat(System.nanoTime()).as(gameId + ": the game goes on too long; status: " + seen.status()).isLessThan(deadline);
                if (!state.isTerminal() && state.sideToMove() == Side.FIRST && state.forcedMove().isEmpty()) {
                    if (!shot && state.ply() >= shotAfter) {
                        assertThat(remoteFields()).as("the fields for a server in the screenshot, as a new window has them")
                                .isEqualTo(freshRemoteFields);
                        Thread.sleep(300); // let the window system show the last move before the screen is copied
                        onUi(display, () -> screenshot(shell, png));
                        shot = true;
                    }
                    playByClicks(choose(state, random), state.ply());
                    clicked++;
                } else {
                    Thread.sleep(5);
                }
                seen = seen();
            }
            if (!shot) {
                onUi(display, () -> screenshot(shell, png));
            }
            assertThat(Files.size(png)).isGreaterThan(10_000);
            String status = seen.status();
            System.out.printf("[itest] %s: %d plies, %d moves by clicks; %s%n", gameId, state.ply(), clicked,
                    status.replace('\n', ' '));
            assertThat(status).doesNotContain("illegal", "timeout", "error", "stopped", " — ");
            assertThat(state.isTerminal()).as("the replayed position is the end of the game").isTrue();
            assertThat(seen.moves()).hasSize(state.ply());
            assertThat(clicked + forced).isEqualTo((state.ply() + 1) / 2);
            Outcome outcome = state.outcome();
            assertThat(status).startsWith(outcome.isDraw() ? "no winner"
                    : (outcome.winner() == Side.FIRST ? "you" : "first-legal") + " (" + game.sideName(outcome.winner()) + ") wins");
            // seed 004's Game Master scores belong to its game, Reversi (othello), and to no other game's end
            if (gameId.equals("othello")) {
                assertThat(status).containsPattern("\nGame Master scores \\(seed 004\\): you \\d+, first-legal \\d+");
            } else {
                assertThat(status).doesNotContain("Game Master");
            }
        } finally {
            onUi(display, () -> {
                if (!ended(text(shell, "status"))) {
                    press(shell, "stop");
                }
                ((Text) find(shell, "options")).setText("");
                return true;
            });
        }
    }

    /**
     * The person's move: one that wins at once if there is one, otherwise a random one (seeded) among
     * those after which the opponent cannot win at once, otherwise any random one. So the games last
     * longer than random play against first-legal would, and more moves are made by clicks.
     */
    private static Move choose(GameState state, Random random) {
        Side me = state.sideToMove();
        List<Move> legal = List.copyOf(state.legalMoves());
        List<Move> safe = new ArrayList<>();
        for (Move move : legal) {
            GameState after = state.apply(move);
            if (after.isTerminal()) {
                if (me == after.outcome().winner()) {
                    return move;
                }
                if (after.outcome().isDraw()) {
                    safe.add(move);
                }
                continue;
            }
            boolean opponentWins = false;
            for (Move reply : after.legalMoves()) {
                GameState replied = after.apply(reply);
                if (replied.isTerminal() && replied.outcome().winner() == me.other()) {
                    opponentWins = true;
                    break;
                }
            }
            if (!opponentWins) {
                safe.add(move);
            }
        }
        List<Move> pool = safe.isEmpty() ? legal : safe;
        return pool.get(random.nextInt(pool.size()));
    }

    /**
     * Makes {@code move} by clicking: presses and releases button 1 at each point the board widget
     * gives, sent to the control under the point (the canvas) as the window system would. When the
     * board was not yet taking clicks (the person's turn is shown a moment after the move list
     * says so), the clicks are made again, but only while the move list still has {@code ply} moves.
     */
    private void playByClicks(Move move, int ply) throws InterruptedException {
        for (int attempt = 0; attempt < 20; attempt++) {
            boolean fired = onUi(display, () -> {
                if (((org.eclipse.swt.widgets.List) find(shell, "moves")).getItemCount() != ply) {
                    return false;
                }
                Control board = (Control) find(shell, "board");
                BoardWidget widget = (BoardWidget) board.getData("boardlab.widget");
                List<Point> clicks = widget.clicksFor(move);
                assertThat(clicks).as("clicks for " + move.notation()).isNotEmpty();
                for (Point p : clicks) {
                    click(board, p);
                }
                return true;
            });
            if (!fired) {
                return;
            }
            long until = System.nanoTime() + Duration.ofMillis(500).toNanos();
            while (System.nanoTime() < until) {
                if (onUi(display, () -> ((org.eclipse.swt.widgets.List) find(shell, "moves")).getItemCount()) > ply) {
                    return;
                }
                Thread.sleep(5);
            }
        }
        throw new AssertionError("the board did not take the clicks for " + move.notation() + " at ply " + ply);
    }

    /**
     * A click at {@code at} (in {@code control}'s coordinates), delivered like the window system does:
     * to the deepest visible child under the point, which must be a canvas.
     */
    private static void click(Control control, Point at) {
        Control target = control;
        Point p = at;
        descend:
        while (target instanceof Composite composite && composite.getChildren().length > 0) {
            for (Control child : composite.getChildren()) {
                if (child.isVisible() && child.getBounds().contains(p)) {
                    p = target.getDisplay().map(target, child, p);
                    target = child;
                    continue descend;
                }
            }
            break;
        }
        assertThat(target).as("the control under " + at).isInstanceOf(Canvas.class);
        for (int type : new int[] {SWT.MouseDown, SWT.MouseUp}) {
            Event e = new Event();
            e.button = 1;
            e.x = p.x;
            e.y = p.y;
            target.notifyListeners(type, e);
        }
    }

    private static org.boardlab.workbench.WorkbenchView matchViewBean() {
        return Lab.bean(org.boardlab.workbench.WorkbenchView.class, "match");
    }

    private static MatchViewAccess matchView() {
        return new MatchViewAccess(matchViewBean());
    }

    private static <T> T onUi(Display display, Supplier<T> task) {
        AtomicReference<T> result = new AtomicReference<>();
        display.syncExec(() -> result.set(task.get()));
        return result.get();
    }

    /** Finds the widget tagged {@code id} (the key {@code boardlab.id}) in the window. */
    static Widget find(Control control, String id) {
        if (id.equals(control.getData("boardlab.id"))) {
            return control;
        }
        if (control instanceof Composite composite) {
            for (Control child : composite.getChildren()) {
                Widget found = find(child, id);
                if (found != null) {
                    return found;
                }
            }
        }
        return null;
    }

    private static void select(Shell shell, String id, String item) {
        Combo combo = (Combo) find(shell, id);
        int index = List.of(combo.getItems()).indexOf(item);
        assertThat(index).as(item + " in " + id).isNotNegative();
        combo.select(index);
        combo.notifyListeners(SWT.Selection, new Event());
    }

    /** Sets the spinner tagged {@code id} as a person would (its listeners are told). */
    private static void spin(Shell shell, String id, int value) {
        Spinner spinner = (Spinner) find(shell, id);
        spinner.setSelection(value);
        spinner.notifyListeners(SWT.Selection, new Event());
    }

    private static void press(Shell shell, String id) {
        ((Button) find(shell, id)).notifyListeners(SWT.Selection, new Event());
    }

    private static String text(Shell shell, String id) {
        Widget w = find(shell, id);
        return w instanceof Label l ? l.getText() : ((Text) w).getText();
    }

    /** The texts of column {@code column} of every table in the window. */
    private static List<String> firstColumn(Shell shell, int column) {
        List<String> texts = new ArrayList<>();
        collect(shell, column, texts);
        return texts;
    }

    private static void collect(Control control, int column, List<String> texts) {
        if (control instanceof Table table) {
            for (TableItem item : table.getItems()) {
                texts.add(item.getText(column));
            }
        }
        if (control instanceof Composite composite) {
            for (Control child : composite.getChildren()) {
                collect(child, column, texts);
            }
        }
    }

    private static boolean screenshot(Shell shell, Path png) {
        Display display = shell.getDisplay();
        while (display.readAndDispatch()) {
            // let the window paint
        }
        Rectangle bounds = shell.getBounds();
        Image image = new Image(display, bounds.width, bounds.height);
        GC gc = new GC(display);
        try {
            gc.copyArea(image, bounds.x, bounds.y);
            ImageLoader loader = new ImageLoader();
            loader.data = new ImageData[] {image.getImageData()};
            loader.save(png.toString(), SWT.IMAGE_PNG);
        } finally {
            gc.dispose();
            image.dispose();
        }
        return true;
    }
}
