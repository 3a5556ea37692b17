package org.boardlab.engine.seed001;

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
import org.boardlab.game.onitama.Onitama;
import org.boardlab.sandbox.EngineDescriptor;
import org.boardlab.sandbox.internal.EngineFolder;
import org.boardlab.sandbox.testing.EngineBench;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seed 001 AI programs in Python, described by descriptors and run confined once a move, against a
 * player inside boardlab through the real referee: seed 001's test AI plays whole games; programs
 * that crash, hang, print words or an illegal move lose with the reason; the runs reach the inspector.
 */
class Seed001PlayerTest {

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
        return bench.engine(Seed001PlayerTest.class, folder, "seed001", script, "depth = 2");
    }

    private static List<GameResult> play(EngineDescriptor engine, int games, Duration perMove) {
        Seed001Protocol protocol = new Seed001Protocol();
        Match match = new Match(referee, new Onitama(), GameOptions.DEFAULT.with("seed", "7"),
                new PlayerSeat(engine.id(), () -> protocol.player(engine, engines)),
                new PlayerSeat("first-legal", FirstLegalPlayer::new),
                MatchSettings.defaults().withGames(games).withTimePerMove(perMove), events);
        lastMatch = match.id();
        return match.runHere();
    }

    private static MatchOutcome lost(String script, Duration perMove) throws IOException {
        MatchOutcome o = play(engine(script), 1, perMove).get(0).outcome();
        assertThat(o.detail()).startsWith(script.replace(".py", "") + " (blue)");
        return o;
    }

    @Test
    void seed001sAiPlaysWholeGamesFromEitherSide() throws IOException {
        traffic.clear();
        List<GameResult> results = play(engine("seed_ai.py"), 2, Duration.ofSeconds(10));
        assertThat(results).hasSize(2).allSatisfy(r -> assertThat(r.outcome().ending()).as(r.outcome().detail())
                .isIn(Ending.NORMAL));
        assertThat(traffic).anyMatch(w -> w.fromClient() && w.decoded().type().equals("move"));
        assertThat(traffic).allSatisfy(w -> assertThat(w.protocol()).isEqualTo("seed001"));
        assertThat(traffic).as("the inspector shows the AI's lines under its match")
                .allSatisfy(w -> assertThat(w.matchId()).isEqualTo(lastMatch));
    }

    @Test
    void aProgramThatCrashesLosesWithItsStatusAndLastWords() throws IOException {
        MatchOutcome o = lost("seed_crash.py", Duration.ofSeconds(10));
        assertThat(o.ending()).isEqualTo(Ending.ERROR);
        assertThat(o.detail()).isEqualTo("seed_crash (blue) failed: exited with status 1 at move 1 (IndexError: list index out of range)");
    }

    @Test
    void aProgramThatHangsIsKilledAtTheDeadline() throws IOException {
        MatchOutcome o = lost("seed_hang.py", Duration.ofSeconds(1));
        assertThat(o.ending()).isEqualTo(Ending.TIMEOUT);
        assertThat(o.detail()).isEqualTo("seed_hang (blue) did not move within 1000 ms; no answer in 1 s, process killed");
    }

    @Test
    void aProgramThatPrintsWordsLosesWithWhatItSaid() throws IOException {
        MatchOutcome o = lost("seed_garbage.py", Duration.ofSeconds(5));
        assertThat(o.ending()).isEqualTo(Ending.ERROR);
        assertThat(o.detail()).startsWith("seed_garbage (blue) failed: answered \"move the master forward please\", which is not a move");
    }

    @Test
    void aProgramThatPlaysAnIllegalMoveLosesWithTheGamesReason() throws IOException {
        MatchOutcome o = lost("seed_illegal.py", Duration.ofSeconds(5));
        assertThat(o.ending()).isEqualTo(Ending.ILLEGAL_MOVE);
        assertThat(o.detail()).startsWith("seed_illegal (blue) played ");
    }
}
