package org.boardlab.core;

import org.boardlab.api.AsyncPlayer;

/**
 * A person who moves at a board of this process, such as the workbench's Match view: an
 * {@link AsyncPlayer} whose move comes from a click or a typed line, with no network and no player
 * host between the referee and the person. The referee counts the whole wait for such a move as the
 * person's thinking ({@link MatchJournal.MoveTimes#thinkingNanos()}); for any other asynchronous
 * player that does not measure its thinking itself the wait is network time.
 *
 * <p>Implemented by the workbench's person at the board; nothing to implement beyond
 * {@link AsyncPlayer}.
 */
public interface PersonPlayer extends AsyncPlayer {
}
