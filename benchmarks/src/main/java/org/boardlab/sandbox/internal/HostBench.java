package org.boardlab.sandbox.internal;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.boardlab.ai.basic.FirstLegalPlayer;
import org.boardlab.api.GameState;
import org.boardlab.api.MoveRequest;
import org.boardlab.api.Player;
import org.boardlab.core.PlayerLimits;
import org.boardlab.game.tictactoe.TicTacToe;
import org.boardlab.sandbox.host.HostMain;

/**
 * The player host's figures, measured from boardlab's side as the referee sees them (in the sandbox's
 * package, on the benchmarks' flat class path, to reach the host machinery without a framework):
 *
 * <ul>
 * <li>host start: from starting the process to its {@code hello} (jar to ready), with the machine's
 * real confinement (bubblewrap, cgroups);</li>
 * <li>move round trip: a trivial player (first-legal) asked through {@link HostedPlayer#requestTimedMove}
 * again and again, request to answer;</li>
 * <li>first move of a new game on a warm host: a new game's player, its {@code game} and first
 * {@code move}, on the host the last game left warm.</li>
 * </ul>
 *
 * <pre>java -cp benchmarks/target/benchmarks.jar org.boardlab.sandbox.internal.HostBench [--starts 20] [--moves 20000] [--games 300]</pre>
 *
 * (With the shaded jar every class comes from one big jar, the host's class path too; the README's
 * figures use the modules' own folders, as the product's hosts use the bundles' own jars: see
 * benchmarks/README.md.)
 */
public final class HostBench {

    public static void main(String[] args) throws Exception {
        int starts = 20;
        int moves = 20000;
        int games = 300;
        for (int i = 0; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--starts" -> starts = Integer.parseInt(args[i + 1]);
                case "--moves" -> moves = Integer.parseInt(args[i + 1]);
                case "--games" -> games = Integer.parseInt(args[i + 1]);
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        Path dir = Files.createTempDirectory("boardlab-hostbench");
        Confinement confinement = Confinement.detect();
        System.out.println("confinement: bubblewrap " + (confinement.hasBwrap() ? "yes" : "no") + "; not enforced: "
                + (confinement.unenforced().isEmpty() ? "none" : confinement.unenforced()));
        System.out.println("load before: " + load());
        Path self = where(HostMain.class);
        List<Path> cp = List.copyOf(new java.util.LinkedHashSet<>(List.of(self, where(Player.class), where(TicTacToe.class))));
        HostSpec spec = new HostSpec("first-legal", "bench", FirstLegalPlayer.class.getName(), where(FirstLegalPlayer.class),
                cp, PlayerLimits.DEFAULT);
        try (HostPool pool = new HostPool(confinement, dir.resolve("scratch"))) {
            // 1. host start, jar to ready
            long[] start = new long[starts];
            for (int i = 0; i < starts; i++) {
                HostProcess h = new HostProcess(spec, confinement, dir.resolve("scratch"));
                h.ready().get(30, TimeUnit.SECONDS);
                start[i] = h.startNanos;
                h.kill();
                h.awaitGone(2000);
            }
            report("host start (jar to ready)", start);

            // 2. round trips
            GameState position = new TicTacToe().newGame();
            HostedPlayer player = new HostedPlayer(pool, "first-legal", l -> spec, "first-legal", line -> { });
            player.limit(PlayerLimits.DEFAULT, java.time.Duration.ofSeconds(10));
            long[] rtt = new long[moves];
            int warm = moves / 4;
            for (int i = -warm; i < moves; i++) {
                MoveRequest r = MoveRequest.of(position, List.of(), System.nanoTime() + 10_000_000_000L, 1, () -> false);
                long t0 = System.nanoTime();
                player.requestTimedMove(r).get(10, TimeUnit.SECONDS);
                long t = System.nanoTime() - t0;
                if (i >= 0) {
                    rtt[i] = t;
                }
            }
            player.close();
            report("move round trip (first-legal, tic-tac-toe)", rtt);

            // 3. first move of a new game, warm host
            long[] first = new long[games];
            for (int i = -games / 4; i < games; i++) {
                HostedPlayer p = new HostedPlayer(pool, "first-legal", l -> spec, "first-legal", line -> { });
                p.limit(PlayerLimits.DEFAULT, java.time.Duration.ofSeconds(10));
                Thread.sleep(2); // the last game's host is back in the pool (its "end" answered)
                MoveRequest r = MoveRequest.of(position, List.of(), System.nanoTime() + 10_000_000_000L, 1, () -> false);
                long t0 = System.nanoTime();
                p.requestTimedMove(r).get(10, TimeUnit.SECONDS);
                long t = System.nanoTime() - t0;
                if (i >= 0) {
                    first[i] = t;
                }
                p.close();
            }
            report("first move of a new game, warm host", first);
            System.out.println("hosts started in all: " + pool.started());
        }
        System.out.println("load after: " + load());
    }

    private static Path where(Class<?> c) throws java.net.URISyntaxException {
        return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
    }

    private static void report(String what, long[] nanos) {
        long[] s = nanos.clone();
        Arrays.sort(s);
        System.out.printf(Locale.ROOT, "%s: n=%d p50=%.3f ms p90=%.3f ms p99=%.3f ms max=%.3f ms%n", what, s.length,
                s[s.length / 2] / 1e6, s[(int) (s.length * 0.9)] / 1e6, s[Math.min(s.length - 1, (int) (s.length * 0.99))] / 1e6,
                s[s.length - 1] / 1e6);
    }

    private static String load() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).trim();
        } catch (Exception e) {
            return "?";
        }
    }
}
