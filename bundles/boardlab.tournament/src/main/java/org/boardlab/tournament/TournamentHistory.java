package org.boardlab.tournament;

import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The games a tournament had scheduled before this run, and the results of the finished ones: given
 * whole ({@link #of}), or counted at once and read only when first needed ({@link #later}).
 *
 * <p>Why later: a resumed tournament needs none of its finished games to start its next one (the
 * store's queue says which game comes next), and reading them is most of a big tournament's resume
 * (a 100,000-game tournament stopped halfway: 100,000 rows). {@link TournamentRunner} reads them
 * when it first needs them: for the standings, to schedule a next round, to take in results that
 * workers stored, for the SPRT (at once), and at its end.
 */
public final class TournamentHistory {

    /**
     * What is read: every scheduled game, by number, and the result of each finished one.
     *
     * @param games         every scheduled game
     * @param results       the result of each finished one, by number
     * @param finishedSince the numbers of the games finished after the history was counted (by anyone;
     *                      this runner's own included), as far as the log can tell them apart
     */
    public record Read(List<ScheduledGame> games, Map<Integer, GameScore> results, Set<Integer> finishedSince) {

        public Read {
            games = games.stream().sorted(Comparator.comparingInt(ScheduledGame::number)).toList();
            results = Map.copyOf(results);
            finishedSince = Set.copyOf(finishedSince);
        }
    }

    /** A new tournament's: nothing. */
    public static final TournamentHistory NONE = of(List.of(), Map.of());

    private final int scheduled;
    private final int finished;
    private final Supplier<Read> reader;
    private Read read;

    private TournamentHistory(int scheduled, int finished, Supplier<Read> reader, Read read) {
        this.scheduled = scheduled;
        this.finished = finished;
        this.reader = reader;
        this.read = read;
    }

    /** A history given whole. */
    public static TournamentHistory of(List<ScheduledGame> games, Map<Integer, GameScore> results) {
        Read r = new Read(games, results, Set.of());
        return new TournamentHistory(r.games().size(), r.results().size(), null, r);
    }

    /**
     * A history read only when first asked for.
     *
     * @param scheduled how many games were scheduled
     * @param finished  how many of them had a result
     * @param reader    reads every scheduled game and result (called at most once, on the asking thread)
     */
    public static TournamentHistory later(int scheduled, int finished, Supplier<Read> reader) {
        if (finished < 0 || finished > scheduled) {
            throw new IllegalArgumentException(finished + " finished games of " + scheduled + " scheduled");
        }
        return new TournamentHistory(scheduled, finished, reader, null);
    }

    /** Games scheduled when it was counted. */
    public int scheduledCount() {
        return scheduled;
    }

    /** Games with a result when it was counted. */
    public int finishedCount() {
        return finished;
    }

    /** {@code true} once the games are read (or were given whole). */
    public synchronized boolean isRead() {
        return read != null;
    }

    /**
     * Every scheduled game and result, read the first time this is asked (then kept). Read later than
     * counted, it holds the results stored since too.
     */
    public synchronized Read read() {
        if (read == null) {
            read = reader.get();
        }
        return read;
    }

    /** {@link #read()}'s games, by number. */
    public List<ScheduledGame> games() {
        return read().games();
    }

    /** {@link #read()}'s results, by number. */
    public Map<Integer, GameScore> results() {
        return read().results();
    }
}
