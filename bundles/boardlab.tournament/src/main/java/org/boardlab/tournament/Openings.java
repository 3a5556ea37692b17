package org.boardlab.tournament;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.boardlab.api.Game;
import org.boardlab.api.GameOptions;
import org.boardlab.api.GameState;
import org.boardlab.api.IllegalMoveException;
import org.boardlab.api.Move;

/**
 * Where games start. Both games of a pair (the same two players, colours swapped) start from the same
 * opening, so deterministic players do not play one game over and over and neither colour is favoured.
 *
 * <ul>
 * <li>{@code none}: the game's normal start;</li>
 * <li>a file: one opening per line, the moves in notation separated by spaces ({@code d3 c5 f6});
 * empty lines and lines starting with {@code #} are skipped. Pair k (from 0) plays line
 * {@code k mod lines}. Every line is checked against the rules when the tournament starts;</li>
 * <li>{@code random:N}: N random legal moves from the normal start, drawn from the tournament's seed
 * and the pair's index, so the same seed gives the same openings. An opening after which the game is
 * over (or the side to move has only a forced move left at ply N) is drawn again, up to 1,000 times.</li>
 * </ul>
 */
public final class Openings {

    private final String spec;
    private final List<List<String>> lines;
    private final int randomPlies;

    private Openings(String spec, List<List<String>> lines, int randomPlies) {
        this.spec = spec;
        this.lines = lines;
        this.randomPlies = randomPlies;
    }

    /** The normal start for every game. */
    public static Openings none() {
        return new Openings("none", List.of(), 0);
    }

    /**
     * Reads {@code --openings}: {@code none}, {@code random:N} or a file's path.
     *
     * @throws IllegalArgumentException with the reason (an unreadable file, an illegal move: its line and why)
     */
    public static Openings parse(String spec, Game game, GameOptions options) {
        if (spec == null || spec.isBlank() || spec.equals("none")) {
            return none();
        }
        if (spec.startsWith("random:")) {
            int n;
            try {
                n = Integer.parseInt(spec.substring("random:".length()));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("--openings random:N takes a number of plies, not '" + spec + "'");
            }
            if (n < 0 || n > 200) {
                throw new IllegalArgumentException("--openings random:N takes 0 to 200 plies, not " + n);
            }
            return new Openings(spec, List.of(), n);
        }
        Path file = Path.of(spec);
        List<String> text;
        try {
            text = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read the openings file " + file + ": " + e.getMessage());
        }
        List<List<String>> lines = new ArrayList<>();
        for (int i = 0; i < text.size(); i++) {
            String line = text.get(i).trim();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            List<String> moves = List.of(line.split("\\s+"));
            try {
                play(game.newGame(options), moves);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(file + " line " + (i + 1) + ": " + e.getMessage());
            }
            lines.add(moves);
        }
        if (lines.isEmpty()) {
            throw new IllegalArgumentException("the openings file " + file + " has no opening in it");
        }
        return new Openings(spec, List.copyOf(lines), 0);
    }

    /** The openings of a file as stored with a tournament ({@link TournamentSettings#openingLines()}), without the file. */
    public static Openings of(String spec, List<List<String>> lines) {
        return new Openings(spec, List.copyOf(lines), 0);
    }

    /** The opening of pair {@code pairIndex} (from 0) of a tournament with seed {@code seed}. */
    public List<String> opening(int pairIndex, long seed, Game game, GameOptions options) {
        if (!lines.isEmpty()) {
            return lines.get(Math.floorMod(pairIndex, lines.size()));
        }
        if (randomPlies == 0) {
            return List.of();
        }
        SplittableRandom random = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + pairIndex);
        List<String> last = List.of();
        for (int attempt = 0; attempt < 1000; attempt++) {
            GameState state = game.newGame(options);
            List<String> moves = new ArrayList<>(randomPlies);
            for (int i = 0; i < randomPlies && !state.isTerminal(); i++) {
                List<Move> legal = state.legalMoves();
                Move m = legal.get(random.nextInt(legal.size()));
                moves.add(m.notation());
                state = state.apply(m);
            }
            last = moves;
            if (!state.isTerminal() && moves.size() == randomPlies) {
                return List.copyOf(moves);
            }
        }
        return List.copyOf(last);
    }

    /**
     * The position after {@code moves}.
     *
     * @throws IllegalArgumentException naming the first illegal move and why
     */
    public static GameState play(GameState start, List<String> moves) {
        GameState state = start;
        for (int i = 0; i < moves.size(); i++) {
            String text = moves.get(i);
            try {
                Move move = state.parseMove(text);
                String why = state.whyIllegal(move);
                if (why != null) {
                    throw new IllegalArgumentException("move " + (i + 1) + " (" + text + ") is illegal: " + why);
                }
                state = state.apply(move);
            } catch (IllegalMoveException e) {
                throw new IllegalArgumentException("move " + (i + 1) + " (" + text + ") is illegal: " + e.reason());
            }
        }
        if (state.isTerminal()) {
            throw new IllegalArgumentException("the game is over after the opening " + String.join(" ", moves));
        }
        return state;
    }

    /** What was asked for: {@code none}, {@code random:N} or the file's path. */
    public String spec() {
        return spec;
    }

    /** How many openings a file holds (0 for none and random). */
    public int size() {
        return lines.size();
    }

    /** The file's openings, for the settings' fingerprint (empty for none and random). */
    public List<List<String>> lines() {
        return lines;
    }
}
