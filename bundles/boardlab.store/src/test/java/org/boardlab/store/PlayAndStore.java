package org.boardlab.store;

import java.util.List;
import org.boardlab.ai.basic.RandomPlayer;
import org.boardlab.api.GameOptions;
import org.boardlab.core.EventBus;
import org.boardlab.core.Match;
import org.boardlab.core.MatchSettings;
import org.boardlab.core.PlayerSeat;
import org.boardlab.core.Referee;
import org.boardlab.game.othello.Othello;

/**
 * The process {@link KillTest} kills: plays random Othello games through the referee, hands each one
 * to the store's writer ({@link Store#saveLater}, group commit) and prints {@code stored ID} only when
 * its batch has committed, until it is killed.
 *
 * <pre>java -cp ... org.boardlab.store.PlayAndStore URL SEED</pre>
 */
public final class PlayAndStore {

    private PlayAndStore() {
    }

    public static void main(String[] args) {
        Store store = Store.open(args[0]);
        long seed = Long.parseLong(args[1]);
        Referee referee = new Referee();
        Match[] m = new Match[1];
        m[0] = new Match(referee, new Othello(), GameOptions.DEFAULT, new PlayerSeat("random#1", RandomPlayer::new),
                new PlayerSeat("random#2", RandomPlayer::new), MatchSettings.defaults().withGames(1_000_000).withSeed(seed), new EventBus());
        m[0].onGameResult(r -> {
            // through the store's writer, as the server and match do: printed only once its batch committed
            store.saveLater(FinishedGame.of(m[0].journal(), "match", Seat.named(r.first()), Seat.named(r.second()))).thenAccept(id -> {
                System.out.println("stored " + id);
                System.out.flush();
            });
        });
        System.out.println("started");
        System.out.flush();
        List<?> results = m[0].runHere();
        System.out.println("played " + results.size());
    }
}
