package org.boardlab.bench.gomoku;

import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.boardlab.api.GameOptions;
import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.game.gomoku.Gomoku;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Random playouts from the empty board to the end of the game through the SPI ({@code legalMoves}
 * and {@code apply}, as a generic Monte Carlo player does), single-threaded; the score is playouts
 * per second.
 *
 * <pre>
 * java -jar benchmarks/target/benchmarks.jar GomokuPlayoutBenchmark -f 1 -wi 2 -i 3
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class GomokuPlayoutBenchmark {

    /** Board size, 5..25. */
    @Param({"15"})
    public int size;

    private GameState start;
    private SplittableRandom random;

    @Setup
    public void setUp() {
        start = new Gomoku().newGame(GameOptions.DEFAULT.with("size", Integer.toString(size)));
        random = new SplittableRandom(42);
    }

    /** One playout; returns the number of plies so the work cannot be optimised away. */
    @Benchmark
    public int playout() {
        GameState state = start;
        while (!state.isTerminal()) {
            List<Move> moves = state.legalMoves();
            state = state.apply(moves.get(random.nextInt(moves.size())));
        }
        return state.ply();
    }
}
