package org.boardlab.workbench.internal;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import javax.inject.Inject;
import javax.inject.Named;
import org.boardlab.api.event.RegistryEvent;
import org.boardlab.api.event.RegistryEvent.Kind;
import org.boardlab.core.Component;
import org.boardlab.core.EventBus;
import org.boardlab.core.Referee;
import org.boardlab.core.Registry;
import org.boardlab.workbench.WorkbenchView;
import org.eclipse.jface.viewers.ArrayContentProvider;
import org.eclipse.jface.viewers.ColumnLabelProvider;
import org.eclipse.jface.viewers.TableViewer;
import org.eclipse.jface.viewers.TableViewerColumn;
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
 * "Bundles &amp; players": every loaded game, player and protocol with the bundle (and version) that
 * provides it, and a log of arrivals, replacements, departures and refusals. Updates live as player
 * bundles are dropped into, replaced in or deleted from the players folder.
 */
@Named("bundles")
@javax.inject.Singleton
public final class BundlesView implements WorkbenchView {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss.SSS").withZone(ZoneId.systemDefault());

    private final Registry registry;
    private final EventBus events;
    private final Referee referee;
    private Label refereeLine;
    private final List<RegistryEvent> log = new ArrayList<>();
    private TableViewer components;
    private TableViewer changes;
    private org.boardlab.core.Subscription subscription;

    @Inject
    public BundlesView(Registry registry, EventBus events, Referee referee) {
        this.registry = registry;
        this.referee = referee;
        this.events = events;
    }

    @Override
    public String id() {
        return "bundles";
    }

    @Override
    public String title() {
        return "Bundles & players";
    }

    @Override
    public int order() {
        return 1000;
    }

    @Override
    public Control createControl(Composite parent) {
        Composite root = new Composite(parent, SWT.NONE);
        root.setLayout(new GridLayout(1, false));
        Label hint = new Label(root, SWT.WRAP);
        hint.setText("Drop a player bundle (a .jar) into " + PlayersFolder.path()
                + " and it appears here; replace the jar to update it, delete it to remove it.");
        hint.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        refereeLine = new Label(root, SWT.NONE);
        refereeLine.setData("boardlab.id", "referee");
        refereeLine.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        showReferee();
        SashForm sash = new SashForm(root, SWT.VERTICAL);
        sash.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));

        components = new TableViewer(sash, SWT.BORDER | SWT.FULL_SELECTION | SWT.V_SCROLL);
        components.getTable().setHeaderVisible(true);
        components.getTable().setLinesVisible(true);
        components.setContentProvider(ArrayContentProvider.getInstance());
        column(components, "Kind", 80, (Component<?> c) -> c.kind().name().toLowerCase());
        column(components, "Id", 150, (Component<?> c) -> c.id());
        column(components, "Description", 420, (Component<?> c) -> c.description());
        column(components, "Bundle", 220, (Component<?> c) -> c.bundle());
        column(components, "Version", 170, (Component<?> c) -> c.bundleVersion());

        changes = new TableViewer(sash, SWT.BORDER | SWT.FULL_SELECTION | SWT.V_SCROLL);
        changes.getTable().setHeaderVisible(true);
        changes.getTable().setLinesVisible(true);
        changes.setContentProvider(ArrayContentProvider.getInstance());
        column(changes, "Time", 100, (RegistryEvent e) -> TIME.format(Instant.ofEpochSecond(0, e.timeMicros() * 1000)));
        column(changes, "Change", 90, (RegistryEvent e) -> e.change().name().toLowerCase());
        column(changes, "Kind", 80, (RegistryEvent e) -> e.kind().name().toLowerCase());
        column(changes, "Id", 150, (RegistryEvent e) -> e.id());
        column(changes, "What happened", 600, (RegistryEvent e) -> e.message());
        sash.setWeights(3, 1);

        for (RegistryEvent earlier : registry.recentChanges()) {
            log.add(0, earlier);
        }
        subscription = events.subscribe(event -> {
            if (event instanceof RegistryEvent change) {
                Display display = root.getDisplay();
                if (!display.isDisposed()) {
                    display.asyncExec(() -> {
                        if (!root.isDisposed()) {
                            log.add(0, change);
                            refresh();
                        }
                    });
                }
            }
        }, RegistryEvent.class);
        refresh();
        return root;
    }

    /** The referee's counts, every second while the view is open. */
    private void showReferee() {
        if (refereeLine == null || refereeLine.isDisposed()) {
            return;
        }
        refereeLine.setText(refereeText(referee));
        refereeLine.getDisplay().timerExec(1000, this::showReferee);
    }

    /** One line for people: games, player threads, runaways. */
    static String refereeText(Referee referee) {
        int still = referee.runawayThreadsStillRunning();
        return "Referee: " + referee.gamesInProgress() + " games in progress, " + referee.gamesPlayed() + " played; "
                + referee.busyPlayerThreads() + " player threads thinking; " + referee.runawayThreads()
                + " runaway player threads stopped" + (still == 0 ? "" : ", " + still + " could not be stopped and still run");
    }

    private void refresh() {
        List<Component<?>> all = new ArrayList<>();
        for (Kind kind : Kind.values()) {
            all.addAll(registry.all(kind));
        }
        components.setInput(all);
        changes.setInput(log);
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

            @Override
            public Color getForeground(Object element) {
                if (element instanceof RegistryEvent e && e.change() == RegistryEvent.Change.REFUSED) {
                    return viewer.getControl().getDisplay().getSystemColor(SWT.COLOR_RED);
                }
                return null;
            }
        });
    }

    @Override
    public void dispose() {
        if (subscription != null) {
            subscription.close();
            subscription = null;
        }
    }
}
