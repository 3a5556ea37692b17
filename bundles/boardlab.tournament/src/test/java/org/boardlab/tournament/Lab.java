package org.boardlab.tournament;

import java.util.List;
import org.boardlab.ai.basic.FirstLegalPlayer;
import org.boardlab.ai.basic.RandomPlayer;
import org.boardlab.api.GameOptions;
import org.boardlab.api.Move;
import org.boardlab.api.MoveRequest;
import org.boardlab.api.Player;
import org.boardlab.api.event.RegistryEvent.Kind;
import org.boardlab.core.Component;
import org.boardlab.core.EventBus;
import org.boardlab.core.Referee;
import org.boardlab.core.Registry;
import org.boardlab.game.othello.Othello;
import org.boardlab.game.tictactoe.TicTacToe;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A small lab for the tests: tic-tac-toe and Othello, seeded random players, a slow one. A test that registers it
 * ({@code @RegisterExtension final Lab lab = new Lab();}) has its referee closed after each test.
 */
final class Lab implements AutoCloseable, AfterEachCallback {

    final EventBus bus = new EventBus();
    final Registry registry = new Registry(bus);
    final Referee referee = new Referee();

    Lab() {
        TicTacToe ttt = new TicTacToe();
        Othello othello = new Othello();
        registry.add(new Component<>(Kind.GAME, "tictactoe", ttt.name(), "boardlab.game.tictactoe", "0.1.0", 3, () -> ttt));
        registry.add(new Component<>(Kind.GAME, "othello", othello.name(), "boardlab.game.othello", "0.1.0", 2, () -> othello));
        for (String id : new String[] {"random", "random2", "random3", "random4"}) {
            registry.add(new Component<>(Kind.PLAYER, id, "random", "boardlab.ai.basic", "0.1.0", 4, RandomPlayer::new));
        }
        registry.add(new Component<>(Kind.PLAYER, "first-legal", "first move", "boardlab.ai.basic", "0.1.0", 4, FirstLegalPlayer::new));
        addSlowRandom("slow-random", 3);
    }

    /** Adds a random player {@code id} that sleeps {@code millis} before each move. */
    void addSlowRandom(String id, long millis) {
        registry.add(new Component<>(Kind.PLAYER, id, "random, " + millis + " ms a move", "test", "0.1.0", 9, () -> new Player() {
            private final RandomPlayer random = new RandomPlayer();

            @Override
            public Move chooseMove(MoveRequest request) throws Exception {
                Thread.sleep(millis);
                return random.chooseMove(request);
            }
        }));
    }

    /**
     * The tic-tac-toe tournament the store's tests play: the four seeded random players and first-legal, two games
     * a pair, 2 s a game, seed 11, one random opening ply.
     */
    static TournamentSettings ticTacToe(String name, Format format, int rounds) {
        return new TournamentSettings(name, "tictactoe", GameOptions.DEFAULT, List.of("random", "random2", "random3", "first-legal", "random4"),
                format, rounds, 2, TimeControl.parse("2s"), 11, "random:1", List.of(), null);
    }

    /** A runner of a tournament opened in a store: its settings and their openings, its log, its history. */
    TournamentRunner runner(StoreTournamentLog.Opened opened, int concurrency) {
        TournamentSettings s = opened.settings();
        Openings openings = Openings.parse(s.openings(), registry.requireGame(s.game()), s.options());
        return new TournamentRunner(referee, registry, bus, s, openings, opened.log(), opened.history(), concurrency);
    }

    /** Makes {@code runner} stop itself once {@code games} games are finished (its own and those it found); returns it. */
    static TournamentRunner stoppingAfter(TournamentRunner runner, int games) {
        runner.listen(new TournamentRunner.Listener() {
            @Override
            public void finished(ScheduledGame game, GameScore score, int finished) {
                if (finished >= games) {
                    runner.stop();
                }
            }
        });
        return runner;
    }

    @Override
    public void afterEach(ExtensionContext context) {
        close();
    }

    @Override
    public void close() {
        referee.close();
    }
}
