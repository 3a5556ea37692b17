package org.boardlab.tournament;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.boardlab.store.rating.Glicko2;
import org.boardlab.tournament.rating.Sprt;

/**
 * A tournament's results as text (a table and a crosstable, as cutechess-cli prints them), CSV and a
 * self-contained HTML page with plots (inline SVG: no script, no network).
 */
public final class Reports {

    private Reports() {
    }

    /** One line about the tournament: name, game, format, time, games. */
    public static String title(TournamentSettings s, Standings st) {
        String rounds = switch (s.format()) {
            case ROUND_ROBIN, GAUNTLET -> s.rounds() == 1 ? "" : ", " + s.rounds() + " cycles";
            case SWISS -> ", " + s.rounds() + " rounds";
            case KNOCKOUT -> "";
        };
        return String.format(Locale.ROOT, "Tournament %s: %s%s, %s%s, %d %s a pairing, %s%s, %d of %d games", s.name(), s.game(),
                s.options().asMap().isEmpty() ? "" : " (" + s.options() + ")", s.format().id(), rounds, s.gamesPerPair(),
                s.gamesPerPair() == 1 ? "game" : "games", s.time().isClock() ? "clock " + s.time() : s.time() + " a move",
                s.openings().equals("none") ? "" : ", openings " + s.openings(), st.finished(), st.scheduled());
    }

    /** The standings and the crosstable as text. */
    public static String text(TournamentSettings s, Standings st) {
        StringBuilder sb = new StringBuilder();
        sb.append(title(s, st)).append("\n\n");
        int w = Math.max(4, st.players().stream().mapToInt(String::length).max().orElse(4));
        sb.append(String.format(Locale.ROOT, "Rank %-" + w + "s  Points  Games   Score    Draw    Elo    +/-     LOS  Seed Elo      Glicko-2%n", "Name"));
        int rank = 0;
        for (Standings.Row r : st.rows()) {
            rank++;
            sb.append(String.format(Locale.ROOT, "%4d %-" + w + "s  %6s  %5d  %6s  %6s  %5s  %5s  %6s  %8d  %6.0f ± %3.0f%n", rank, r.id(),
                    points(r.points()), r.games(), percent(r.score()), percent(r.drawRate()), signed(r.elo()), error(r.eloError()),
                    percent(r.los()), r.seedElo(), r.glicko().rating(), r.glicko().deviation()));
        }
        if (st.rows().stream().anyMatch(r -> r.byes() > 0)) {
            sb.append("Byes: ");
            sb.append(String.join(", ", st.rows().stream().filter(r -> r.byes() > 0).map(r -> r.id() + " " + r.byes()).toList()));
            sb.append(" (a bye scores the pairing's games as won)\n");
        }
        if (st.ml().virtualDraws()) {
            sb.append("Elo: a player won or lost every game, so one virtual draw per pair was added to keep the ratings finite.\n");
        }
        sb.append("Elo: maximum likelihood, relative to the field's average, +/- its 95 % error; LOS: the likelihood of being "
                + "stronger than the next one down.\n");
        Sprt.Status sprt = st.sprt();
        if (sprt != null) {
            sb.append(String.format(Locale.ROOT, "SPRT (%s): LLR %.2f (%.2f, %.2f): %s%n", sprtText(s.sprt()), sprt.llr(), sprt.lower(),
                    sprt.upper(), switch (sprt.decision()) {
                        case H1 -> "H1 accepted: " + s.players().get(0) + " is stronger";
                        case H0 -> "H0 accepted: " + s.players().get(0) + " is not stronger by " + fmt(s.sprt().elo1()) + " Elo";
                        case CONTINUE -> "not decided yet";
                    }));
        }
        sb.append('\n').append(crosstable(st));
        return sb.toString();
    }

    /** The crosstable: each player's points against each other player, out of the games they played. */
    public static String crosstable(Standings st) {
        List<Standings.Row> rows = st.rows();
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < st.players().size(); i++) {
            index.put(st.players().get(i), i);
        }
        int w = Math.max(4, st.players().stream().mapToInt(String::length).max().orElse(4));
        List<String[]> cells = new ArrayList<>();
        int cw = 3;
        for (Standings.Row a : rows) {
            String[] line = new String[rows.size()];
            for (int k = 0; k < rows.size(); k++) {
                Standings.Row b = rows.get(k);
                int i = index.get(a.id());
                int j = index.get(b.id());
                line[k] = a == b ? "·" : st.games()[i][j] == 0 ? "-" : points(st.points()[i][j]) + "/" + (int) st.games()[i][j];
                cw = Math.max(cw, line[k].length());
            }
            cells.add(line);
        }
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "%" + (w + 5) + "s", ""));
        for (int k = 1; k <= rows.size(); k++) {
            sb.append(String.format(Locale.ROOT, " %" + cw + "d", k));
        }
        sb.append('\n');
        for (int r = 0; r < rows.size(); r++) {
            sb.append(String.format(Locale.ROOT, "%3d %-" + w + "s ", r + 1, rows.get(r).id()));
            for (String c : cells.get(r)) {
                sb.append(String.format(Locale.ROOT, " %" + cw + "s", c));
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    /** The standings as CSV (RFC 4180), one line per player with a header line. */
    public static String csv(Standings st) {
        StringBuilder sb = new StringBuilder(
                "rank,id,games,points,wins,draws,losses,forfeits,byes,elo,elo_error,los_next,seed_elo,glicko2_rating,glicko2_deviation,glicko2_volatility\r\n");
        int rank = 0;
        for (Standings.Row r : st.rows()) {
            sb.append(++rank).append(',').append(csvField(r.id())).append(',').append(r.games()).append(',').append(points(r.points()))
                    .append(',').append(r.wins()).append(',').append(r.draws()).append(',').append(r.losses()).append(',')
                    .append(r.forfeits()).append(',').append(r.byes()).append(',').append(fmt1(r.elo())).append(',')
                    .append(Double.isFinite(r.eloError()) ? fmt1(r.eloError()) : "").append(',')
                    .append(Double.isNaN(r.los()) ? "" : String.format(Locale.ROOT, "%.4f", r.los())).append(',').append(r.seedElo())
                    .append(',').append(fmt1(r.glicko().rating())).append(',').append(fmt1(r.glicko().deviation())).append(',')
                    .append(String.format(Locale.ROOT, "%.5f", r.glicko().volatility())).append("\r\n");
        }
        return sb.toString();
    }

    private static String csvField(String s) {
        return s.contains(",") || s.contains("\"") || s.contains("\n") ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
    }

    /**
     * Each player's Glicko-2 rating after each finished game, in the order of the games' numbers, at
     * most {@code points} samples (evenly spread; the last game always included).
     *
     * @return {@code [sample][player]} ratings in the order of {@code settings.players()}, and the game counts in {@code gamesAt}
     */
    public static double[][] ratingHistory(TournamentSettings s, List<ScheduledGame> scheduled, Map<Integer, GameScore> results,
            int points, List<Integer> gamesAt) {
        List<String> players = s.players();
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < players.size(); i++) {
            index.put(players.get(i), i);
        }
        List<ScheduledGame> done = scheduled.stream().filter(g -> results.containsKey(g.number()))
                .sorted(Comparator.comparingInt(ScheduledGame::number)).toList();
        int every = Math.max(1, (int) Math.ceil(done.size() / (double) Math.max(1, points)));
        Glicko2.Rating[] r = new Glicko2.Rating[players.size()];
        java.util.Arrays.fill(r, Glicko2.LICHESS.start());
        List<double[]> out = new ArrayList<>();
        out.add(ratings(r));
        gamesAt.add(0);
        for (int k = 0; k < done.size(); k++) {
            ScheduledGame g = done.get(k);
            int a = index.get(g.first());
            int b = index.get(g.second());
            Glicko2.Rating[] n = Glicko2.LICHESS.afterGame(r[a], r[b], results.get(g.number()).firstPoints());
            r[a] = n[0];
            r[b] = n[1];
            if ((k + 1) % every == 0 || k == done.size() - 1) {
                out.add(ratings(r));
                gamesAt.add(k + 1);
            }
        }
        return out.toArray(double[][]::new);
    }

    private static double[] ratings(Glicko2.Rating[] r) {
        double[] d = new double[r.length];
        for (int i = 0; i < r.length; i++) {
            d[i] = r[i].rating();
        }
        return d;
    }

    private static final String[] COLOURS = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f",
        "#bcbd22", "#17becf"};

    /** A whole HTML page: the table, the score matrix, the ratings with error bars, the ratings over the games. */
    public static String html(TournamentSettings s, Standings st, List<ScheduledGame> scheduled, Map<Integer, GameScore> results) {
        StringBuilder h = new StringBuilder();
        h.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>").append(esc(s.name()))
                .append("</title>\n<style>body{font-family:sans-serif;margin:2em;color:#222}table{border-collapse:collapse}"
                        + "td,th{padding:3px 8px;border:1px solid #ccc;text-align:right;white-space:nowrap}td.name,th.name{text-align:left}"
                        + "h2{margin-top:1.5em}.note{color:#555;font-size:90%}svg text{font-family:sans-serif}</style></head><body>\n");
        h.append("<h1>").append(esc(s.name())).append("</h1>\n<p>").append(esc(title(s, st))).append("</p>\n");
        h.append("<h2>Standings</h2>\n<table><tr><th>Rank</th><th class=\"name\">Player</th><th>Points</th><th>Games</th><th>W</th><th>D</th>"
                + "<th>L</th><th>Forfeits</th><th>Score</th><th>Elo</th><th>± 95 %</th><th>LOS</th><th>Seed Elo</th><th>Glicko-2</th></tr>\n");
        int rank = 0;
        for (Standings.Row r : st.rows()) {
            h.append("<tr><td>").append(++rank).append("</td><td class=\"name\">").append(esc(r.id())).append("</td><td>")
                    .append(points(r.points())).append("</td><td>").append(r.games()).append("</td><td>").append(r.wins())
                    .append("</td><td>").append(r.draws()).append("</td><td>").append(r.losses()).append("</td><td>").append(r.forfeits())
                    .append("</td><td>").append(percent(r.score())).append("</td><td>").append(signed(r.elo())).append("</td><td>")
                    .append(error(r.eloError())).append("</td><td>").append(percent(r.los())).append("</td><td>").append(r.seedElo())
                    .append("</td><td>").append(String.format(Locale.ROOT, "%.0f ± %.0f", r.glicko().rating(), r.glicko().deviation()))
                    .append("</td></tr>\n");
        }
        h.append("</table>\n<p class=\"note\">Elo: maximum likelihood, relative to the field's average, with its 95 % error bar; "
                + "LOS: the likelihood of being stronger than the next one down; seed 002's Elo and Glicko-2 (Lichess's defaults) "
                + "are updated game by game in the order of the games' numbers.");
        if (st.ml().virtualDraws()) {
            h.append(" A player won or lost every game, so one virtual draw per pair was added to keep the ratings finite.");
        }
        h.append("</p>\n");
        if (st.sprt() != null) {
            h.append("<p>").append(esc(text(s, st).lines().filter(l -> l.startsWith("SPRT")).findFirst().orElse(""))).append("</p>\n");
        }
        h.append("<h2>Score matrix</h2>\n").append(matrixSvg(st));
        h.append("<h2>Ratings with 95 % error bars</h2>\n").append(eloSvg(st));
        h.append("<h2>Rating over the games (Glicko-2)</h2>\n").append(historySvg(s, scheduled, results));
        h.append("<h2>Crosstable</h2>\n<pre>").append(esc(crosstable(st))).append("</pre>\n</body></html>\n");
        return h.toString();
    }

    private static String matrixSvg(Standings st) {
        List<Standings.Row> rows = st.rows();
        int n = rows.size();
        int cell = 44;
        int label = 12 + 8 * rows.stream().mapToInt(r -> r.id().length()).max().orElse(4);
        int top = 24;
        int width = label + n * cell + 10;
        int height = top + n * cell + 10;
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < st.players().size(); i++) {
            index.put(st.players().get(i), i);
        }
        StringBuilder svg = new StringBuilder();
        svg.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" role=\"img\" "
                + "aria-label=\"score matrix\">\n", width, height));
        for (int r = 0; r < n; r++) {
            svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\" font-size=\"12\">%s</text>\n", label - 6,
                    top + r * cell + cell / 2 + 4, esc(rows.get(r).id())));
            svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" font-size=\"12\">%d</text>\n",
                    label + r * cell + cell / 2, top - 8, r + 1));
            for (int c = 0; c < n; c++) {
                int i = index.get(rows.get(r).id());
                int j = index.get(rows.get(c).id());
                double games = st.games()[i][j];
                String fill;
                String label2 = "";
                if (r == c || games == 0) {
                    fill = "#eeeeee";
                } else {
                    double share = st.points()[i][j] / games; // 0 red .. 0.5 white .. 1 green
                    int red = share < 0.5 ? 255 : (int) (255 - (share - 0.5) * 2 * 155);
                    int green = share > 0.5 ? 200 + (int) ((1 - share) * 2 * 55) : (int) (255 - (0.5 - share) * 2 * 155);
                    int blue = (int) (255 - Math.abs(share - 0.5) * 2 * 155);
                    fill = String.format(Locale.ROOT, "rgb(%d,%d,%d)", red, green, blue);
                    label2 = points(st.points()[i][j]) + "/" + (int) games;
                }
                svg.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\" stroke=\"#fff\"/>",
                        label + c * cell, top + r * cell, cell, cell, fill));
                if (!label2.isEmpty()) {
                    svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" font-size=\"11\">%s</text>",
                            label + c * cell + cell / 2, top + r * cell + cell / 2 + 4, esc(label2)));
                }
                svg.append('\n');
            }
        }
        return svg.append("</svg>\n").toString();
    }

    private static String eloSvg(Standings st) {
        List<Standings.Row> rows = st.rows();
        int n = rows.size();
        int rowH = 26;
        int label = 12 + 8 * rows.stream().mapToInt(r -> r.id().length()).max().orElse(4);
        int width = 760;
        int plot = width - label - 30;
        double lo = 0;
        double hi = 0;
        for (Standings.Row r : rows) {
            double e = Double.isFinite(r.eloError()) ? r.eloError() : 0;
            lo = Math.min(lo, r.elo() - e);
            hi = Math.max(hi, r.elo() + e);
        }
        double pad = Math.max(10, (hi - lo) * 0.05);
        lo -= pad;
        hi += pad;
        double l = lo;
        double span = hi - lo;
        java.util.function.DoubleUnaryOperator x = v -> label + (v - l) / span * plot;
        int height = n * rowH + 40;
        StringBuilder svg = new StringBuilder(String.format(Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" role=\"img\" aria-label=\"Elo with error bars\">\n",
                width, height));
        svg.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"5\" x2=\"%.1f\" y2=\"%d\" stroke=\"#999\" stroke-dasharray=\"4\"/>\n",
                x.applyAsDouble(0), x.applyAsDouble(0), n * rowH + 5));
        for (int k = 0; k < n; k++) {
            Standings.Row r = rows.get(k);
            int y = 5 + k * rowH + rowH / 2;
            double e = Double.isFinite(r.eloError()) ? r.eloError() : 0;
            svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\" font-size=\"12\">%s</text>", label - 6, y + 4,
                    esc(r.id())));
            svg.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#333\"/>",
                    x.applyAsDouble(r.elo() - e), y, x.applyAsDouble(r.elo() + e), y));
            svg.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#333\"/>",
                    x.applyAsDouble(r.elo() - e), y - 5, x.applyAsDouble(r.elo() - e), y + 5));
            svg.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#333\"/>",
                    x.applyAsDouble(r.elo() + e), y - 5, x.applyAsDouble(r.elo() + e), y + 5));
            svg.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%d\" r=\"4\" fill=\"%s\"/>", x.applyAsDouble(r.elo()), y,
                    COLOURS[k % COLOURS.length]));
            svg.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" font-size=\"10\" fill=\"#555\">%s ± %s</text>\n",
                    x.applyAsDouble(r.elo()) + 6, y - 6, signed(r.elo()), error(r.eloError())));
        }
        axis(svg, lo, hi, x, n * rowH + 10);
        return svg.append("</svg>\n").toString();
    }

    private static void axis(StringBuilder svg, double lo, double hi, java.util.function.DoubleUnaryOperator x, int y) {
        double step = niceStep((hi - lo) / 6);
        for (double v = Math.ceil(lo / step) * step; v <= hi; v += step) {
            svg.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\" font-size=\"10\" fill=\"#555\">%.0f</text>",
                    x.applyAsDouble(v), y + 14, v));
        }
        svg.append('\n');
    }

    private static double niceStep(double raw) {
        double p = Math.pow(10, Math.floor(Math.log10(Math.max(raw, 1e-9))));
        for (double m : new double[] {1, 2, 5, 10}) {
            if (m * p >= raw) {
                return m * p;
            }
        }
        return 10 * p;
    }

    private static String historySvg(TournamentSettings s, List<ScheduledGame> scheduled, Map<Integer, GameScore> results) {
        List<Integer> at = new ArrayList<>();
        double[][] h = ratingHistory(s, scheduled, results, 400, at);
        int width = 760;
        int height = 320;
        int left = 50;
        int right = 150;
        int top = 10;
        int bottom = 30;
        double lo = Double.MAX_VALUE;
        double hi = -Double.MAX_VALUE;
        for (double[] row : h) {
            for (double v : row) {
                lo = Math.min(lo, v);
                hi = Math.max(hi, v);
            }
        }
        if (hi - lo < 50) {
            lo -= 25;
            hi += 25;
        }
        double l = lo;
        double span = hi - lo;
        int games = Math.max(1, at.get(at.size() - 1));
        StringBuilder svg = new StringBuilder(String.format(Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" role=\"img\" aria-label=\"rating over the games\">\n",
                width, height));
        svg.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#ccc\"/>\n", left, top,
                width - left - right, height - top - bottom));
        double step = niceStep(span / 5);
        for (double v = Math.ceil(lo / step) * step; v <= hi; v += step) {
            double y = top + (hi - v) / span * (height - top - bottom);
            svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\" font-size=\"10\" fill=\"#555\">%.0f</text>",
                    left - 4, y + 3, v));
        }
        svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" font-size=\"11\" fill=\"#555\">games (%d)</text>\n",
                left + (width - left - right) / 2, height - 8, games));
        for (int p = 0; p < s.players().size(); p++) {
            StringBuilder path = new StringBuilder();
            for (int k = 0; k < h.length; k++) {
                double x = left + at.get(k) / (double) games * (width - left - right);
                double y = top + (hi - h[k][p]) / span * (height - top - bottom);
                path.append(k == 0 ? "M" : " L").append(String.format(Locale.ROOT, "%.1f %.1f", x, y));
            }
            String colour = COLOURS[p % COLOURS.length];
            svg.append("<path d=\"").append(path).append("\" fill=\"none\" stroke=\"").append(colour).append("\" stroke-width=\"1.5\"/>\n");
            svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" font-size=\"11\" fill=\"%s\">%s</text>\n", width - right + 8,
                    top + 14 + p * 15, colour, esc(s.players().get(p))));
        }
        return svg.append("</svg>\n").toString();
    }

    static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    static String points(double p) {
        return p == Math.floor(p) ? String.valueOf((long) p) : String.format(Locale.ROOT, "%.1f", p);
    }

    private static String percent(double f) {
        return Double.isNaN(f) ? "-" : String.format(Locale.ROOT, "%.1f%%", f * 100);
    }

    private static String signed(double elo) {
        return String.format(Locale.ROOT, "%+.0f", elo);
    }

    private static String error(double e) {
        return Double.isFinite(e) ? String.format(Locale.ROOT, "%.0f", e) : "-";
    }

    private static String fmt(double d) {
        return d == Math.floor(d) ? String.valueOf((long) d) : String.valueOf(d);
    }

    private static String fmt1(double d) {
        return String.format(Locale.ROOT, "%.1f", d);
    }

    private static String sprtText(Sprt sprt) {
        return "elo0=" + fmt(sprt.elo0()) + " elo1=" + fmt(sprt.elo1()) + " alpha=" + sprt.alpha() + " beta=" + sprt.beta();
    }
}
