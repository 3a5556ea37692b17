package org.boardlab.conform.ui.internal;

import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import java.util.function.LongConsumer;
import javax.inject.Inject;
import javax.inject.Named;
import javax.inject.Provider;
import org.boardlab.conform.ConformanceKit;
import org.boardlab.conform.Report;
import org.boardlab.core.EventBus;
import org.boardlab.core.Registry;
import org.boardlab.store.Stores;
import org.boardlab.workbench.ServerSelection;
import org.boardlab.workbench.Workbench;
import org.boardlab.workbench.WorkbenchView;
import org.eclipse.sisu.inject.BeanLocator;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.TabFolder;
import org.eclipse.swt.widgets.TabItem;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableItem;
import org.eclipse.swt.widgets.Text;

/**
 * The Conformance view: a thin binding of widgets to a {@link ConformanceModel}. Pick a protocol
 * (every loaded kit) and what is tested (a server at {@code HOST:PORT}, or a client: the kit listens
 * on a port), Run; a row per scenario with its progress and result while it runs, its traffic in
 * the inspector (Show in inspector: the selected scenario's), the selected scenario's frames with
 * a failure opened at its frame ({@link ScenarioPane}), and the bug log ({@link BugLogPane}).
 */
@Named("conformance")
public final class ConformanceView implements WorkbenchView {

    private final Function<Runnable, ConformanceModel> models;
    private final LongConsumer showInInspector;
    private ConformanceModel model;
    private Display display;
    private final AtomicBoolean refreshPending = new AtomicBoolean();

    private Composite root;
    private Combo protocol;
    private Combo role;
    private Text target;
    private Button fast;
    private Button run;
    private Button stop;
    private Label status;
    private Table rows;
    private ScenarioPane scenario;
    private BugLogPane bugs;
    private TabFolder tabs;
    private Color failedColour;
    private Color passedColour;
    private String lastDefaultTarget = "";

    @Inject
    public ConformanceView(BeanLocator locator, EventBus events, Registry registry, Stores stores, ServerSelection selection,
            Provider<Workbench> workbench) {
        this(changed -> new ConformanceModel(() -> Loaded.kits(locator), events, Loaded.protocols(registry), stores::open, changed), match -> {
            selection.select(match);
            workbench.get().showView("inspector");
        });
    }

    ConformanceView(Function<Runnable, ConformanceModel> models, LongConsumer showInInspector) {
        this.models = models;
        this.showInInspector = showInInspector;
    }

    @Override
    public String id() {
        return "conformance";
    }

    @Override
    public String title() {
        return "Conformance";
    }

    @Override
    public int order() {
        return 60;
    }

    ConformanceModel model() {
        return model;
    }

    @Override
    public Control createControl(Composite parent) {
        display = parent.getDisplay();
        model = models.apply(this::changed);
        failedColour = new Color(display, 176, 0, 32);
        passedColour = new Color(display, 23, 111, 44);
        root = new Composite(parent, SWT.NONE);
        root.setLayout(new GridLayout(1, false));
        Composite bar = new Composite(root, SWT.NONE);
        bar.setLayout(new GridLayout(10, false));
        bar.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        new Label(bar, SWT.NONE).setText("Protocol:");
        protocol = Widgets.tag(new Combo(bar, SWT.READ_ONLY), "protocol");
        protocol.addListener(SWT.Selection, e -> defaultTarget());
        new Label(bar, SWT.NONE).setText("Test:");
        role = Widgets.tag(new Combo(bar, SWT.READ_ONLY), "role");
        role.setItems("a server at HOST:PORT", "a client: listen on port");
        role.select(0);
        role.addListener(SWT.Selection, e -> defaultTarget());
        target = Widgets.tag(new Text(bar, SWT.BORDER), "target");
        GridData targetData = new GridData(SWT.FILL, SWT.CENTER, true, false);
        targetData.widthHint = 180;
        target.setLayoutData(targetData);
        fast = Widgets.tag(new Button(bar, SWT.CHECK), "fast");
        fast.setText("Fast");
        fast.setToolTipText("Shorten the kit's own waits; skip the scenarios that wait for the component's own time limits");
        run = Widgets.button(bar, "run", "Run", this::start);
        stop = Widgets.button(bar, "stop", "Stop", () -> model.stop());
        Widgets.button(bar, "show-in-inspector", "Show in inspector", this::showInInspector);
        status = Widgets.tag(new Label(root, SWT.WRAP), "conform-status");
        status.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        SashForm sash = new SashForm(root, SWT.VERTICAL);
        sash.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        rows = Widgets.table(sash, "scenarios", new String[][] {{"#", "40"}, {"Scenario", "170"}, {"Status", "80"}, {"Checks", "110"},
            {"Frames", "70"}, {"Time", "70"}, {"Result", "600"}});
        rows.addListener(SWT.Selection, e -> showScenario());
        tabs = Widgets.tag(new TabFolder(sash, SWT.TOP), "tabs");
        TabItem scenarioTab = new TabItem(tabs, SWT.NONE);
        scenarioTab.setText("Scenario");
        scenario = new ScenarioPane(tabs, model);
        scenarioTab.setControl(scenario.control());
        TabItem bugTab = new TabItem(tabs, SWT.NONE);
        bugTab.setText("Bug log");
        bugs = new BugLogPane(tabs, model);
        bugTab.setControl(bugs.control());
        tabs.addListener(SWT.Selection, e -> {
            if (tabs.getSelectionIndex() == 1) {
                bugs.refresh();
            }
        });
        sash.setWeights(45, 55);
        fillProtocols();
        refresh();
        display.timerExec(KITS_MILLIS, this::pollKits);
        return root;
    }

    /** How often the protocol choice follows the kits loaded (a protocol bundle may come or go), in milliseconds. */
    static final int KITS_MILLIS = 2_000;

    private void pollKits() {
        if (root == null || root.isDisposed()) {
            return;
        }
        fillProtocols();
        display.timerExec(KITS_MILLIS, this::pollKits);
    }

    /** The loaded kits in the protocol choice, the chosen one kept. */
    private void fillProtocols() {
        String chosen = protocol.getText();
        List<String> ids = model.kits().stream().map(ConformanceKit::protocol).toList();
        if (!ids.equals(List.of(protocol.getItems()))) {
            protocol.setItems(ids.toArray(String[]::new));
            int keep = ids.indexOf(chosen);
            protocol.select(keep >= 0 ? keep : 0);
            defaultTarget();
        }
    }

    private Report.Role chosenRole() {
        return role.getSelectionIndex() == 1 ? Report.Role.CLIENT : Report.Role.SERVER;
    }

    /** The target field's default for the protocol and role, unless the person typed another. */
    private void defaultTarget() {
        model.kit(protocol.getText()).ifPresent(k -> {
            String d = ConformanceModel.defaultTarget(k, chosenRole());
            if (target.getText().isBlank() || target.getText().equals(lastDefaultTarget)) {
                target.setText(d);
            }
            lastDefaultTarget = d;
            protocol.setToolTipText(k.title());
        });
    }

    private void start() {
        fillProtocols();
        java.util.Optional<String> refused = model.start(protocol.getText(), chosenRole(), target.getText(), fast.getSelection());
        if (refused.isPresent()) {
            status.setText(refused.get());
            root.layout(true);
            return;
        }
        rows.deselectAll(); // a failure of the new run opens by itself
        scenario.show(0);
        refresh();
    }

    private void showInInspector() {
        int index = rows.getSelectionIndex() + 1;
        long match = index > 0 ? model.matchId(index) : 0;
        if (match > 0) {
            showInInspector.accept(match);
        } else {
            status.setText("choose a scenario of a run: the inspector then shows its frames");
        }
    }

    /** Called by the model on its threads: one refresh on the UI thread for any number of changes. */
    private void changed() {
        if (display != null && !display.isDisposed() && refreshPending.compareAndSet(false, true)) {
            display.asyncExec(() -> {
                refreshPending.set(false);
                refresh();
            });
        }
    }

    private void refresh() {
        if (root == null || root.isDisposed()) {
            return;
        }
        List<ScenarioRow> list = model.rows();
        rows.setItemCount(list.size());
        for (ScenarioRow r : list) {
            TableItem item = rows.getItem(r.index() - 1);
            item.setText(new String[] {Integer.toString(r.index()), r.name(), r.stateWord(), r.checksText(), Integer.toString(r.frames()),
                r.timeText(), r.resultText()});
            item.setForeground(2, switch (r.state()) {
                case FAILED, ERROR -> failedColour;
                case PASSED -> passedColour;
                default -> null;
            });
        }
        boolean running = model.running();
        run.setEnabled(!running);
        stop.setEnabled(running);
        String line = model.status();
        if (!line.equals(status.getText())) {
            status.setText(line);
            root.layout(true);
        }
        if (!running && rows.getSelectionIndex() < 0) {
            list.stream().filter(r -> r.failure().isPresent()).findFirst().ifPresent(r -> {
                rows.setSelection(r.index() - 1); // a run that found a failure opens it
                showScenario();
            });
        } else if (rows.getSelectionIndex() >= 0) {
            scenario.refresh();
        }
    }

    private void showScenario() {
        tabs.setSelection(0);
        scenario.show(rows.getSelectionIndex() + 1);
    }

    @Override
    public void dispose() {
        if (model != null) {
            model.stop();
        }
        if (failedColour != null) {
            failedColour.dispose();
            passedColour.dispose();
        }
        if (scenario != null) {
            scenario.dispose();
        }
    }
}
