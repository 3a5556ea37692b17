package org.boardlab.tournament;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.boardlab.store.rating.Glicko2;
import org.boardlab.tournament.rating.MaximumLikelihoodElo;
import org.boardlab.store.rating.SeedElo;
import org.boardlab.tournament.rating.Sprt;

/**
 * A tournament's table from its finished games: each player's games, points (win 1, draw 0.5; a Swiss
 * bye scores the pairing's games as won), wins, draws, losses and forfeits, the points matrix, and
 * three ratings:
 *
 * <ul>
 * <li>{@code elo}: the maximum-likelihood Elo of the tournament ({@link MaximumLikelihoodElo}),
 * relative to the field's average (0), with its 95 % error bar and the likelihood that the player
 * is stronger than the one ranked just below;</li>
 * <li>{@code seed_elo}: seed 002's Elo, every player starting at 1600, updated game by game in the
 * order of the games' numbers (so it does not depend on which game happened to finish first);</li>
 * <li>{@code glicko2}: Glicko-2 with Lichess's defaults, updated the same way.</li>
 * </ul>
 *
 * Players are ranked by points, then by Elo, then in the order of {@code --players}. Pure: the same
 * games give the same table, whatever order they finished in.
 */
public final class Standings {

    /**
     * One player's line.
     *
     * @param id       the player's registry id
     * @param games    games played (byes not counted)
     * @param points   points, byes included
     * @param gamePoints points from games played (byes not counted)
     * @param wins     games won
     * @param draws    games drawn
     * @param losses   games lost
     * @param forfeits games lost by a forfeit (time, illegal move, error)
     * @param byes     Swiss byes
     * @param elo      maximum-likelihood Elo, relative to the field's average
     * @param eloError its 95 % error bar
     * @param los      the likelihood of being stronger than the next player in the table (NaN for the last)
     * @param seedElo  seed 002's Elo after these games
     * @param glicko   Glicko-2 after these games
     */
    public record Row(String id, int games, double points, double gamePoints, int wins, int draws, int losses, int forfeits, int byes, double elo,
            double eloError, double los, int seedElo, Glicko2.Rating glicko) {

        /** Points per game played, between 0 and 1 (NaN before any game). */
        public double score() {
            return games == 0 ? Double.NaN : gamePoints / games;
        }

        /** Draws per game played, between 0 and 1 (NaN before any game). */
        public double drawRate() {
            return games == 0 ? Double.NaN : (double) draws / games;
        }
    }

    private final List<String> players;
    private final List<Row> rows;
    private final double[][] points;
    private final double[][] games;
    private final MaximumLikelihoodElo.Result ml;
    private final int finished;
    private final int scheduled;
    private final Sprt.Status sprt;

    private Standings(List<String> players, List<Row> rows, double[][] points, double[][] games, MaximumLikelihoodElo.Result ml,
            int finished, int scheduled, Sprt.Status sprt) {
        this.players = players;
        this.rows = rows;
        this.points = points;
        this.games = games;
        this.ml = ml;
        this.finished = finished;
        this.scheduled = scheduled;
        this.sprt = sprt;
    }

    /** The table after the finished games among {@code scheduled}. */
    public static Standings of(TournamentSettings settings, Schedule schedule, List<ScheduledGame> scheduled,
            Map<Integer, GameScore> results) {
        List<String> players = settings.players();
        int n = players.size();
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < n; i++) {
            index.put(players.get(i), i);
        }
        double[][] pts = new double[n][n];
        double[][] cnt = new double[n][n];
        int[] wins = new int[n];
        int[] draws = new int[n];
        int[] losses = new int[n];
        int[] forfeits = new int[n];
        int[] byes = new int[n];
        int[] seedElo = new int[n];
        Glicko2.Rating[] glicko = new Glicko2.Rating[n];
        java.util.Arrays.fill(seedElo, SeedElo.START);
        java.util.Arrays.fill(glicko, Glicko2.LICHESS.start());
        List<ScheduledGame> byNumber = new ArrayList<>(scheduled);
        byNumber.sort(Comparator.comparingInt(ScheduledGame::number));
        int done = 0;
        long w = 0;
        long d = 0;
        long l = 0;
        for (ScheduledGame g : byNumber) {
            GameScore s = results.get(g.number());
            if (s == null) {
                continue;
            }
            done++;
            int a = index.get(g.first());
            int b = index.get(g.second());
            double p = s.firstPoints();
            pts[a][b] += p;
            pts[b][a] += 1 - p;
            cnt[a][b]++;
            cnt[b][a]++;
            if (p == 1) {
                wins[a]++;
                losses[b]++;
            } else if (p == 0) {
                wins[b]++;
                losses[a]++;
            } else {
                draws[a]++;
                draws[b]++;
            }
            if (s.loser() != null && index.containsKey(s.loser())) {
                forfeits[index.get(s.loser())]++;
            }
            int[] e = SeedElo.update(seedElo[a], seedElo[b], p);
            seedElo[a] = e[0];
            seedElo[b] = e[1];
            Glicko2.Rating[] r = Glicko2.LICHESS.afterGame(glicko[a], glicko[b], p);
            glicko[a] = r[0];
            glicko[b] = r[1];
            double newPoints = a == 0 ? p : b == 0 ? 1 - p : -1;
            if (newPoints >= 0) {
                if (newPoints == 1) {
                    w++;
                } else if (newPoints == 0) {
                    l++;
                } else {
                    d++;
                }
            }
        }
        int rounds = byNumber.stream().mapToInt(ScheduledGame::round).max().orElse(0);
        for (int r = 1; r <= rounds; r++) {
            for (String bye : schedule.byes(byNumber, r)) {
                byes[index.get(bye)]++;
            }
        }
        MaximumLikelihoodElo.Result ml = MaximumLikelihoodElo.rate(pts, cnt, 0);
        double[] total = new double[n];
        double[] fromGames = new double[n];
        int[] played = new int[n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                fromGames[i] += pts[i][j];
                played[i] += (int) cnt[i][j];
            }
            total[i] = fromGames[i] + byes[i] * (double) settings.gamesPerPair();
        }
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            order.add(i);
        }
        order.sort(Comparator.comparingDouble((Integer i) -> -total[i]).thenComparingDouble(i -> -ml.rating()[i])
                .thenComparingInt(i -> i));
        List<Row> rows = new ArrayList<>();
        for (int k = 0; k < n; k++) {
            int i = order.get(k);
            double los = k + 1 < n ? ml.los(i, order.get(k + 1)) : Double.NaN;
            rows.add(new Row(players.get(i), played[i], total[i], fromGames[i], wins[i], draws[i], losses[i], forfeits[i], byes[i],
                    ml.rating()[i], ml.error()[i], los, seedElo[i], glicko[i]));
        }
        Sprt.Status status = settings.sprt() == null ? null : settings.sprt().status(w, d, l);
        return new Standings(players, List.copyOf(rows), pts, cnt, ml, done, scheduled.size(), status);
    }

    /** The players' lines, best first. */
    public List<Row> rows() {
        return rows;
    }

    /** The players in the order of {@code --players} (the matrices' order). */
    public List<String> players() {
        return players;
    }

    /** {@code points()[i][j]}: what player i scored against player j. */
    public double[][] points() {
        return points;
    }

    /** {@code games()[i][j]}: how many games players i and j played. */
    public double[][] games() {
        return games;
    }

    /** The maximum-likelihood ratings, in the order of {@link #players()}. */
    public MaximumLikelihoodElo.Result ml() {
        return ml;
    }

    /** Finished games. */
    public int finished() {
        return finished;
    }

    /** Scheduled games (finished or not). */
    public int scheduled() {
        return scheduled;
    }

    /** The SPRT's state (the first player as the new version), or {@code null} without {@code --sprt}. */
    public Sprt.Status sprt() {
        return sprt;
    }

    /** The standings as the {@code --json} line has them: one map per player, best first. */
    public List<Map<String, Object>> toJson() {
        List<Map<String, Object>> out = new ArrayList<>();
        int rank = 0;
        for (Row r : rows) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("rank", ++rank);
            m.put("id", r.id());
            m.put("games", r.games());
            m.put("points", r.points());
            m.put("wins", r.wins());
            m.put("draws", r.draws());
            m.put("losses", r.losses());
            m.put("forfeits", r.forfeits());
            m.put("byes", r.byes());
            Map<String, Object> ratings = new LinkedHashMap<>();
            ratings.put("elo", round(r.elo(), 1));
            ratings.put("elo_error", Double.isFinite(r.eloError()) ? round(r.eloError(), 1) : null);
            ratings.put("los_next", Double.isNaN(r.los()) ? null : round(r.los(), 4));
            ratings.put("seed_elo", r.seedElo());
            Map<String, Object> glicko = new LinkedHashMap<>();
            glicko.put("rating", round(r.glicko().rating(), 1));
            glicko.put("deviation", round(r.glicko().deviation(), 1));
            glicko.put("volatility", round(r.glicko().volatility(), 5));
            ratings.put("glicko2", glicko);
            m.put("ratings", ratings);
            out.add(m);
        }
        return out;
    }

    static double round(double x, int places) {
        double f = Math.pow(10, places);
        return Math.round(x * f) / f;
    }
}
