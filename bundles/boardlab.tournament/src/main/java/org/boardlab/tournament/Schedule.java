package org.boardlab.tournament;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.boardlab.api.Game;

/**
 * Which games a tournament plays, round by round. Pure and deterministic: the same settings and the
 * same results give the same games with the same numbers, so a resumed tournament schedules exactly
 * what the interrupted one would have.
 *
 * <p>Every pairing plays {@code gamesPerPair} games; game k of a pairing (from 0) gives the first side
 * to its first-named player when k is even and to the other when k is odd, and games 2m and 2m+1
 * start from the same opening.
 *
 * <ul>
 * <li><b>Round-robin</b>: everybody meets everybody once per cycle ({@code rounds} cycles), in the
 * rounds of Berger's circle method; a cycle's pairings name their players the other way round from the
 * cycle before, so with an odd number of games per pair the colours even out over two cycles.</li>
 * <li><b>Gauntlet</b>: the first player meets each of the others once per cycle.</li>
 * <li><b>Swiss</b>: {@code rounds} rounds. Before each round players are ranked by points (then by
 * their place in {@code --players}); from the top, each is paired with the highest-ranked player it
 * has not met yet, backtracking when the rest cannot be paired; only when no pairing without a repeat
 * exists are repeats allowed. With an odd number of players the lowest-ranked player who has not had
 * a bye sits the round out and scores the pairing's points as won (a bye: FIDE's rule for a pairing
 * bye). With an odd number of games per pair the player who has had the first side less often gets
 * it.</li>
 * <li><b>Knockout</b>: a bracket seeded in the order of {@code --players} (1 meets the last seed, as
 * usual; seeds beyond the field are byes for the top seeds). The pairing's winner has more points;
 * a tie plays two more games (one each side, a new opening), up to three times; still tied, the
 * higher seed goes through. {@code --rounds} is not used.</li>
 * </ul>
 */
public final class Schedule {

    /** The most extra pairs of games a tied knockout pairing plays. */
    public static final int KNOCKOUT_TIEBREAKS = 3;

    private final TournamentSettings settings;
    private final Openings openings;
    private final Game game;

    public Schedule(TournamentSettings settings, Openings openings, Game game) {
        this.settings = settings;
        this.openings = openings;
        this.game = game;
    }

    /**
     * The games to play next, once every game scheduled so far has a result; empty when the tournament
     * is over.
     *
     * @param scheduled every game scheduled so far, by number
     * @param results   the result of each, by number
     * @throws IllegalStateException if a scheduled game has no result yet
     */
    public List<ScheduledGame> next(List<ScheduledGame> scheduled, Map<Integer, GameScore> results) {
        for (ScheduledGame g : scheduled) {
            if (!results.containsKey(g.number())) {
                throw new IllegalStateException("game " + g.number() + " is not finished yet");
            }
        }
        Emitter out = new Emitter(scheduled);
        switch (settings.format()) {
            case ROUND_ROBIN -> {
                if (scheduled.isEmpty()) {
                    roundRobin(out);
                }
            }
            case GAUNTLET -> {
                if (scheduled.isEmpty()) {
                    gauntlet(out);
                }
            }
            case SWISS -> swiss(out, scheduled, results);
            case KNOCKOUT -> knockout(out, scheduled, results);
        }
        return out.games;
    }

    private void roundRobin(Emitter out) {
        List<String> players = new ArrayList<>(settings.players());
        if (players.size() % 2 == 1) {
            players.add(null);
        }
        int n = players.size();
        int round = 0;
        for (int cycle = 0; cycle < settings.rounds(); cycle++) {
            for (int r = 0; r < n - 1; r++) {
                round++;
                // the circle method: player 0 stays, the others turn one place each round
                List<String> circle = new ArrayList<>(n);
                circle.add(players.get(0));
                for (int i = 0; i < n - 1; i++) {
                    circle.add(players.get(1 + Math.floorMod(i - r, n - 1)));
                }
                int pairing = 0;
                for (int i = 0; i < n / 2; i++) {
                    String a = circle.get(i);
                    String b = circle.get(n - 1 - i);
                    if (a == null || b == null) {
                        continue;
                    }
                    boolean swap = (i == 0 ? r % 2 == 1 : i % 2 == 1) ^ (cycle % 2 == 1);
                    out.pairing(round, ++pairing, swap ? b : a, swap ? a : b, settings.gamesPerPair());
                }
            }
        }
    }

    private void gauntlet(Emitter out) {
        List<String> players = settings.players();
        int round = 0;
        for (int cycle = 0; cycle < settings.rounds(); cycle++) {
            for (int j = 1; j < players.size(); j++) {
                round++;
                boolean swap = cycle % 2 == 1;
                out.pairing(round, 1, swap ? players.get(j) : players.get(0), swap ? players.get(0) : players.get(j),
                        settings.gamesPerPair());
            }
        }
    }

    // --- Swiss -------------------------------------------------------------------------------------

    private void swiss(Emitter out, List<ScheduledGame> scheduled, Map<Integer, GameScore> results) {
        int played = scheduled.stream().mapToInt(ScheduledGame::round).max().orElse(0);
        if (played >= settings.rounds()) {
            return;
        }
        List<String> players = settings.players();
        Map<String, Double> points = new HashMap<>();
        Map<String, Integer> firsts = new HashMap<>();
        Set<String> met = new HashSet<>();
        for (String p : players) {
            points.put(p, 0.0);
            firsts.put(p, 0);
        }
        for (ScheduledGame g : scheduled) {
            GameScore s = results.get(g.number());
            points.merge(g.first(), s.firstPoints(), Double::sum);
            points.merge(g.second(), 1 - s.firstPoints(), Double::sum);
            firsts.merge(g.first(), 1, Integer::sum);
            met.add(key(g.first(), g.second()));
        }
        Set<String> hadBye = new HashSet<>();
        for (int r = 1; r <= played; r++) {
            for (String bye : byes(scheduled, r)) {
                hadBye.add(bye);
                points.merge(bye, (double) settings.gamesPerPair(), Double::sum);
            }
        }
        List<String> ranked = new ArrayList<>(players);
        ranked.sort(Comparator.comparingDouble((String p) -> -points.get(p)).thenComparingInt(players::indexOf));
        if (ranked.size() % 2 == 1) {
            String bye = null;
            for (int i = ranked.size() - 1; i >= 0; i--) {
                if (!hadBye.contains(ranked.get(i))) {
                    bye = ranked.get(i);
                    break;
                }
            }
            ranked.remove(bye == null ? ranked.get(ranked.size() - 1) : bye);
        }
        List<String[]> pairs = pairUp(ranked, met, false);
        if (pairs == null) {
            pairs = pairUp(ranked, met, true);
        }
        int round = played + 1;
        int pairing = 0;
        for (String[] p : pairs) {
            String a = p[0];
            String b = p[1];
            if (settings.gamesPerPair() % 2 == 1) {
                int fa = firsts.get(a);
                int fb = firsts.get(b);
                if (fb < fa || (fb == fa && round % 2 == 0)) {
                    String t = a;
                    a = b;
                    b = t;
                }
            }
            out.pairing(round, ++pairing, a, b, settings.gamesPerPair());
        }
    }

    /** The players who sat round {@code round} of a Swiss tournament out (had a bye). */
    public List<String> byes(List<ScheduledGame> scheduled, int round) {
        if (settings.format() != Format.SWISS) {
            return List.of();
        }
        Set<String> playing = new HashSet<>();
        boolean any = false;
        for (ScheduledGame g : scheduled) {
            if (g.round() == round) {
                any = true;
                playing.add(g.first());
                playing.add(g.second());
            }
        }
        if (!any) {
            return List.of();
        }
        return settings.players().stream().filter(p -> !playing.contains(p)).toList();
    }

    private static final int BUDGET = 200_000;

    /** Pairs {@code ranked} from the top, backtracking; {@code null} if it cannot be done without repeats. */
    private static List<String[]> pairUp(List<String> ranked, Set<String> met, boolean repeatsAllowed) {
        List<String[]> out = new ArrayList<>();
        int[] budget = {BUDGET};
        return pairUp(new ArrayList<>(ranked), met, repeatsAllowed, out, budget) ? out : null;
    }

    private static boolean pairUp(List<String> left, Set<String> met, boolean repeatsAllowed, List<String[]> out, int[] budget) {
        if (left.isEmpty()) {
            return true;
        }
        if (--budget[0] < 0) {
            return false;
        }
        String a = left.get(0);
        for (int i = 1; i < left.size(); i++) {
            String b = left.get(i);
            if (!repeatsAllowed && met.contains(key(a, b))) {
                continue;
            }
            List<String> rest = new ArrayList<>(left);
            rest.remove(i);
            rest.remove(0);
            out.add(new String[] {a, b});
            if (pairUp(rest, met, repeatsAllowed, out, budget)) {
                return true;
            }
            out.remove(out.size() - 1);
            if (repeatsAllowed) {
                return false; // the first choice always works when repeats are allowed
            }
        }
        return false;
    }

    private static String key(String a, String b) {
        return a.compareTo(b) < 0 ? a + "\u0000" + b : b + "\u0000" + a;
    }

    // --- knockout ----------------------------------------------------------------------------------

    /** The seed numbers (from 1) in bracket order for a bracket of {@code size} (a power of two). */
    static List<Integer> bracket(int size) {
        List<Integer> order = new ArrayList<>(List.of(1));
        while (order.size() < size) {
            int n = order.size() * 2;
            List<Integer> next = new ArrayList<>(n);
            for (int s : order) {
                next.add(s);
                next.add(n + 1 - s);
            }
            order = next;
        }
        return order;
    }

    /**
     * A knockout tournament as it stands: each round's pairings, which are decided and by whom.
     *
     * @param rounds  each round's slots (player ids in bracket order; {@code null} for an empty slot)
     * @param winner  the champion, or {@code null} while it goes on
     */
    public record Bracket(List<List<String>> rounds, String winner) {
    }

    /** The bracket as far as the results decide it. */
    public Bracket bracket(List<ScheduledGame> scheduled, Map<Integer, GameScore> results) {
        List<List<String>> rounds = new ArrayList<>();
        String winner = walk(scheduled, results, null, rounds);
        return new Bracket(rounds, winner);
    }

    private void knockout(Emitter out, List<ScheduledGame> scheduled, Map<Integer, GameScore> results) {
        walk(scheduled, results, out, new ArrayList<>());
    }

    /** Walks the bracket round by round; schedules (into {@code out}) what the first undecided round needs. */
    private String walk(List<ScheduledGame> scheduled, Map<Integer, GameScore> results, Emitter out, List<List<String>> rounds) {
        List<String> players = settings.players();
        int size = Integer.highestOneBit(players.size() - 1) * 2;
        List<String> slots = new ArrayList<>();
        for (int seed : bracket(size)) {
            slots.add(seed <= players.size() ? players.get(seed - 1) : null);
        }
        Map<String, List<ScheduledGame>> byPairing = new LinkedHashMap<>();
        for (ScheduledGame g : scheduled) {
            byPairing.computeIfAbsent(g.round() + "/" + g.pairing(), k -> new ArrayList<>()).add(g);
        }
        int round = 0;
        while (slots.size() > 1) {
            round++;
            rounds.add(java.util.Collections.unmodifiableList(new ArrayList<>(slots)));
            List<String> next = new ArrayList<>();
            boolean undecided = false;
            for (int i = 0; i < slots.size() / 2; i++) {
                String a = slots.get(2 * i);
                String b = slots.get(2 * i + 1);
                if (a == null || b == null) {
                    next.add(a == null ? b : a);
                    continue;
                }
                List<ScheduledGame> games = byPairing.getOrDefault(round + "/" + (i + 1), List.of());
                if (games.isEmpty()) {
                    if (out != null) {
                        out.pairing(round, i + 1, a, b, settings.gamesPerPair());
                    }
                    undecided = true;
                    next.add(null);
                    continue;
                }
                double pa = 0;
                double pb = 0;
                boolean finished = true;
                for (ScheduledGame g : games) {
                    GameScore s = results.get(g.number());
                    if (s == null) {
                        finished = false;
                        continue;
                    }
                    double first = s.firstPoints();
                    if (g.first().equals(a)) {
                        pa += first;
                        pb += 1 - first;
                    } else {
                        pb += first;
                        pa += 1 - first;
                    }
                }
                if (!finished) {
                    undecided = true;
                    next.add(null);
                } else if (pa != pb) {
                    next.add(pa > pb ? a : b);
                } else if (games.size() < settings.gamesPerPair() + 2 * KNOCKOUT_TIEBREAKS) {
                    if (out != null) {
                        out.pairing(round, i + 1, a, b, 2, games.size());
                    }
                    undecided = true;
                    next.add(null);
                } else {
                    next.add(players.indexOf(a) < players.indexOf(b) ? a : b); // still tied: the higher seed
                }
            }
            if (undecided) {
                return null;
            }
            slots = next;
        }
        rounds.add(java.util.Collections.unmodifiableList(new ArrayList<>(slots)));
        return slots.get(0);
    }

    /**
     * Whether game {@code k} of a pairing (from 0) starts a pair of games: a new opening, and the
     * pairing's first-named player on the first side. The first {@code gamesPerPair} games go in
     * twos from 0; a knockout's tie-break games go in twos from {@code gamesPerPair}.
     */
    private boolean startsPair(int k) {
        int gpp = settings.gamesPerPair();
        return k < gpp ? k % 2 == 0 : (k - gpp) % 2 == 0;
    }

    /** Numbers the games and hands out the openings. */
    private final class Emitter {
        final List<ScheduledGame> games = new ArrayList<>();
        int number;
        int pairIndex;

        Emitter(List<ScheduledGame> scheduled) {
            number = scheduled.stream().mapToInt(ScheduledGame::number).max().orElse(0);
            Map<String, Integer> seen = new HashMap<>();
            for (ScheduledGame g : scheduled) {
                int k = seen.merge(g.round() + "/" + g.pairing(), 1, Integer::sum) - 1;
                if (startsPair(k)) {
                    pairIndex++;
                }
            }
        }

        void pairing(int round, int pairing, String a, String b, int count) {
            pairing(round, pairing, a, b, count, 0);
        }

        /** {@code count} games of a pairing that has played {@code already} games. */
        void pairing(int round, int pairing, String a, String b, int count, int already) {
            List<String> opening = List.of();
            for (int k = already; k < already + count; k++) {
                if (startsPair(k) || k == already) {
                    opening = openings.opening(pairIndex++, settings.seed(), game, settings.options());
                }
                number++;
                boolean aFirst = startsPair(k);
                games.add(new ScheduledGame(number, round, pairing, aFirst ? a : b, aFirst ? b : a, opening,
                        settings.seed() + number));
            }
        }
    }
}
