package org.boardlab.cli.internal;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.function.Predicate;
import org.boardlab.cli.Cli;
import org.boardlab.conform.CheckResult;
import org.boardlab.conform.ConformanceKit;
import org.boardlab.conform.ConformanceRunner;
import org.boardlab.conform.Frame;
import org.boardlab.conform.KitSettings;
import org.boardlab.conform.Report;
import org.boardlab.conform.Reports;
import org.boardlab.conform.Scenario;
import org.boardlab.store.Bug;
import org.boardlab.store.Store;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code boardlab conform PROTOCOL server HOST:PORT} and {@code boardlab conform PROTOCOL client
 * --port P}: a protocol's conformance kit against another team's server or client.
 */
@Command(name = "conform", mixinStandardHelpOptions = true,
        description = {"Test a server or a client against a protocol's rules: the protocol's conformance kit runs its scenarios and "
                + "checks every frame; each check names the rule (a section of the protocol's README) and a failure shows the frames.",
            "  conform PROTOCOL server HOST:PORT   the kit connects to the server as one or more clients",
            "  conform PROTOCOL client --port P    the kit listens on port P and plays the server's part with the client that connects",
            "  conform PROTOCOL --list             the kit's scenarios and checks;  conform --list  the kits there are",
            "Exit code: 0 when every scenario passed (or was skipped), 1 when a check failed or the kit could not go on, 2 on wrong usage."})
public final class ConformCommand implements Callable<Integer> {

    @ParentCommand
    Cli cli;

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", paramLabel = "PROTOCOL", description = "The protocol's id, e.g. othello or gomoku.")
    String protocol;

    @Parameters(index = "1", arity = "0..1", paramLabel = "server|client", description = "What is tested: a server, or a client.")
    String role;

    @Parameters(index = "2", arity = "0..1", paramLabel = "HOST:PORT", description = "The server under test (server only); "
            + "reversi: HOST:BP (white BP+1, controller BP+2) or HOST:BP,WP,GC.")
    String target;

    @Option(names = "--port", paramLabel = "P", defaultValue = "-1",
            description = "client: the port the kit listens on (default: the protocol's own; 0: any free port).")
    int port;

    @Option(names = "--bind", paramLabel = "ADDRESS", defaultValue = "0.0.0.0",
            description = "client: the address the kit listens on (default: ${DEFAULT-VALUE}, every interface, so another machine's client can connect).")
    String bind;

    @Option(names = "--list", description = "List the kit's scenarios and checks (or, without a protocol, the kits) and quit.")
    boolean list;

    @Option(names = "--fast", description = "Shorten the kit's own waits; run the scenarios that wait for the component's own time limits "
            + "only when --move-time or --idle-time give them.")
    boolean fast;

    @Option(names = "--move-time", paramLabel = "S", description = "The time per move the server under test was started with (default: the protocol's).")
    Double moveTime;

    @Option(names = "--idle-time", paramLabel = "S", description = "server: the silence after which the server under test closes a connection; "
            + "client, for a kit that plays the server's part with its own server (dots): that server's silence limit, "
            + "no shorter than a client keeping the protocol's heartbeat can meet (default: the protocol's).")
    Double idleTime;

    @Option(names = "--answer-time", paramLabel = "S", defaultValue = "5",
            description = "How long to wait for an answer that must come (default: ${DEFAULT-VALUE}).")
    double answerTime;

    @Option(names = "--wait", paramLabel = "S", defaultValue = "120",
            description = "client: how long to wait for the client under test to connect (default: ${DEFAULT-VALUE}).")
    double clientWait;

    @Option(names = "--scenario", paramLabel = "NAME", split = ",", description = "Run only these scenarios (see --list).")
    List<String> scenarios;

    @Option(names = "--junit", paramLabel = "FILE", description = "Also write the result as JUnit XML (a test case per check), for CI and grading.")
    Path junit;

    @Option(names = "--html", paramLabel = "FILE", description = "Also write an HTML report with every scenario's frames, decoded and raw.")
    Path html;

    @Option(names = "--frames", description = "Print every frame as it is sent or received.")
    boolean frames;

    @Option(names = "--record", description = "Record each failure in the bug log (see 'boardlab bugs'); needs --component and --component-version.")
    boolean record;

    @Option(names = "--component", paramLabel = "NAME", description = "With --record: the component's name, e.g. the other team's name.")
    String component;

    @Option(names = "--component-version", paramLabel = "V", description = "With --record: the component's version string, as its team gives it.")
    String componentVersion;

    @Option(names = "--db", paramLabel = "URL", description = "With --record: the database (default: -Dboardlab.db, else data/boardlab under the working directory).")
    String db;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        if (protocol == null) {
            if (!list) {
                throw new UsageException("give the protocol, e.g. 'conform othello server 127.0.0.1:10000', or --list");
            }
            for (ConformanceKit k : cli.services().conformanceKits()) {
                out.printf("%-10s %s: %d server scenarios, %d client scenarios%n", k.protocol(), k.title(), k.serverScenarios().size(),
                        k.clientScenarios().size());
            }
            out.flush();
            return 0;
        }
        ConformanceKit kit = cli.services().conformanceKit(protocol).orElseThrow(() -> new UsageException("no conformance kit for protocol '"
                + protocol + "' (kits: " + cli.services().conformanceKits().stream().map(ConformanceKit::protocol).toList() + ")"));
        if (list) {
            listKit(kit, out);
            return 0;
        }
        if (!"server".equals(role) && !"client".equals(role)) {
            throw new UsageException("say what is tested: 'conform " + protocol + " server HOST:PORT' or 'conform " + protocol + " client --port P'");
        }
        boolean server = role.equals("server");
        List<Scenario> all = server ? kit.serverScenarios() : kit.clientScenarios();
        if (all.isEmpty()) {
            throw new UsageException("the " + protocol + " kit has no " + role + " scenarios");
        }
        Predicate<String> only = s -> true;
        if (scenarios != null) {
            Set<String> names = Set.copyOf(scenarios);
            for (String n : names) {
                if (all.stream().noneMatch(s -> s.name().equals(n))) {
                    throw new UsageException("the " + protocol + " " + role + " kit has no scenario '" + n + "' (see --list)");
                }
            }
            only = names::contains;
        }
        if (record && (component == null || componentVersion == null)) {
            throw new UsageException("--record needs --component NAME and --component-version V (what the other team calls its build)");
        }
        KitSettings settings = settings();
        Optional<String> unfair = kit.unfair(server ? Report.Role.SERVER : Report.Role.CLIENT, settings);
        if (unfair.isPresent()) {
            throw new UsageException(unfair.get());
        }
        Listener listener = new Listener(out, kit);
        Report report;
        if (server) {
            if (target == null) {
                throw new UsageException("give the server's HOST:PORT, e.g. 'conform " + protocol + " server 127.0.0.1:" + kit.defaultPort() + "'");
            }
            int colon = target.lastIndexOf(':');
            if (colon <= 0 || colon == target.length() - 1) {
                throw new UsageException("give the server's HOST:PORT, e.g. 'conform " + protocol + " server 127.0.0.1:" + kit.defaultPort() + "'");
            }
            List<Integer> ports;
            try {
                ports = kit.serverPorts(target.substring(colon + 1));
            } catch (IllegalArgumentException e) {
                throw new UsageException("HOST:PORT " + target + ": " + e.getMessage());
            }
            out.println("conform " + protocol + " server " + target + " (" + kit.title() + "): "
                    + all.stream().filter(s -> true).filter(s -> scenarios == null || scenarios.contains(s.name())).count() + " scenarios");
            out.flush();
            report = ConformanceRunner.runServer(kit, target.substring(0, colon), ports, settings, only, listener);
        } else {
            if (target != null) {
                throw new UsageException("a client kit listens: give --port P, not an address");
            }
            int p = port < 0 ? kit.defaultPort() : port;
            if (p > 65535) {
                throw new UsageException("--port must be 0..65535");
            }
            report = ConformanceRunner.runClient(kit, bind, p, settings, only, listener);
        }
        out.println(Reports.summary(report));
        if (report.failed()) {
            out.print(Reports.failures(report));
        }
        write(junit, () -> Reports.junit(report), out);
        write(html, () -> Reports.html(report), out); // made only when asked: every frame, decoded and raw, a second or more of a long run
        if (record) {
            recordBugs(report, out);
        }
        out.flush();
        return report.failed() ? 1 : 0;
    }

    private KitSettings settings() {
        KitSettings s = KitSettings.defaults().withFast(fast).withAnswerTime(seconds(answerTime, "--answer-time"))
                .withClientWait(seconds(clientWait, "--wait"));
        if (moveTime != null) {
            s = s.withMoveTime(seconds(moveTime, "--move-time"));
        }
        if (idleTime != null) {
            s = s.withIdleTime(seconds(idleTime, "--idle-time"));
        }
        return s;
    }

    private static Duration seconds(double s, String option) {
        if (!(s > 0) || s > 86_400) {
            throw new UsageException(option + " must be between 0 and 86400 seconds");
        }
        return Duration.ofMillis(Math.round(s * 1000));
    }

    private static void listKit(ConformanceKit kit, PrintWriter out) {
        out.println(kit.protocol() + ": " + kit.title() + " (default port " + kit.defaultPort() + ")");
        for (String r : List.of("server", "client")) {
            List<Scenario> list = r.equals("server") ? kit.serverScenarios() : kit.clientScenarios();
            out.println();
            out.println(r + " scenarios (" + list.size() + "):");
            for (Scenario s : list) {
                out.println("  " + s.name() + (s.timing() ? "  [waits for a time limit]" : "") + ": " + s.description());
                s.checks().forEach(c -> out.println("      " + c.id() + "  (" + c.rule() + ") " + c.description()));
            }
        }
        out.flush();
    }

    private static void write(Path file, java.util.function.Supplier<String> text, PrintWriter out) throws IOException {
        if (file == null) {
            return;
        }
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        Files.writeString(file, text.get(), StandardCharsets.UTF_8);
        out.println("wrote " + file);
    }

    private void recordBugs(Report report, PrintWriter out) {
        Store store = cli.services().stores().open(db);
        List<Reports.Finding> found = Reports.findings(report);
        for (Reports.Finding f : found) {
            CheckResult c = f.check();
            store.recordBug(new Bug(0, f.foundAt(), report.protocol(), report.role().word(), component, report.target(), componentVersion,
                    f.scenario().name(), c.check().id(), c.check().rule() + ": " + c.check().description(), c.expected(), c.received(), f.frames()));
        }
        int n = found.size();
        out.println("recorded " + n + (n == 1 ? " bug" : " bugs") + " of " + component + " " + componentVersion + " in the bug log (database: "
                + store.url() + "; see 'boardlab bugs')");
    }

    /** Progress lines on the terminal. */
    private final class Listener implements ConformanceRunner.Listener {
        private final PrintWriter out;
        private final ConformanceKit kit;
        private int count;
        private int index;

        Listener(PrintWriter out, ConformanceKit kit) {
            this.out = out;
            this.kit = kit;
        }

        @Override
        public void listening(int port) {
            out.println("conform " + kit.protocol() + " client: listening on " + bind + ":" + port + " (" + kit.title() + "); "
                    + kit.clientInstructions(port));
            out.flush();
        }

        @Override
        public void started(Scenario scenario, int index, int count) {
            this.index = index;
            this.count = count;
        }

        @Override
        public void finished(Report.ScenarioResult result, List<Frame> frames) {
            synchronized (out) {
                out.println(Reports.progressLine(result, index, count));
                result.failure().ifPresent(f -> out.println("         expected " + f.expected() + "; received " + f.received()));
                out.flush();
            }
        }

        @Override
        public void frame(Frame frame) {
            if (ConformCommand.this.frames) {
                synchronized (out) {
                    out.println("    " + frame.line());
                    out.flush();
                }
            }
        }
    }
}
