package org.boardlab.bench.gomoku;

import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.boardlab.api.GameOptions;
import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.game.gomoku.Gomoku;
import org.boardlab.game.gomoku.Danger;
import org.boardlab.game.gomoku.DangerAnalysis;
import org.boardlab.game.gomoku.GomokuBoard;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * One full danger analysis ({@link DangerAnalysis#find}: every empty point, all four directions) of
 * a crowded 15x15 board: {@code stones} stones placed by a random game from a fixed seed that has
 * not ended yet. Target: under 200 microseconds per analysis. {@code details} adds the map building
 * that the CLI's JSON goes through.
 *
 * <pre>
 * java -jar benchmarks/target/benchmarks.jar GomokuDangerBenchmark -f 1 -wi 2 -i 3
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class GomokuDangerBenchmark {

    /** Stones on the board when it is analysed. */
    @Param({"120"})
    public int stones;

    private GameState position;

    @Setup
    public void setUp() {
        position = crowded(stones);
    }

    /**
     * A position with {@code stones} stones from the first seed (from 1 up) whose random game is
     * still running after that many moves.
     */
    static GameState crowded(int stones) {
        Gomoku game = new Gomoku();
        for (long seed = 1; ; seed++) {
            Random random = new Random(seed);
            GameState state = game.newGame(GameOptions.DEFAULT);
            while (state.ply() < stones && !state.isTerminal()) {
                List<Move> moves = state.legalMoves();
                state = state.apply(moves.get(random.nextInt(moves.size())));
            }
            if (!state.isTerminal()) {
                return state;
            }
        }
    }

    @Benchmark
    public List<Danger> fullAnalysis() {
        return DangerAnalysis.find((GomokuBoard) position, position.sideToMove().other());
    }

    @Benchmark
    public Object details() {
        return position.details();
    }
}
