package org.boardlab.tournament.ui.internal;

import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import java.util.function.Predicate;
import javax.inject.Inject;
import javax.inject.Named;
import javax.inject.Provider;
import org.boardlab.core.EventBus;
import org.boardlab.core.Referee;
import org.boardlab.core.Registry;
import org.boardlab.store.Stores;
import org.boardlab.tournament.Format;
import org.boardlab.tournament.Standings;
import org.boardlab.tournament.TournamentRunner;
import org.boardlab.workbench.ServerSelection;
import org.boardlab.workbench.Workbench;
import org.boardlab.workbench.WorkbenchView;
import org.eclipse.jface.viewers.ArrayContentProvider;
import org.eclipse.jface.viewers.ColumnLabelProvider;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.jface.viewers.TableViewer;
import org.eclipse.jface.viewers.TableViewerColumn;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.Font;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Canvas;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Spinner;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableItem;
import org.eclipse.swt.widgets.Text;

/**
 * The Tournament view: a thin binding of widgets to a {@link TournamentModel}. Set up (name, game,
 * players picked from the loaded ones in seeding order, format, rounds, games per pair, time,
 * openings, concurrency, the limits of students' players that run in a process of their own),
 * Start / Pause / Resume / Stop, the standings with their ratings, the
 * crosstable, a chart of the ratings with their error bars, and the games; double-click a game being
 * played to watch it in the Match view, or a finished one to open it from the store in the Match
 * view (its moves, stepped through with the board).
 */
@Named("tournament")
public final class TournamentView implements WorkbenchView {

    static final String MATCH_VIEW = "match";

    private final Function<Display, TournamentModel> models;
    private final ServerSelection selection;
    private final Predicate<String> showView;
    private final java.util.function.LongConsumer openStored;
    private TournamentModel model;
    private Display display;
    private final AtomicBoolean refreshPending = new AtomicBoolean();

    private Composite root;
    private Text name;
    private Combo game;
    private Table players;
    private Combo format;
    private Spinner rounds;
    private Spinner gamesPerPair;
    private Text time;
    private Text openings;
    private Spinner concurrency;
    private Spinner heap;
    private Spinner threads;
    private Text cpu;
    private Spinner files;
    private Label limits;
    private Button start;
    private Button pause;
    private Button resume;
    private Button stop;
    private Label status;
    private TableViewer standings;
    private Text crosstable;
    private Canvas chart;
    private TableViewer games;
    private Font mono;

    @Inject
    public TournamentView(Registry registry, Referee referee, EventBus events, Stores stores, ServerSelection selection,
            Provider<Workbench> workbench, List<org.boardlab.core.PlayerHosting> hostings,
            org.boardlab.workbench.StoredGameSelection stored) {
        this(d -> new TournamentModel(registry, referee, events, () -> stores.open(), hostings), selection,
                id -> workbench.get().showView(id), stored::open);
    }

    /**
     * @param openStored opens a stored game (by its id in the store) in the Match view
     */
    TournamentView(Function<Display, TournamentModel> models, ServerSelection selection, Predicate<String> showView,
            java.util.function.LongConsumer openStored) {
        this.models = models;
        this.selection = selection;
        this.showView = showView;
        this.openStored = openStored;
    }

    @Override
    public String id() {
        return "tournament";
    }

    @Override
    public String title() {
        return "Tournament";
    }

    @Override
    public int order() {
        return 25;
    }

    TournamentModel model() {
        return model;
    }

    @Override
    public Control createControl(Composite parent) {
        display = parent.getDisplay();
        model = models.apply(display);
        mono = new Font(display, "Monospace", 9, SWT.NORMAL);
        root = new Composite(parent, SWT.NONE);
        root.setLayout(new GridLayout(1, false));
        setUp(root);
        SashForm sash = new SashForm(root, SWT.HORIZONTAL);
        sash.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        SashForm left = new SashForm(sash, SWT.VERTICAL);
        standings = standingsTable(left);
        crosstable = new Text(left, SWT.MULTI | SWT.READ_ONLY | SWT.H_SCROLL | SWT.V_SCROLL | SWT.BORDER);
        crosstable.setFont(mono);
        crosstable.setData("name", "crosstable");
        left.setWeights(3, 2);
        SashForm right = new SashForm(sash, SWT.VERTICAL);
        chart = new Canvas(right, SWT.DOUBLE_BUFFERED | SWT.BORDER);
        chart.setData("name", "chart");
        chart.addPaintListener(e -> paintChart(e.gc, chart.getClientArea()));
        games = gamesTable(right);
        right.setWeights(2, 3);
        sash.setWeights(11, 9);
        model.onChange(part -> refreshSoon());
        refresh();
        return root;
    }

    private void setUp(Composite parent) {
        Composite form = new Composite(parent, SWT.NONE);
        form.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
        form.setLayout(new GridLayout(8, false));
        label(form, "Name");
        name = new Text(form, SWT.BORDER);
        name.setText(model.name());
        name.setLayoutData(new GridData(160, SWT.DEFAULT));
        name.addModifyListener(e -> model.setName(name.getText()));
        label(form, "Game");
        game = new Combo(form, SWT.READ_ONLY);
        game.setItems(model.games().toArray(String[]::new));
        if (model.game() != null) {
            game.setText(model.game());
        }
        game.addListener(SWT.Selection, e -> {
            model.setGame(game.getText());
            fillPlayers();
        });
        label(form, "Format");
        format = new Combo(form, SWT.READ_ONLY);
        for (Format f : Format.values()) {
            format.add(f.id());
        }
        format.setText(model.format().id());
        format.addListener(SWT.Selection, e -> model.setFormat(Format.of(format.getText())));
        label(form, "Rounds");
        rounds = spinner(form, model.rounds(), 1, 1000);
        rounds.addListener(SWT.Modify, e -> model.setRounds(rounds.getSelection()));

        label(form, "Time");
        time = new Text(form, SWT.BORDER);
        time.setText(model.time());
        time.setToolTipText("a time per move (20ms, 1s, 2m) or a clock of base + increment (5m+2s)");
        time.setLayoutData(new GridData(160, SWT.DEFAULT));
        time.addModifyListener(e -> model.setTime(time.getText()));
        label(form, "Openings");
        openings = new Text(form, SWT.BORDER);
        openings.setText(model.openings());
        openings.setToolTipText("none, random:N (N random legal moves) or a file with one opening a line");
        openings.setLayoutData(new GridData(120, SWT.DEFAULT));
        openings.addModifyListener(e -> model.setOpenings(openings.getText()));
        label(form, "Games a pair");
        gamesPerPair = spinner(form, model.gamesPerPair(), 1, 10_000);
        gamesPerPair.addListener(SWT.Modify, e -> model.setGamesPerPair(gamesPerPair.getSelection()));
        label(form, "At once");
        concurrency = spinner(form, model.concurrency(), 1, 1024);
        concurrency.addListener(SWT.Modify, e -> model.setConcurrency(concurrency.getSelection()));

        // the limits of students' players (run in processes of their own), kept with the tournament
        label(form, "Player heap MB");
        heap = spinner(form, model.heapMegabytes(), 16, 65_536);
        heap.setData("name", "player-heap");
        heap.addListener(SWT.Modify, e -> limitsChanged(() -> model.setHeapMegabytes(heap.getSelection())));
        label(form, "Threads");
        threads = spinner(form, model.threads(), 16, 100_000);
        threads.setData("name", "player-threads");
        threads.addListener(SWT.Modify, e -> limitsChanged(() -> model.setThreads(threads.getSelection())));
        label(form, "CPU s a move");
        cpu = new Text(form, SWT.BORDER);
        cpu.setData("name", "player-cpu");
        cpu.setText(model.cpuSeconds());
        cpu.setMessage("time per move");
        cpu.setToolTipText("CPU seconds a student's player may use from one move to the next; empty: the time per move");
        cpu.setLayoutData(new GridData(120, SWT.DEFAULT));
        cpu.addModifyListener(e -> limitsChanged(() -> model.setCpuSeconds(cpu.getText())));
        label(form, "Files MB");
        files = spinner(form, model.fileMegabytes(), 1, 1_048_576);
        files.setData("name", "player-files");
        files.addListener(SWT.Modify, e -> limitsChanged(() -> model.setFileMegabytes(files.getSelection())));
        limits = new Label(form, SWT.WRAP);
        limits.setData("name", "limits");
        GridData ld = new GridData(SWT.FILL, SWT.TOP, true, false, 8, 1);
        ld.widthHint = 900;
        limits.setLayoutData(ld);
        limits.setText(model.limitsText());

        Label pl = label(form, "Players");
        pl.setLayoutData(new GridData(SWT.LEFT, SWT.TOP, false, false));
        players = new Table(form, SWT.CHECK | SWT.BORDER | SWT.V_SCROLL | SWT.MULTI);
        players.setData("name", "players");
        GridData pd = new GridData(SWT.FILL, SWT.FILL, false, false, 3, 1);
        pd.heightHint = 96;
        pd.widthHint = 260;
        players.setLayoutData(pd);
        players.addListener(SWT.Selection, e -> {
            if (e.detail == SWT.CHECK) {
                TableItem item = (TableItem) e.item;
                model.choose(item.getText(), item.getChecked());
            }
        });
        fillPlayers();
        Composite buttons = new Composite(form, SWT.NONE);
        buttons.setLayoutData(new GridData(SWT.LEFT, SWT.TOP, false, false, 4, 1));
        buttons.setLayout(new GridLayout(4, true));
        start = button(buttons, "Start", model::start);
        pause = button(buttons, "Pause", model::pause);
        resume = button(buttons, "Resume", model::resume);
        stop = button(buttons, "Stop", model::stop);
        status = new Label(buttons, SWT.WRAP);
        GridData sd = new GridData(SWT.FILL, SWT.TOP, true, false, 4, 1);
        sd.widthHint = 520;
        status.setLayoutData(sd);
        status.setData("name", "status");
    }

    private void limitsChanged(Runnable set) {
        set.run();
        if (limits != null && !limits.isDisposed()) {
            limits.setText(model.limitsText());
        }
    }

    private void fillPlayers() {
        players.removeAll();
        for (String id : model.players()) {
            TableItem item = new TableItem(players, SWT.NONE);
            item.setText(id);
            item.setChecked(model.chosen().contains(id));
        }
    }

    /** Ticks the players in this order (the seeding order), as a person would. */
    void pick(List<String> ids) {
        for (String id : ids) {
            for (TableItem item : players.getItems()) {
                if (item.getText().equals(id)) {
                    item.setChecked(true);
                    model.choose(id, true);
                }
            }
        }
    }

    private static Label label(Composite parent, String text) {
        Label l = new Label(parent, SWT.NONE);
        l.setText(text);
        return l;
    }

    private static Spinner spinner(Composite parent, int value, int min, int max) {
        Spinner s = new Spinner(parent, SWT.BORDER);
        s.setMinimum(min);
        s.setMaximum(max);
        s.setSelection(value);
        return s;
    }

    private Button button(Composite parent, String text, Runnable action) {
        Button b = new Button(parent, SWT.PUSH);
        b.setText(text);
        b.setData("name", text.toLowerCase(Locale.ROOT));
        b.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        b.addListener(SWT.Selection, e -> {
            action.run();
            refresh();
        });
        return b;
    }

    private TableViewer standingsTable(Composite parent) {
        TableViewer v = new TableViewer(parent, SWT.BORDER | SWT.FULL_SELECTION);
        v.getTable().setHeaderVisible(true);
        v.getTable().setData("name", "standings");
        v.setContentProvider(ArrayContentProvider.getInstance());
        column(v, "#", 36, r -> String.valueOf(((Standings.Row) r).games() >= 0 ? rankOf((Standings.Row) r) : 0));
        column(v, "Player", 130, r -> ((Standings.Row) r).id());
        column(v, "Points", 60, r -> points(((Standings.Row) r).points()));
        column(v, "Games", 56, r -> String.valueOf(((Standings.Row) r).games()));
        column(v, "Score", 64, r -> percent(((Standings.Row) r).score()));
        column(v, "Elo", 56, r -> String.format(Locale.ROOT, "%+.0f", ((Standings.Row) r).elo()));
        column(v, "± 95 %", 60, r -> error(((Standings.Row) r).eloError()));
        column(v, "LOS", 60, r -> percent(((Standings.Row) r).los()));
        column(v, "Seed Elo", 70, r -> String.valueOf(((Standings.Row) r).seedElo()));
        column(v, "Glicko-2", 90, r -> String.format(Locale.ROOT, "%.0f ± %.0f", ((Standings.Row) r).glicko().rating(),
                ((Standings.Row) r).glicko().deviation()));
        return v;
    }

    private int rankOf(Standings.Row row) {
        Standings s = model.standings();
        return s == null ? 0 : s.rows().indexOf(row) + 1;
    }

    private TableViewer gamesTable(Composite parent) {
        TableViewer v = new TableViewer(parent, SWT.BORDER | SWT.FULL_SELECTION | SWT.V_SCROLL);
        v.getTable().setHeaderVisible(true);
        v.getTable().setData("name", "games");
        v.setContentProvider(ArrayContentProvider.getInstance());
        column(v, "#", 44, r -> String.valueOf(((TournamentModel.GameRow) r).number()));
        column(v, "Round", 50, r -> String.valueOf(((TournamentModel.GameRow) r).round()));
        column(v, "First", 100, r -> ((TournamentModel.GameRow) r).first());
        column(v, "Second", 100, r -> ((TournamentModel.GameRow) r).second());
        column(v, "Result", 60, r -> ((TournamentModel.GameRow) r).result());
        column(v, "How", 300, r -> ((TournamentModel.GameRow) r).detail());
        v.addDoubleClickListener(e -> watch((TournamentModel.GameRow) ((IStructuredSelection) e.getSelection()).getFirstElement()));
        return v;
    }

    /** Watches a game being played in the Match view, or opens a finished one from the store there. */
    void watch(TournamentModel.GameRow row) {
        if (row == null) {
            return;
        }
        long id = model.matchId(row.number());
        if (id != 0) {
            selection.select(id);
            showView.test(MATCH_VIEW);
            return;
        }
        if (row.result().isEmpty()) {
            status.setText("game " + row.number() + " has not been played yet");
            return;
        }
        long stored;
        try {
            stored = model.storedGameId(row.number());
        } catch (RuntimeException e) {
            status.setText("game " + row.number() + " cannot be opened from the store: " + e.getMessage());
            return;
        }
        showView.test(MATCH_VIEW);
        openStored.accept(stored);
    }

    private static void column(TableViewer v, String title, int width, Function<Object, String> text) {
        TableViewerColumn c = new TableViewerColumn(v, SWT.NONE);
        c.getColumn().setText(title);
        c.getColumn().setWidth(width);
        c.setLabelProvider(new ColumnLabelProvider() {
            @Override
            public String getText(Object element) {
                return text.apply(element);
            }
        });
    }

    private void refreshSoon() {
        if (refreshPending.compareAndSet(false, true)) {
            display.asyncExec(() -> {
                refreshPending.set(false);
                if (!root.isDisposed()) {
                    refresh();
                }
            });
        }
    }

    /** Shows the model as it is now. */
    void refresh() {
        TournamentRunner.State s = model.state();
        boolean running = s == TournamentRunner.State.RUNNING || s == TournamentRunner.State.PAUSED;
        start.setEnabled(!running);
        pause.setEnabled(s == TournamentRunner.State.RUNNING);
        resume.setEnabled(s == TournamentRunner.State.PAUSED);
        stop.setEnabled(running);
        for (Control c : new Control[] {name, game, players, format, rounds, gamesPerPair, time, openings, concurrency, heap, threads, cpu,
            files}) {
            c.setEnabled(!running);
        }
        status.setText(model.status());
        sync(name, model.name());
        sync(time, model.time());
        sync(openings, model.openings());
        if (model.game() != null && !model.game().equals(game.getText())) {
            game.setText(model.game());
            fillPlayers();
        }
        if (!format.getText().equals(model.format().id())) {
            format.setText(model.format().id());
        }
        sync(rounds, model.rounds());
        sync(gamesPerPair, model.gamesPerPair());
        sync(concurrency, model.concurrency());
        sync(heap, model.heapMegabytes());
        sync(threads, model.threads());
        sync(cpu, model.cpuSeconds());
        sync(files, model.fileMegabytes());
        limits.setText(model.limitsText());
        Standings st = model.standings();
        standings.setInput(st == null ? List.of() : st.rows());
        crosstable.setText(model.crosstable());
        List<TournamentModel.GameRow> rows = model.gameRows();
        games.setInput(rows);
        chart.redraw();
    }

    private static void sync(Text t, String value) {
        if (!t.getText().equals(value)) {
            t.setText(value);
        }
    }

    private static void sync(Spinner s, int value) {
        if (s.getSelection() != value) {
            s.setSelection(value);
        }
    }

    /** The ratings with their 95 % error bars, best at the top. */
    private void paintChart(GC gc, Rectangle area) {
        Standings st = model.standings();
        gc.setBackground(display.getSystemColor(SWT.COLOR_WHITE));
        gc.fillRectangle(area);
        gc.setForeground(display.getSystemColor(SWT.COLOR_DARK_GRAY));
        if (st == null || st.finished() == 0) {
            gc.drawText("The ratings with their 95 % error bars appear here as games finish.", 8, 8, true);
            return;
        }
        gc.drawText("Elo (maximum likelihood) with 95 % error bars", 8, 4, true);
        List<Standings.Row> rows = st.rows();
        double lo = 0;
        double hi = 0;
        for (Standings.Row r : rows) {
            double e = Double.isFinite(r.eloError()) ? r.eloError() : 0;
            lo = Math.min(lo, r.elo() - e);
            hi = Math.max(hi, r.elo() + e);
        }
        double pad = Math.max(10, (hi - lo) * 0.05);
        lo -= pad;
        hi += pad;
        int label = 8 + rows.stream().mapToInt(r -> gc.textExtent(r.id()).x).max().orElse(40);
        int left = area.x + label + 8;
        int width = Math.max(10, area.width - label - 24);
        int rowH = Math.max(14, Math.min(28, (area.height - 44) / Math.max(1, rows.size())));
        double span = hi - lo;
        double l = lo;
        java.util.function.DoubleToIntFunction x = v -> left + (int) Math.round((v - l) / span * width);
        Color axis = display.getSystemColor(SWT.COLOR_GRAY);
        gc.setForeground(axis);
        gc.setLineStyle(SWT.LINE_DOT);
        gc.drawLine(x.applyAsInt(0), area.y + 24, x.applyAsInt(0), area.y + 24 + rows.size() * rowH);
        gc.setLineStyle(SWT.LINE_SOLID);
        for (int k = 0; k < rows.size(); k++) {
            Standings.Row r = rows.get(k);
            int y = area.y + 24 + k * rowH + rowH / 2;
            double e = Double.isFinite(r.eloError()) ? r.eloError() : 0;
            gc.setForeground(display.getSystemColor(SWT.COLOR_BLACK));
            Point ext = gc.textExtent(r.id());
            gc.drawText(r.id(), left - 8 - ext.x, y - ext.y / 2, true);
            gc.drawLine(x.applyAsInt(r.elo() - e), y, x.applyAsInt(r.elo() + e), y);
            gc.drawLine(x.applyAsInt(r.elo() - e), y - 4, x.applyAsInt(r.elo() - e), y + 4);
            gc.drawLine(x.applyAsInt(r.elo() + e), y - 4, x.applyAsInt(r.elo() + e), y + 4);
            gc.setBackground(display.getSystemColor(SWT.COLOR_DARK_BLUE));
            gc.fillOval(x.applyAsInt(r.elo()) - 4, y - 4, 8, 8);
            gc.setForeground(display.getSystemColor(SWT.COLOR_DARK_GRAY));
            gc.drawText(String.format(Locale.ROOT, "%+.0f ± %s", r.elo(), error(r.eloError())), x.applyAsInt(r.elo()) + 6, y - rowH / 2,
                    true);
        }
        gc.setForeground(axis);
        int axisY = area.y + 28 + rows.size() * rowH;
        gc.drawText(String.format(Locale.ROOT, "%.0f", lo), left, axisY, true);
        String h = String.format(Locale.ROOT, "%.0f", hi);
        gc.drawText(h, left + width - gc.textExtent(h).x, axisY, true);
        gc.drawText("0", x.applyAsInt(0) - 3, axisY, true);
    }

    private static String points(double p) {
        return p == Math.floor(p) ? String.valueOf((long) p) : String.format(Locale.ROOT, "%.1f", p);
    }

    private static String percent(double f) {
        return Double.isNaN(f) ? "-" : String.format(Locale.ROOT, "%.1f%%", f * 100);
    }

    private static String error(double e) {
        return Double.isFinite(e) ? String.format(Locale.ROOT, "%.0f", e) : "-";
    }

    @Override
    public void dispose() {
        TournamentModel m = model;
        if (m != null) {
            m.stop();
        }
        if (mono != null) {
            mono.dispose();
        }
    }
}
