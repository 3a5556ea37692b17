package org.boardlab.sandbox.internal;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;
import org.boardlab.api.Player;
import org.boardlab.core.PlayerLimits;
import org.boardlab.game.tictactoe.TicTacToe;
import org.boardlab.itest.hostile.LoopPlayer;
import org.boardlab.sandbox.host.HostMain;

/**
 * Player hosts outside a framework, for the module's tests: the class path is where the host's
 * classes, the API and tic-tac-toe were built, the player's jar the hostile players' module.
 */
final class Hosts {

    private Hosts() {
    }

    static Path where(Class<?> c) {
        try {
            return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static HostPool pool() throws Exception {
        Path dir = Files.createTempDirectory("boardlab-sandbox-test");
        return new HostPool(Confinement.detect(), dir.resolve("scratch"));
    }

    static Function<PlayerLimits, HostSpec> specs(String id, Class<? extends Player> player) {
        List<Path> cp = List.of(where(HostMain.class), where(Player.class), where(TicTacToe.class));
        return limits -> new HostSpec(id, "test-" + player.getName(), player.getName(), where(LoopPlayer.class), cp, limits);
    }

    static HostedPlayer player(HostPool pool, String id, Class<? extends Player> player, List<String> output) {
        return new HostedPlayer(pool, id, specs(id, player), id, output::add);
    }
}
