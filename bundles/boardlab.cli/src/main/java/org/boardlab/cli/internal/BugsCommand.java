package org.boardlab.cli.internal;

import java.io.PrintWriter;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.concurrent.Callable;
import org.boardlab.cli.Cli;
import org.boardlab.store.Bug;
import org.boardlab.store.Store;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code boardlab bugs}: the bug log that {@code conform --record} writes, listed or exported. */
@Command(name = "bugs", mixinStandardHelpOptions = true,
        description = {"List the bug log: the failures 'boardlab conform ... --record' found in other teams' servers and clients, "
                + "each with the component, its address and version, the scenario, the rule, the frames and the time.",
            "--format markdown writes a report to hand to the other team; --format csv a table (frames included)."})
public final class BugsCommand implements Callable<Integer> {

    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss").withZone(ZoneOffset.UTC);

    @ParentCommand
    Cli cli;

    @Spec
    CommandSpec spec;

    @Option(names = "--db", paramLabel = "URL", description = "The database (default: -Dboardlab.db, else data/boardlab under the working directory).")
    String db;

    @Option(names = "--component", paramLabel = "NAME", description = "Only this component's bugs.")
    String component;

    @Option(names = "--protocol", paramLabel = "ID", description = "Only bugs of this protocol.")
    String protocol;

    @Option(names = "--format", paramLabel = "F", defaultValue = "text", description = "text (default), markdown or csv.")
    String format;

    @Override
    public Integer call() {
        if (!List.of("text", "markdown", "csv").contains(format)) {
            throw new UsageException("--format is text, markdown or csv, not " + format);
        }
        Store store = cli.services().stores().open(db);
        List<Bug> bugs = store.bugs(component, protocol);
        PrintWriter out = spec.commandLine().getOut();
        switch (format) {
            case "csv" -> {
                out.println("id,found_at,protocol,role,component,version,address,scenario,check,rule,expected,received,frames");
                for (Bug b : bugs) {
                    out.println(String.join(",", List.of(Long.toString(b.id()), b.foundAt().toString(), GamesCommand.csv(b.protocol()),
                            GamesCommand.csv(b.role()), GamesCommand.csv(b.component()), GamesCommand.csv(b.version()), GamesCommand.csv(b.address()),
                            GamesCommand.csv(b.scenario()), GamesCommand.csv(b.checkId()), GamesCommand.csv(b.rule()), GamesCommand.csv(b.expected()),
                            GamesCommand.csv(b.received()), GamesCommand.csv(b.frames()))));
                }
            }
            case "markdown" -> {
                out.println("# Bug log" + (component == null ? "" : ": " + component));
                out.println();
                out.println(bugs.size() + (bugs.size() == 1 ? " bug" : " bugs") + " found by boardlab's conformance kits.");
                for (Bug b : bugs) {
                    out.println();
                    out.println("## " + b.id() + ". " + b.checkId() + " (" + b.component() + " " + b.version() + ")");
                    out.println();
                    out.println("| | |");
                    out.println("| --- | --- |");
                    row(out, "found", WHEN.format(b.foundAt()) + " UTC");
                    row(out, "component", b.component() + ", version " + b.version() + ", a " + b.role() + " at " + b.address());
                    row(out, "protocol", b.protocol());
                    row(out, "scenario", b.scenario());
                    row(out, "rule", b.rule());
                    row(out, "expected", b.expected());
                    row(out, "received", b.received());
                    out.println();
                    out.println("Frames (`->` sent by the kit, `<-` received from the component, `>>` the frames that show the bug):");
                    out.println();
                    out.println("```");
                    out.print(b.frames().replace("```", "'''"));
                    if (!b.frames().endsWith("\n")) {
                        out.println();
                    }
                    out.println("```");
                }
            }
            default -> {
                if (bugs.isEmpty()) {
                    out.println("the bug log is empty" + (component == null ? "" : " for " + component) + " (database: " + store.url() + ")");
                    break;
                }
                out.printf("%5s  %-19s  %-16s  %-12s  %-21s  %-8s  %-16s  %s%n", "ID", "FOUND (UTC)", "COMPONENT", "VERSION", "ADDRESS", "PROTOCOL",
                        "SCENARIO", "CHECK");
                for (Bug b : bugs) {
                    out.printf("%5d  %-19s  %-16s  %-12s  %-21s  %-8s  %-16s  %s%n", b.id(), WHEN.format(b.foundAt()), b.component(), b.version(),
                            b.address(), b.protocol(), b.scenario(), b.checkId());
                }
                out.printf("%d %s (database: %s)%n", bugs.size(), bugs.size() == 1 ? "bug" : "bugs", store.url());
            }
        }
        out.flush();
        return 0;
    }

    private static void row(PrintWriter out, String name, String value) {
        out.println("| " + name + " | " + value.replace("|", "\\|").replace("\n", " ") + " |");
    }
}
