package org.boardlab.conform;

import java.util.List;
import java.util.Objects;

/**
 * What became of one check in a run.
 *
 * @param check    the check
 * @param outcome  passed, failed, or not reached (its scenario ended before it, or was skipped)
 * @param expected what the rule wants, in words (failed checks; empty otherwise)
 * @param received what came instead (failed checks; empty otherwise)
 * @param evidence the numbers ({@link Frame#seq()}) of the frames that show the failure
 */
public record CheckResult(Check check, Outcome outcome, String expected, String received, List<Long> evidence) {

    /** What became of a check. */
    public enum Outcome { PASSED, FAILED, NOT_REACHED }

    /** Checks the values. */
    public CheckResult {
        Objects.requireNonNull(check, "check");
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(expected, "expected");
        Objects.requireNonNull(received, "received");
        evidence = List.copyOf(evidence);
    }

    static CheckResult passed(Check c) {
        return new CheckResult(c, Outcome.PASSED, "", "", List.of());
    }

    static CheckResult notReached(Check c) {
        return new CheckResult(c, Outcome.NOT_REACHED, "", "", List.of());
    }

    static CheckResult failed(Check c, String expected, String received, List<Long> evidence) {
        return new CheckResult(c, Outcome.FAILED, expected, received, evidence);
    }
}
