package org.boardlab.ai.search;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.api.Player;

/**
 * Deadline checks that a busy machine cannot fail: a player must not use more processor time for
 * a move than the move's clock allows. A player that ignores the clock (that searches on past the
 * deadline) uses the time and fails; a thread that merely waits for a processor, because other
 * builds share the machine, is not blamed. {@link org.boardlab.testkit.PlayerTestKit} checks wall
 * time as the referee does, at clocks long enough for the margin to cover such waits.
 *
 * <p>The first moves in a fresh JVM also pay for loading and compiling classes, on the player's
 * thread; run these checks through {@link Timing#retryIfLate} so that a second attempt runs warm.
 */
final class InTime {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private InTime() {
    }

    /**
     * Plays {@code games} games from {@code start}, a fresh {@code player} on both sides, stopping
     * each game after {@code maxPlies} plies; every move must be legal and use at most
     * {@code millis} ms of the thread's processor time.
     *
     * @throws AssertionError naming the first move that is illegal or over its time
     */
    static void check(Supplier<Player> player, GameState start, long millis, int games, int maxPlies)
            throws Exception {
        long limit = TimeUnit.MILLISECONDS.toNanos(millis);
        for (int g = 0; g < games; g++) {
            Player[] players = {player.get(), player.get()};
            GameState state = start;
            for (int ply = 0; ply < maxPlies && !state.isTerminal(); ply++) {
                long cpu = THREADS.getCurrentThreadCpuTime();
                Move move = players[state.sideToMove().index()].chooseMove(
                        Requests.of(state, 1000L * g + ply, millis));
                long used = THREADS.getCurrentThreadCpuTime() - cpu;
                if (used > limit) {
                    throw new AssertionError("move " + move.notation() + " at ply " + state.ply() + " used "
                            + used / 1_000_000 + " ms of processor time, over the " + millis + " ms allowed");
                }
                String why = state.whyIllegal(move);
                if (why != null) {
                    throw new AssertionError("illegal move " + move.notation() + " at ply " + state.ply() + ": " + why);
                }
                state = state.apply(move);
            }
        }
    }
}
