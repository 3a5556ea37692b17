package org.boardlab.launcher;

import java.io.IOException;
import java.nio.file.Path;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Dictionary;
import java.util.HashMap;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import org.apache.felix.framework.Felix;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleException;
import org.osgi.framework.Constants;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceReference;

/**
 * The product jar's {@code Main-Class}.
 *
 * <ol>
 * <li>{@code --version} is answered at once, without a framework, and so is a help page
 * ({@code --help}, {@code serve --help}, ...) that this jar printed before at the same width
 * ({@link HelpCache}), and a usage error (an unknown option or command, a missing parameter) once
 * the command line has left its grammar for this jar ({@link UsageCheck});</li>
 * <li>Felix starts on a bundle cache kept in the user's cache folder ({@link FrameworkCache}): the
 * first start of a jar installs its bundles there, later starts of the same jar only load them;</li>
 * <li>only the bundles the command needs are started: a headless command ({@code list},
 * {@code match}, ...) does not start SWT, JFace or the views; the Gogo shell starts only with
 * {@code --console}; the workbench starts FileInstall and the views that are not in front after
 * it has asked for its window; they start on one thread a core ({@link #startAll}), and the
 * workbench's display is made on the main thread meanwhile;</li>
 * <li>the command line goes to boardlab.cli's main-thread service (the same contract as bnd's
 * launcher: a {@code Callable} registered with {@code main.thread=true}, the arguments in a
 * service's {@code launcher.arguments} property), and the process exits with its result.</li>
 * </ol>
 *
 * With {@code -Dboardlab.timing=true} it prints the time since the process started at each phase.
 */
public final class Main {

    /** Bundles location prefix of the product's own bundles in the cache. */
    static final String LOCATION = "boardlab-product:";

    /**
     * Started after the workbench has asked for its window: nothing on the first screen waits for them.
     * FileInstall, and the bundles whose only part is a view behind the Match view (the window puts a
     * view that arrives later at its place among the tabs): the Inspector, the Server view, the
     * Conformance and Tournament views, the Onitama online and Reversi controller views.
     */
    static final Set<String> LATER = Set.of("org.apache.felix.fileinstall", "boardlab.workbench.inspector",
            "boardlab.workbench.server", "boardlab.conform.ui", "boardlab.tournament.ui", "boardlab.protocol.onitama.ui",
            "boardlab.protocol.reversi.ui");

    /**
     * Guice's switch for the classes it generates to call constructors and methods (its "fast
     * classes"): off, Guice calls them by reflection. Each bundle's injector generated a class for
     * each component it made, once, at start (a 1-game match: 0.1 s of CPU); boardlab's components
     * are made once and not called through Guice afterwards, and use no method interception. A
     * value given with -D is kept.
     */
    static final String GUICE_BYTECODE = "guice_bytecode_gen_option";

    /**
     * Guice's switch for where a binding was made: by default, for each binding a module makes without
     * naming a source (Sisu's wiring makes several in every bundle's injector), Guice takes a stack trace
     * of the thread to find the calling line (1.3 % of the Java samples of twenty {@code list}s in JFR).
     * Off, it names the module's class instead, which is what its error messages need to point at the
     * module; the components Sisu finds in a bundle name that bundle as their source either way. A value
     * given with -D is kept.
     */
    static final String GUICE_STACK_TRACES = "guice_include_stack_traces";

    private Main() {
    }

    /**
     * The libraries' own loggers whose INFO lines (SPI Fly's "Registered provider ...", Jetty's
     * "Started ...") would fill the console on every start: only their warnings are shown. Held here
     * so the levels stay set (java.util.logging keeps loggers weakly).
     */
    private static List<java.util.logging.Logger> quiet;

    /** Sets those loggers' levels (not for {@code --version}, a help page or a usage error: java.util.logging costs them time). */
    private static void quietLibraries() {
        quiet = List.of(java.util.logging.Logger.getLogger("org.apache.aries.spifly"), java.util.logging.Logger.getLogger("org.eclipse.jetty"),
                java.util.logging.Logger.getLogger("org.cometd"));
        for (java.util.logging.Logger l : quiet) {
            l.setLevel(java.util.logging.Level.WARNING);
        }
    }

    public static void main(String[] args) {
        Timing.mark("JVM and launcher ready");
        int code;
        try {
            code = run(args);
        } catch (Exception | Error e) {
            // an Error too: left to end the main thread alone, it left the process waiting for ever on the framework's threads
            System.err.println("boardlab: " + (e.getMessage() == null ? e.toString() : e.getMessage()));
            code = 1;
        }
        System.out.flush();
        System.err.flush();
        System.exit(code);
    }

    static int run(String[] args) throws Exception {
        try (Product product = Product.open()) {
            Timing.mark("product jar opened");
            if (args.length == 1 && (args[0].equals("--version") || args[0].equals("-V"))) {
                System.out.println("boardlab " + product.version());
                return 0;
            }
            Mode mode = Mode.of(args);
            Path root = FrameworkCache.defaultRoot();
            String key = product.key();
            HelpCache help = HelpCache.isHelpPage(args) ? HelpCache.of(root, key, args, HelpCache.columns(), HelpCache.colours()) : null;
            UsageCheck usage = UsageCheck.of(root, key);
            if (help != null || args.length == 0) {
                usage.askIfMissing(); // nothing to judge now, but the grammar is kept for the command lines to come
            }
            if (help != null) {
                byte[] page = help.read();
                if (page != null) {
                    System.out.write(page);
                    System.out.flush();
                    Timing.mark("help page answered from the cache");
                    return 0;
                }
                System.setProperty(HelpCache.WIDTH_PROPERTY, Integer.toString(help.width()));
            } else if (args.length > 0) {
                String error = usage.check(args, new java.util.function.IntSupplier() { // not a lambda: no invokedynamic on this path
                    @Override
                    public int getAsInt() {
                        return HelpCache.clamp(HelpCache.columns());
                    }
                });
                if (error != null) {
                    PrintWriter err = new PrintWriter(System.err, true);
                    err.print(error);
                    err.flush();
                    Timing.mark("usage error answered before the framework");
                    return 2;
                }
                Timing.mark("command line checked");
            }
            quietLibraries();
            if (System.getProperty(GUICE_BYTECODE) == null) {
                System.setProperty(GUICE_BYTECODE, "DISABLED");
            }
            if (System.getProperty(GUICE_STACK_TRACES) == null) {
                System.setProperty(GUICE_STACK_TRACES, "OFF");
            }
            boolean asked = System.getProperty(UsageCheck.MODEL_PROPERTY) != null;
            int code;
            try (FrameworkCache cache = FrameworkCache.acquire(root, key, mode.profile())) {
                Felix framework = start(product, cache, mode);
                code = runCommand(framework, args, mode, help);
            }
            if (asked) {
                // the grammar was written in this run, this jar's first: parse once more, so that the
                // class-data archive ./boardlab records in this run holds the classes the check loads
                usage.warm(args);
            }
            return code;
        }
    }

    /** Loads (or on the first start, fills) the cache and starts the framework, no bundle started yet. */
    private static Felix start(Product product, FrameworkCache cache, Mode mode) throws Exception {
        Felix framework;
        try {
            framework = init(product, cache, mode);
        } catch (BundleException | RuntimeException | IOException e) {
            // a cache Felix cannot read (a disk error, a crash in the middle of a write): start afresh
            cache.wipe();
            framework = init(product, cache, mode);
        }
        framework.start();
        Timing.mark("framework started");
        return framework;
    }

    /**
     * Makes the framework on {@code cache}'s slot. A slot filled before holds the bundles its record
     * names; a new one gets every product bundle, and then, for a profile other than the workbench's,
     * keeps only those {@link BundleSet#needed} for {@code mode}.
     */
    private static Felix init(Product product, FrameworkCache cache, Mode mode) throws Exception {
        List<String> entries = cache.installed();
        boolean reuse = entries != null;
        if (!reuse) {
            cache.wipe(); // a ready record that cannot be read is filled again, like a slot never filled
            entries = product.bundles();
        }
        Map<String, Object> config = new HashMap<>(product.runProperties());
        config.put(Constants.FRAMEWORK_STORAGE, cache.storage().toAbsolutePath().toString());
        config.put(Constants.FRAMEWORK_STORAGE_CLEAN, "none");
        config.put(Constants.FRAMEWORK_SYSTEMPACKAGES_EXTRA, product.systemPackages());
        Felix framework = new Felix(config);
        framework.init();
        Timing.mark("framework initialised");
        BundleContext context = framework.getBundleContext();
        SisuLogging.install(context);
        Map<String, Bundle> installed = new HashMap<>();
        for (Bundle b : context.getBundles()) {
            if (b.getBundleId() == 0) {
                continue;
            }
            if (b.getLocation().startsWith(LOCATION)) {
                installed.put(b.getLocation(), b);
            } else {
                // a player bundle FileInstall installed in an earlier run (maybe from another folder):
                // FileInstall installs again what the players folder of this run holds
                b.uninstall();
            }
        }
        Map<String, Bundle> byEntry = new java.util.LinkedHashMap<>();
        for (String entry : entries) {
            String location = LOCATION + entry;
            Bundle b = installed.remove(location);
            if (b == null) {
                try (InputStream in = product.open(entry)) {
                    b = context.installBundle(location, in);
                }
            }
            byEntry.put(entry, b);
        }
        for (Bundle stale : installed.values()) {
            stale.uninstall();
        }
        if (!reuse && !mode.profile().equals(FrameworkCache.ALL)) {
            Set<Bundle> needed = BundleSet.needed(context, mode);
            List<String> kept = new ArrayList<>();
            for (Map.Entry<String, Bundle> e : byEntry.entrySet()) {
                if (needed.contains(e.getValue())) {
                    kept.add(e.getKey());
                } else {
                    e.getValue().uninstall(); // Felix deletes it from the slot at the next start, if not now
                }
            }
            Timing.mark("kept " + kept.size() + " of " + entries.size() + " bundles for the " + mode.profile() + " commands");
            entries = kept;
        }
        cache.markReady(entries);
        Timing.mark(reuse ? "framework ready (bundle cache reused)" : "framework ready (bundles installed into a new cache)");
        return framework;
    }

    private static int runCommand(Felix framework, String[] args, Mode mode, HelpCache help) throws Exception {
        BundleContext context = framework.getBundleContext();
        Dictionary<String, Object> props = new Hashtable<>();
        props.put("launcher.arguments", args);
        context.registerService(Object.class.getName(), new Object(), props);

        List<Bundle> now = new ArrayList<>();
        List<Bundle> later = new ArrayList<>();
        for (Bundle b : inStartOrder(context.getBundles())) {
            if (b.getBundleId() == 0 || !b.getLocation().startsWith(LOCATION) || b.getHeaders("").get(Constants.FRAGMENT_HOST) != null
                    || !mode.starts(b)) {
                continue;
            }
            if (mode.workbench && (LATER.contains(b.getSymbolicName()) || Mode.isProtocol(b, b.getSymbolicName()))) {
                later.add(b);
            } else {
                now.add(b);
            }
        }
        startAll(now, STARTERS, mode.workbench ? context : null);
        Timing.mark("bundles started");
        if (!later.isEmpty()) {
            startWhenTheWindowIsShown(context, later, LATER_WAIT_MS);
        }
        if (ArchiveLinks.log() != null) {
            // ended by a signal (the workbench's window closed by SIGTERM), the JVM still writes the archive after its shutdown hooks
            Runtime.getRuntime().addShutdownHook(new Thread(() -> ArchiveLinks.linkOnce(context), "boardlab-archive-links"));
        }
        Callable<?> main = mainService(context);
        if (main == null) {
            framework.waitForStop(0);
            return 0;
        }
        Object result;
        if (help == null) {
            result = main.call();
        } else {
            // the page goes to the terminal as it is printed, and is kept for the next run if it is whole
            PrintStream out = System.out;
            java.io.ByteArrayOutputStream page = new java.io.ByteArrayOutputStream();
            System.setOut(new PrintStream(new TeeStream(out, page), true));
            try {
                result = main.call();
            } finally {
                System.out.flush();
                System.setOut(out);
            }
            if (Integer.valueOf(0).equals(result) && page.size() > 0) {
                help.write(page.toByteArray());
            }
        }
        Timing.mark("command ended");
        ArchiveLinks.linkOnce(context);
        framework.stop();
        awaitStop(framework, STOP_WAIT_MS, System.err);
        Timing.mark("framework stopped");
        return result instanceof Integer code ? code : 0;
    }

    /**
     * Starts {@code later} on a thread of its own once the workbench's window has been painted (its
     * bundle registers a service with {@code boardlab.window=shown}), or after {@link #LATER_WAIT_MS}
     * if no window says so: started at once, they took the cores the window needed to open.
     *
     * @return the thread that starts them
     */
    static Thread startWhenTheWindowIsShown(BundleContext context, List<Bundle> later, long waitMs) {
        java.util.concurrent.CountDownLatch shown = new java.util.concurrent.CountDownLatch(1);
        org.osgi.framework.ServiceListener listener = event -> shown.countDown();
        try {
            context.addServiceListener(listener, "(boardlab.window=shown)");
        } catch (InvalidSyntaxException e) {
            throw new IllegalStateException(e);
        }
        Thread starter = new Thread(() -> {
            try {
                shown.await(waitMs, java.util.concurrent.TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            try {
                context.removeServiceListener(listener);
            } catch (IllegalStateException stopped) {
                return; // the framework stopped meanwhile
            }
            later.forEach(Main::startBundle);
        }, "boardlab-start-later");
        starter.setDaemon(true);
        starter.start();
        return starter;
    }

    /** How long the bundles started after the window wait for it at most. */
    static final long LATER_WAIT_MS = 3_000;

    /**
     * How long the bundles' stop may take before the process exits anyway (a bundle whose stop hangs
     * must not hold the command): 10 s, or {@code -Dboardlab.stopWaitMs}.
     */
    static final long STOP_WAIT_MS = Long.getLong("boardlab.stopWaitMs", 10_000);

    /**
     * The thread on which boardlab.store compacts an H2 file as it closes (its {@code H2Compaction.THREAD};
     * the launcher cannot import it: it runs outside the framework).
     */
    static final String COMPACTION_THREAD = "boardlab-store-compaction";

    /**
     * Waits for the framework to stop, up to {@code waitMs}; and then for as long as the store compacts
     * an H2 file (a thread named {@value #COMPACTION_THREAD} runs), saying so once on {@code err}. Why
     * wait: H2's {@code SHUTDOWN COMPACT} copies the live data into a new file and cannot be bounded
     * by time; cut short it is safe (the old file stays whole) but wasted, and it starts again at the
     * next close, so a file that takes longer than the wait would never be compacted.
     */
    static void awaitStop(org.osgi.framework.launch.Framework framework, long waitMs, PrintStream err) throws InterruptedException {
        boolean told = false;
        while (framework.waitForStop(waitMs).getType() == org.osgi.framework.FrameworkEvent.WAIT_TIMEDOUT) {
            Thread compaction = running(COMPACTION_THREAD);
            if (compaction == null) {
                return; // a stop that hangs: the process exits anyway
            }
            if (!told) {
                err.println("boardlab: still compacting the database's file (H2's SHUTDOWN COMPACT, a copy of its live data); waiting "
                        + "for it to end. Stopping it now is safe, the file stays whole, but the compaction would start again next time.");
                err.flush();
                told = true;
            }
            compaction.join();
        }
    }

    /** A live thread named {@code name}, or {@code null}. */
    private static Thread running(String name) {
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.isAlive() && name.equals(t.getName())) {
                return t;
            }
        }
        return null;
    }

    /**
     * The bundles in the order they are started: SPI Fly (the OSGi ServiceLoader mediator) and the
     * SLF4J provider first, so that SLF4J finds its provider the first time a bundle (Jetty, CometD)
     * asks for a logger, instead of printing "No SLF4J providers were found" on every start and
     * dropping those bundles' log lines; then boardlab.cli, whose activator only starts two threads
     * (one builds the command line's picocli model, one opens the command's database ahead), so that
     * they run while boardlab.core makes the first injector (about a fifth of a second in which the
     * other core had only the JIT to do); then boardlab.core, the Sisu extender, so that each bundle
     * after it gets its injector on the thread that starts it ({@link #startAll}); then the workbench,
     * whose display the main thread makes while the others start; then the others in the product's
     * order.
     */
    static List<Bundle> inStartOrder(Bundle[] bundles) {
        List<Bundle> ordered = new ArrayList<>(List.of(bundles));
        ordered.sort(new java.util.Comparator<Bundle>() { // not a lambda: each spins a class at its first call, on the main thread here
            @Override
            public int compare(Bundle a, Bundle b) {
                return Integer.compare(rank(a), rank(b));
            }
        });
        return ordered;
    }

    private static int rank(Bundle b) {
        String name = b.getSymbolicName() == null ? "" : b.getSymbolicName();
        return name.startsWith("org.apache.aries.spifly") ? 0 : name.startsWith("slf4j.jdk14") ? 1 : name.equals(CLI) ? 2
                : name.equals(EXTENDER) ? 3 : name.equals(WORKBENCH) ? 4 : 5;
    }

    /** The command line's bundle: started just before the extender ({@link #inStartOrder}). */
    static final String CLI = "boardlab.cli";

    /** The bundle whose activator is the Sisu extender: it gives every bundle that starts after it its injector. */
    static final String EXTENDER = "boardlab.core";

    /** The workbench's bundle, started first after the extender: it offers the main thread its display to make ({@link #startAll}). */
    static final String WORKBENCH = "boardlab.workbench";

    /**
     * How many threads start the bundles: one a core, at most four, or {@code -Dboardlab.startThreads}.
     * Most of a bundle's start is its injector (Sisu indexes its components, Guice binds them), made
     * on the thread that starts the bundle; the bundles do not wait for each other (Sisu wires
     * components as they arrive), so two cores start them in about half the time.
     */
    static final int STARTERS = Integer.getInteger("boardlab.startThreads",
            Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors())));

    /**
     * Starts {@code bundles} (in {@link #inStartOrder} order): those up to the extender one after the
     * other on this thread, the rest on {@code threads} threads (this one and {@code threads - 1}
     * more), each taking the next bundle not yet taken; returns when every one has started or failed
     * (a failure is printed, as before, and the others still start).
     *
     * <p>With {@code mainThreadTasks} (the workbench), this thread first runs what a bundle offers it
     * as a {@code Runnable} service with {@value #PREPARE}{@code =true} (the workbench makes its SWT
     * display, which must be made on the thread that will run the window: this one) while the other
     * threads start bundles, and only then takes bundles too. A task that fails is left for the
     * command to meet again and report.
     */
    static void startAll(List<Bundle> bundles, int threads, BundleContext mainThreadTasks) throws InterruptedException, InvalidSyntaxException {
        int first = 0;
        for (int i = 0; i < bundles.size(); i++) {
            if (EXTENDER.equals(bundles.get(i).getSymbolicName())) {
                first = i + 1;
            }
        }
        for (Bundle b : bundles.subList(0, first)) {
            startBundle(b);
        }
        List<Bundle> rest = bundles.subList(first, bundles.size());
        java.util.concurrent.BlockingQueue<Runnable> forMain = new java.util.concurrent.LinkedBlockingQueue<>();
        Runnable noMoreBundles = () -> {
        };
        java.util.concurrent.atomic.AtomicInteger next = new java.util.concurrent.atomic.AtomicInteger();
        Runnable starter = () -> {
            for (int i = next.getAndIncrement(); i < rest.size(); i = next.getAndIncrement()) {
                startBundle(rest.get(i));
            }
            forMain.add(noMoreBundles);
        };
        org.osgi.framework.ServiceListener listener = null;
        if (mainThreadTasks != null) {
            listener = event -> {
                if (event.getType() == org.osgi.framework.ServiceEvent.REGISTERED
                        && mainThreadTasks.getService(event.getServiceReference()) instanceof Runnable task) {
                    forMain.add(task);
                }
            };
            mainThreadTasks.addServiceListener(listener, "(" + PREPARE + "=true)");
        }
        int helpers = Math.min(rest.size(), mainThreadTasks == null ? threads - 1 : Math.max(1, threads - 1));
        List<Thread> started = new ArrayList<>();
        for (int t = 1; t <= helpers; t++) {
            Thread helper = new Thread(starter, "boardlab-start-" + t);
            helper.setDaemon(true);
            helper.start();
            started.add(helper);
        }
        try {
            if (mainThreadTasks != null && helpers > 0) {
                Runnable task = forMain.take(); // the first task, or the first helper out of bundles
                if (task != noMoreBundles) {
                    runOnMain(task);
                }
            }
            starter.run();
            for (Thread helper : started) {
                helper.join();
            }
        } finally {
            if (listener != null) {
                mainThreadTasks.removeServiceListener(listener);
            }
        }
        for (Runnable task = forMain.poll(); task != null; task = forMain.poll()) {
            if (task != noMoreBundles) {
                runOnMain(task); // offered after every bundle was taken
            }
        }
    }

    /** The service property of a task a bundle offers the main thread while the bundles start. */
    static final String PREPARE = "main.thread.prepare";

    private static void runOnMain(Runnable task) {
        try {
            task.run();
            Timing.mark("main thread's preparation done");
        } catch (RuntimeException | Error e) {
            // the workbench meets the same failure (no X display, say) when it runs, and says why
        }
    }

    private static void startBundle(Bundle b) {
        long wall = Timing.bundles() ? System.nanoTime() : 0;
        long cpu = Timing.bundles() ? Timing.threadCpu() : 0;
        try {
            b.start(Bundle.START_TRANSIENT);
            if (Timing.bundles()) {
                Timing.bundle(b.getSymbolicName(), System.nanoTime() - wall, Timing.threadCpu() - cpu);
            }
        } catch (BundleException | RuntimeException e) {
            PrintStream err = System.err;
            err.println("boardlab: bundle " + b.getSymbolicName() + " did not start: " + e.getMessage());
        }
    }

    private static Callable<?> mainService(BundleContext context) throws InvalidSyntaxException {
        ServiceReference<?>[] refs = context.getServiceReferences(Callable.class.getName(), "(main.thread=true)");
        if (refs == null || refs.length == 0) {
            return null;
        }
        return (Callable<?>) context.getService(refs[0]);
    }

    /** Writes to two streams. */
    private static final class TeeStream extends java.io.OutputStream {
        private final java.io.OutputStream first;
        private final java.io.OutputStream second;

        TeeStream(java.io.OutputStream first, java.io.OutputStream second) {
            this.first = first;
            this.second = second;
        }

        @Override
        public void write(int b) throws IOException {
            first.write(b);
            second.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            first.write(b, off, len);
            second.write(b, off, len);
        }

        @Override
        public void flush() throws IOException {
            first.flush();
            second.flush();
        }
    }

    /**
     * The commands that play or read games on this machine and never open a connection: they do not
     * start the server, the protocols (each binds its codecs, its server side and its conformance
     * kit at start) or what only the network's libraries log through (SPI Fly and the SLF4J provider,
     * for Jetty and CometD).
     */
    static final Set<String> OFFLINE = Set.of("match", "play", "perft", "tournament", "worker", "games", "ratings", "bugs");

    /**
     * The commands that start the server and the protocols only to name them, and open no connection:
     * they leave SPI Fly and the SLF4J provider installed but not started ({@link Mode#starts}).
     */
    static final Set<String> NAMING = Set.of("list");

    /** What a command line needs started. */
    record Mode(boolean workbench, boolean console, boolean offline, boolean naming) {

        static Mode of(String[] args) {
            boolean console = false;
            boolean help = false;
            String command = null;
            for (String a : args) {
                if (a.equals("--console")) {
                    console = true;
                } else if (a.equals("--help") || a.equals("-h") || a.equals("--version") || a.equals("-V")) {
                    help = true;
                } else if (!a.startsWith("-") && command == null) {
                    command = a;
                }
            }
            boolean workbench = !help && (command == null || command.equals("workbench"));
            return new Mode(workbench, console, !help && command != null && OFFLINE.contains(command),
                    !workbench && (help || NAMING.contains(command)));
        }

        /**
         * The name of the bundle set this command line's framework is made of ({@link FrameworkCache}'s
         * profile): every bundle for the workbench; for the other commands only what they need
         * ({@link BundleSet}): {@code offline} for the commands that never connect, {@code headless}
         * for the others; {@code -console} added when the Gogo shell is asked for.
         */
        String profile() {
            if (workbench) {
                return FrameworkCache.ALL;
            }
            return (offline ? "offline" : "headless") + (console ? "-console" : "");
        }

        /**
         * Whether this command line starts {@code b}, one of the bundles its set holds ({@link #wants}).
         * A help page or {@code list} ({@link #naming}) starts the protocols but does not start SPI Fly
         * (the OSGi ServiceLoader mediator) and the SLF4J provider: they serve only the network's
         * libraries at run time (Jetty's service-loader providers, such as its gzip compression, and
         * Netty's and Jetty's log lines), which these commands never reach, and SPI Fly costs every
         * start that has it: it reads every bundle's headers, loads Jetty's providers and rewrites the
         * classes of the bundles that use ServiceLoader as they load (ASM), about a tenth of
         * {@code list}'s CPU. They stay in the set (installed and resolved: the SLF4J API requires the
         * mediator), so the commands that connect, which share the set, still start them.
         */
        boolean starts(Bundle b) {
            if (!wants(b)) {
                return false;
            }
            String name = b.getSymbolicName() == null ? "" : b.getSymbolicName();
            return !(naming && (name.startsWith("org.apache.aries.spifly") || name.startsWith("slf4j.jdk14")));
        }

        /** Whether this command line's bundle set ({@link #profile}) holds {@code b}. */
        boolean wants(Bundle b) {
            String name = b.getSymbolicName() == null ? "" : b.getSymbolicName();
            if (name.startsWith("org.apache.felix.gogo.")) {
                return console;
            }
            if (offline && isNetwork(b, name)) {
                return false;
            }
            return workbench || !needsDisplay(b, name);
        }

        /**
         * The server and the protocols (every bundle but the command line's own that imports the
         * server's package), SPI Fly and the SLF4J provider.
         */
        private static boolean isNetwork(Bundle b, String name) {
            return name.equals("boardlab.server") || name.startsWith("org.apache.aries.spifly") || name.startsWith("slf4j.jdk14")
                    || name.startsWith("org.eclipse.jetty.") || name.startsWith("org.cometd") || isProtocol(b, name);
        }

        /**
         * The protocols: the bundles besides the server's, the command line's and the workbench's that
         * import the server's package. The workbench's window waits for none of them (the server opens
         * each protocol's port as it arrives, and the Match view offers its seats then). SPI Fly and the
         * SLF4J provider still start first: Netty, which the workbench uses at once, asks SLF4J for its
         * loggers, and SLF4J without its provider then would stay silent for the whole run.
         */
        static boolean isProtocol(Bundle b, String name) {
            if (name.equals("boardlab.server") || name.equals("boardlab.cli") || name.startsWith("boardlab.workbench")) {
                return false;
            }
            String imports = b.getHeaders("").get(Constants.IMPORT_PACKAGE);
            return imports != null && imports.contains("org.boardlab.server");
        }

        /** SWT, JFace and what they need, and every bundle importing them. */
        private static boolean needsDisplay(Bundle b, String name) {
            // Jetty's bundles are org.eclipse.* too, but a server's: the Dots protocol's web server and
            // client, whose service-loader providers (Jetty's gzip compression, which its HTTP client
            // loads through an optional import) the headless commands need
            if (name.startsWith("org.eclipse.") && !name.startsWith("org.eclipse.sisu") && !name.startsWith("org.eclipse.jetty.")) {
                return true;
            }
            String imports = b.getHeaders("").get(Constants.IMPORT_PACKAGE);
            String required = b.getHeaders("").get(Constants.REQUIRE_BUNDLE);
            return mentionsUi(imports) || mentionsUi(required);
        }

        private static boolean mentionsUi(String header) {
            return header != null && (header.contains("org.eclipse.swt") || header.contains("org.eclipse.jface"));
        }
    }
}
