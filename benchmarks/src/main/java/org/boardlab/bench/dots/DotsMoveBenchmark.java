package org.boardlab.bench.dots;

import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.game.dots.Dots;
import org.boardlab.game.dots.DotsPosition;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The average time of one Dots move ({@code GameState.apply}: legality check, copy of the board,
 * capture search and zone making) on a crowded 39x32 board: 256 positions reached by 600 to 900
 * random moves, each with one random legal move, applied in turn. The target is under 20
 * microseconds a move.
 *
 * <pre>
 * java -jar benchmarks/target/benchmarks.jar DotsMoveBenchmark -f 1 -wi 2 -i 3
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class DotsMoveBenchmark {

    private static final int POSITIONS = 256;

    /** Random moves before the measured one: at least this many... */
    @Param({"600"})
    public int fromPly;

    /** ...and fewer than this many (fewer still if the game ends first). */
    @Param({"900"})
    public int toPly;

    private final GameState[] states = new GameState[POSITIONS];
    private final Move[] moves = new Move[POSITIONS];
    private int next;

    @Setup
    public void setUp() {
        SplittableRandom random = new SplittableRandom(2014);
        Dots dots = new Dots();
        for (int i = 0; i < POSITIONS; i++) {
            int plies = fromPly + random.nextInt(toPly - fromPly);
            GameState state = dots.newGame();
            GameState before = state;
            for (int ply = 0; ply < plies && !state.isTerminal(); ply++) {
                before = state;
                List<Move> legal = state.legalMoves();
                state = state.apply(legal.get(random.nextInt(legal.size())));
            }
            if (state.isTerminal()) {
                state = before;
            }
            List<Move> legal = state.legalMoves();
            states[i] = state;
            moves[i] = legal.get(random.nextInt(legal.size()));
        }
        next = 0;
        describe();
    }

    /** One move on one of the crowded positions. */
    @Benchmark
    public GameState apply() {
        int i = next;
        next = (i + 1) & (POSITIONS - 1);
        return states[i].apply(moves[i]);
    }

    /** Prints how crowded the positions are, so a run shows what it measured. */
    private void describe() {
        long free = 0;
        long zones = 0;
        for (GameState s : states) {
            DotsPosition p = (DotsPosition) s;
            free += p.freePoints();
            zones += p.zones().size();
        }
        System.out.println("positions: " + POSITIONS + ", average free points " + free / POSITIONS + " of 1248, "
                + "average zones " + zones / POSITIONS);
    }
}
