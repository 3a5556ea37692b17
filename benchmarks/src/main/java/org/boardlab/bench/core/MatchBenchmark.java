package org.boardlab.bench.core;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.boardlab.ai.basic.RandomPlayer;
import org.boardlab.api.Game;
import org.boardlab.api.GameOptions;
import org.boardlab.api.event.MatchOutcome;
import org.boardlab.core.EventBus;
import org.boardlab.core.Match;
import org.boardlab.core.MatchSettings;
import org.boardlab.core.PlayerSeat;
import org.boardlab.core.Referee;
import org.boardlab.game.tictactoe.TicTacToe;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Matches per second of random against random through the match runner: every move is asked of a
 * player on a worker thread with a deadline, checked by the rules, applied and published as an
 * event, exactly as in {@code boardlab match}.
 *
 * <pre>java -jar benchmarks/target/benchmarks.jar MatchBenchmark -f 1 -wi 3 -i 5</pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class MatchBenchmark {

    private final Game game = new TicTacToe();
    private Referee referee;
    private EventBus events;
    private long seed;

    @Setup(Level.Trial)
    public void setUp() {
        referee = new Referee();
        events = new EventBus();
        events.subscribe(event -> { }); // someone listens, as the workbench does
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        referee.close();
    }

    /** One single-game match (a tic-tac-toe game has 5 to 9 moves). */
    @Benchmark
    public MatchOutcome tictactoeMatch() {
        Match match = new Match(referee, game, GameOptions.DEFAULT, new PlayerSeat("a", RandomPlayer::new),
                new PlayerSeat("b", RandomPlayer::new), MatchSettings.defaults().withSeed(seed++), events);
        List<org.boardlab.core.GameResult> results = match.runHere();
        return results.get(0).outcome();
    }

    /** One game straight through the referee, without the match's control layer. */
    @Benchmark
    public MatchOutcome tictactoeGame() {
        return referee.newGame(1, game.newGame(), List.of(new RandomPlayer(), new RandomPlayer()), List.of("a", "b"),
                Duration.ofSeconds(10), seed++, events).play(Referee.Gate.OPEN);
    }
}
