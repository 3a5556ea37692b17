package org.boardlab.bench.dots;

import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.boardlab.api.GameOptions;
import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.game.dots.Dots;
import org.boardlab.game.dots.DotsPosition;
import org.boardlab.game.dots.Point;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Random Dots playouts from the empty board until the board is full, single-threaded; the score is
 * playouts per second. {@code spi} picks each move from {@code legalMoves()}, as a generic Monte
 * Carlo player does (building the list of free points costs more than the move itself);
 * {@code sampling} draws random points and keeps the first free one ({@code isFree}), falling back
 * to the list when the board is nearly full, as a Dots-aware player would.
 *
 * <pre>
 * java -jar benchmarks/target/benchmarks.jar DotsPlayoutBenchmark -f 1 -wi 2 -i 3
 * java -jar benchmarks/target/benchmarks.jar DotsPlayoutBenchmark -p size=10x10 -f 1 -wi 2 -i 3
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class DotsPlayoutBenchmark {

    /** Board size, WxH. */
    @Param({"39x32"})
    public String size;

    private DotsPosition start;
    private SplittableRandom random;

    @Setup
    public void setUp() {
        start = new Dots().newGame(GameOptions.DEFAULT.with("size", size));
        random = new SplittableRandom(42);
    }

    /** One playout through {@code legalMoves} and {@code apply}; returns the plies played. */
    @Benchmark
    public int spi() {
        GameState state = start;
        while (!state.isTerminal()) {
            List<Move> moves = state.legalMoves();
            state = state.apply(moves.get(random.nextInt(moves.size())));
        }
        return state.ply();
    }

    /** One playout drawing random points; returns the plies played. */
    @Benchmark
    public int sampling() {
        DotsPosition state = start;
        int width = state.width();
        int height = state.height();
        while (!state.isTerminal()) {
            Point move = null;
            for (int tries = 0; tries < 16 && move == null; tries++) {
                Point p = new Point(random.nextInt(width), random.nextInt(height));
                if (state.isFree(p)) {
                    move = p;
                }
            }
            if (move == null) {
                List<Move> moves = state.legalMoves();
                move = (Point) moves.get(random.nextInt(moves.size()));
            }
            state = (DotsPosition) state.apply(move);
        }
        return state.ply();
    }
}
