package org.boardlab.sandbox.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.boardlab.ai.basic.FirstLegalPlayer;
import org.boardlab.api.GameOptions;
import org.boardlab.api.Player;
import org.boardlab.api.event.MatchOutcome.Ending;
import org.boardlab.core.EventBus;
import org.boardlab.core.GameResult;
import org.boardlab.core.Match;
import org.boardlab.core.MatchSettings;
import org.boardlab.core.PlayerSeat;
import org.boardlab.core.Referee;
import org.boardlab.core.Registry;
import org.boardlab.game.tictactoe.TicTacToe;
import org.junit.jupiter.api.Test;

/**
 * A player asked of a bundle that is gone or going (its jar being replaced in the players folder) is
 * "unavailable", not broken: the match waits for the new version instead of forfeiting the game. Under
 * load the registry may still list the old version when its bundle has already stopped; the integration
 * test that overwrites a player's jar twenty times during a 60-game match lost games to this.
 */
class SandboxHostingTest {

    @Test
    void aPlayerOfABundleThatIsGoneIsUnavailableAndTheMatchWaitsForTheNewVersion() {
        EventBus events = new EventBus();
        SandboxHosting hosting = new SandboxHosting(events, new Registry(events));
        assertThatThrownBy(() -> hosting.player("greedy", 4711, "org.example.Greedy"))
                .isInstanceOf(PlayerSeat.Unavailable.class)
                .hasMessage("the bundle of player 'greedy' is being replaced");

        AtomicInteger asked = new AtomicInteger();
        Match match = new Match(new Referee(), new TicTacToe(), GameOptions.DEFAULT,
                new PlayerSeat("greedy", () -> asked.getAndIncrement() < 3
                        ? hosting.player("greedy", 4711, "org.example.Greedy") // the old version's bundle, stopped
                        : (Player) new FirstLegalPlayer()), // the new version
                new PlayerSeat("first-legal", FirstLegalPlayer::new),
                MatchSettings.defaults().withGames(1), events);
        List<GameResult> results = match.runHere();
        assertThat(results.get(0).outcome().ending()).as(results.get(0).outcome().detail()).isEqualTo(Ending.NORMAL);
        assertThat(asked.get()).as("times the seat was asked for its player").isEqualTo(4);
    }
}
