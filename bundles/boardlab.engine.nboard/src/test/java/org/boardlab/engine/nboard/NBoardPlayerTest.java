package org.boardlab.engine.nboard;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.boardlab.ai.basic.FirstLegalPlayer;
import org.boardlab.api.GameOptions;
import org.boardlab.api.event.MatchOutcome;
import org.boardlab.api.event.MatchOutcome.Ending;
import org.boardlab.api.event.WireEvent;
import org.boardlab.core.EventBus;
import org.boardlab.core.GameResult;
import org.boardlab.core.Match;
import org.boardlab.core.MatchSettings;
import org.boardlab.core.PlayerSeat;
import org.boardlab.core.Referee;
import org.boardlab.game.othello.Othello;
import org.boardlab.sandbox.EngineDescriptor;
import org.boardlab.sandbox.internal.EngineFolder;
import org.boardlab.sandbox.testing.EngineBench;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * NBoard engines in Python, described by descriptors and run confined, against a player inside
 * boardlab through the real referee: a good engine plays whole games from either side; engines that
 * crash, hang, answer words or an illegal move lose with the reason; the traffic reaches the inspector.
 */
class NBoardPlayerTest {

    @TempDir
    static Path folder;

    private static final EngineBench bench = new EngineBench();
    private static final EventBus events = bench.events;
    private static final List<WireEvent> traffic = bench.traffic;
    private static final Referee referee = bench.referee;
    private static final EngineFolder engines = bench.engines;

    @AfterAll
    static void stop() {
        bench.close();
    }

    private static EngineDescriptor engine(String script) throws IOException {
        return bench.engine(NBoardPlayerTest.class, folder, "nboard", script, "depth = 4");
    }

    private static List<GameResult> play(EngineDescriptor engine, int games, Duration perMove) {
        NBoardProtocol protocol = new NBoardProtocol();
        Match match = new Match(referee, new Othello(), GameOptions.DEFAULT,
                new PlayerSeat(engine.id(), () -> protocol.player(engine, engines)),
                new PlayerSeat("first-legal", FirstLegalPlayer::new),
                MatchSettings.defaults().withGames(games).withTimePerMove(perMove), events);
        return match.runHere();
    }

    private static MatchOutcome lost(String script, Duration perMove) throws IOException {
        MatchOutcome o = play(engine(script), 1, perMove).get(0).outcome();
        assertThat(o.detail()).startsWith(script.replace(".py", "") + " (black)");
        return o;
    }

    @Test
    void aGoodEnginePlaysWholeGamesFromEitherSide() throws IOException {
        traffic.clear();
        List<GameResult> results = play(engine("nboard_simple.py"), 2, Duration.ofSeconds(10));
        assertThat(results).hasSize(2).allSatisfy(r -> assertThat(r.outcome().ending()).as(r.outcome().detail())
                .isEqualTo(Ending.NORMAL));
        List<String> lines = traffic.stream().map(w -> w.decoded().summary()).toList();
        assertThat(lines).contains("nboard 2", "set depth 4", "ping 1", "pong 1", "go", "=== d3/0.00/0.01", "quit");
        assertThat(lines).anyMatch(l -> l.startsWith("set game (;GM[Othello]PC[boardlab]") && l.contains("TY[8]BO[8 "));
        assertThat(traffic).allSatisfy(w -> assertThat(w.protocol()).isEqualTo("nboard"));
    }

    @Test
    void anEngineThatCrashesLosesWithItsStatusAndLastWords() throws IOException {
        MatchOutcome o = lost("nboard_crash.py", Duration.ofSeconds(10));
        assertThat(o.ending()).isEqualTo(Ending.ERROR);
        assertThat(o.detail()).isEqualTo("nboard_crash (black) failed: exited with status 2 at move 1 (KeyError: 'BO')");
    }

    @Test
    void anEngineThatHangsIsKilledAtTheDeadline() throws IOException {
        MatchOutcome o = lost("nboard_hang.py", Duration.ofSeconds(1));
        assertThat(o.ending()).isEqualTo(Ending.TIMEOUT);
        assertThat(o.detail()).isEqualTo("nboard_hang (black) did not move within 1000 ms; no answer in 1 s, process killed");
    }

    @Test
    void anEngineThatAnswersWordsLosesWithWhatItSaid() throws IOException {
        MatchOutcome o = lost("nboard_garbage.py", Duration.ofSeconds(5));
        assertThat(o.ending()).isEqualTo(Ending.ERROR);
        assertThat(o.detail()).isEqualTo("nboard_garbage (black) failed: answered \"=== the corner, obviously\", which is not a move (=== d3)");
    }

    @Test
    void anEngineThatPlaysAnIllegalMoveLosesWithTheGamesReason() throws IOException {
        MatchOutcome o = lost("nboard_illegal.py", Duration.ofSeconds(5));
        assertThat(o.ending()).isEqualTo(Ending.ILLEGAL_MOVE);
        assertThat(o.detail()).startsWith("nboard_illegal (black) played a1: ");
    }
}
