package org.boardlab.bench.onitama;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.boardlab.ai.onitama.OnitamaHardPlayer;
import org.boardlab.ai.onitama.OnitamaNormalPlayer;
import org.boardlab.api.GameOptions;
import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.api.MoveRequest;
import org.boardlab.api.Player;
import org.boardlab.game.onitama.Onitama;
import org.boardlab.testkit.MoveRequests;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * What one move of the Onitama server's own player costs: {@code onitama-normal} (2 plies, the PvE
 * opponent of every seed 001 client) or {@code onitama-hard} (4 plies) choosing a move, through
 * {@link Player#chooseMove} as the referee asks it, in turn on 1,000 positions of random games from
 * 100 deals (the positions a PvE client's random moves lead to). The score is the time a move.
 *
 * <pre>
 * java -jar benchmarks/target/benchmarks.jar OnitamaSearchBenchmark -f 1 -wi 3 -i 5
 * </pre>
 *
 * <p>The same benchmark on an earlier build's player: the earlier {@code org/boardlab/ai/onitama}
 * classes first on the class path, e.g.
 * {@code java -cp old-ai-classes:benchmarks/target/benchmarks.jar org.openjdk.jmh.Main OnitamaSearchBenchmark ...}
 * (JMH's forks take the same class path).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class OnitamaSearchBenchmark {

    /** {@code normal} or {@code hard}. */
    @Param({"normal", "hard"})
    public String player;

    private Player chooser;
    private final List<GameState> positions = new ArrayList<>();
    private int next;

    @Setup
    public void setUp() {
        chooser = player.equals("hard") ? new OnitamaHardPlayer() : new OnitamaNormalPlayer();
        Onitama game = new Onitama();
        SplittableRandom random = new SplittableRandom(2021);
        for (int deal = 0; positions.size() < 1000; deal++) {
            GameState state = game.newGame(GameOptions.DEFAULT.with("seed", Integer.toString(deal)));
            while (!state.isTerminal() && positions.size() < 1000) {
                positions.add(state);
                List<Move> moves = state.legalMoves();
                state = state.apply(moves.get(random.nextInt(moves.size())));
            }
        }
    }

    /** One move chosen, with a minute to choose it (the search always finishes its depth). */
    @Benchmark
    public Move choose() throws Exception {
        GameState state = positions.get(next);
        next = next + 1 == positions.size() ? 0 : next + 1;
        MoveRequest request = MoveRequests.of(state, 1, System.nanoTime() + TimeUnit.MINUTES.toNanos(1), () -> false);
        return chooser.chooseMove(request);
    }
}
