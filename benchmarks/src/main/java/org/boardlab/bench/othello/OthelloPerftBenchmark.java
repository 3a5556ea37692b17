package org.boardlab.bench.othello;

import java.util.concurrent.TimeUnit;
import org.boardlab.api.GameOptions;
import org.boardlab.api.GameState;
import org.boardlab.game.othello.Othello;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Othello perft from the start position, single-threaded, with bulk counting at the last ply. The
 * {@code leaves} counter is the figure to read: leaf nodes per second. The target on 8x8 is at least
 * 200 M leaves/s.
 *
 * <pre>
 * java -jar benchmarks/target/benchmarks.jar OthelloPerftBenchmark -f 1 -wi 2 -i 3
 * java -jar benchmarks/target/benchmarks.jar OthelloPerftBenchmark -p size=16 -p depth=5 -f 1 -wi 2 -i 3
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class OthelloPerftBenchmark {

    /** Board size (even, 4..16); 4, 6 and 8 are bitboards. */
    @Param({"8"})
    public int size;

    /** Plies below the start. */
    @Param({"9"})
    public int depth;

    private GameState start;

    /** The leaves counted, reported by JMH per second. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Leaves {
        public long leaves;

        @Setup(Level.Iteration)
        public void reset() {
            leaves = 0;
        }
    }

    @Setup
    public void setUp() {
        start = new Othello().newGame(GameOptions.DEFAULT.with("size", Integer.toString(size)));
    }

    /** Perft through the SPI entry point ({@code GameState.perft}), which the bundle overrides. */
    @Benchmark
    public long perft(Leaves counter) {
        long leaves = start.perft(depth);
        counter.leaves += leaves;
        return leaves;
    }
}
