package org.boardlab.engine.gomocup;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
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
import org.boardlab.game.gomoku.Gomoku;
import org.boardlab.sandbox.EngineDescriptor;
import org.boardlab.sandbox.internal.EngineFolder;
import org.boardlab.sandbox.testing.EngineBench;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Gomocup engines written in Python (in the test resources), each described by a descriptor and run
 * in its sandbox, against a player inside boardlab through the real referee: a good engine plays
 * whole games from either side; engines that crash, hang, answer garbage or an illegal move lose with
 * the reason; every line of the traffic reaches the inspector's events.
 */
class GomocupPlayerTest {

    @TempDir
    static Path folder;

    private static final EngineBench bench = new EngineBench();
    private static final EventBus events = bench.events;
    private static final List<WireEvent> traffic = bench.traffic;
    private static final Referee referee = bench.referee;
    private static final EngineFolder engines = bench.engines;
    private static volatile long lastMatch;

    @AfterAll
    static void stop() {
        bench.close();
    }

    private static EngineDescriptor engine(String script) throws IOException {
        return bench.engine(GomocupPlayerTest.class, folder, "gomocup", script, "description = " + script.replace(".py", ""));
    }

    private static List<GameResult> play(EngineDescriptor engine, int games, Duration perMove) {
        GomocupProtocol protocol = new GomocupProtocol();
        Match match = new Match(referee, new Gomoku(), GameOptions.DEFAULT,
                new PlayerSeat(engine.id(), () -> protocol.player(engine, engines)),
                new PlayerSeat("first-legal", FirstLegalPlayer::new),
                MatchSettings.defaults().withGames(games).withTimePerMove(perMove), events);
        lastMatch = match.id();
        return match.runHere();
    }

    private static MatchOutcome lost(String script, Duration perMove) throws IOException {
        MatchOutcome o = play(engine(script), 1, perMove).get(0).outcome();
        assertThat(o.winner()).as(o.detail()).isNotNull();
        assertThat(o.detail()).startsWith(script.replace(".py", "") + " (black)");
        return o;
    }

    @Test
    void aGoodEnginePlaysWholeGamesFromEitherSideAndItsTrafficReachesTheInspector() throws IOException {
        EngineDescriptor engine = engine("pbrain_simple.py");
        traffic.clear();
        List<GameResult> results = play(engine, 2, Duration.ofSeconds(10));
        assertThat(results).hasSize(2).allSatisfy(r -> assertThat(r.outcome().ending()).as(r.outcome().detail())
                .isEqualTo(Ending.NORMAL));
        assertThat(results).allSatisfy(r -> assertThat(r.outcome().detail()).contains("five in a row"));
        List<String> lines = traffic.stream().map(w -> w.decoded().summary()).toList();
        assertThat(lines).contains("START 15", "OK", "INFO timeout_turn 10000", "INFO rule 0", "BEGIN", "7,7", "END");
        assertThat(lines).anyMatch(l -> l.startsWith("TURN "));
        assertThat(lines).anyMatch(l -> l.startsWith("MESSAGE thinking about"));
        assertThat(traffic).allSatisfy(w -> assertThat(w.protocol()).isEqualTo("gomocup"));
        assertThat(traffic).as("the inspector shows the engine's lines under its match")
                .allSatisfy(w -> assertThat(w.matchId()).isEqualTo(lastMatch));
        assertThat(traffic.stream().filter(w -> w.decoded().summary().equals("7,7")).findFirst().get().fromClient())
                .as("the engine's answer comes from the engine").isTrue();
    }

    @Test
    void anEngineThatCrashesLosesWithItsStatusAndLastWords() throws IOException {
        MatchOutcome o = lost("pbrain_crash.py", Duration.ofSeconds(10));
        assertThat(o.ending()).isEqualTo(Ending.ERROR);
        assertThat(o.detail()).isEqualTo("pbrain_crash (black) failed: exited with status 3 at move 3 (ZeroDivisionError: division by zero)");
    }

    @Test
    void anEngineThatHangsIsKilledAtTheDeadline() throws IOException {
        MatchOutcome o = lost("pbrain_hang.py", Duration.ofSeconds(1));
        assertThat(o.ending()).isEqualTo(Ending.TIMEOUT);
        assertThat(o.detail()).isEqualTo("pbrain_hang (black) did not move within 1000 ms; no answer in 1 s, process killed");
    }

    @Test
    void anEngineThatAnswersGarbageLosesWithWhatItSaid() throws IOException {
        MatchOutcome o = lost("pbrain_garbage.py", Duration.ofSeconds(5));
        assertThat(o.ending()).isEqualTo(Ending.ERROR);
        assertThat(o.detail()).isEqualTo(
                "pbrain_garbage (black) failed: answered \"I think the best move is the centre\", which is not a move (x,y)");
    }

    @Test
    void anEngineThatPlaysATakenPointLosesWithTheGamesReason() throws IOException {
        MatchOutcome o = lost("pbrain_illegal.py", Duration.ofSeconds(5));
        assertThat(o.ending()).isEqualTo(Ending.ILLEGAL_MOVE);
        assertThat(o.detail()).startsWith("pbrain_illegal (black) played h8: ");
    }

    @Test
    void aDescriptorWithoutACommandIsRefusedWithTheReason() throws IOException {
        Path bad = folder.resolve("bad.engine");
        Files.writeString(bad, "protocol = gomocup\n");
        try {
            EngineDescriptor.read(bad);
            throw new AssertionError("read a descriptor without a command");
        } catch (IllegalArgumentException e) {
            assertThat(e.getMessage()).isEqualTo("bad.engine has no command = ... line (e.g. command = python3 bad.py)");
        }
    }
}
