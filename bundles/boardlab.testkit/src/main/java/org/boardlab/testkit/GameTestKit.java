package org.boardlab.testkit;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.boardlab.api.Game;
import org.boardlab.api.GameOptions;
import org.boardlab.api.GameState;
import org.boardlab.api.IllegalMoveException;
import org.boardlab.api.Move;
import org.boardlab.api.Outcome;

/**
 * Plays random games of a {@link Game} and checks, at every position, the invariants every game
 * must keep:
 * <ul>
 * <li>the legal move list is stable (the same on two calls), has no duplicates, and is empty exactly
 *     when the position is terminal;</li>
 * <li>every legal move passes {@link GameState#whyIllegal}, survives a notation round trip
 *     ({@code parseMove(m.notation()).equals(m)}), and applies without error;</li>
 * <li>{@code apply} leaves the old state unchanged and adds one to the ply;</li>
 * <li>a terminal position has an outcome, a non-terminal one refuses to give one;</li>
 * <li>games end within {@code maxPlies}.</li>
 * </ul>
 * A broken invariant throws an {@link AssertionError} that names the game, the seed and the moves
 * that led there, so the failure can be replayed.
 *
 * <pre>{@code
 * GameTestKit.of(new MyGame()).options(GameOptions.DEFAULT).games(200).seed(1).run();
 * }</pre>
 */
public final class GameTestKit {

    private final Game game;
    private GameOptions options = GameOptions.DEFAULT;
    private int games = 100;
    private long seed = 1;
    private int maxPlies = 10_000;

    private GameTestKit(Game game) {
        this.game = game;
    }

    /** A kit for {@code game} with 100 games, seed 1, default options. */
    public static GameTestKit of(Game game) {
        return new GameTestKit(game);
    }

    public GameTestKit options(GameOptions options) {
        this.options = options;
        return this;
    }

    public GameTestKit games(int games) {
        this.games = games;
        return this;
    }

    public GameTestKit seed(long seed) {
        this.seed = seed;
        return this;
    }

    public GameTestKit maxPlies(int maxPlies) {
        this.maxPlies = maxPlies;
        return this;
    }

    /**
     * Plays the games and checks every position.
     *
     * @return what was played, for further assertions
     * @throws AssertionError at the first broken invariant
     */
    public Report run() {
        Random random = new Random(seed);
        long positions = 0;
        int[] wins = new int[3];
        for (int g = 0; g < games; g++) {
            GameState state = game.newGame(options);
            List<String> line = new ArrayList<>();
            while (true) {
                positions++;
                check(state, line, g);
                if (state.isTerminal()) {
                    Outcome outcome = state.outcome();
                    wins[outcome.isDraw() ? 2 : outcome.winner().index()]++;
                    break;
                }
                if (line.size() >= maxPlies) {
                    fail(g, line, "the game did not end within " + maxPlies + " plies");
                }
                List<Move> moves = state.legalMoves();
                Move move = moves.get(random.nextInt(moves.size()));
                String before = state.boardText();
                GameState next;
                try {
                    next = state.apply(move);
                } catch (RuntimeException e) {
                    throw failure(g, line, "legal move " + move.notation() + " failed to apply: " + e, e);
                }
                if (!before.equals(state.boardText())) {
                    fail(g, line, "apply(" + move.notation() + ") changed the old state");
                }
                if (next.ply() != state.ply() + 1) {
                    fail(g, line, "ply went from " + state.ply() + " to " + next.ply() + " after " + move.notation());
                }
                line.add(move.notation());
                state = next;
            }
        }
        return new Report(games, positions, wins[0], wins[1], wins[2]);
    }

    private void check(GameState state, List<String> line, int g) {
        List<Move> moves = state.legalMoves();
        if (!moves.equals(state.legalMoves())) {
            fail(g, line, "legalMoves() gave two different lists for one position");
        }
        Set<Move> unique = new HashSet<>(moves);
        if (unique.size() != moves.size()) {
            fail(g, line, "legalMoves() has duplicates: " + moves);
        }
        if (state.isTerminal() != moves.isEmpty()) {
            fail(g, line, "isTerminal() is " + state.isTerminal() + " but there are " + moves.size() + " legal moves");
        }
        if (state.isTerminal()) {
            try {
                if (state.outcome() == null) {
                    fail(g, line, "outcome() returned null");
                }
            } catch (IllegalStateException e) {
                fail(g, line, "a terminal position has no outcome: " + e.getMessage());
            }
            return;
        }
        try {
            state.outcome();
            fail(g, line, "outcome() answered for a game that is not over");
        } catch (IllegalStateException expected) {
            // as the contract says
        }
        for (Move move : moves) {
            String why = state.whyIllegal(move);
            if (why != null) {
                fail(g, line, "legal move " + move.notation() + " is refused by whyIllegal: " + why);
            }
            Move parsed;
            try {
                parsed = state.parseMove(move.notation());
            } catch (IllegalMoveException e) {
                throw failure(g, line, "notation '" + move.notation() + "' of a legal move does not parse: " + e.getMessage(), e);
            }
            if (!parsed.equals(move)) {
                fail(g, line, "notation round trip of " + move.notation() + " gave " + parsed.notation());
            }
        }
    }

    private void fail(int g, List<String> line, String what) {
        throw failure(g, line, what, null);
    }

    private AssertionError failure(int g, List<String> line, String what, Throwable cause) {
        AssertionError error = new AssertionError(game.id() + " (options: " + options + ", seed " + seed + ", game "
                + (g + 1) + ") after moves [" + String.join(" ", line) + "]: " + what);
        if (cause != null) {
            error.initCause(cause);
        }
        return error;
    }

    /**
     * What a run played.
     *
     * @param games     games played
     * @param positions positions checked
     * @param firstWins games won by the first side
     * @param secondWins games won by the second side
     * @param draws     drawn games
     */
    public record Report(int games, long positions, int firstWins, int secondWins, int draws) {
    }
}
