package org.boardlab.store;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.boardlab.store.rating.Glicko2;
import org.boardlab.store.rating.SeedElo;

/**
 * For tests: the lab ladder computed again from the stored games, oldest id first, with the rating
 * maths alone (not the store's ladder code), to compare with what the store keeps.
 */
final class Ladder {

    private Ladder() {
    }

    /** Every ladder entry now: "ladder game player" to [rating, deviation, volatility, games], from the store's ladder table. */
    static Map<String, List<Double>> now(Store store) {
        Map<String, List<Double>> out = new TreeMap<>();
        for (String ladder : List.of("elo", "glicko2")) {
            for (LadderEntry e : store.ladder(ladder, null)) {
                out.put(ladder + " " + e.game() + " " + e.player(), ladder.equals("elo") ? List.of(e.rating(), (double) e.games())
                        : List.of(round(e.rating()), round(e.deviation()), round(e.volatility()), (double) e.games()));
            }
        }
        return out;
    }

    /**
     * The same, replayed from the stored games (rated: not aborted, not imported, two different player ids, neither
     * a client without a name, whose player id is empty).
     */
    static Map<String, List<Double>> replay(Store store) {
        List<StoredGame> games = new ArrayList<>(store.games(GameQuery.ALL));
        Collections.reverse(games); // oldest first
        Map<String, int[]> elo = new TreeMap<>();
        Map<String, Glicko2.Rating> glicko = new TreeMap<>();
        Map<String, Integer> count = new TreeMap<>();
        for (StoredGame s : games) {
            FinishedGame g = s.game();
            String a = g.game() + " " + g.first().player();
            String b = g.game() + " " + g.second().player();
            if ("aborted".equals(g.ending()) || "import".equals(g.origin()) || a.equals(b) || g.first().player().isEmpty()
                    || g.second().player().isEmpty()) {
                continue;
            }
            double score = g.winner() == null ? 0.5 : g.winner() == 1 ? 1 : 0;
            int[] ra = elo.computeIfAbsent(a, k -> new int[] {SeedElo.START});
            int[] rb = elo.computeIfAbsent(b, k -> new int[] {SeedElo.START});
            int[] next = SeedElo.update(ra[0], rb[0], score);
            ra[0] = next[0];
            rb[0] = next[1];
            Glicko2.Rating[] gl = Glicko2.LICHESS.afterGame(glicko.getOrDefault(a, Glicko2.LICHESS.start()),
                    glicko.getOrDefault(b, Glicko2.LICHESS.start()), score);
            glicko.put(a, gl[0]);
            glicko.put(b, gl[1]);
            count.merge(a, 1, Integer::sum);
            count.merge(b, 1, Integer::sum);
        }
        Map<String, List<Double>> out = new TreeMap<>();
        for (String p : elo.keySet()) {
            double n = count.get(p);
            out.put("elo " + p, List.of((double) elo.get(p)[0], n));
            Glicko2.Rating r = glicko.get(p);
            out.put("glicko2 " + p, List.of(round(r.rating()), round(r.deviation()), round(r.volatility()), n));
        }
        return out;
    }

    private static double round(double x) {
        return Math.round(x * 1e6) / 1e6;
    }
}
