package org.boardlab.tournament;

import org.boardlab.ai.basic.FirstLegalPlayer;
import org.boardlab.ai.basic.RandomPlayer;
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

/** A small lab for the tests: tic-tac-toe and Othello, seeded random players, a slow one. */
final class Lab implements AutoCloseable {

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

    @Override
    public void close() {
        referee.close();
    }
}
