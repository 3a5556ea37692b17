package org.boardlab.tournament;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.boardlab.ai.basic.RandomPlayer;
import org.boardlab.api.GameOptions;
import org.boardlab.api.event.RegistryEvent.Kind;
import org.boardlab.core.Component;
import org.boardlab.store.FinishedGame;
import org.boardlab.store.GameQuery;
import org.boardlab.store.ScheduledGame;
import org.boardlab.store.Store;
import org.boardlab.store.StoredGame;
import org.boardlab.store.testing.TestDatabases;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Workers play a tournament's games only with the player jars it names (by SHA-256): a worker with
 * another version of a player leaves that player's games to others, with the reason; one that cannot
 * load the jar does too; one with the right jar plays them, and each stored game records both
 * sides' jars. The tournament here plays nothing itself ({@code --concurrency 0}).
 *
 * <p>Outside boardlab's framework there are no bundles: which jar a worker's player was loaded from
 * is told here by a {@link PlayerJars} that hashes a real jar file on disk, as the framework's does
 * for a jar in players/ (the framework's own install from the database is {@code boardlab.itest}'s
 * {@code JarsTest}). The worker's check, its refusal and what the store records are the real ones.
 */
class QueueWorkerJarTest {

    @TempDir
    Path dir;

    @RegisterExtension
    final Lab tournamentLab = new Lab();
    @RegisterExtension
    final Lab oldVersionLab = new Lab();
    @RegisterExtension
    final Lab noGreedyLab = new Lab();

    /** A real bundle jar of player {@code greedy}, version {@code version}. */
    private Path greedyJar(String version) throws Exception {
        Manifest m = new Manifest();
        m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        m.getMainAttributes().putValue("Bundle-ManifestVersion", "2");
        m.getMainAttributes().putValue("Bundle-SymbolicName", "greedy");
        m.getMainAttributes().putValue("Bundle-Version", version);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (JarOutputStream jar = new JarOutputStream(bytes, m)) {
            jar.putNextEntry(new java.util.zip.ZipEntry("README.txt"));
            jar.write(("greedy " + version + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8));
            jar.closeEntry();
        }
        Path file = Files.createDirectories(dir.resolve(version)).resolve("greedy.jar");
        Files.write(file, bytes.toByteArray());
        return file;
    }

    private static String sha256(Path file) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
    }

    /** A machine whose {@code greedy} was loaded from {@code jar}; other players are built in. */
    private static PlayerJars loadedFrom(Path jar) {
        return new PlayerJars() {
            @Override
            public Optional<String> loadedFrom(String playerId) {
                try {
                    return Optional.of(playerId.equals("greedy") ? sha256(jar) : NOT_FROM_A_FILE);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }

            @Override
            public void install(String hash, String playerId) {
                throw new AssertionError("greedy is loaded here: nothing to install");
            }
        };
    }

    private static void addGreedy(Lab lab, String version) {
        lab.registry.add(new Component<>(Kind.PLAYER, "greedy", "greedy " + version, "greedy", version, 30, RandomPlayer::new));
    }

    private static final class Refusals implements QueueWorker.Listener {
        final List<String> why = new CopyOnWriteArrayList<>();

        @Override
        public void refused(ScheduledGame row, String reason) {
            why.add(reason);
        }

        @Override
        public void stored(ScheduledGame row, FinishedGame game, boolean counted) {
        }
    }

    @ParameterizedTest
    @MethodSource("org.boardlab.store.testing.StoreFixture#kinds")
    void aWorkerPlaysOnlyTheJarsTheTournamentNames(String kind) throws Exception {
        Path v100 = greedyJar("1.0.0");
        Path v101 = greedyJar("1.0.1");
        String h100 = sha256(v100);
        String h101 = sha256(v101);
        assertThat(h100).isNotEqualTo(h101);
        addGreedy(tournamentLab, "1.0.0");
        addGreedy(oldVersionLab, "1.0.1");

        try (Store store = Store.open(TestDatabases.fresh(kind, dir))) {
            // the tournament's machine: greedy from greedy.jar 1.0.0, uploaded by its hash
            assertThat(store.putJar("greedy", "1.0.0", "greedy.jar", Files.readAllBytes(v100))).isEqualTo(h100);
            TournamentSettings s = new TournamentSettings("jars", "tictactoe", GameOptions.DEFAULT, List.of("greedy", "random"),
                    Format.ROUND_ROBIN, 2, 2, TimeControl.parse("2s"), 3, "none", List.of(), null);
            StoreTournamentLog.Opened opened = StoreTournamentLog.open(store, "jars", s, false);
            opened.log().useJars(Map.of("greedy", h100));
            TournamentRunner runner = new TournamentRunner(tournamentLab.referee, tournamentLab.registry, tournamentLab.bus, s,
                    Openings.parse("none", tournamentLab.registry.requireGame("tictactoe"), GameOptions.DEFAULT), opened.log(), List.of(),
                    Map.of(), 0);
            Standings[] table = new Standings[1];
            Thread tournament = new Thread(() -> {
                try {
                    table[0] = runner.run();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            tournament.start();
            long tid = opened.row().id();
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (store.scheduled(tid).isEmpty()) {
                assertThat(System.nanoTime()).as("games scheduled").isLessThan(deadline);
                Thread.sleep(20);
            }
            int scheduled = store.scheduled(tid).size();
            assertThat(store.scheduled(tid)).allSatisfy(g -> {
                String greedySide = g.game().firstPlayer().equals("greedy") ? g.game().firstJar() : g.game().secondJar();
                String randomSide = g.game().firstPlayer().equals("greedy") ? g.game().secondJar() : g.game().firstJar();
                assertThat(greedySide).isEqualTo(h100);
                assertThat(randomSide).isNull();
            });

            // a machine with greedy 1.0.1: it plays none of them and says why
            Refusals oldVersion = new Refusals();
            QueueWorker a = new QueueWorker(store, oldVersionLab.referee, oldVersionLab.registry, oldVersionLab.bus, "worker-1.0.1", 2,
                    loadedFrom(v101), oldVersion);
            assertThat(a.run(true)).isZero();
            assertThat(a.refusedJars()).containsExactly(h100);
            assertThat(oldVersion.why).hasSize(1);
            assertThat(oldVersion.why.get(0)).isEqualTo("its player greedy is greedy 1.0.1 (jar " + h101 + "), but the tournament plays "
                    + "greedy 1.0.0 from greedy.jar (jar " + h100 + ")");

            // a machine without greedy, outside the framework: it cannot load the jar, and says so
            Refusals noGreedy = new Refusals();
            QueueWorker c = new QueueWorker(store, noGreedyLab.referee, noGreedyLab.registry, noGreedyLab.bus, "worker-none", 2,
                    PlayerJars.of(store, noGreedyLab.registry, Duration.ofSeconds(5)), noGreedy);
            assertThat(c.run(true)).isZero();
            assertThat(noGreedy.why).containsExactly("cannot load player greedy from jar " + h100
                    + ": player jars are installed only inside boardlab's framework");
            assertThat(store.queueCounts(tid)).containsEntry("queued", scheduled).containsEntry("done", 0);

            // a machine with greedy 1.0.0 plays them all
            Refusals right = new Refusals();
            QueueWorker b = new QueueWorker(store, tournamentLab.referee, tournamentLab.registry, tournamentLab.bus, "worker-1.0.0", 2,
                    loadedFrom(v100), right);
            Thread worker = new Thread(() -> {
                try {
                    b.run(false);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            worker.start();
            tournament.join(120_000);
            b.stop();
            worker.join(30_000);
            opened.log().close();
            assertThat(tournament.isAlive()).as("the tournament ended").isFalse();
            assertThat(right.why).isEmpty();
            assertThat(runner.playedHere()).as("games the tournament's own process played").isZero();
            assertThat(table[0].toJson()).hasSize(2);
            List<StoredGame> games = store.games(GameQuery.ALL.withTournament("jars"));
            assertThat(games).hasSize(runner.scheduledGames().size()).hasSize(b.stored());
            for (StoredGame g : games) {
                assertThat(g.game().origin()).isEqualTo("worker");
                boolean greedyFirst = g.game().first().player().equals("greedy");
                assertThat((greedyFirst ? g.game().first() : g.game().second()).hash()).isEqualTo(h100);
                assertThat((greedyFirst ? g.game().first() : g.game().second()).version()).isEqualTo("1.0.0");
                assertThat((greedyFirst ? g.game().second() : g.game().first()).hash()).isNull();
            }

            // the tournament again, on a machine whose greedy.jar was rebuilt: refused, with both jars named
            StoreTournamentLog.Opened again = StoreTournamentLog.open(store, "jars", s, false);
            assertThatThrownBy(() -> again.log().useJars(Map.of("greedy", h101))).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("tournament 'jars' was scheduled with other player jars than are loaded now: player greedy was jar " + h100
                            + ", here it is jar " + h101 + ". Put the jars it started with back in players/, or start a new tournament (--name)");
            again.log().close();
        }
    }
}
