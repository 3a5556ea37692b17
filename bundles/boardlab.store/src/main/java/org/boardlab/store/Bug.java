package org.boardlab.store;

import java.time.Instant;
import java.util.Objects;

/**
 * One entry of the bug log: a failure a conformance kit found in another team's component (seed
 * 004's brief: register every communication bug that comes from another team).
 *
 * @param id        its id in the store ({@code 0} before it is stored)
 * @param foundAt   when the kit found it
 * @param protocol  the protocol's id, e.g. {@code gomoku}
 * @param role      the component's kind: {@code server} or {@code client}
 * @param component the component's name (the team's, as given)
 * @param address   where it was reached, e.g. {@code 10.0.0.7:23334}, or the port it connected to
 * @param version   its version string, as given
 * @param scenario  the kit's scenario
 * @param checkId   the check that failed, e.g. {@code gomoku.place.refused}
 * @param rule      the rule it cites and its text
 * @param expected  what the rule wants
 * @param received  what came instead
 * @param frames    the frames that show it, one per line, decoded and raw
 */
public record Bug(long id, Instant foundAt, String protocol, String role, String component, String address, String version, String scenario,
        String checkId, String rule, String expected, String received, String frames) {

    /** Checks the values; texts over their column's size are cut. */
    public Bug {
        Objects.requireNonNull(foundAt, "foundAt");
        protocol = cut(protocol, 64);
        role = cut(role, 16);
        component = cut(component, 200);
        address = cut(address, 300);
        version = cut(version, 200);
        scenario = cut(scenario, 100);
        checkId = cut(checkId, 200);
        rule = cut(rule, 1000);
        expected = cut(expected, 4000);
        received = cut(received, 4000);
        frames = cut(frames, 1_000_000);
    }

    private static String cut(String s, int max) {
        Objects.requireNonNull(s);
        return s.length() <= max ? s : s.substring(0, max - 3) + "...";
    }
}
