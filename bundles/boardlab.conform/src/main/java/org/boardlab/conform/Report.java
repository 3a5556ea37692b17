package org.boardlab.conform;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The result of one kit run: every scenario with its checks, and every frame of the run.
 *
 * @param protocol the protocol's id
 * @param title    the protocol in words
 * @param role     the component under test: a server or a client
 * @param target   {@code HOST:PORT} of the server under test, or the port the kit listened on
 * @param started  when the run began
 * @param duration how long it took
 * @param results  one per scenario, in the order run
 * @param frames   every frame of the run
 */
public record Report(String protocol, String title, Role role, String target, Instant started, Duration duration,
        List<ScenarioResult> results, List<Frame> frames) {

    /** The kind of component under test. */
    public enum Role {
        SERVER, CLIENT;

        /** {@code server} or {@code client}. */
        public String word() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** What became of a scenario. */
    public enum Status { PASSED, FAILED, ERROR, SKIPPED }

    /**
     * One scenario's result.
     *
     * @param name        the scenario's name
     * @param description what it does
     * @param status      passed, failed (a check failed), error (the kit could not go on), skipped
     * @param note        the error or the reason it was skipped; empty otherwise
     * @param duration    how long it ran
     * @param checks      its checks, each passed, failed or not reached
     * @param firstFrame  the index (0-based) of its first frame in {@link Report#frames()}
     * @param endFrame    the index after its last frame
     */
    public record ScenarioResult(String name, String description, Status status, String note, Duration duration,
            List<CheckResult> checks, int firstFrame, int endFrame) {

        /** Checks the values. */
        public ScenarioResult {
            checks = List.copyOf(checks);
        }

        /** The check that failed, if one did. */
        public Optional<CheckResult> failure() {
            return checks.stream().filter(c -> c.outcome() == CheckResult.Outcome.FAILED).findFirst();
        }
    }

    /** Checks the values. */
    public Report {
        results = List.copyOf(results);
        frames = List.copyOf(frames);
    }

    /** {@code true} if a scenario failed or ended in error. */
    public boolean failed() {
        return results.stream().anyMatch(r -> r.status() == Status.FAILED || r.status() == Status.ERROR);
    }

    /** The checks that failed, in the order run. */
    public List<CheckResult> failedChecks() {
        return results.stream().flatMap(r -> r.checks().stream()).filter(c -> c.outcome() == CheckResult.Outcome.FAILED).toList();
    }

    /** How many scenarios have this status. */
    public long count(Status status) {
        return results.stream().filter(r -> r.status() == status).count();
    }

    /** The frames of one scenario. */
    public List<Frame> frames(ScenarioResult r) {
        return frames.subList(Math.min(r.firstFrame(), frames.size()), Math.min(r.endFrame(), frames.size()));
    }

    /** The frame numbered {@code seq}. */
    public Optional<Frame> frame(long seq) {
        return seq >= 1 && seq <= frames.size() ? Optional.of(frames.get((int) seq - 1)) : Optional.empty();
    }
}
