package org.boardlab.conform;

import java.util.List;
import java.util.Locale;
import org.boardlab.conform.Report.ScenarioResult;
import org.boardlab.conform.Report.Status;

/** A {@link Report} written for people (the terminal), for CI (JUnit XML) and as HTML with the frames. */
public final class Reports {

    private Reports() {
    }

    /** The progress line of a scenario: {@code [ 3/14] PASS  login (0.12 s)}. */
    public static String progressLine(ScenarioResult r, int index, int count) {
        String word = switch (r.status()) {
            case PASSED -> "PASS";
            case FAILED -> "FAIL";
            case ERROR -> "ERROR";
            case SKIPPED -> "SKIP";
        };
        StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "[%2d/%d] %-5s %s (%.2f s)", index, count, word, r.name(),
                r.duration().toNanos() / 1e9));
        r.failure().ifPresent(f -> b.append("  ").append(f.check().id()));
        if (!r.note().isEmpty() && r.status() != Status.PASSED) {
            b.append("  ").append(r.note());
        }
        return b.toString();
    }

    /**
     * The failures in words, each with its rule, expected against received, and the scenario's frames
     * up to the failure (the frames that show it marked {@code >>}).
     */
    public static String failures(Report report) {
        StringBuilder b = new StringBuilder();
        for (ScenarioResult r : report.results()) {
            if (r.status() == Status.ERROR) {
                b.append("\nERROR in scenario ").append(r.name()).append(": ").append(r.note()).append('\n');
                appendFrames(b, report, r, List.of());
            }
            r.failure().ifPresent(f -> {
                b.append("\nFAILED ").append(f.check().id()).append(" (scenario ").append(r.name()).append(")\n");
                b.append("  rule:     ").append(f.check().rule()).append(": ").append(f.check().description()).append('\n');
                b.append("  expected: ").append(f.expected()).append('\n');
                b.append("  received: ").append(f.received()).append('\n');
                b.append("  frames:\n");
                appendFrames(b, report, r, f.evidence());
            });
        }
        return b.toString();
    }

    /** The scenario's frames up to the last one of the evidence, after the evidence frames an earlier scenario sent. */
    private static void appendFrames(StringBuilder b, Report report, ScenarioResult r, List<Long> evidence) {
        List<Frame> frames = new java.util.ArrayList<>();
        for (long seq : evidence) {
            if (seq <= r.firstFrame()) {
                report.frame(seq).ifPresent(frames::add);
            }
        }
        frames.addAll(report.frames(r));
        long last = evidence.isEmpty() ? Long.MAX_VALUE : java.util.Collections.max(evidence);
        for (Frame fr : frames) {
            if (fr.seq() > last) {
                break;
            }
            b.append(evidence.contains(fr.seq()) ? "  >> " : "     ").append(fr.line()).append('\n');
            if (evidence.contains(fr.seq()) && fr.raw().length > 0) {
                b.append("          raw: ").append(fr.hex(48)).append('\n');
            }
        }
    }

    /**
     * The frames that show a failed check, one per line, decoded (and raw for the frames of the
     * evidence): the scenario's frames up to the last of the evidence.
     */
    public static String evidence(Report report, ScenarioResult scenario, CheckResult check) {
        StringBuilder b = new StringBuilder();
        appendFrames(b, report, scenario, check.evidence());
        return b.toString();
    }

    /**
     * A failed check as a bug log keeps it ({@code conform --record}, the Conformance view).
     *
     * @param foundAt  when: the time of the last frame that shows it (the run's start if none does)
     * @param scenario the scenario it failed in
     * @param check    the failed check, with expected and received
     * @param frames   the frames that show it, in words ({@link #evidence})
     */
    public record Finding(java.time.Instant foundAt, ScenarioResult scenario, CheckResult check, String frames) {
    }

    /** Every failed check of the run, in the order run. */
    public static List<Finding> findings(Report report) {
        List<Finding> out = new java.util.ArrayList<>();
        for (ScenarioResult r : report.results()) {
            for (CheckResult c : r.checks()) {
                if (c.outcome() == CheckResult.Outcome.FAILED) {
                    long nanos = c.evidence().isEmpty() ? 0 : report.frame(c.evidence().get(c.evidence().size() - 1)).map(Frame::nanos).orElse(0L);
                    out.add(new Finding(report.started().plusNanos(nanos), r, c, evidence(report, r, c)));
                }
            }
        }
        return out;
    }

    /** The summary line: {@code othello server 127.0.0.1:10000: 14 scenarios, 13 passed, 1 failed, ... in 4.2 s}. */
    public static String summary(Report report) {
        return String.format(Locale.ROOT, "%s %s %s: %s, %d passed, %d failed, %s, %d skipped; %s failed; %.1f s",
                report.protocol(), report.role().word(), report.target(), count(report.results().size(), "scenario"),
                report.count(Status.PASSED), report.count(Status.FAILED), count(report.count(Status.ERROR), "error"),
                report.count(Status.SKIPPED), count(report.failedChecks().size(), "check"), report.duration().toNanos() / 1e9);
    }

    /** {@code 1 check}, {@code 2 checks}, {@code 0 checks}. */
    static String count(long n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }

    /** JUnit XML: a test suite per run, a test case per check, its failure with the frames. */
    public static String junit(Report report) {
        StringBuilder b = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        long tests = report.results().stream().mapToLong(r -> r.checks().size()).sum();
        long failures = report.failedChecks().size();
        long errors = report.count(Status.ERROR);
        long skipped = report.results().stream().flatMap(r -> r.checks().stream())
                .filter(c -> c.outcome() == CheckResult.Outcome.NOT_REACHED).count();
        b.append(String.format(Locale.ROOT, "<testsuite name=\"%s\" tests=\"%d\" failures=\"%d\" errors=\"%d\" skipped=\"%d\" time=\"%.3f\" timestamp=\"%s\">\n",
                xml("conform." + report.protocol() + "." + report.role().word()), tests, failures, errors, skipped,
                report.duration().toNanos() / 1e9, report.started().toString().replaceFirst("\\.\\d+Z$", "Z")));
        b.append("  <properties><property name=\"target\" value=\"").append(xml(report.target())).append("\"/></properties>\n");
        for (ScenarioResult r : report.results()) {
            boolean errorGiven = false;
            for (CheckResult c : r.checks()) {
                b.append(String.format(Locale.ROOT, "  <testcase classname=\"%s\" name=\"%s\" time=\"%.3f\">", xml(report.protocol() + "." + r.name()),
                        xml(c.check().id()), c.outcome() == CheckResult.Outcome.FAILED ? r.duration().toNanos() / 1e9 : 0.0));
                switch (c.outcome()) {
                    case PASSED -> { }
                    case FAILED -> {
                        b.append("\n    <failure message=\"").append(xml("expected " + c.expected() + "; received " + c.received())).append("\" type=\"")
                                .append(xml(c.check().rule())).append("\">");
                        StringBuilder frames = new StringBuilder();
                        appendFrames(frames, report, r, c.evidence());
                        b.append(xml(c.check().description() + "\n" + frames)).append("</failure>\n  ");
                    }
                    case NOT_REACHED -> {
                        if (r.status() == Status.ERROR && !errorGiven) {
                            errorGiven = true;
                            b.append("\n    <error message=\"").append(xml(r.note())).append("\"/>\n  ");
                        } else {
                            b.append("<skipped message=\"").append(xml(r.status() == Status.SKIPPED ? r.note() : "not reached: the scenario ended before this check"))
                                    .append("\"/>");
                        }
                    }
                }
                b.append("</testcase>\n");
            }
        }
        b.append("</testsuite>\n");
        return b.toString();
    }

    /** A page with every scenario, its checks, and its frames decoded and raw; a failure's frames marked. */
    public static String html(Report report) {
        StringBuilder b = new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>")
                .append(html("boardlab conform " + report.protocol() + " " + report.role().word() + " " + report.target())).append("</title>\n<style>")
                .append("body{font-family:sans-serif;margin:1.5em}table{border-collapse:collapse}td,th{padding:2px 6px;vertical-align:top;text-align:left}")
                .append(".PASSED{color:#176f2c}.FAILED,.ERROR{color:#b00020}.SKIPPED,.NOT_REACHED{color:#777}")
                .append("tr.ev{background:#ffe3e3}td.raw{font-family:monospace;font-size:85%;color:#555}td.dec{font-family:monospace}")
                .append("details{margin:0.4em 0}</style></head><body>\n");
        b.append("<h1>").append(html(report.title())).append(": the ").append(report.role().word()).append(" at ").append(html(report.target())).append("</h1>\n");
        b.append("<p>").append(html(summary(report))).append(". Started ").append(report.started()).append(".</p>\n");
        int n = 0;
        for (ScenarioResult r : report.results()) {
            n++;
            b.append("<h2 id=\"s").append(n).append("\"><span class=\"").append(r.status()).append("\">").append(r.status()).append("</span> ")
                    .append(html(r.name())).append("</h2>\n<p>").append(html(r.description()));
            if (!r.note().isEmpty()) {
                b.append(" <em>").append(html(r.note())).append("</em>");
            }
            b.append("</p>\n<table><tr><th>check</th><th>rule</th><th>result</th></tr>\n");
            List<Long> evidence = List.of();
            for (CheckResult c : r.checks()) {
                b.append("<tr><td>").append(html(c.check().id())).append("<br><small>").append(html(c.check().description())).append("</small></td><td>")
                        .append(html(c.check().rule())).append("</td><td class=\"").append(c.outcome()).append("\">").append(c.outcome());
                if (c.outcome() == CheckResult.Outcome.FAILED) {
                    b.append("<br>expected: ").append(html(c.expected())).append("<br>received: ").append(html(c.received()));
                    b.append("<br>frames: ");
                    for (long seq : c.evidence()) {
                        b.append("<a href=\"#f").append(seq).append("\">#").append(seq).append("</a> ");
                    }
                    evidence = c.evidence();
                }
                b.append("</td></tr>\n");
            }
            b.append("</table>\n<details").append(r.status() == Status.FAILED || r.status() == Status.ERROR ? " open" : "").append("><summary>")
                    .append(report.frames(r).size()).append(" frames</summary><table>\n<tr><th>#</th><th>time</th><th>connection</th><th></th><th>decoded</th><th>raw</th></tr>\n");
            for (Frame f : report.frames(r)) {
                b.append("<tr id=\"f").append(f.seq()).append("\"").append(evidence.contains(f.seq()) ? " class=\"ev\"" : "").append("><td>").append(f.seq())
                        .append("</td><td>").append(String.format(Locale.ROOT, "%.3f", f.nanos() / 1e9)).append("</td><td>").append(html(f.connection()))
                        .append("</td><td>").append(html(f.direction().arrow())).append("</td><td class=\"dec\">").append(html(Frame.shorten(f.decoded(), 2000)))
                        .append("</td><td class=\"raw\">").append(html(f.hex(64))).append("</td></tr>\n");
            }
            b.append("</table></details>\n");
        }
        b.append("</body></html>\n");
        return b.toString();
    }

    static String xml(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '&' -> b.append("&amp;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&apos;");
                default -> {
                    if (c < 0x20 && c != '\n' && c != '\t' || c == 0xFFFE || c == 0xFFFF) {
                        b.append("\\x").append(String.format("%02X", (int) c)); // not allowed in XML 1.0
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.toString();
    }

    static String html(String s) {
        return xml(s);
    }
}
