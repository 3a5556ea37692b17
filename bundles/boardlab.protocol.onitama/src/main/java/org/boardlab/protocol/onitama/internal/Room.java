package org.boardlab.protocol.onitama.internal;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.WeakHashMap;
import org.boardlab.server.Lobby;
import org.boardlab.server.Table;

/**
 * Seed 001's five PvP tables of one server (one room per lobby, so two servers in one process keep
 * their own), and the scores per name that the seed's server promised but never kept.
 *
 * <p>A table is EMPTY, FREE (one player waits) or PLAYING. A client asking for a PLAYING table
 * waits in line for it, as in the original (where it blocked on the table's lock): when the game
 * ends, the first in line sits down (FREE), the second joins it (PLAYING). Table -1 takes the first
 * FREE table, else the first EMPTY one, else the PLAYING table with the shortest line (the lowest
 * number first).
 */
final class Room {

    /** Tables 0..4. */
    static final int TABLES = 5;

    /** A table's state, with the codes of the original's codes.h (never sent on the wire). */
    enum State {
        EMPTY, FREE, PLAYING
    }

    /** What became of a client that asked for a table. */
    sealed interface Seating {
    }

    /** Sitting alone at {@code table}: told {@code 1}. */
    record Alone(int table) implements Seating {
    }

    /** Joining {@code first} at {@code table}: the game starts. */
    record Join(int table, OnitamaSession first) implements Seating {
    }

    /** In line for {@code table}, which is PLAYING: told nothing until a seat is free. */
    record InLine(int table) implements Seating {
    }

    private static final Map<Lobby, Room> ROOMS = Collections.synchronizedMap(new WeakHashMap<>());

    private final OnitamaSession[] first = new OnitamaSession[TABLES];
    private final boolean[] playing = new boolean[TABLES];
    private final Table[] games = new Table[TABLES];
    private final java.util.LinkedHashSet<Long> recorded = new java.util.LinkedHashSet<>();
    @SuppressWarnings("unchecked")
    private final Deque<OnitamaSession>[] lines = new Deque[TABLES];
    private final Map<String, Score> scores = new TreeMap<>();

    /** A name's games: won, lost, drawn (a game ended without a winner). */
    record Score(int won, int lost, int drawn) {
        Score plus(int w, int l, int d) {
            return new Score(won + w, lost + l, drawn + d);
        }
    }

    private Room() {
        for (int i = 0; i < TABLES; i++) {
            lines[i] = new ArrayDeque<>();
        }
    }

    /** The room of the server whose lobby is {@code lobby}. */
    static Room of(Lobby lobby) {
        return ROOMS.computeIfAbsent(lobby, l -> new Room());
    }

    /** The room of {@code lobby}'s server if it has one yet, for views. */
    static Room find(Lobby lobby) {
        return ROOMS.get(lobby);
    }

    /**
     * Seats {@code session} at {@code table} (-1 for any).
     *
     * @throws IllegalArgumentException if {@code table} is not -1..4
     */
    synchronized Seating sit(OnitamaSession session, int table) {
        int t = table == -1 ? anyTable() : table;
        if (t < 0 || t >= TABLES) {
            throw new IllegalArgumentException("tables are -1 (any) and 0..4, not " + table);
        }
        return seat(session, t);
    }

    private Seating seat(OnitamaSession session, int t) {
        if (playing[t]) {
            lines[t].addLast(session);
            return new InLine(t);
        }
        if (first[t] == null) {
            first[t] = session;
            return new Alone(t);
        }
        OnitamaSession waiting = first[t];
        first[t] = null;
        playing[t] = true;
        return new Join(t, waiting);
    }

    private int anyTable() {
        for (int t = 0; t < TABLES; t++) {
            if (!playing[t] && first[t] != null) {
                return t;
            }
        }
        for (int t = 0; t < TABLES; t++) {
            if (!playing[t]) {
                return t;
            }
        }
        int best = 0;
        for (int t = 1; t < TABLES; t++) {
            if (lines[t].size() < lines[best].size()) {
                best = t;
            }
        }
        return best;
    }

    /**
     * {@code session} leaves (it disconnected, or its game could not start): if it waited alone, the
     * table is EMPTY again (and the line moves up); if it was in a line, it leaves the line.
     *
     * @return who to seat now, in order, as {@link #ended} says
     */
    synchronized List<Object[]> leave(OnitamaSession session) {
        for (int t = 0; t < TABLES; t++) {
            lines[t].remove(session);
            if (first[t] == session) {
                first[t] = null;
                return moveUp(t);
            }
        }
        return List.of();
    }

    /** The game {@code game} started at table {@code t}. */
    synchronized void started(int t, Table game) {
        games[t] = game;
    }

    /**
     * The game {@code game} at table {@code t} ended (or one of its players left it): the table is
     * EMPTY, and the first two in its line sit down. Only the first call for a game counts.
     *
     * @return the seatings of the line, as pairs {session, Seating}, to be told in order
     */
    synchronized List<Object[]> finished(int t, Table game) {
        if (t < 0 || games[t] != game) {
            return List.of();
        }
        games[t] = null;
        playing[t] = false;
        return moveUp(t);
    }

    /** The game at table {@code t} could not start (the waiting player left at that moment). */
    synchronized List<Object[]> abort(int t) {
        games[t] = null;
        playing[t] = false;
        return moveUp(t);
    }

    /** Tells each session where it now sits, in order, each on its own event loop. */
    static void tell(List<Object[]> seatings) {
        for (Object[] pair : seatings) {
            ((OnitamaSession) pair[0]).seatedLater((Seating) pair[1]);
        }
    }

    private List<Object[]> moveUp(int t) {
        List<Object[]> seated = new ArrayList<>();
        while (!playing[t] && !lines[t].isEmpty()) {
            OnitamaSession next = lines[t].pollFirst();
            seated.add(new Object[] {next, seat(next, t)});
        }
        return seated;
    }

    /** The state of table {@code t}. */
    synchronized State state(int t) {
        return playing[t] ? State.PLAYING : first[t] != null ? State.FREE : State.EMPTY;
    }

    /** How many wait in line for table {@code t}. */
    synchronized int inLine(int t) {
        return lines[t].size();
    }

    /** Adds a finished game to the scores; only the first report of a game counts. */
    synchronized void record(Table game, String winner, String loser, boolean drawn) {
        if (!recorded.add(game.id())) {
            return;
        }
        if (recorded.size() > 4096) {
            recorded.remove(recorded.iterator().next());
        }
        if (drawn) {
            scores.merge(winner, new Score(0, 0, 1), (a, b) -> a.plus(0, 0, 1));
            scores.merge(loser, new Score(0, 0, 1), (a, b) -> a.plus(0, 0, 1));
        } else {
            scores.merge(winner, new Score(1, 0, 0), (a, b) -> a.plus(1, 0, 0));
            scores.merge(loser, new Score(0, 1, 0), (a, b) -> a.plus(0, 1, 0));
        }
    }

    /** The scores by name. */
    synchronized Map<String, Score> scores() {
        return Map.copyOf(scores);
    }

    /** One line per table and one for the scores, for the server view and the log. */
    synchronized List<String> describe() {
        List<String> lines = new ArrayList<>();
        for (int t = 0; t < TABLES; t++) {
            String who = switch (state(t)) {
                case EMPTY -> "";
                case FREE -> ": " + first[t].displayName() + " waits";
                case PLAYING -> games[t] == null ? "" : ": " + String.join(" (blue) vs ", games[t].names()) + " (red)";
            };
            int line = this.lines[t].size();
            lines.add("table " + t + " " + state(t) + who + (line > 0 ? " (" + line + " in line)" : ""));
        }
        if (!scores.isEmpty()) {
            StringBuilder sb = new StringBuilder("scores (won-lost-drawn):");
            scores.forEach((name, s) -> sb.append(' ').append(name).append(' ').append(s.won()).append('-')
                    .append(s.lost()).append('-').append(s.drawn()).append(';'));
            lines.add(sb.substring(0, sb.length() - 1));
        }
        return lines;
    }

    /** What {@link #describe()} says of a room nobody has used yet. */
    static List<String> emptyDescription() {
        List<String> lines = new ArrayList<>();
        for (int t = 0; t < TABLES; t++) {
            lines.add("table " + t + " EMPTY");
        }
        return lines;
    }
}
