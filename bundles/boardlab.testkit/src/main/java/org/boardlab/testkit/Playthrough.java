package org.boardlab.testkit;

import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.stream.Collectors;
import org.boardlab.api.Game;
import org.boardlab.api.GameOptions;
import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.api.Outcome;
import org.boardlab.api.Side;

/**
 * A recorded playthrough of a game: one game of random legal moves from a fixed seed, written as
 * text with, at every ply, the side to move, the board, the legal moves and the move played, then
 * the outcome and the scores. Kept as a golden file beside a game's tests
 * ({@code src/test/resources/playthroughs/<game>.txt}) and compared with {@link GoldenFile}, it
 * shows any change to a game's rules, notation or board text as a readable diff.
 *
 * <pre>{@code
 * GoldenFile.assertMatches("playthroughs/othello.txt", Playthrough.of(new Othello()).seed(1).text());
 * }</pre>
 *
 * <p>The moves are chosen with {@link SplittableRandom} from the seed, by their index in
 * {@link GameState#legalMoves()}, so the text changes when the order of the legal moves changes
 * too (that order is part of what a game promises: players and perft depend on it).
 */
public final class Playthrough {

    private final Game game;
    private GameOptions options = GameOptions.DEFAULT;
    private long seed = 1;
    private int maxPlies = 1_000;

    private Playthrough(Game game) {
        this.game = Objects.requireNonNull(game, "game");
    }

    /** A playthrough of {@code game}, default options, seed 1. */
    public static Playthrough of(Game game) {
        return new Playthrough(game);
    }

    /** Plays with these options. */
    public Playthrough options(GameOptions o) {
        this.options = Objects.requireNonNull(o, "options");
        return this;
    }

    /** Chooses the moves from this seed. */
    public Playthrough seed(long s) {
        this.seed = s;
        return this;
    }

    /** Stops after this many plies even if the game is not over (the text says so). */
    public Playthrough maxPlies(int n) {
        this.maxPlies = n;
        return this;
    }

    /** Plays the game and returns its text, the same for the same game, options and seed. */
    public String text() {
        SplittableRandom random = new SplittableRandom(seed);
        GameState state = game.newGame(options);
        StringBuilder sb = new StringBuilder();
        sb.append("# playthrough of ").append(game.id()).append(", options {").append(options).append("}, seed ")
                .append(seed).append(": random legal moves\n");
        sb.append("# regenerate with scripts/update-golden-files.sh; a change here is a change of the rules\n");
        while (!state.isTerminal() && state.ply() < maxPlies) {
            List<Move> legal = state.legalMoves();
            Move move = legal.get(random.nextInt(legal.size()));
            sb.append("\nply ").append(state.ply()).append(", ").append(game.sideName(state.sideToMove())).append(" to move\n");
            sb.append(state.boardText().stripTrailing()).append('\n');
            sb.append("legal: ").append(legal.stream().map(Move::notation).collect(Collectors.joining(" "))).append('\n');
            sb.append("plays: ").append(move.notation()).append('\n');
            state = state.apply(move);
        }
        sb.append("\nply ").append(state.ply()).append('\n');
        sb.append(state.boardText().stripTrailing()).append('\n');
        if (!state.isTerminal()) {
            sb.append("stopped after ").append(maxPlies).append(" plies\n");
            return sb.toString();
        }
        Outcome outcome = state.outcome();
        sb.append("over: ").append(outcome.winnerIfAny().map(w -> game.sideName(w) + " wins").orElse("a draw"))
                .append(" (").append(outcome.reason()).append(")\n");
        sb.append("scores: ").append(game.sideName(Side.FIRST)).append(' ').append(state.score(Side.FIRST)).append(", ")
                .append(game.sideName(Side.SECOND)).append(' ').append(state.score(Side.SECOND)).append('\n');
        return sb.toString();
    }
}
