package org.boardlab.store;

import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;

/**
 * The bug log written out: as Markdown, a report to hand to the other team, and as CSV, a table with
 * the frames. {@code boardlab bugs --format markdown|csv} and the workbench's Conformance view write
 * the same text.
 */
public final class BugLog {

    /** How a bug's time is written: UTC, to the second. */
    public static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss").withZone(ZoneOffset.UTC);

    private BugLog() {
    }

    /**
     * A Markdown report: a section per bug with its component, rule, expected against received and
     * its frames.
     *
     * @param component the component the list was narrowed to, or {@code null} for all
     */
    public static String markdown(List<Bug> bugs, String component) {
        StringBuilder out = new StringBuilder();
        out.append("# Bug log").append(component == null ? "" : ": " + component).append("\n\n");
        out.append(bugs.size()).append(bugs.size() == 1 ? " bug" : " bugs").append(" found by boardlab's conformance kits.\n");
        for (Bug b : bugs) {
            out.append("\n## ").append(b.id()).append(". ").append(b.checkId()).append(" (").append(b.component()).append(' ').append(b.version())
                    .append(")\n\n| | |\n| --- | --- |\n");
            row(out, "found", WHEN.format(b.foundAt()) + " UTC");
            row(out, "component", b.component() + ", version " + b.version() + ", a " + b.role() + " at " + b.address());
            row(out, "protocol", b.protocol());
            row(out, "scenario", b.scenario());
            row(out, "rule", b.rule());
            row(out, "expected", b.expected());
            row(out, "received", b.received());
            out.append("\nFrames (`->` sent by the kit, `<-` received from the component, `>>` the frames that show the bug):\n\n```\n");
            out.append(b.frames().replace("```", "'''"));
            if (!b.frames().endsWith("\n")) {
                out.append('\n');
            }
            out.append("```\n");
        }
        return out.toString();
    }

    /** A CSV table, a header line and a line per bug, the frames included. */
    public static String csv(List<Bug> bugs) {
        StringBuilder out = new StringBuilder("id,found_at,protocol,role,component,version,address,scenario,check,rule,expected,received,frames\n");
        for (Bug b : bugs) {
            out.append(String.join(",", List.of(Long.toString(b.id()), b.foundAt().toString(), csv(b.protocol()), csv(b.role()), csv(b.component()),
                    csv(b.version()), csv(b.address()), csv(b.scenario()), csv(b.checkId()), csv(b.rule()), csv(b.expected()), csv(b.received()),
                    csv(b.frames())))).append('\n');
        }
        return out.toString();
    }

    /** A CSV field: quoted when it holds a comma, a quote or a line end. */
    public static String csv(String s) {
        if (s == null) {
            return "";
        }
        if (s.contains(",") || s.contains("\"") || s.contains("\n") || s.contains("\r")) {
            return '"' + s.replace("\"", "\"\"") + '"';
        }
        return s;
    }

    private static void row(StringBuilder out, String name, String value) {
        out.append("| ").append(name).append(" | ").append(value.replace("|", "\\|").replace("\n", " ")).append(" |\n");
    }
}
