package org.boardlab.client;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.Executor;

/**
 * How a {@link ClientSeat} plays, for every protocol. Each protocol's seat uses what its protocol
 * has: a protocol without names ignores {@link #invite()} and {@link #acceptInvitations()}, one
 * where the next game starts by itself ignores {@link #newGames()}.
 *
 * @param timePerMove       how long the player may think about a move: the request's deadline is
 *                          this long after the move is asked for (the server's own clock still
 *                          decides a time-out); positive
 * @param games             how many games to play, then stop; 0 for no limit
 * @param seed              the seed for the player's randomness; game {@code k} (from 1) gets
 *                          {@code seed + k - 1}
 * @param executor          where a blocking player ({@link org.boardlab.api.Player#chooseMove}) is
 *                          asked, or {@code null} for daemon threads of the seat's own; a shared
 *                          pool is fine (a seat asks one move at a time; a move left behind is
 *                          interrupted, and a player that ignores that keeps its thread until it
 *                          returns). An {@link org.boardlab.api.AsyncPlayer} is not asked on it: it
 *                          needs no thread
 * @param invite            the player to invite whenever both are free, or {@code null}: wait for
 *                          invitations (protocols with a lobby)
 * @param acceptInvitations accept every invitation while games are left to play (protocols with a
 *                          lobby)
 * @param newGames          after a game, ask the server for another while games are left
 *                          (protocols where a client asks, such as Gomoku's {@code new})
 */
public record SeatOptions(Duration timePerMove, int games, long seed, Executor executor, String invite,
        boolean acceptInvitations, boolean newGames) {

    /** Checks the values. */
    public SeatOptions {
        Objects.requireNonNull(timePerMove, "timePerMove");
        if (timePerMove.isNegative() || timePerMove.isZero()) {
            throw new IllegalArgumentException("the time per move must be positive");
        }
        if (games < 0) {
            throw new IllegalArgumentException("the number of games may not be negative");
        }
    }

    /** One second a move, no limit, seed 1, threads of its own, nobody invited, invitations accepted, new games asked for. */
    public static SeatOptions defaults() {
        return new SeatOptions(Duration.ofSeconds(1), 0, 1, null, null, true, true);
    }

    /** The same options with another time per move. */
    public SeatOptions withTimePerMove(Duration d) {
        return new SeatOptions(d, games, seed, executor, invite, acceptInvitations, newGames);
    }

    /** The same options with another number of games (0: no limit). */
    public SeatOptions withGames(int n) {
        return new SeatOptions(timePerMove, n, seed, executor, invite, acceptInvitations, newGames);
    }

    /** The same options with another seed. */
    public SeatOptions withSeed(long s) {
        return new SeatOptions(timePerMove, games, s, executor, invite, acceptInvitations, newGames);
    }

    /** The same options with a blocking player asked on {@code e} ({@code null}: threads of the seat's own). */
    public SeatOptions withExecutor(Executor e) {
        return new SeatOptions(timePerMove, games, seed, e, invite, acceptInvitations, newGames);
    }

    /** The same options, inviting {@code name} ({@code null}: nobody). */
    public SeatOptions withInvite(String name) {
        return new SeatOptions(timePerMove, games, seed, executor, name, acceptInvitations, newGames);
    }

    /** The same options, accepting invitations or not. */
    public SeatOptions withAcceptInvitations(boolean accept) {
        return new SeatOptions(timePerMove, games, seed, executor, invite, accept, newGames);
    }

    /** The same options, asking for new games or not. */
    public SeatOptions withNewGames(boolean ask) {
        return new SeatOptions(timePerMove, games, seed, executor, invite, acceptInvitations, ask);
    }
}
