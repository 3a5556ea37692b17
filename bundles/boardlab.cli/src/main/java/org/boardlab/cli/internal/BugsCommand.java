package org.boardlab.cli.internal;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import org.boardlab.cli.Cli;
import org.boardlab.store.Bug;
import org.boardlab.store.BugLog;
import org.boardlab.store.Store;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
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

    @ParentCommand
    Cli cli;

    @Spec
    CommandSpec spec;

    @Mixin
    StoreOption database;

    @Option(names = "--component", paramLabel = "NAME", description = "Only this component's bugs.")
    String component;

    @Option(names = "--protocol", paramLabel = "ID", description = "Only bugs of this protocol.")
    String protocol;

    @Option(names = "--format", paramLabel = "F", defaultValue = "text", description = "text (default), markdown or csv.")
    String format;

    @Override
    public Integer call() {
        UsageException.requireOneOf("--format", format, "text", "markdown", "csv");
        Store store = database.open(cli);
        List<Bug> bugs = store.bugs(component, protocol);
        PrintWriter out = spec.commandLine().getOut();
        switch (format) {
            case "csv" -> out.print(BugLog.csv(bugs));
            case "markdown" -> out.print(BugLog.markdown(bugs, component));
            default -> {
                if (bugs.isEmpty()) {
                    out.println("the bug log is empty" + (component == null ? "" : " for " + component) + " (database: " + store.url() + ")");
                    break;
                }
                out.printf("%5s  %-19s  %-16s  %-12s  %-21s  %-8s  %-16s  %s%n", "ID", "FOUND (UTC)", "COMPONENT", "VERSION", "ADDRESS", "PROTOCOL",
                        "SCENARIO", "CHECK");
                for (Bug b : bugs) {
                    out.printf("%5d  %-19s  %-16s  %-12s  %-21s  %-8s  %-16s  %s%n", b.id(), BugLog.WHEN.format(b.foundAt()), b.component(), b.version(),
                            b.address(), b.protocol(), b.scenario(), b.checkId());
                }
                out.printf("%d %s (database: %s)%n", bugs.size(), bugs.size() == 1 ? "bug" : "bugs", store.url());
            }
        }
        out.flush();
        return 0;
    }
}
