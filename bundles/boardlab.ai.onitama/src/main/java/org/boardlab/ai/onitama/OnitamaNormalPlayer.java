package org.boardlab.ai.onitama;

import javax.inject.Named;

/**
 * Seed 001's "Normal" difficulty: minimax two plies deep (its move and the answer) on pieces left
 * and the master's distance to the enemy temple. Plays Onitama only; deterministic: the same
 * position gives the same move, unless the deadline cuts the search short.
 */
@Named("onitama-normal")
public final class OnitamaNormalPlayer extends MinimaxPlayer {

    /** A player searching 2 plies. */
    public OnitamaNormalPlayer() {
        super("onitama-normal", 2);
    }
}
