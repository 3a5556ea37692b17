package org.boardlab.tutorial.gomocup;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.boardlab.ai.basic.RandomPlayer;
import org.boardlab.api.GameOptions;
import org.boardlab.api.event.MatchOutcome.Ending;
import org.boardlab.core.EventBus;
import org.boardlab.core.GameResult;
import org.boardlab.core.Match;
import org.boardlab.core.MatchSettings;
import org.boardlab.core.PlayerSeat;
import org.boardlab.core.Referee;
import org.boardlab.core.Registry;
import org.boardlab.engine.gomocup.GomocupProtocol;
import org.boardlab.game.gomoku.Gomoku;
import org.boardlab.sandbox.EngineDescriptor;
import org.boardlab.sandbox.internal.EngineFolder;
import org.boardlab.sandbox.internal.SandboxHosting;
import org.eclipse.sisu.inject.DefaultBeanLocator;
import org.junit.jupiter.api.Test;

/**
 * The tutorial's engine, read from the tutorial's own descriptor as boardlab reads it from the players
 * folder, and played in its sandbox through the Gomocup adapter against the random player: it plays
 * whole games from either side and wins them.
 */
class TutorialEngineTest {

    @Test
    void theTutorialsEngineBeatsTheRandomPlayerFromEitherSide() throws Exception {
        EngineDescriptor engine = EngineDescriptor.read(Path.of("gomoku-tutorial.engine"));
        assertThat(engine.id()).isEqualTo("gomoku-tutorial");
        EventBus events = new EventBus();
        EngineFolder engines = new EngineFolder(new Registry(events), events, new DefaultBeanLocator(),
                new SandboxHosting(events, new Registry(events)));
        GomocupProtocol gomocup = new GomocupProtocol();
        try (Referee referee = new Referee()) {
            Match match = new Match(referee, new Gomoku(), GameOptions.DEFAULT,
                    new PlayerSeat("gomoku-tutorial", () -> gomocup.player(engine, engines)),
                    new PlayerSeat("random", RandomPlayer::new),
                    MatchSettings.defaults().withGames(4).withTimePerMove(Duration.ofSeconds(10)), events);
            List<GameResult> results = match.runHere();
            assertThat(results).hasSize(4).allSatisfy(r -> {
                assertThat(r.outcome().ending()).as(r.outcome().detail()).isEqualTo(Ending.NORMAL);
                String winner = r.outcome().winner() == null ? "nobody" : r.outcome().winner() == org.boardlab.api.Side.FIRST
                        ? r.first() : r.second();
                assertThat(winner).as(r.outcome().detail()).isEqualTo("gomoku-tutorial");
            });
        }
    }
}
