package org.boardlab.conform;

import java.util.List;
import java.util.Objects;

/**
 * A named piece of traffic with the component under test, and the checks it makes.
 *
 * @param name        short, lower case, e.g. {@code login}; never {@code null}
 * @param description what it does, one sentence; never {@code null}
 * @param checks      every check the body may make, in order; never empty
 * @param timing      {@code true} for a scenario that waits for one of the component's own time
 *                    limits (a move's time, silence): with {@code --fast} it is run only when the
 *                    limit was given shorter ({@link KitSettings})
 * @param body        the traffic; never {@code null}
 */
public record Scenario(String name, String description, List<Check> checks, boolean timing, Body body) {

    /** What a scenario does. */
    @FunctionalInterface
    public interface Body {
        /**
         * Runs the traffic; a check that fails stops it ({@link ScenarioContext#fail}).
         *
         * @throws Exception when the kit could not go on (a connection refused, a write failed): the
         *                   scenario ends in error, not failure
         */
        void run(ScenarioContext context) throws Exception;
    }

    /** Checks the values. */
    public Scenario {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(body, "body");
        checks = List.copyOf(checks);
        if (checks.isEmpty()) {
            throw new IllegalArgumentException("scenario " + name + " checks nothing");
        }
    }

    /** A scenario that waits for none of the component's time limits. */
    public static Scenario of(String name, String description, List<Check> checks, Body body) {
        return new Scenario(name, description, checks, false, body);
    }
}
