package org.boardlab.tournament;

import java.time.Instant;
import java.util.List;
import org.boardlab.api.event.MatchOutcome;
import org.boardlab.core.Component;
import org.boardlab.core.MatchJournal;

/**
 * A scheduled game that was played to its end, with everything the store keeps of it.
 *
 * @param game    the game as scheduled
 * @param score   its result as the standings count it
 * @param journal the referee's journal of the game (from the position after the opening)
 * @param outcome how it ended
 * @param players the registry entries of the first and the second side's players (bundle, version);
 *                an entry is {@code null} for a player that was not loaded
 * @param started when the game started
 * @param ended   when it ended
 */
public record PlayedGame(ScheduledGame game, GameScore score, MatchJournal journal, MatchOutcome outcome,
        List<Component<?>> players, Instant started, Instant ended) {

    public PlayedGame {
        players = java.util.Collections.unmodifiableList(new java.util.ArrayList<>(players));
    }

    /** Every move of the game in notation from the game's normal start: the opening's, then the players'. */
    public List<String> allMoves() {
        List<String> moves = new java.util.ArrayList<>(game.opening());
        outcome.moves().forEach(m -> moves.add(m.notation()));
        return moves;
    }
}
