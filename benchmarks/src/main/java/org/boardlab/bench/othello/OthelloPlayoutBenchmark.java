package org.boardlab.bench.othello;

import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.boardlab.api.GameOptions;
import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.api.Side;
import org.boardlab.game.othello.Othello;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Random playouts from the start to the end of the game through the SPI only ({@code legalMoves},
 * {@code apply}, {@code isTerminal}, {@code score}), as a Monte-Carlo player would run them. The
 * score is playouts per second.
 *
 * <pre>
 * java -jar benchmarks/target/benchmarks.jar OthelloPlayoutBenchmark -f 1 -wi 2 -i 3
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class OthelloPlayoutBenchmark {

    /** Board size (even, 4..16). */
    @Param({"8", "16"})
    public int size;

    private GameState start;
    private final SplittableRandom random = new SplittableRandom(42);

    @Setup
    public void setUp() {
        start = new Othello().newGame(GameOptions.DEFAULT.with("size", Integer.toString(size)));
    }

    /** One random game; returns black's score minus white's, so the work cannot be dropped. */
    @Benchmark
    public int playout() {
        GameState state = start;
        while (!state.isTerminal()) {
            List<Move> moves = state.legalMoves();
            state = state.apply(moves.get(random.nextInt(moves.size())));
        }
        return state.score(Side.FIRST) - state.score(Side.SECOND);
    }
}
