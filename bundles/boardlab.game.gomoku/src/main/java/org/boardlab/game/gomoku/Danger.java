package org.boardlab.game.gomoku;

import java.util.Objects;

/**
 * One dangerous point found by {@link DangerAnalysis}: an empty point where the attacker's stone
 * would make {@code threat}.
 *
 * @param point  the empty point; never {@code null}
 * @param threat the strongest threat a stone there would make; never {@code null}
 */
public record Danger(Point point, Threat threat) {

    public Danger {
        Objects.requireNonNull(point, "point");
        Objects.requireNonNull(threat, "threat");
    }

    @Override
    public String toString() {
        return point.notation() + " " + threat.label();
    }
}
