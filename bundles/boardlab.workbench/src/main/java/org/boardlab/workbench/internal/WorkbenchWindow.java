package org.boardlab.workbench.internal;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import javax.inject.Inject;
import javax.inject.Named;
import javax.inject.Singleton;
import org.boardlab.api.event.RegistryEvent;
import org.boardlab.api.event.RegistryEvent.Kind;
import org.boardlab.core.Application;
import org.boardlab.core.EventBus;
import org.boardlab.core.Registry;
import org.boardlab.server.ServerService;
import org.boardlab.workbench.Workbench;
import org.boardlab.workbench.WorkbenchView;
import org.eclipse.sisu.BeanEntry;
import org.eclipse.sisu.Mediator;
import org.eclipse.sisu.Typed;
import org.eclipse.sisu.inject.BeanLocator;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.CTabFolder;
import org.eclipse.swt.custom.CTabItem;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Menu;
import org.eclipse.swt.widgets.MenuItem;
import org.eclipse.swt.widgets.MessageBox;
import org.eclipse.swt.widgets.Shell;
import org.osgi.framework.Bundle;
import org.osgi.framework.FrameworkUtil;

import com.google.inject.Key;

/**
 * The workbench's main window: a menu bar (the View menu lists the views), the view area (a
 * tab per contributed {@link WorkbenchView}) and a status line. Views come and go with their
 * bundles while the window is open.
 */
@Named("workbench")
@Singleton
@Typed({Application.class, Workbench.class})
public final class WorkbenchWindow implements Application, Workbench {

    private static final java.util.logging.Logger LOG = java.util.logging.Logger.getLogger(WorkbenchWindow.class.getName());

    private final BeanLocator locator;
    private final Registry registry;
    private final EventBus events;
    private final ServerService serverService;
    private volatile String serverStatus = "";
    private final CompletableFuture<Shell> opened = new CompletableFuture<>();
    private final Map<String, Tab> tabs = new ConcurrentHashMap<>();

    private Display display;
    private Shell shell;
    private CTabFolder folder;
    private Menu viewMenu;
    private Label status;
    private String lastChange = "";
    /** Set once the user picks a tab: from then on an arriving view does not take the front. */
    private boolean userChoseTab;

    /** A view and its widgets. */
    private record Tab(WorkbenchView view, CTabItem item, MenuItem menuItem) {
    }

    @Inject
    public WorkbenchWindow(BeanLocator locator, Registry registry, EventBus events, ServerService serverService) {
        this.locator = locator;
        this.registry = registry;
        this.events = events;
        this.serverService = serverService;
    }

    @Override
    public int run(List<String> args) {
        display = WorkbenchActivator.prepareDisplay(); // made already, on this thread, if the launcher ran its preparation
        shell = new Shell(display);
        shell.setText("boardlab");
        GridLayout layout = new GridLayout(1, false);
        layout.marginWidth = 0;
        layout.marginHeight = 0;
        layout.verticalSpacing = 0;
        shell.setLayout(layout);
        createMenu();
        folder = new CTabFolder(shell, SWT.BORDER | SWT.TOP);
        folder.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        folder.setSimple(false);
        folder.addListener(SWT.Selection, e -> userChoseTab = true);
        status = new Label(shell, SWT.NONE);
        GridData statusData = new GridData(SWT.FILL, SWT.CENTER, true, false);
        statusData.horizontalIndent = 6;
        status.setLayoutData(statusData);

        org.boardlab.core.Subscription subscription = events.subscribe(event -> {
            if (event instanceof RegistryEvent change) {
                asyncExec(() -> {
                    lastChange = change.change().name().toLowerCase() + ": " + change.kind().name().toLowerCase() + " "
                            + change.id() + " (" + change.bundle() + " " + change.bundleVersion() + ")";
                    updateStatus();
                });
            }
        }, RegistryEvent.class);
        locator.watch(Key.get(WorkbenchView.class, Named.class), new ViewFeed(), this);
        updateStatus();

        shell.setSize(1180, 780);
        if (Boolean.getBoolean("boardlab.timing")) {
            reportFirstPaint();
        }
        tellTheLauncherWhenShown();
        shell.open();
        opened.complete(shell);
        startServer();
        if (Boolean.getBoolean("boardlab.uiprobe")) {
            startUiProbe();
        }
        try {
            while (!shell.isDisposed()) {
                if (!display.readAndDispatch()) {
                    display.sleep();
                }
            }
        } finally {
            subscription.close();
            // the server first: its open games, those of the Match view's player offered to network clients too, are
            // decided by the scores and their clients told that the server is shutting down; a view let go first would
            // take its player out of its game, and the client would only hear that the workbench's player left
            serverService.shutdown();
            for (Tab tab : new ArrayList<>(tabs.values())) {
                tab.view().dispose();
            }
            tabs.clear();
            display.dispose();
        }
        return 0;
    }

    /**
     * On the window's first paint, registers a service with the property {@code boardlab.window=shown}:
     * the product's launcher starts the bundles nothing on the first screen needs (the protocols, the
     * views behind the Match view, FileInstall) once it sees it, so that they do not compete with the
     * window for the two cores while it opens.
     */
    private void tellTheLauncherWhenShown() {
        org.osgi.framework.Bundle bundle = org.osgi.framework.FrameworkUtil.getBundle(WorkbenchWindow.class);
        org.osgi.framework.BundleContext context = bundle == null ? null : bundle.getBundleContext();
        if (context == null) {
            return; // not in a framework (a unit test)
        }
        onFirstPaint(() -> {
            java.util.Hashtable<String, Object> props = new java.util.Hashtable<>();
            props.put("boardlab.window", "shown");
            try {
                context.registerService(Object.class, new Object(), props);
            } catch (IllegalStateException stopping) {
                // the bundle is stopping: nobody waits any more
            }
        });
    }

    /**
     * With {@code -Dboardlab.timing=true}: prints when the window is asked to open and when it is first
     * painted, in milliseconds since the process started (the launcher's {@code boardlab.process.start};
     * without it, since the JVM started), as the launcher prints its own phases.
     */
    private void reportFirstPaint() {
        long start = Long.getLong("boardlab.process.start", java.lang.management.ManagementFactory.getRuntimeMXBean().getStartTime());
        System.err.println("boardlab timing: " + (System.currentTimeMillis() - start) + " ms window asked to open");
        onFirstPaint(() -> System.err.println("boardlab timing: " + (System.currentTimeMillis() - start) + " ms window painted"));
    }

    /** Runs {@code task} once, on the first paint of any of the display's widgets. */
    private void onFirstPaint(Runnable task) {
        org.eclipse.swt.widgets.Listener first = new org.eclipse.swt.widgets.Listener() {
            @Override
            public void handleEvent(org.eclipse.swt.widgets.Event e) {
                display.removeFilter(SWT.Paint, this);
                task.run();
            }
        };
        display.addFilter(SWT.Paint, first);
    }

    private void createMenu() {
        Menu bar = new Menu(shell, SWT.BAR);
        shell.setMenuBar(bar);
        MenuItem file = new MenuItem(bar, SWT.CASCADE);
        file.setText("&File");
        Menu fileMenu = new Menu(shell, SWT.DROP_DOWN);
        file.setMenu(fileMenu);
        MenuItem quit = new MenuItem(fileMenu, SWT.PUSH);
        quit.setText("&Quit\tCtrl+Q");
        quit.setAccelerator(SWT.MOD1 + 'Q');
        quit.addListener(SWT.Selection, e -> shell.close());

        MenuItem view = new MenuItem(bar, SWT.CASCADE);
        view.setText("&View");
        viewMenu = new Menu(shell, SWT.DROP_DOWN);
        view.setMenu(viewMenu);

        MenuItem help = new MenuItem(bar, SWT.CASCADE);
        help.setText("&Help");
        Menu helpMenu = new Menu(shell, SWT.DROP_DOWN);
        help.setMenu(helpMenu);
        MenuItem about = new MenuItem(helpMenu, SWT.PUSH);
        about.setText("&About boardlab");
        about.addListener(SWT.Selection, e -> {
            MessageBox box = new MessageBox(shell, SWT.ICON_INFORMATION | SWT.OK);
            box.setText("About boardlab");
            Bundle bundle = FrameworkUtil.getBundle(getClass());
            box.setMessage("boardlab " + (bundle == null ? "" : bundle.getVersion()) + "\n\n"
                    + "A workbench for networked board games.\nPlayer bundles dropped into " + PlayersFolder.path()
                    + " appear while boardlab runs.");
            box.open();
        });
    }

    /**
     * Opens the embedded server's ports (each protocol's default, on this machine only) off the UI
     * thread, and shows where it listens in the status line. Set {@code boardlab.server=off} to skip.
     */
    private void startServer() {
        if ("off".equals(System.getProperty("boardlab.server"))) {
            return;
        }
        Thread starter = new Thread(() -> {
            Runnable show = () -> {
                List<String> lines = serverService.startedAll();
                asyncExec(() -> {
                    serverStatus = lines.isEmpty() ? "" : "server: " + String.join(", ", lines);
                    updateStatus();
                });
            };
            // the protocols start after the window: each is opened as it arrives, and the status line says so
            serverService.onProtocolsChanged(show);
            serverService.startAll(System.getProperty("boardlab.server.bind", "127.0.0.1"));
            show.run();
        }, "boardlab-server-start");
        starter.setDaemon(true);
        starter.start();
    }

    /**
     * Measures how long the UI thread takes to run a task posted to it (every 20 ms) and prints the
     * p50/p99/max of each 5 s on standard error: {@code -Dboardlab.uiprobe=true}. A responsive window
     * keeps the p99 under 50 ms.
     */
    private void startUiProbe() {
        Thread probe = new Thread(() -> {
            java.util.List<Long> delays = new java.util.ArrayList<>();
            long windowEnd = System.nanoTime() + 5_000_000_000L;
            while (!display.isDisposed()) {
                long posted = System.nanoTime();
                java.util.concurrent.CountDownLatch ran = new java.util.concurrent.CountDownLatch(1);
                long[] delay = new long[1];
                try {
                    display.asyncExec(() -> {
                        delay[0] = System.nanoTime() - posted;
                        ran.countDown();
                    });
                    if (ran.await(5, java.util.concurrent.TimeUnit.SECONDS)) {
                        delays.add(delay[0]);
                    } else {
                        delays.add(5_000_000_000L);
                    }
                    Thread.sleep(20);
                } catch (InterruptedException | org.eclipse.swt.SWTException e) {
                    return;
                }
                if (System.nanoTime() > windowEnd && !delays.isEmpty()) {
                    java.util.Collections.sort(delays);
                    System.err.printf("boardlab: UI thread latency over 5 s: p50 %.1f ms, p99 %.1f ms, max %.1f ms (%d probes)%n",
                            delays.get(delays.size() / 2) / 1e6, delays.get((int) (delays.size() * 0.99)) / 1e6,
                            delays.get(delays.size() - 1) / 1e6, delays.size());
                    delays.clear();
                    windowEnd = System.nanoTime() + 5_000_000_000L;
                }
            }
        }, "boardlab-ui-probe");
        probe.setDaemon(true);
        probe.start();
    }

    private void updateStatus() {
        if (status == null || status.isDisposed()) {
            return;
        }
        String loaded = registry.all(Kind.GAME).size() + " games, " + registry.all(Kind.PLAYER).size() + " players, "
                + registry.all(Kind.PROTOCOL).size() + " protocols loaded";
        String text = serverStatus.isEmpty() ? loaded : loaded + "   |   " + serverStatus;
        status.setText(lastChange.isEmpty() ? text : text + "   |   " + lastChange);
        status.getParent().layout(new Control[] {status});
    }

    private void asyncExec(Runnable task) {
        Display d = display;
        if (d == null || d.isDisposed()) {
            return;
        }
        d.asyncExec(() -> {
            if (shell != null && !shell.isDisposed()) {
                task.run();
            }
        });
    }

    private void addView(WorkbenchView view) {
        if (tabs.containsKey(view.id())) {
            LOG.warning("a second view with id '" + view.id() + "' is ignored");
            return;
        }
        int index = 0;
        List<Tab> ordered = new ArrayList<>(tabs.values());
        ordered.sort(Comparator.comparingInt((Tab t) -> t.view().order()).thenComparing(t -> t.view().title()));
        for (Tab t : ordered) {
            if (t.view().order() < view.order()
                    || (t.view().order() == view.order() && t.view().title().compareTo(view.title()) < 0)) {
                index++;
            }
        }
        CTabItem item = new CTabItem(folder, SWT.NONE, index);
        item.setText(mnemonicFree(view.title()));
        Composite holder = new Composite(folder, SWT.NONE);
        holder.setLayout(new org.eclipse.swt.layout.FillLayout());
        // the size it will have when its tab is chosen: a view behind another tab was laid out in 0 x 0 px, and GTK warned on
        // the terminal of each scrolled widget given no room ("Gtk-WARNING: Negative content width -1 ... GtkScrolledWindow")
        holder.setBounds(folder.getClientArea());
        view.createControl(holder);
        item.setControl(holder);
        MenuItem menuItem = new MenuItem(viewMenu, SWT.PUSH, Math.min(index, viewMenu.getItemCount()));
        menuItem.setText(mnemonicFree(view.title()));
        menuItem.addListener(SWT.Selection, e -> showView(view.id()));
        tabs.put(view.id(), new Tab(view, item, menuItem));
        if (folder.getSelection() == null || (!userChoseTab && index == 0)) {
            folder.setSelection(item); // the first view in tab order is in front until the user picks another
        }
        shell.layout(true, true);
    }

    private void removeView(WorkbenchView view) {
        Tab tab = tabs.remove(view.id());
        if (tab == null || tab.view() != view) {
            return;
        }
        view.dispose();
        Control control = tab.item().getControl();
        tab.item().dispose();
        if (control != null) {
            control.dispose();
        }
        tab.menuItem().dispose();
        shell.layout(true, true);
    }

    /** SWT reads '&amp;' as a mnemonic marker; a title shows it as written. */
    private static String mnemonicFree(String title) {
        return title.replace("&", "&&");
    }

    @Override
    public CompletableFuture<Shell> opened() {
        return opened;
    }

    @Override
    public List<String> viewIds() {
        List<String> ids = new ArrayList<>();
        for (CTabItem item : folder.getItems()) {
            tabs.values().stream().filter(t -> t.item() == item).findFirst().ifPresent(t -> ids.add(t.view().id()));
        }
        return ids;
    }

    @Override
    public boolean showView(String id) {
        Tab tab = tabs.get(id);
        if (tab == null) {
            return false;
        }
        folder.setSelection(tab.item());
        return true;
    }

    @Override
    public String status() {
        return status.getText();
    }

    @Override
    public void close() {
        asyncExec(() -> shell.close());
    }

    /** Adds and removes tabs as view beans come and go (on the UI thread). */
    private static final class ViewFeed implements Mediator<Named, WorkbenchView, WorkbenchWindow> {
        @Override
        public void add(BeanEntry<Named, WorkbenchView> entry, WorkbenchWindow window) {
            WorkbenchView view = entry.getValue();
            window.asyncExec(() -> window.addView(view));
        }

        @Override
        public void remove(BeanEntry<Named, WorkbenchView> entry, WorkbenchWindow window) {
            WorkbenchView view = entry.getValue();
            window.asyncExec(() -> window.removeView(view));
        }
    }
}
