package org.boardlab.game.dots.internal;

/**
 * A zone as the engine keeps it: the owner (1 red, 2 blue), the border as array indexes in order,
 * the number of captured dots, and a witness: the index of one captured dot inside, used to tell
 * whether a later zone encloses this one (zones are either nested or apart, so one inner point
 * decides).
 */
record ZoneData(int owner, int[] border, int captured, int witness) {
}
