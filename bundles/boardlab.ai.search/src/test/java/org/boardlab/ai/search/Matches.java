package org.boardlab.ai.search;

import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.boardlab.api.Game;
import org.boardlab.api.GameOptions;
import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.api.Player;
import org.boardlab.api.Side;

/**
 * A small referee for tests: plays games between two players under a move clock and counts the
 * results. An illegal move fails the test. A late move is counted, not forfeited: these matches
 * measure strength, and the deadline tests (which retry, see {@link Timing}) measure time.
 */
final class Matches {

    /** Wins, draws and losses of the player under test, and its moves over the clock. */
    record Tally(int wins, int draws, int losses, int lateMoves) {
        int games() {
            return wins + draws + losses;
        }

        @Override
        public String toString() {
            return wins + " wins, " + draws + " draws, " + losses + " losses (" + lateMoves + " late moves)";
        }
    }

    private Matches() {
    }

    /**
     * Plays {@code games} games of {@code game}, the tested player taking {@link Side#FIRST} in even
     * games and {@link Side#SECOND} in odd ones; each game gets fresh players and its own seed.
     */
    static Tally play(Game game, Supplier<Player> tested, Supplier<Player> opponent, int games, long millisPerMove)
            throws Exception {
        return play(game, GameOptions.DEFAULT, tested, opponent, games, millisPerMove);
    }

    /** As {@link #play(Game, Supplier, Supplier, int, long)}, every game started with {@code options}. */
    static Tally play(Game game, GameOptions options, Supplier<Player> tested, Supplier<Player> opponent, int games,
            long millisPerMove) throws Exception {
        int wins = 0;
        int draws = 0;
        int losses = 0;
        int lateMoves = 0;
        for (int g = 0; g < games; g++) {
            Side testedSide = g % 2 == 0 ? Side.FIRST : Side.SECOND;
            Player[] players = new Player[2];
            players[testedSide.index()] = tested.get();
            players[testedSide.other().index()] = opponent.get();
            int[] late = new int[2];
            Side winner = playOne(game.newGame(options), players, millisPerMove, 7919L * g + 1, late);
            lateMoves += late[testedSide.index()];
            if (winner == null) {
                draws++;
            } else if (winner == testedSide) {
                wins++;
            } else {
                losses++;
            }
        }
        return new Tally(wins, draws, losses, lateMoves);
    }

    /**
     * Plays one game to its end; returns the winner, or {@code null} for a draw. Late moves are
     * counted in {@code late}, by side index.
     */
    static Side playOne(GameState start, Player[] players, long millisPerMove, long seed, int[] late) throws Exception {
        GameState state = start;
        long limit = TimeUnit.MILLISECONDS.toNanos(millisPerMove);
        while (!state.isTerminal()) {
            Player player = players[state.sideToMove().index()];
            long begin = System.nanoTime();
            Move move = player.chooseMove(Requests.of(state, seed + state.ply(), millisPerMove));
            if (System.nanoTime() - begin > limit) {
                late[state.sideToMove().index()]++;
            }
            String why = state.whyIllegal(move);
            if (why != null) {
                throw new AssertionError(player.getClass().getSimpleName() + " played the illegal move "
                        + move.notation() + " at ply " + state.ply() + ": " + why);
            }
            state = state.apply(move);
        }
        return state.outcome().winner();
    }
}
