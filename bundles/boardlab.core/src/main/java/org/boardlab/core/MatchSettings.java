package org.boardlab.core;

import java.time.Duration;

/**
 * How a match is run.
 *
 * @param timePerMove    how long a side may think about one move (seed 004: 10 s)
 * @param games          how many games to play
 * @param alternateSides whether the seats swap sides after every game, so each player moves first
 *                       in half the games
 * @param moveDelay      a pause after every move in continuous mode, so people can follow
 * @param seed           the match's seed; game {@code k} (from 0) uses {@code seed + k}
 * @param swapGrace      how long the next game waits for a seat's player that is not available (its
 *                       bundle between two versions while a jar is replaced) before that side forfeits
 * @param limits         what a player in a process of its own may use (heap, threads, CPU time, files)
 */
public record MatchSettings(Duration timePerMove, int games, boolean alternateSides, Duration moveDelay, long seed,
        Duration swapGrace, PlayerLimits limits) {

    /** Seed 004's time per move. */
    public static final Duration DEFAULT_TIME_PER_MOVE = Duration.ofSeconds(10);

    /** How long the next game waits for a player being replaced. */
    public static final Duration DEFAULT_SWAP_GRACE = Duration.ofSeconds(5);

    /** The settings with the default {@link #DEFAULT_SWAP_GRACE} and {@link PlayerLimits#DEFAULT}. */
    public MatchSettings(Duration timePerMove, int games, boolean alternateSides, Duration moveDelay, long seed) {
        this(timePerMove, games, alternateSides, moveDelay, seed, DEFAULT_SWAP_GRACE);
    }

    /** The settings with {@link PlayerLimits#DEFAULT}. */
    public MatchSettings(Duration timePerMove, int games, boolean alternateSides, Duration moveDelay, long seed,
            Duration swapGrace) {
        this(timePerMove, games, alternateSides, moveDelay, seed, swapGrace, PlayerLimits.DEFAULT);
    }

    public MatchSettings {
        if (timePerMove.isNegative() || timePerMove.isZero()) {
            throw new IllegalArgumentException("the time per move must be positive, not " + timePerMove);
        }
        if (games < 1) {
            throw new IllegalArgumentException("a match has at least one game, not " + games);
        }
        if (moveDelay.isNegative()) {
            throw new IllegalArgumentException("the move delay cannot be negative");
        }
        if (swapGrace.isNegative()) {
            throw new IllegalArgumentException("the grace for a player being replaced cannot be negative");
        }
        if (limits == null) {
            throw new IllegalArgumentException("the players' limits are missing");
        }
    }

    /** One game, 10 s a move, no delay, seed 1, 5 s of grace for a player being replaced. */
    public static MatchSettings defaults() {
        return new MatchSettings(DEFAULT_TIME_PER_MOVE, 1, true, Duration.ZERO, 1);
    }

    public MatchSettings withTimePerMove(Duration d) {
        return new MatchSettings(d, games, alternateSides, moveDelay, seed, swapGrace, limits);
    }

    public MatchSettings withGames(int n) {
        return new MatchSettings(timePerMove, n, alternateSides, moveDelay, seed, swapGrace, limits);
    }

    public MatchSettings withMoveDelay(Duration d) {
        return new MatchSettings(timePerMove, games, alternateSides, d, seed, swapGrace, limits);
    }

    public MatchSettings withSeed(long s) {
        return new MatchSettings(timePerMove, games, alternateSides, moveDelay, s, swapGrace, limits);
    }

    public MatchSettings withAlternateSides(boolean alternate) {
        return new MatchSettings(timePerMove, games, alternate, moveDelay, seed, swapGrace, limits);
    }

    public MatchSettings withSwapGrace(Duration d) {
        return new MatchSettings(timePerMove, games, alternateSides, moveDelay, seed, d, limits);
    }

    public MatchSettings withLimits(PlayerLimits l) {
        return new MatchSettings(timePerMove, games, alternateSides, moveDelay, seed, swapGrace, l);
    }
}
