package org.boardlab.conform.ui.internal;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;
import org.boardlab.api.Protocol;
import org.boardlab.conform.CheckResult;
import org.boardlab.conform.ConformanceKit;
import org.boardlab.conform.ConformanceRunner;
import org.boardlab.conform.Frame;
import org.boardlab.conform.KitSettings;
import org.boardlab.conform.Report;
import org.boardlab.conform.Reports;
import org.boardlab.conform.Scenario;
import org.boardlab.core.EventBus;
import org.boardlab.store.Bug;
import org.boardlab.store.Store;

/**
 * The Conformance view without its widgets: the kits there are, a run of one against a server
 * ({@code HOST:PORT}) or a client (a port to listen on) on a thread of its own, a {@link ScenarioRow}
 * per scenario as it goes, every frame to the inspector ({@link KitTap}) and kept per scenario, a
 * failure with its frames, and the bug log (listed from the store, recorded, exported). Tested
 * without a display.
 *
 * <p>Thread-safe: the run's thread changes it, the UI thread reads it; {@code changed} is called (on
 * the run's threads) after each change.
 */
final class ConformanceModel {

    private final Supplier<List<ConformanceKit>> kits;
    private final EventBus events;
    private final Function<String, Protocol> protocols;
    private final Supplier<Store> store;
    private final Runnable changed;

    private final List<ScenarioRow> rows = new ArrayList<>();
    /** Every frame of the run, by its number less one. */
    private final List<Frame> frames = new ArrayList<>();
    /** For each scenario (by index less one): the number of its first frame, 0 before it began. */
    private final List<Long> firstFrames = new ArrayList<>();
    private ConformanceKit kit;
    private Report.Role role;
    private KitTap tap;
    private Report report;
    private String status = "";
    private Thread runner;
    private int current;

    ConformanceModel(Supplier<List<ConformanceKit>> kits, EventBus events, Function<String, Protocol> protocols, Supplier<Store> store,
            Runnable changed) {
        this.kits = kits;
        this.events = events;
        this.protocols = protocols;
        this.store = store;
        this.changed = changed;
    }

    /** The loaded protocols' kits, by protocol id. */
    List<ConformanceKit> kits() {
        return kits.get().stream().sorted(Comparator.comparing(ConformanceKit::protocol)).toList();
    }

    /** The kit of protocol {@code id}, if its bundle is loaded. */
    Optional<ConformanceKit> kit(String id) {
        return kits().stream().filter(k -> k.protocol().equals(id)).findFirst();
    }

    /** What the target field holds by default: the protocol's port on this machine, or the port a client kit listens on. */
    static String defaultTarget(ConformanceKit kit, Report.Role role) {
        return role == Report.Role.SERVER ? "127.0.0.1:" + kit.defaultPort() : Integer.toString(kit.defaultPort());
    }

    /**
     * Runs {@code protocol}'s kit on a thread of its own: against the server at {@code target}
     * ({@code HOST:PORT}, seed 004: {@code HOST:BP} or {@code HOST:BP,WP,GC}), or, for a client,
     * listening on port {@code target} ({@code 0}: any free one) on every interface.
     *
     * @return why it cannot run (a wrong target, a run under way), or empty when it started
     */
    synchronized Optional<String> start(String protocol, Report.Role role, String target, boolean fast) {
        if (running()) {
            return Optional.of("a run is under way: stop it first");
        }
        ConformanceKit k = kit(protocol).orElse(null);
        if (k == null) {
            return Optional.of("no conformance kit for protocol '" + protocol + "'");
        }
        List<Scenario> scenarios = role == Report.Role.SERVER ? k.serverScenarios() : k.clientScenarios();
        if (scenarios.isEmpty()) {
            return Optional.of("the " + protocol + " kit has no " + role.word() + " scenarios");
        }
        String host;
        List<Integer> ports;
        try {
            String t = target.trim();
            if (role == Report.Role.SERVER) {
                int colon = t.lastIndexOf(':');
                if (colon <= 0 || colon == t.length() - 1) {
                    return Optional.of("give the server as HOST:PORT, e.g. " + defaultTarget(k, role));
                }
                host = t.substring(0, colon);
                ports = k.serverPorts(t.substring(colon + 1));
            } else {
                host = "0.0.0.0";
                ports = List.of(t.equals("0") ? 0 : ConformanceKit.port(t));
            }
        } catch (IllegalArgumentException e) {
            return Optional.of(e.getMessage());
        }
        KitSettings settings = KitSettings.defaults().withFast(fast);
        kit = k;
        this.role = role;
        report = null;
        current = 0;
        rows.clear();
        frames.clear();
        firstFrames.clear();
        for (Scenario s : scenarios) {
            rows.add(ScenarioRow.waiting(rows.size() + 1, s.name(), s.description(), s.checks().size()));
            firstFrames.add(0L);
        }
        tap = new KitTap(events, protocols, k.protocol(), role == Report.Role.SERVER, role == Report.Role.SERVER ? target.trim() : "port " + ports.get(0));
        status = role == Report.Role.SERVER ? "connecting to " + target.trim() + " ..." : "opening port " + ports.get(0) + " ...";
        runner = new Thread(() -> run(k, role, host, ports, settings), "conform-view-" + k.protocol());
        runner.setDaemon(true);
        runner.start();
        changed.run();
        return Optional.empty();
    }

    private void run(ConformanceKit k, Report.Role role, String host, List<Integer> ports, KitSettings settings) {
        Listener listener = new Listener();
        Report r = null;
        String error = null;
        try {
            r = role == Report.Role.SERVER ? ConformanceRunner.runServer(k, host, ports, settings, s -> true, listener)
                    : ConformanceRunner.runClient(k, host, ports.get(0), settings, s -> true, listener);
        } catch (IOException | RuntimeException e) {
            error = e.getMessage() == null ? e.toString() : e.getMessage();
        }
        synchronized (this) {
            report = r;
            status = r != null ? Reports.summary(r) : "the kit could not run: " + error;
            runner = null;
        }
        changed.run();
    }

    /** Hears the runner: rows, frames, status. */
    private final class Listener implements ConformanceRunner.Listener {
        /** A client kit's port and what to start against it: kept at the head of the status line for the whole run. */
        private String listening = "";

        @Override
        public void listening(int port) {
            synchronized (ConformanceModel.this) {
                listening = "listening on port " + port + ": " + kit.clientInstructions(port);
                status = listening;
            }
            changed.run();
        }

        @Override
        public void started(Scenario scenario, int index, int count) {
            synchronized (ConformanceModel.this) {
                current = index;
                tap.scenario(index);
                firstFrames.set(index - 1, (long) frames.size() + 1);
                rows.set(index - 1, rows.get(index - 1).running());
                // a client kit's port stays said (port 0 is any free one, and the first scenario waits for the client to connect to it)
                status = (listening.isEmpty() ? "" : listening + "; ") + "running " + index + "/" + count + ": " + scenario.name() + " ("
                        + scenario.description() + ")";
            }
            changed.run();
        }

        @Override
        public void finished(Report.ScenarioResult result, List<Frame> scenarioFrames) {
            synchronized (ConformanceModel.this) {
                firstFrames.set(current - 1, (long) result.firstFrame() + 1);
                rows.set(current - 1, rows.get(current - 1).ended(result, result.endFrame() - result.firstFrame()));
            }
            changed.run();
        }

        @Override
        public void frame(Frame f) {
            synchronized (ConformanceModel.this) {
                while (frames.size() < f.seq()) {
                    frames.add(null); // a frame of another thread, recorded before this one, not told yet
                }
                frames.set((int) f.seq() - 1, f);
                if (current > 0 && !rows.get(current - 1).state().ended()) {
                    rows.set(current - 1, rows.get(current - 1).withFrame());
                }
            }
            tap.frame(f);
            changed.run();
        }
    }

    /** Stops the run: the scenario under way ends in error ("interrupted"), so do the ones after it. */
    synchronized void stop() {
        if (runner != null) {
            runner.interrupt();
        }
    }

    synchronized boolean running() {
        return runner != null;
    }

    synchronized List<ScenarioRow> rows() {
        return List.copyOf(rows);
    }

    /** The run's progress or its summary. */
    synchronized String status() {
        return status;
    }

    /** The last run's report, once it has ended. */
    synchronized Optional<Report> report() {
        return Optional.ofNullable(report);
    }

    /** The frames of scenario {@code index} (from 1) so far. */
    synchronized List<Frame> frames(int index) {
        long first = firstFrames.get(index - 1);
        if (first == 0) {
            return List.of();
        }
        long end = index < firstFrames.size() && firstFrames.get(index) > 0 ? firstFrames.get(index) : frames.size() + 1;
        if (report != null) {
            Report.ScenarioResult r = report.results().get(index - 1);
            return report.frames(r);
        }
        return frames.subList((int) first - 1, (int) Math.min(end - 1, frames.size())).stream().filter(f -> f != null).toList();
    }

    /** The frame that shows scenario {@code index}'s failure (the first of its evidence), if it failed. */
    synchronized Optional<Frame> failureFrame(int index) {
        Optional<CheckResult> f = rows.get(index - 1).failure();
        if (f.isEmpty() || f.get().evidence().isEmpty()) {
            return Optional.empty();
        }
        long seq = f.get().evidence().get(0);
        return seq >= 1 && seq <= frames.size() ? Optional.ofNullable(frames.get((int) seq - 1)) : Optional.empty();
    }

    /** The match id scenario {@code index}'s frames carry in the inspector, or 0 before the first run. */
    synchronized long matchId(int index) {
        return tap == null ? 0 : tap.matchId(index);
    }

    /** Scenario {@code index}'s failure in words: the check, its rule, expected against received; empty if it did not fail. */
    synchronized String failureText(int index) {
        ScenarioRow row = rows.get(index - 1);
        if (row.failure().isEmpty()) {
            return row.state() == ScenarioRow.State.ERROR ? "ERROR: " + row.note() : "";
        }
        CheckResult f = row.failure().get();
        return "FAILED " + f.check().id() + "\nrule: " + f.check().rule() + ": " + f.check().description() + "\nexpected: " + f.expected()
                + "\nreceived: " + f.received();
    }

    // --- the bug log --------------------------------------------------------------------------------

    /** The bug log, oldest first (opens the store: call it off the UI thread). */
    List<Bug> bugs() {
        return store.get().bugs(null, null);
    }

    /**
     * Records every failure of the last run in the bug log as bugs of {@code component}, version
     * {@code version} (as {@code conform --record} does); returns how many.
     *
     * @throws IllegalStateException with the reason, if there is no finished run or a name is missing
     */
    int record(String component, String version) {
        Report r;
        synchronized (this) {
            r = report;
        }
        if (r == null) {
            throw new IllegalStateException("no finished run to record");
        }
        if (component.isBlank() || version.isBlank()) {
            throw new IllegalStateException("give the component's name and its version string, as its team gives them");
        }
        Store s = store.get();
        List<Reports.Finding> found = Reports.findings(r);
        for (Reports.Finding f : found) {
            CheckResult c = f.check();
            s.recordBug(new Bug(0, f.foundAt(), r.protocol(), r.role().word(), component.trim(), r.target(), version.trim(), f.scenario().name(),
                    c.check().id(), c.check().rule() + ": " + c.check().description(), c.expected(), c.received(), f.frames()));
        }
        return found.size();
    }
}
