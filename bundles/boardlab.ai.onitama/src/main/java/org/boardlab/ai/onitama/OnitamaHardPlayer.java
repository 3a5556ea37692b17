package org.boardlab.ai.onitama;

import javax.inject.Named;

/**
 * Seed 001's "Hard" difficulty: minimax four plies deep on pieces left and the master's distance to
 * the enemy temple. Plays Onitama only; deterministic: the same position gives the same move,
 * unless the deadline cuts the search short (it then plays the deepest finished search's choice).
 */
@Named("onitama-hard")
public final class OnitamaHardPlayer extends MinimaxPlayer {

    /** A player searching 4 plies. */
    public OnitamaHardPlayer() {
        super("onitama-hard", 4);
    }
}
