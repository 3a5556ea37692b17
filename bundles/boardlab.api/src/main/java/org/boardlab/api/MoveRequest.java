package org.boardlab.api;

import java.util.List;
import java.util.function.BooleanSupplier;
import org.osgi.annotation.versioning.ProviderType;

/**
 * What the referee tells a {@link Player} when asking it for a move. Implemented by the platform.
 */
@ProviderType
public interface MoveRequest {

    /** The position; the player's side is {@code state().sideToMove()}. */
    GameState state();

    /** The moves played so far in this game, oldest first. */
    List<Move> history();

    /**
     * The instant, on the {@link System#nanoTime()} clock, by which the move must be returned. A
     * move returned later forfeits the game.
     */
    long deadlineNanos();

    /** Nanoseconds left until {@link #deadlineNanos()}; negative when it has passed. */
    default long remainingNanos() {
        return deadlineNanos() - System.nanoTime();
    }

    /**
     * {@code true} once the answer is no longer wanted (time is up, or the match was stopped). A
     * searching player should check it, or its thread's interrupt flag, regularly.
     */
    boolean isCancelled();

    /** A seed for the player's randomness: the same seed in the same match gives the same game. */
    long seed();

    /**
     * The options the game was started with (such as {@code size=10}); {@link GameOptions#DEFAULT}
     * when the asker does not know them. A player in a process of its own starts its copy of the game
     * with them.
     */
    default GameOptions options() {
        return GameOptions.DEFAULT;
    }

    /**
     * A request with fixed values, for code that asks a player itself (a client playing for a loaded
     * player, a test): it is cancelled once {@code deadlineNanos} has passed or {@code stopped} says
     * so.
     *
     * @param state         the position
     * @param history       the moves played before it, oldest first (copied)
     * @param deadlineNanos the deadline on the {@link System#nanoTime()} clock
     * @param seed          the seed for the player's randomness
     * @param stopped       {@code true} once the answer is no longer wanted for another reason
     */
    static MoveRequest of(GameState state, List<Move> history, long deadlineNanos, long seed, BooleanSupplier stopped) {
        return new FixedMoveRequest(state, List.copyOf(history), deadlineNanos, seed, stopped);
    }
}
