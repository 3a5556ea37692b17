package org.boardlab.store;

/**
 * One move of a stored game.
 *
 * @param ply         the ply after this move (the first move is 1)
 * @param side        1 for the first side, 2 for the second
 * @param notation    the move in the game's notation
 * @param elapsedUs   what the side was charged for it, in microseconds
 * @param thinkingUs  time in the player's {@code chooseMove}, in microseconds, or -1 when not known
 * @param networkUs   for a network client, request out to move in, in microseconds, or -1
 * @param clockUsedMs the side's total thinking time after this move, in milliseconds
 * @param clockLeftMs what is left on the side's clock, in milliseconds, or {@code null} when the
 *                    game has no clock (a time per move)
 */
public record StoredMove(int ply, int side, String notation, long elapsedUs, long thinkingUs, long networkUs,
        long clockUsedMs, Long clockLeftMs) {
}
