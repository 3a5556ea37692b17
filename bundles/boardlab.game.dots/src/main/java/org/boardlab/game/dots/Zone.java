package org.boardlab.game.dots;

import java.util.List;
import org.boardlab.api.Side;

/**
 * A capture zone: an area closed by one player's dots that holds at least one dot of the other.
 *
 * <p>The {@code border} is the closed line around the zone as a polygon: its vertices are dots of
 * the {@code owner}, listed in order going round the zone clockwise as seen on the board (x to the
 * right, y down), starting at the border point that comes first in reading order (smallest y, then
 * smallest x). Consecutive vertices, and the last and the first,
 * are neighbours on the grid (horizontally, vertically or diagonally); no vertex repeats. Every
 * point inside the polygon belongs to the zone: no one may play there.
 *
 * <p>A zone that another zone encloses later (a zone of the same owner around it, or a recapture
 * by the other player) is no longer listed: only outermost zones are, so no dot counts twice.
 *
 * @param owner    the player who made the zone; never {@code null}
 * @param border   the closed border, at least four points; unmodifiable, never {@code null}
 * @param captured how many dots of the other player lie inside; at least 1
 */
public record Zone(Side owner, List<Point> border, int captured) {

    public Zone {
        if (owner == null) {
            throw new NullPointerException("owner");
        }
        border = List.copyOf(border);
    }
}
