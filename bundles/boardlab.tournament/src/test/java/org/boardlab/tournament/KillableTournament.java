package org.boardlab.tournament;

import java.util.List;
import org.boardlab.ai.basic.RandomPlayer;
import org.boardlab.api.GameOptions;
import org.boardlab.api.Move;
import org.boardlab.api.MoveRequest;
import org.boardlab.api.Player;
import org.boardlab.api.event.RegistryEvent.Kind;
import org.boardlab.core.Component;
import org.boardlab.store.Store;

/**
 * A tournament in a process of its own, for {@link KillTest} to kill: {@code DB-URL NAME}. Six seeded
 * random players that think 5 ms a move play a tic-tac-toe round-robin of 20 cycles (600 games)
 * through the real runner and the real store; after each game is committed it prints
 * {@code done N}; at the end {@code standings JSON}, only if the runner finished the tournament (a
 * runner that stopped because the store failed exits with 1 and the failure on standard error: its
 * table was printed before, and a store that failed after a kill looked like a tournament that ended
 * early).
 */
public final class KillableTournament {

    static final List<String> PLAYERS = List.of("s1", "s2", "s3", "s4", "s5", "s6");

    static TournamentSettings settings(String name) {
        return new TournamentSettings(name, "tictactoe", GameOptions.DEFAULT, PLAYERS, Format.ROUND_ROBIN, 20, 2, TimeControl.parse("5s"), 99,
                "random:1", List.of(), null);
    }

    public static void main(String[] args) throws Exception {
        try (Lab lab = new Lab(); Store store = Store.open(args[0])) {
            for (String id : PLAYERS) {
                lab.registry.add(new Component<>(Kind.PLAYER, id, "random, 5 ms a move", "test", "0.1.0", 20, () -> new Player() {
                    private final RandomPlayer random = new RandomPlayer();

                    @Override
                    public Move chooseMove(MoveRequest request) throws Exception {
                        Thread.sleep(5);
                        return random.chooseMove(request);
                    }
                }));
            }
            StoreTournamentLog.Opened opened = StoreTournamentLog.open(store, args[1], settings(args[1]), false);
            opened.log().claimAhead(4); // as boardlab tournament does (its concurrency): a kill also finds games taken ahead, not started
            TournamentRunner runner = lab.runner(opened, 4);
            runner.listen(new TournamentRunner.Listener() {
                @Override
                public void finished(ScheduledGame game, GameScore score, int finished) {
                    synchronized (System.out) {
                        System.out.println("done " + game.number());
                        System.out.flush();
                    }
                }
            });
            Standings table = runner.run();
            opened.log().close();
            if (runner.state() != TournamentRunner.State.FINISHED) {
                // a runner stops by itself when the store fails (runner.failure()): its table is not the tournament's
                System.err.println("the tournament did not finish: " + runner.state() + ", " + runner.finishedCount() + " of "
                        + runner.scheduledCount() + " games");
                if (runner.failure() != null) {
                    runner.failure().printStackTrace();
                }
                System.exit(1);
            }
            System.out.println("standings " + new com.fasterxml.jackson.databind.ObjectMapper().writeValueAsString(table.toJson()));
            System.out.flush();
        }
    }
}
