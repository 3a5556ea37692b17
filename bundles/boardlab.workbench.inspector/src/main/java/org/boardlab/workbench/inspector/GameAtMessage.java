package org.boardlab.workbench.inspector;

import java.util.LinkedHashMap;
import java.util.Map;
import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.api.event.MatchEvent;
import org.boardlab.core.MatchJournal;
import org.boardlab.core.Referee;
import org.boardlab.workbench.TimeSplit;

/**
 * Where a frame stands in its game: the position on the board when the frame passed, and the time
 * split of the move played around it, read from the game's {@link MatchJournal}. The inspector keeps
 * the journals of the last {@value #KEEP} games that started while it listened (a game's journal
 * holds its positions; the referee lets it go when the game ends).
 *
 * <p>{@link #started} is called on the publisher's thread; {@link #at} on any thread.
 */
final class GameAtMessage {

    /** How many games' journals are kept. */
    static final int KEEP = 256;

    /**
     * A frame's place in its game.
     *
     * @param journal  the game's journal
     * @param ply      how many moves had been applied when the frame passed
     * @param position the position on the board then
     * @param lastMove the move that led to it, or {@code null} at the start
     * @param text     in words: the position, and the move being played then with its time split
     */
    record At(MatchJournal journal, int ply, GameState position, Move lastMove, String text) {
    }

    private final Referee referee;
    private final Map<Long, MatchJournal> journals = new LinkedHashMap<>(16, 0.75f, false) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Long, MatchJournal> eldest) {
            return size() > KEEP;
        }
    };

    GameAtMessage(Referee referee) {
        this.referee = referee;
    }

    /** A game started: keeps its journal (a restarted game's replaces the aborted one's). */
    void started(MatchEvent.Started event) {
        referee.journal(event.matchId()).ifPresent(this::keep);
    }

    /** Keeps {@code journal} as its match's. */
    synchronized void keep(MatchJournal journal) {
        journals.put(journal.matchId(), journal);
    }

    /** Forgets every journal (the inspector was cleared). */
    synchronized void clear() {
        journals.clear();
    }

    private synchronized MatchJournal journal(long matchId) {
        MatchJournal j = journals.get(matchId);
        if (j == null) {
            j = referee.journal(matchId).orElse(null);
            if (j != null) {
                journals.put(matchId, j);
            }
        }
        return j;
    }

    /**
     * Where a frame of match {@code matchId} at {@code timeMicros} stands.
     *
     * @return {@code null} when the frame is outside a game ({@code matchId} 0); an {@link At} with no
     *         journal (and the reason as its text) when the game's journal is not kept
     */
    At at(long matchId, long timeMicros) {
        if (matchId == 0) {
            return null;
        }
        MatchJournal j = journal(matchId);
        if (j == null) {
            return new At(null, 0, null, null, "match " + matchId + ": its game is not kept (the inspector keeps the journals of the last "
                    + KEEP + " games that started while it was open)");
        }
        MatchJournal.Snapshot s = j.snapshot();
        int ply = s.plyAt(timeMicros);
        MatchJournal.Entry last = ply == 0 ? null : s.entries().get(ply - 1);
        StringBuilder text = new StringBuilder("match ").append(matchId).append(" (").append(j.game().id()).append("): ");
        text.append(ply == 0 ? "the start position" : "after move " + ply + " (" + describe(j, last) + ")");
        if (ply < s.ply()) {
            MatchJournal.Entry next = s.entries().get(ply);
            text.append("\nmove ").append(next.ply()).append(": ").append(describe(j, next));
        } else if (s.isOver()) {
            text.append("\nthe game is over: ").append(s.outcome().detail());
        }
        return new At(j, ply, s.positionAt(ply), last == null ? null : last.move(), text.toString());
    }

    private static String describe(MatchJournal j, MatchJournal.Entry e) {
        String split = TimeSplit.of(e);
        return e.move().notation() + " by " + j.game().sideName(e.side()) + (split.isEmpty() ? "" : ", " + split);
    }
}
