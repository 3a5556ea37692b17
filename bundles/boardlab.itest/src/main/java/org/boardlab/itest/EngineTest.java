package org.boardlab.itest;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.boardlab.api.GameOptions;
import org.boardlab.api.event.MatchOutcome.Ending;
import org.boardlab.api.event.RegistryEvent;
import org.boardlab.api.event.RegistryEvent.Change;
import org.boardlab.api.event.WireEvent;
import org.boardlab.core.EventBus;
import org.boardlab.core.GameResult;
import org.boardlab.core.Match;
import org.boardlab.core.MatchSettings;
import org.boardlab.core.PlayerHosting;
import org.boardlab.core.PlayerLimits;
import org.boardlab.core.PlayerSeat;
import org.boardlab.core.Referee;
import org.boardlab.core.Registry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Tutorial 06's Gomocup engine dropped into a running boardlab's players folder (its descriptor and
 * its Python file): listed as a player, playing through the Gomocup adapter in its sandbox with its
 * traffic on the event bus for the inspector, replaced when its descriptor changes, gone when it is
 * deleted; a descriptor that cannot be read is refused by name.
 */
class EngineTest {

    private static final Duration LIMIT = Duration.ofSeconds(15);

    private final Registry registry = Lab.bean(Registry.class);
    private final EventBus events = Lab.bean(EventBus.class);

    @AfterEach
    void clean() throws Exception {
        for (String f : List.of("gomoku-tutorial.engine", "gomoku_engine.py", "broken.engine")) {
            Files.deleteIfExists(Lab.players().resolve(f));
        }
        Lab.await("the engine gone", LIMIT, () -> registry.player("gomoku-tutorial").isEmpty());
    }

    private static Path tutorial(String file) {
        return Path.of(Lab.context().getProperty("boardlab.itest.tutorials"), "06-gomocup-engine", file);
    }

    @Test
    void theTutorialsEngineIsDroppedInPlaysIsReplacedAndRemoved() throws Exception {
        List<RegistryEvent> changes = new CopyOnWriteArrayList<>();
        List<WireEvent> traffic = new CopyOnWriteArrayList<>();
        try (AutoCloseable s = events.subscribe(e -> {
            if (e instanceof RegistryEvent r && r.id().equals("gomoku-tutorial")) {
                changes.add(r);
            } else if (e instanceof WireEvent w && w.protocol().equals("gomocup")) {
                traffic.add(w);
            }
        })) {
            Lab.drop(tutorial("gomoku_engine.py"), "gomoku_engine.py");
            Lab.drop(tutorial("gomoku-tutorial.engine"), "gomoku-tutorial.engine");
            Duration listed = Lab.await("the engine listed", LIMIT, () -> registry.player("gomoku-tutorial").isPresent());
            assertThat(registry.requirePlayer("gomoku-tutorial").description())
                    .as("its limits in words, from its descriptor (memory = 128, threads = 16), shown by list and the Match view")
                    .startsWith("tutorial 06's Gomoku engine in Python (an engine speaking gomocup, in its own process: "
                            + "memory 128 MB, 16 threads, CPU the time per move a move");
            PlayerHosting hosting = Lab.locator().locate(com.google.inject.Key.get(PlayerHosting.class)).iterator().next().getValue();
            PlayerLimits limits = hosting.engineLimits("gomoku-tutorial").orElseThrow(() -> new AssertionError(
                    "the sandbox knows the engine's limits (the Match view shows them from there)"));
            assertThat(limits.heapMegabytes()).isEqualTo(128);
            assertThat(limits.threads()).isEqualTo(16);
            assertThat(hosting.engineLimits("random")).as("a player that is not an engine").isEmpty();

            Referee referee = Lab.bean(Referee.class);
            Match match = new Match(referee, registry.requireGame("gomoku"), GameOptions.DEFAULT,
                    PlayerSeat.of(registry, "gomoku-tutorial"), PlayerSeat.of(registry, "random"),
                    MatchSettings.defaults().withGames(2), events);
            List<GameResult> results = match.runHere();
            assertThat(results).hasSize(2).allSatisfy(r -> assertThat(r.outcome().ending()).as(r.outcome().detail())
                    .isEqualTo(Ending.NORMAL));
            assertThat(traffic).anyMatch(w -> w.decoded().summary().equals("START 15"))
                    .anyMatch(w -> w.fromClient() && w.decoded().type().equals("MESSAGE"));
            assertThat(traffic).as("the engine's lines are shown under the match it plays")
                    .allSatisfy(w -> assertThat(w.matchId()).isEqualTo(match.id()));

            Files.writeString(Lab.players().resolve("gomoku-tutorial.engine"), Files.readString(tutorial("gomoku-tutorial.engine"))
                    .replace("description = tutorial 06's Gomoku engine in Python", "description = version two"));
            Duration replaced = Lab.await("the engine replaced", LIMIT, () -> changes.stream().anyMatch(c -> c.change() == Change.REPLACED));
            assertThat(registry.requirePlayer("gomoku-tutorial").description()).startsWith("version two");

            Files.delete(Lab.players().resolve("gomoku-tutorial.engine"));
            Duration removed = Lab.await("the engine removed", LIMIT, () -> registry.player("gomoku-tutorial").isEmpty());
            assertThat(hosting.engineLimits("gomoku-tutorial")).as("a removed engine's limits are forgotten").isEmpty();
            System.out.printf("[itest] engine descriptor: listed after %d ms, replaced after %d ms, removed after %d ms; %d lines of gomocup traffic%n",
                    listed.toMillis(), replaced.toMillis(), removed.toMillis(), traffic.size());
        }
    }

    @Test
    void aDescriptorThatCannotBeReadIsRefusedByName() throws Exception {
        Files.writeString(Lab.players().resolve("broken.engine"), "protocol = gomocup\n");
        Lab.await("broken.engine refused", LIMIT, () -> registry.recentChanges().stream()
                .anyMatch(c -> c.change() == Change.REFUSED && c.message().endsWith("broken.engine has no command = ... line (e.g. command = python3 broken.py)")));
    }
}
