package org.boardlab.cli.internal;

import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.boardlab.api.event.RegistryEvent.Kind;
import org.boardlab.cli.Cli;
import org.boardlab.core.Component;
import org.boardlab.core.Registry;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code boardlab list}: the loaded games, players and protocols, with their bundles. */
@Command(name = "list", mixinStandardHelpOptions = true,
        description = "List the loaded games, players and protocols with the bundles that provide them.")
public final class ListCommand implements Runnable {

    @ParentCommand
    Cli cli;

    @Spec
    CommandSpec spec;

    @Option(names = "--json", description = "One JSON object per line: kind, id, description, bundle, version.")
    boolean json;

    @Override
    public void run() {
        Registry registry = cli.services().registry();
        PrintWriter out = spec.commandLine().getOut();
        for (Kind kind : Kind.values()) {
            List<Component<?>> all = registry.all(kind);
            if (json) {
                for (Component<?> c : all) {
                    Map<String, Object> row = new LinkedHashMap<>();
                    row.put("kind", kind.name().toLowerCase());
                    row.put("id", c.id());
                    row.put("description", c.description());
                    row.put("bundle", c.bundle());
                    row.put("version", c.bundleVersion());
                    out.println(Json.line(row));
                }
                continue;
            }
            out.println(switch (kind) {
                case GAME -> "Games:";
                case PLAYER -> "Players:";
                case PROTOCOL -> "Protocols:";
            });
            if (all.isEmpty()) {
                out.println("  (none)");
            }
            int width = all.stream().mapToInt(c -> c.id().length()).max().orElse(0);
            for (Component<?> c : all) {
                out.printf("  %-" + width + "s  %s  [%s %s]%n", c.id(), c.description(), c.bundle(), c.bundleVersion());
            }
        }
        // what was refused (a corrupt jar in the players folder, an id already taken), with the reason
        List<org.boardlab.api.event.RegistryEvent> refused = registry.recentChanges().stream()
                .filter(e -> e.change() == org.boardlab.api.event.RegistryEvent.Change.REFUSED).toList();
        for (org.boardlab.api.event.RegistryEvent e : refused) {
            if (json) {
                Map<String, Object> row = new LinkedHashMap<>();
                row.put("kind", "refused");
                row.put("id", e.id());
                row.put("description", e.message());
                row.put("bundle", e.bundle());
                row.put("version", e.bundleVersion());
                out.println(Json.line(row));
            }
        }
        if (!json && !refused.isEmpty()) {
            out.println("Refused:");
            for (org.boardlab.api.event.RegistryEvent e : refused) {
                out.println("  " + e.message());
            }
        }
        out.flush();
    }
}
