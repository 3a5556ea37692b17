package org.boardlab.bench.search;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.boardlab.ai.search.AlphaBetaPlayer;
import org.boardlab.ai.search.MctsPlayer;
import org.boardlab.api.Game;
import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.api.MoveRequest;
import org.boardlab.game.othello.Othello;
import org.boardlab.game.tictactoe.TicTacToe;
import org.boardlab.testkit.MoveRequests;
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
 * The search players at a fixed amount of work, with a clock that never runs out: alpha-beta to a
 * fixed depth (tic-tac-toe: solved from the empty board; Othello: 5 plies from the position after
 * four opening moves), and Monte Carlo tree search for 2,000 iterations. Besides searches per
 * second, JMH reports the counters {@code nodes} (alpha-beta positions per second) and
 * {@code playouts} (MCTS playouts per second).
 *
 * <pre>
 * java -jar benchmarks/target/benchmarks.jar SearchBenchmark -f 1 -wi 2 -i 3
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class SearchBenchmark {

    /** The game searched. */
    @Param({"tictactoe", "othello"})
    public String game;

    private GameState position;
    private int depth;

    /** Alpha-beta's work, reported by JMH as positions per second. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Nodes {
        /** Positions alpha-beta visited. */
        public long nodes;

        @Setup(Level.Iteration)
        public void reset() {
            nodes = 0;
        }
    }

    /** MCTS's work, reported by JMH as playouts per second. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Playouts {
        /** Playouts MCTS finished. */
        public long playouts;

        @Setup(Level.Iteration)
        public void reset() {
            playouts = 0;
        }
    }

    @Setup
    public void setUp() {
        Game rules = game.equals("othello") ? new Othello() : new TicTacToe();
        GameState state = rules.newGame();
        if (game.equals("othello")) {
            for (String move : List.of("d3", "c3", "c4", "e3")) {
                state = state.apply(state.parseMove(move));
            }
            depth = 5;
        } else {
            depth = 9;
        }
        position = state;
    }

    /** One alpha-beta search to the fixed depth. */
    @Benchmark
    public Move alphaBeta(Nodes counter) {
        AlphaBetaPlayer player = AlphaBetaPlayer.withMaxDepth(depth);
        Move move = player.chooseMove(request(position));
        counter.nodes += player.nodes();
        return move;
    }

    /** One MCTS search of 2,000 iterations. */
    @Benchmark
    public Move mcts(Playouts counter) {
        MctsPlayer player = MctsPlayer.withLimits(2000, MctsPlayer.DEFAULT_MAX_NODES, MctsPlayer.DEFAULT_MAX_PLAYOUT);
        Move move = player.chooseMove(request(position));
        counter.playouts += player.iterations();
        return move;
    }

    /** A request that never runs out: the search stops at its fixed depth or iterations. */
    private static MoveRequest request(GameState state) {
        return MoveRequests.onClock(state, 42, System.nanoTime() + TimeUnit.HOURS.toNanos(1));
    }
}
