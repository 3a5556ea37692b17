package org.boardlab.store;

import java.util.ArrayList;
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
 * The process {@link CompactKillTest} kills: stores random Othello games, each in a transaction of
 * its own (one chunk of H2's file each, so the file holds old chunks), printing {@code stored ID}
 * once each has committed, then prints {@code compacting} and closes the store, which compacts the
 * file (run with {@code -Dboardlab.store.compact=always}), then prints {@code closed}.
 *
 * <pre>java -Dboardlab.store.compact=always -cp ... org.boardlab.store.CompactAndClose URL SEED GAMES</pre>
 */
public final class CompactAndClose {

    private CompactAndClose() {
    }

    /** Kept: java.util.logging holds loggers weakly. */
    private static final java.util.logging.Logger QUIET = java.util.logging.Logger.getLogger("org.boardlab.store");

    public static void main(String[] args) {
        QUIET.setLevel(java.util.logging.Level.WARNING); // the compaction's two INFO lines; a warning (it failed) is printed and fails the test
        Store store = Store.open(args[0]);
        long seed = Long.parseLong(args[1]);
        int games = Integer.parseInt(args[2]);
        List<FinishedGame> played = new ArrayList<>();
        try (Referee referee = new Referee()) {
            Match[] m = new Match[1];
            m[0] = new Match(referee, new Othello(), GameOptions.DEFAULT, new PlayerSeat("random#1", RandomPlayer::new),
                    new PlayerSeat("random#2", RandomPlayer::new), MatchSettings.defaults().withGames(games).withSeed(seed), new EventBus());
            m[0].onGameResult(r -> played.add(FinishedGame.of(m[0].journal(), "match", Seat.named(r.first()), Seat.named(r.second()))));
            m[0].runHere();
        }
        for (FinishedGame g : played) {
            System.out.println("stored " + store.saveGame(g));
        }
        System.out.println("compacting");
        System.out.flush();
        store.close();
        System.out.println("closed");
        System.out.flush();
    }
}
