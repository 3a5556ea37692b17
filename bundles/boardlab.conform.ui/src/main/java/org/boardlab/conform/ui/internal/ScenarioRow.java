package org.boardlab.conform.ui.internal;

import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import org.boardlab.conform.CheckResult;
import org.boardlab.conform.Report;

/**
 * One scenario of a run as the Conformance view lists it, at one moment: waiting, running (with the
 * frames so far), or its result.
 *
 * @param index       its place in the run, from 1
 * @param name        the scenario's name
 * @param description what it does
 * @param state       where it stands
 * @param frames      how many frames it has sent and received so far (events included)
 * @param passed      how many of its checks passed (once it ended)
 * @param checks      how many checks it has
 * @param duration    how long it ran (once it ended), else {@link Duration#ZERO}
 * @param note        why it ended in error or was skipped; empty otherwise
 * @param failure     its failed check, if one failed
 */
record ScenarioRow(int index, String name, String description, State state, int frames, int passed, int checks, Duration duration, String note,
        Optional<CheckResult> failure) {

    /** Where a scenario stands. */
    enum State {
        WAITING, RUNNING, PASSED, FAILED, ERROR, SKIPPED;

        static State of(Report.Status s) {
            return switch (s) {
                case PASSED -> PASSED;
                case FAILED -> FAILED;
                case ERROR -> ERROR;
                case SKIPPED -> SKIPPED;
            };
        }

        /** {@code true} once the scenario has ended. */
        boolean ended() {
            return this != WAITING && this != RUNNING;
        }
    }

    /** A scenario not run yet. */
    static ScenarioRow waiting(int index, String name, String description, int checks) {
        return new ScenarioRow(index, name, description, State.WAITING, 0, 0, checks, Duration.ZERO, "", Optional.empty());
    }

    ScenarioRow running() {
        return new ScenarioRow(index, name, description, State.RUNNING, frames, passed, checks, duration, note, failure);
    }

    ScenarioRow withFrame() {
        return new ScenarioRow(index, name, description, state, frames + 1, passed, checks, duration, note, failure);
    }

    ScenarioRow ended(Report.ScenarioResult r, int frameCount) {
        int ok = (int) r.checks().stream().filter(c -> c.outcome() == CheckResult.Outcome.PASSED).count();
        return new ScenarioRow(index, name, description, State.of(r.status()), frameCount, ok, r.checks().size(), r.duration(), r.note(), r.failure());
    }

    /** The status column: {@code RUNNING}, {@code PASS}, {@code FAIL}, {@code ERROR}, {@code SKIP} or empty while waiting. */
    String stateWord() {
        return switch (state) {
            case WAITING -> "";
            case RUNNING -> "RUNNING";
            case PASSED -> "PASS";
            case FAILED -> "FAIL";
            case ERROR -> "ERROR";
            case SKIPPED -> "SKIP";
        };
    }

    /** The checks column: {@code 3/4 checks passed}, or their count before the end. */
    String checksText() {
        return state.ended() ? passed + "/" + checks + " passed" : checks + (checks == 1 ? " check" : " checks");
    }

    /** The time column, e.g. {@code 0.42 s}; empty before the end. */
    String timeText() {
        return state.ended() ? String.format(Locale.ROOT, "%.2f s", duration.toNanos() / 1e9) : "";
    }

    /** The result column: the failed check and what came instead, the error, the reason it was skipped. */
    String resultText() {
        if (failure.isPresent()) {
            CheckResult f = failure.get();
            return f.check().id() + ": expected " + f.expected() + "; received " + f.received();
        }
        return note;
    }
}
