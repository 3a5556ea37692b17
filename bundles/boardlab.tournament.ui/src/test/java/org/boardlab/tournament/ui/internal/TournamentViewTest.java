package org.boardlab.tournament.ui.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.boardlab.ai.basic.FirstLegalPlayer;
import org.boardlab.ai.basic.RandomPlayer;
import org.boardlab.api.Move;
import org.boardlab.api.MoveRequest;
import org.boardlab.api.Player;
import org.boardlab.api.event.RegistryEvent.Kind;
import org.boardlab.core.Component;
import org.boardlab.core.EventBus;
import org.boardlab.core.Referee;
import org.boardlab.core.Registry;
import org.boardlab.game.tictactoe.TicTacToe;
import org.boardlab.store.Store;
import org.boardlab.tournament.Format;
import org.boardlab.tournament.TournamentRunner;
import org.boardlab.workbench.ServerSelection;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.graphics.ImageLoader;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.layout.FillLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.Text;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Tournament view under Xvfb, on a real referee and a real (H2) store. */
class TournamentViewTest {

    private static Display display;

    @TempDir
    Path dir;

    private final EventBus bus = new EventBus();
    private final Registry registry = new Registry(bus);
    private final Referee referee = new Referee();
    private final ServerSelection selection = new ServerSelection();
    private final List<Long> selected = new ArrayList<>();
    private final List<String> shown = new ArrayList<>();
    private final List<Long> openedFromStore = new ArrayList<>();
    private Store store;
    private TournamentView view;
    private Shell shell;
    /** The thinker moves only once this is open (open unless a test closes it). */
    private volatile CountDownLatch thinkerGate = new CountDownLatch(0);

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
        TicTacToe game = new TicTacToe();
        registry.add(new Component<>(Kind.GAME, "tictactoe", game.name(), "boardlab.game.tictactoe", "0.1.0", 3, () -> game));
        registry.add(new Component<>(Kind.PLAYER, "random", "random", "boardlab.ai.basic", "0.1.0", 4, RandomPlayer::new));
        registry.add(new Component<>(Kind.PLAYER, "first-legal", "first move", "boardlab.ai.basic", "0.1.0", 4, FirstLegalPlayer::new));
        registry.add(new Component<>(Kind.PLAYER, "greedy", "random", "test", "0.1.0", 5, RandomPlayer::new));
        registry.add(new Component<>(Kind.PLAYER, "thinker", "thinks 150 ms", "test", "0.1.0", 6, () -> new Player() {
            @Override
            public Move chooseMove(MoveRequest request) throws Exception {
                // a test that must catch games in flight closes the gate: the thinker then waits for it
                thinkerGate.await(20, TimeUnit.SECONDS);
                Thread.sleep(150);
                return request.state().legalMoves().get(0);
            }
        }));
        store = Store.open("jdbc:h2:file:" + dir.resolve("lab").toAbsolutePath());
        selection.addListener(selected::add);
        view = new TournamentView(d -> new TournamentModel(registry, referee, bus, () -> store), selection, id -> {
            shown.add(id);
            return true;
        }, openedFromStore::add);
        shell = new Shell(display);
        shell.setLayout(new FillLayout());
        Composite holder = new Composite(shell, SWT.NONE);
        holder.setLayout(new FillLayout());
        view.createControl(holder);
        shell.setSize(1280, 800);
        shell.open();
        pump();
    }

    @AfterEach
    void close() {
        view.dispose();
        shell.dispose();
        referee.close();
        store.close();
    }

    private static void pump() {
        while (display.readAndDispatch()) {
            // drain
        }
    }

    private static void pumpUntil(BooleanSupplier done, long millis) throws InterruptedException {
        long end = System.currentTimeMillis() + millis;
        while (!done.getAsBoolean() && System.currentTimeMillis() < end) {
            if (!display.readAndDispatch()) {
                Thread.sleep(10);
            }
        }
        pump();
    }

    private Control find(String name) {
        return find(shell, name);
    }

    private static Control find(Control c, String name) {
        if (name.equals(c.getData("name"))) {
            return c;
        }
        if (c instanceof Composite comp) {
            for (Control child : comp.getChildren()) {
                Control f = find(child, name);
                if (f != null) {
                    return f;
                }
            }
        }
        return null;
    }

    private void press(String button) {
        ((org.eclipse.swt.widgets.Button) find(button)).notifyListeners(SWT.Selection, new org.eclipse.swt.widgets.Event());
        pump();
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
            Path out = Path.of("target", "screenshots");
            Files.createDirectories(out);
            ImageLoader loader = new ImageLoader();
            loader.data = new ImageData[] {data};
            loader.save(out.resolve(name).toString(), SWT.IMAGE_PNG);
        } finally {
            image.dispose();
        }
    }

    @Test
    void aTournamentSetUpInTheViewRunsToItsEndAndShowsItsTable() throws Exception {
        TournamentModel model = view.model();
        model.setGame("tictactoe");
        view.refresh();
        Table players = (Table) find("players");
        assertThat(java.util.Arrays.stream(players.getItems()).map(i -> i.getText()))
                .containsExactly("first-legal", "greedy", "random", "thinker");
        view.pick(List.of("random", "first-legal", "greedy"));
        model.setName("view test");
        model.setRounds(2);
        model.setOpenings("random:1");
        view.refresh(); // the form shows the model's set-up
        press("start");
        pumpUntil(() -> model.state() == TournamentRunner.State.FINISHED, 60_000);
        assertThat(model.state()).isEqualTo(TournamentRunner.State.FINISHED);
        pumpUntil(() -> ((Label) find("status")).getText().startsWith("finished"), 5_000);
        assertThat(((Label) find("status")).getText()).isEqualTo("finished: 12 of 12 games played");
        Table standings = (Table) find("standings");
        assertThat(standings.getItemCount()).isEqualTo(3);
        assertThat(((Table) find("games")).getItemCount()).isEqualTo(12);
        assertThat(((Text) find("crosstable")).getText()).contains("random", "first-legal", "greedy", "/4");
        assertThat(store.tournament("view test")).isPresent();
        screenshot("tournament-view.png");
        assertThat(Files.size(Path.of("target", "screenshots", "tournament-view.png"))).isPositive();

        // a finished game opens from the store in the Match view, read from the tournament's queue alone: one row (H2
        // counts the rows each statement gave since its statistics were switched on)
        TournamentModel.GameRow fifth = model.gameRows().get(4);
        String url = "jdbc:h2:file:" + dir.resolve("lab").toAbsolutePath();
        try (java.sql.Connection c = java.sql.DriverManager.getConnection(url, "sa", ""); java.sql.Statement st = c.createStatement()) {
            st.execute("SET QUERY_STATISTICS TRUE");
            view.watch(fifth);
            long queueRows = 0;
            try (java.sql.ResultSet r = st.executeQuery("SELECT SQL_STATEMENT, CUMULATIVE_ROW_COUNT FROM INFORMATION_SCHEMA.QUERY_STATISTICS")) {
                while (r.next()) {
                    if (r.getString(1).contains("FROM scheduled_games")) {
                        queueRows += r.getLong(2);
                    }
                }
            }
            assertThat(queueRows).as("the queue's rows read to open one game").isEqualTo(1);
            st.execute("SET QUERY_STATISTICS FALSE");
        }
        assertThat(shown).containsExactly(TournamentView.MATCH_VIEW);
        assertThat(openedFromStore).hasSize(1);
        org.boardlab.store.FinishedGame stored = store.game(openedFromStore.get(0)).orElseThrow().game();
        assertThat(List.of(stored.first().name(), stored.second().name())).containsExactly(fifth.first(), fifth.second());
        assertThat(stored.tournamentId()).isEqualTo(store.tournament("view test").orElseThrow().id());
        assertThat(store.scheduled(stored.tournamentId()).stream().filter(r -> r.game().number() == fifth.number()).findFirst()
                .orElseThrow().gameId()).isEqualTo(openedFromStore.get(0));
    }

    @Test
    void thePlayersLimitsAreSetUpInTheViewAndKeptWithTheTournament() throws Exception {
        TournamentModel model = view.model();
        model.setGame("tictactoe");
        view.refresh();
        view.pick(List.of("random", "first-legal"));
        model.setName("limits");
        model.setGamesPerPair(2);
        org.eclipse.swt.widgets.Spinner heap = (org.eclipse.swt.widgets.Spinner) find("player-heap");
        heap.setSelection(48);
        heap.notifyListeners(SWT.Modify, new org.eclipse.swt.widgets.Event());
        Text cpu = (Text) find("player-cpu");
        cpu.setText("0.5");
        pump();
        assertThat(model.limits()).isEqualTo(org.boardlab.core.PlayerLimits.DEFAULT.withHeapMegabytes(48)
                .withCpuPerMove(java.time.Duration.ofMillis(500)));
        assertThat(((Label) find("limits")).getText())
                .isEqualTo("Students' players run in their own process: heap=48MB threads=64 cpu=0.5s files=64MB; the wall time is the time control's");
        cpu.setText("soon");
        pump();
        assertThat(((Label) find("limits")).getText())
                .isEqualTo("the CPU time a move is a number of seconds (0.5), or empty for the time per move, not 'soon'");
        press("start");
        assertThat(((Label) find("status")).getText()).isEqualTo(((Label) find("limits")).getText());
        assertThat(store.tournament("limits")).isEmpty();
        cpu.setText("0.5");
        pump();
        press("start");
        pumpUntil(() -> model.state() == TournamentRunner.State.FINISHED, 60_000);
        assertThat(store.tournament("limits").orElseThrow().settings()).contains("\"player_limits\":\"heap=48MB threads=64 cpu=0.5s files=64MB\"");
        assertThat(((org.eclipse.swt.widgets.Spinner) find("player-heap")).getEnabled()).isTrue();
    }

    @Test
    void pauseHoldsTheGamesAndAGameBeingPlayedOpensInTheMatchView() throws Exception {
        TournamentModel model = view.model();
        model.setGame("tictactoe");
        view.refresh();
        view.pick(List.of("thinker", "random"));
        model.setName("slow");
        model.setFormat(Format.GAUNTLET);
        model.setGamesPerPair(4);
        model.setConcurrency(2);
        model.setTime("30s");
        // the thinker holds its first move until the pause is pressed, so no game can end before it
        // (with a thinker of 150 ms all four games once ended before the pause on a loaded machine)
        thinkerGate = new CountDownLatch(1);
        press("start");
        pumpUntil(() -> model.gameRows().stream().anyMatch(r -> r.matchId() != 0), 20_000);
        TournamentModel.GameRow playing = model.gameRows().stream().filter(r -> r.matchId() != 0).findFirst().orElseThrow();
        view.watch(playing);
        assertThat(selected).containsExactly(playing.matchId());
        assertThat(shown).containsExactly(TournamentView.MATCH_VIEW);
        press("pause");
        assertThat(model.state()).isEqualTo(TournamentRunner.State.PAUSED);
        assertThat(((org.eclipse.swt.widgets.Button) find("resume")).getEnabled()).isTrue();
        assertThat(model.standings().finished()).as("no game ends while the thinker holds its move").isZero();
        thinkerGate.countDown();
        press("resume");
        pumpUntil(() -> model.state() == TournamentRunner.State.FINISHED, 60_000);
        assertThat(model.state()).isEqualTo(TournamentRunner.State.FINISHED);
        assertThat(model.standings().finished()).isEqualTo(4);
    }
}
