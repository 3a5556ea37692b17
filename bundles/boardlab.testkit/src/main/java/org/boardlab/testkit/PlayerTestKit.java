package org.boardlab.testkit;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.boardlab.api.Game;
import org.boardlab.api.GameOptions;
import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.api.Player;

/**
 * Checks a {@link Player} the way the referee will: it plays both sides of {@code games} games of a
 * game, and every answer must be a legal move, returned before the deadline. Run it on your own
 * player before dropping it into the players folder.
 *
 * <pre>{@code
 * PlayerTestKit.of(new MyPlayer()).game(othello).millisPerMove(100).games(3).run();
 * }</pre>
 */
public final class PlayerTestKit {

    private final Player player;
    private Game game;
    private GameOptions options = GameOptions.DEFAULT;
    private long millisPerMove = 1000;
    private long graceMillis;
    private int games = 1;

    private PlayerTestKit(Player player) {
        this.player = player;
    }

    public static PlayerTestKit of(Player player) {
        return new PlayerTestKit(player);
    }

    public PlayerTestKit game(Game game) {
        this.game = game;
        return this;
    }

    public PlayerTestKit options(GameOptions options) {
        this.options = options;
        return this;
    }

    public PlayerTestKit millisPerMove(long millis) {
        this.millisPerMove = millis;
        return this;
    }

    /**
     * How much later than its deadline an answer may arrive before it counts as late: room for a busy
     * machine's scheduling (a shared CI box). Default 0, as strict as the referee.
     */
    public PlayerTestKit graceMillis(long millis) {
        this.graceMillis = millis;
        return this;
    }

    public PlayerTestKit games(int games) {
        this.games = games;
        return this;
    }

    /**
     * Plays the games; returns the longest time one move took, in nanoseconds.
     *
     * @throws AssertionError on an illegal move, a late move or an exception
     */
    public long run() throws Exception {
        if (game == null) {
            throw new IllegalStateException("call game(...) first");
        }
        long slowest = 0;
        for (int g = 0; g < games; g++) {
            GameState state = game.newGame(options);
            List<Move> history = new ArrayList<>();
            while (!state.isTerminal()) {
                long start = System.nanoTime();
                long deadline = start + TimeUnit.MILLISECONDS.toNanos(millisPerMove);
                GameState current = state;
                List<Move> played = List.copyOf(history);
                long seed = g * 1000L + history.size();
                Move move = player.chooseMove(MoveRequests.of(current, played, seed, deadline,
                        () -> System.nanoTime() > deadline));
                long took = System.nanoTime() - start;
                slowest = Math.max(slowest, took);
                if (move == null) {
                    throw new AssertionError("the player returned no move at ply " + state.ply());
                }
                if (took > TimeUnit.MILLISECONDS.toNanos(millisPerMove + graceMillis)) {
                    throw new AssertionError("move " + move.notation() + " took " + took / 1_000_000 + " ms, over the "
                            + millisPerMove + " ms allowed" + (graceMillis == 0 ? "" : " (+ " + graceMillis + " ms grace)"));
                }
                String why = state.whyIllegal(move);
                if (why != null) {
                    throw new AssertionError("illegal move " + move.notation() + " at ply " + state.ply() + ": " + why);
                }
                history.add(move);
                state = state.apply(move);
            }
        }
        return slowest;
    }
}
