package org.boardlab.core;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.boardlab.api.Game;
import org.boardlab.api.GameOptions;
import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.api.Side;
import org.boardlab.api.event.MatchOutcome;

/**
 * The one history of a game of a match: its start position and options, every move with its times
 * and the clocks after it, whose turn it is, and how the game ended (forfeits included). Only the
 * {@link Referee} writes it; everything else (the server's tables, the Match view, the CLI, the
 * inspector, records) reads it, so no other copy of a game's history is kept anywhere.
 *
 * <p>Two ways to read it, both safe from any thread:
 * <ul>
 * <li>{@link #snapshot()}: an immutable picture of the game as it stands (moves, positions, turn,
 * outcome); cheap (the entries are shared, not copied);</li>
 * <li>{@link #follow(int, Follower)}: "follow from ply n": the follower is given every move after
 * position {@code n} that is already written, then each new one as the referee writes it, then the
 * end; nothing is missed and nothing comes twice, however the calls interleave.</li>
 * </ul>
 *
 * <p>A match of several games has one journal per game ({@link Match#journal()} is the current
 * one; {@link Referee#journal(long)} finds it by match id while the match runs).
 */
public final class MatchJournal {

    /**
     * How long one move took, split as seed 004's Game Master and the inspector want it. All times
     * are in nanoseconds; a part that is not known is {@code -1}.
     *
     * @param elapsedNanos  the referee's clock for this move: from asking the side to accepting its
     *                      answer (what the side is charged)
     * @param networkNanos  for a move that came over the network: from the request leaving the
     *                      referee for the player's connection to the move arriving back (this
     *                      includes the client's own thinking, which no protocol reports); {@code -1}
     *                      for a player inside boardlab and for a person at a board of this process
     * @param thinkingNanos for a player inside boardlab, the time spent in its
     *                      {@link org.boardlab.api.Player#chooseMove}; for a player in a process of its
     *                      own (a player host, an engine), the thinking time its host measured there;
     *                      for a person at a board of this process ({@link PersonPlayer}), from asking
     *                      to the move; {@code -1} when not known (a network client)
     * @param hostNanos     for a player in a process of its own: the host's overhead, from the request
     *                      leaving boardlab to the answer arriving back, less the thinking (the pipe,
     *                      encoding, the host's own threads); {@code -1} for every other player
     */
    public record MoveTimes(long elapsedNanos, long networkNanos, long thinkingNanos, long hostNanos) {

        /** A move's times with no host part: a player inside boardlab, a network client, a person. */
        public MoveTimes(long elapsedNanos, long networkNanos, long thinkingNanos) {
            this(elapsedNanos, networkNanos, thinkingNanos, -1);
        }

        /** What is left once the known parts are taken away: queueing, hand-overs between threads, GC. */
        public long restNanos() {
            return Math.max(0, elapsedNanos - Math.max(0, networkNanos) - Math.max(0, thinkingNanos)
                    - Math.max(0, hostNanos));
        }
    }

    /**
     * One move of the game.
     *
     * <p>Its position ({@link #after()}) is not kept for every move: a journal keeps the position after
     * every {@value MatchJournal#KEPT_EVERY}th move and the one after the last move, and an entry
     * without one replays the moves since the nearest kept position when asked (at most
     * {@value MatchJournal#KEPT_EVERY} - 1 moves). A server holds thousands of games for minutes;
     * keeping a position for each of their moves made most of what its collector copied on every
     * pause (10,000 Gomoku clients: 473 bytes a move kept, 360 of them the position, 150 MB in all),
     * while the
     * positions of past moves are asked for only by the Match view and the inspector, a few at a time.
     * An entry is equal to another with the same fields, its position included, like a record.
     */
    public static final class Entry {

        private final int ply;
        private final Side side;
        private final Move move;
        /** The position after this move, or {@code null} when {@link #journal} replays it. */
        private final GameState after;
        private final MatchJournal journal;
        private final long timeMicros;
        // the move's times, not a MoveTimes object: one object less per move kept
        private final long elapsedNanos;
        private final long networkNanos;
        private final long thinkingNanos;
        private final long hostNanos;
        private final long firstClock;
        private final long secondClock;
        private final boolean forced;

        /**
         * A move with its position.
         *
         * @param ply         the position's ply after this move (the first move is ply 1)
         * @param side        the side that moved
         * @param move        the move
         * @param after       the position after it
         * @param timeMicros  when the referee applied it, in microseconds since 1970 (the unit of every
         *                    event and of the wire tap's frames)
         * @param times       how long it took
         * @param firstClock  the first side's total thinking time after this move, in nanoseconds
         * @param secondClock the second side's total thinking time after this move, in nanoseconds
         * @param forced      {@code true} when the referee played it for the side (its only move, such
         *                    as a pass), without asking
         */
        public Entry(int ply, Side side, Move move, GameState after, long timeMicros, MoveTimes times,
                long firstClock, long secondClock, boolean forced) {
            this(ply, side, move, Objects.requireNonNull(after, "after"), null, timeMicros, times, firstClock,
                    secondClock, forced);
        }

        private Entry(int ply, Side side, Move move, GameState after, MatchJournal journal, long timeMicros,
                MoveTimes times, long firstClock, long secondClock, boolean forced) {
            this.ply = ply;
            this.side = side;
            this.move = move;
            this.after = after;
            this.journal = journal;
            this.timeMicros = timeMicros;
            this.elapsedNanos = times.elapsedNanos();
            this.networkNanos = times.networkNanos();
            this.thinkingNanos = times.thinkingNanos();
            this.hostNanos = times.hostNanos();
            this.firstClock = firstClock;
            this.secondClock = secondClock;
            this.forced = forced;
        }

        /** This entry without its position, which {@code journal} replays when asked. */
        Entry replayedBy(MatchJournal journal) {
            return new Entry(ply, side, move, null, journal, timeMicros, times(), firstClock, secondClock, forced);
        }

        /** {@code true} when this entry holds its position (it is not replayed). */
        boolean holdsPosition() {
            return after != null;
        }

        /** The position's ply after this move (the first move is ply 1). */
        public int ply() {
            return ply;
        }

        /** The side that moved. */
        public Side side() {
            return side;
        }

        public Move move() {
            return move;
        }

        /** The position after this move (replayed from the nearest kept position if not kept). */
        public GameState after() {
            return after != null ? after : journal.positionAfter(ply);
        }

        /** When the referee applied it, in microseconds since 1970. */
        public long timeMicros() {
            return timeMicros;
        }

        /** How long it took. */
        public MoveTimes times() {
            return new MoveTimes(elapsedNanos, networkNanos, thinkingNanos, hostNanos);
        }

        /** The first side's total thinking time after this move, in nanoseconds. */
        public long firstClock() {
            return firstClock;
        }

        /** The second side's total thinking time after this move, in nanoseconds. */
        public long secondClock() {
            return secondClock;
        }

        /** {@code true} when the referee played it for the side (its only move), without asking. */
        public boolean forced() {
            return forced;
        }

        /** {@code side}'s total thinking time after this move, in nanoseconds. */
        public long clockNanos(Side of) {
            return of == Side.FIRST ? firstClock : secondClock;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Entry e && ply == e.ply && side == e.side && Objects.equals(move, e.move)
                    && timeMicros == e.timeMicros && elapsedNanos == e.elapsedNanos && networkNanos == e.networkNanos
                    && thinkingNanos == e.thinkingNanos && hostNanos == e.hostNanos && firstClock == e.firstClock
                    && secondClock == e.secondClock && forced == e.forced && Objects.equals(after(), e.after());
        }

        @Override
        public int hashCode() {
            return Objects.hash(ply, side, move, timeMicros, elapsedNanos, networkNanos, thinkingNanos, hostNanos, firstClock,
                    secondClock, forced);
        }

        @Override
        public String toString() {
            return "Entry[ply=" + ply + ", side=" + side + ", move=" + move + ", timeMicros=" + timeMicros + ", times="
                    + times() + ", firstClock=" + firstClock + ", secondClock=" + secondClock + ", forced=" + forced + "]";
        }
    }

    /**
     * The side being asked for a move now.
     *
     * @param ply           the ply of the position it moves in
     * @param side          the side to move
     * @param askedMicros   when it was asked, in microseconds since 1970
     * @param deadlineNanos its deadline on the {@link System#nanoTime()} clock
     */
    public record Turn(int ply, Side side, long askedMicros, long deadlineNanos) {
    }

    /**
     * The game as it stood at one moment. Immutable.
     *
     * @param start   the start position
     * @param entries every move so far, in order ({@code entries.get(k)} is ply {@code k + 1})
     * @param turn    the side being asked now, or {@code null} (between moves, or over)
     * @param outcome how the game ended, or {@code null} while it goes on
     */
    public record Snapshot(GameState start, List<Entry> entries, Turn turn, MatchOutcome outcome) {

        /** The position now. */
        public GameState state() {
            return entries.isEmpty() ? start : entries.get(entries.size() - 1).after();
        }

        /** How many moves have been played. */
        public int ply() {
            return entries.size();
        }

        /** The moves so far, oldest first. */
        public List<Move> moves() {
            List<Move> moves = new ArrayList<>(entries.size());
            for (Entry e : entries) {
                moves.add(e.move());
            }
            return List.copyOf(moves);
        }

        /**
         * The position after {@code ply} moves (0: the start).
         *
         * @throws IndexOutOfBoundsException if fewer moves were played
         */
        public GameState positionAt(int ply) {
            if (ply < 0 || ply > entries.size()) {
                throw new IndexOutOfBoundsException("ply " + ply + " of a game at ply " + entries.size());
            }
            return ply == 0 ? start : entries.get(ply - 1).after();
        }

        /**
         * The ply of the position on the board at {@code timeMicros} (microseconds since 1970): the
         * number of moves applied by then. The inspector uses it to show the board as it was when a
         * frame passed.
         */
        public int plyAt(long timeMicros) {
            int lo = 0;
            int hi = entries.size();
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (entries.get(mid).timeMicros() <= timeMicros) {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            return lo;
        }

        /** {@code true} once the game has ended. */
        public boolean isOver() {
            return outcome != null;
        }
    }

    /**
     * Follows a journal (see {@link MatchJournal#follow}). Called with the journal's lock held, on
     * the referee's thread or the caller of {@code follow}: return quickly, do not block, and do not
     * wait for another thread that reads this journal.
     */
    public interface Follower {

        /** A move, in order, from the ply asked for. */
        void moved(Entry entry);

        /** A side is asked for a move (only the current turn is given, not past ones). */
        default void turn(Turn turn) {
        }

        /** The game ended; nothing follows. */
        default void ended(MatchOutcome outcome) {
        }
    }

    private final long matchId;
    private final int gameNumber;
    private final GameOptions options;
    private final GameState start;
    private final List<String> players;
    private final Duration timePerMove;
    /**
     * Every {@code KEPT_EVERY}th move's entry holds its position; the others replay it from the
     * nearest one that does (see {@link Entry}).
     */
    static final int KEPT_EVERY = 16;

    /**
     * Grows only; its prefix is shared with snapshots (guarded by this). The last move's entry is
     * the one the referee wrote, with its position; when the next move is written it is replaced by
     * one without (unless it is a {@link #KEPT_EVERY}th), so an entry followers or snapshots were
     * given keeps its position.
     */
    private final ArrayList<Entry> entries = new ArrayList<>();
    /** The last position replayed by {@link #positionAfter} and its ply, or {@code null}. */
    private GameState replayed;
    private int replayedPly = -1;
    private final CopyOnWriteArrayList<Following> followers = new CopyOnWriteArrayList<>();

    /** A follower and the ply it follows from. */
    private record Following(int fromPly, Follower follower) {
    }
    private volatile Snapshot last;
    private Turn turn;
    private MatchOutcome outcome;

    /**
     * A journal for one game; the referee writes it.
     *
     * @param matchId     the match's id
     * @param gameNumber  the game's number in the match, from 1
     * @param options     the options the start position was made with
     * @param start       the start position
     * @param players     the players' names, first side first
     * @param timePerMove the time per move
     */
    MatchJournal(long matchId, int gameNumber, GameOptions options, GameState start, List<String> players,
            Duration timePerMove) {
        this.matchId = matchId;
        this.gameNumber = gameNumber;
        this.options = options;
        this.start = start;
        this.players = List.copyOf(players);
        this.timePerMove = timePerMove;
        this.last = new Snapshot(start, List.of(), null, null);
        this.startedMicros = System.currentTimeMillis() * 1000;
    }

    private final long startedMicros;

    /** When the game started (the journal was made), in microseconds since 1970. */
    public long startedMicros() {
        return startedMicros;
    }

    public long matchId() {
        return matchId;
    }

    /** The game's number in its match, from 1. */
    public int gameNumber() {
        return gameNumber;
    }

    public Game game() {
        return start.game();
    }

    /** The options the start position was made with. */
    public GameOptions options() {
        return options;
    }

    /** The start position. */
    public GameState start() {
        return start;
    }

    /** The players' names, first side first. */
    public List<String> players() {
        return players;
    }

    public Duration timePerMove() {
        return timePerMove;
    }

    /** The game as it stands now; never {@code null}. */
    public Snapshot snapshot() {
        Snapshot s = last;
        if (s != null) {
            return s;
        }
        synchronized (this) {
            s = new Snapshot(start, List.copyOf(entries), turn, outcome);
            last = s;
            return s;
        }
    }

    /** The position now. */
    public GameState state() {
        return snapshot().state();
    }

    /** How many moves have been played. */
    public int ply() {
        return snapshot().ply();
    }

    /** How the game ended, once it has. */
    public Optional<MatchOutcome> outcome() {
        return Optional.ofNullable(snapshot().outcome());
    }

    /** {@code true} once the game has ended. */
    public boolean isOver() {
        return snapshot().isOver();
    }

    /**
     * Follows the game from position {@code fromPly} on: {@code follower} is given at once (on this
     * thread) every move after that position already written, the turn being played now, or the end
     * if the game is over; then every new move, turn and the end as the referee writes them.
     *
     * @param fromPly the ply the reader already has (0: from the first move)
     * @return closing it stops the following; a follower is let go by itself once the game ended
     */
    public synchronized Subscription follow(int fromPly, Follower follower) {
        for (int i = Math.max(0, fromPly); i < entries.size(); i++) {
            follower.moved(entries.get(i));
        }
        if (outcome != null) {
            follower.ended(outcome);
            return () -> { };
        }
        if (turn != null && turn.ply() >= fromPly) {
            follower.turn(turn);
        }
        Following following = new Following(fromPly, follower);
        followers.add(following);
        return () -> followers.remove(following);
    }

    /**
     * The position after {@code ply} moves, replayed from the nearest kept position before it (or the
     * start); the last one replayed is remembered, so reading a game's moves in order replays each
     * once.
     */
    synchronized GameState positionAfter(int ply) {
        if (ply == 0) {
            return start;
        }
        Entry at = entries.get(ply - 1);
        if (at.holdsPosition()) {
            return at.after();
        }
        int from = ply - ply % KEPT_EVERY;
        GameState position = from == 0 ? start : entries.get(from - 1).after();
        if (replayed != null && replayedPly > from && replayedPly <= ply) {
            from = replayedPly;
            position = replayed;
        }
        for (int p = from + 1; p <= ply; p++) {
            Entry e = entries.get(p - 1);
            position = e.holdsPosition() ? e.after() : position.apply(e.move());
        }
        replayed = position;
        replayedPly = ply;
        return position;
    }

    // ---- written by the referee only ----

    synchronized void asked(Turn asked) {
        turn = asked;
        last = null;
        for (Following f : followers) {
            if (asked.ply() >= f.fromPly()) {
                f.follower().turn(asked);
            }
        }
    }

    synchronized Entry moved(Side side, Move move, GameState after, long timeMicros, MoveTimes times, long[] clocks,
            boolean forced) {
        Entry entry = new Entry(entries.size() + 1, side, move, after, timeMicros, times, clocks[0], clocks[1], forced);
        // the entry before this one gives up its position now (unless it is a kept one): replacing it
        // here, not at once, keeps the current position at hand for the referee and the view
        int previous = entries.size() - 1;
        if (previous >= 0 && entries.get(previous).ply() % KEPT_EVERY != 0 && entries.get(previous).holdsPosition()) {
            entries.set(previous, entries.get(previous).replayedBy(this));
        }
        entries.add(entry);
        turn = null;
        last = null;
        for (Following f : followers) {
            if (entry.ply() > f.fromPly()) {
                f.follower().moved(entry);
            }
        }
        return entry;
    }

    synchronized void ended(MatchOutcome how) {
        if (outcome != null) {
            return;
        }
        outcome = how;
        turn = null;
        last = null;
        for (Following f : followers) {
            f.follower().ended(how);
        }
        followers.clear();
    }

    @Override
    public String toString() {
        Snapshot s = snapshot();
        return "journal of match " + matchId + " game " + gameNumber + " (" + game().id() + ", ply " + s.ply()
                + (s.isOver() ? ", over" : "") + ")";
    }
}
