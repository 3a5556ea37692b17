package org.boardlab.cli.internal;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.Callable;
import org.boardlab.api.Game;
import org.boardlab.api.Player;
import org.boardlab.api.Protocol;
import org.boardlab.cli.Cli;
import org.boardlab.core.Registry;
import org.boardlab.client.TerminalClient;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code boardlab client <protocol>}: play on a server from this terminal. */
@Command(name = "client", mixinStandardHelpOptions = true,
        description = {"Connect to a server and play from this terminal.",
            "The server's messages are shown in words, and what you type is sent (type 'help' once connected, or see the protocol's README). "
                + "With --player, a loaded player (see boardlab list) chooses and sends the moves."})
public final class ClientCommand implements Callable<Integer> {

    @ParentCommand
    Cli cli;

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", description = "The protocol's id, e.g. othello.")
    String protocol;

    @Option(names = "--host", defaultValue = "127.0.0.1", description = "The server's host (default: ${DEFAULT-VALUE}).")
    String host;

    @Option(names = "--port", defaultValue = "-1", description = "The server's port (default: the protocol's own).")
    int port;

    @Option(names = "--black", paramLabel = "HOST:PORT",
            description = "reversi (seed 004): play black on this Game Master's black player port (instead of --host/--port).")
    String black;

    @Option(names = "--white", paramLabel = "HOST:PORT",
            description = "reversi (seed 004): play white on this Game Master's white player port (instead of --host/--port).")
    String white;

    @Option(names = "--name", description = "The name to log in with.")
    String name;

    @Option(names = "--player", paramLabel = "ID", description = "A loaded player that plays for you: it accepts invitations and moves on your turns.")
    String player;

    @Option(names = "--invite", paramLabel = "NAME", description = "With --player: invite NAME whenever both of you are free (protocols with names).")
    String invite;

    @Option(names = "--games", paramLabel = "N", defaultValue = "0",
            description = "With --player: quit after N games (default: play until you type quit).")
    int games;

    @Option(names = "--time-per-move", paramLabel = "S", defaultValue = "1",
            description = "With --player: seconds the player may think about one move (default: ${DEFAULT-VALUE}).")
    double timePerMove;

    @Override
    public Integer call() throws Exception {
        if (player == null && (invite != null || games != 0)) {
            throw new UsageException("--invite and --games go with --player");
        }
        if (black != null || white != null) {
            if (black != null && white != null) {
                throw new UsageException("give --black or --white, not both");
            }
            String[] hostPort = hostPort(black != null ? black : white, black != null ? "--black" : "--white");
            host = hostPort[0];
            port = Integer.parseInt(hostPort[1]);
        }
        TerminalClient client = cli.services().terminalClient(protocol).orElseThrow(() ->
                new IllegalArgumentException("no terminal client for protocol '" + protocol + "'"));
        TerminalClient.AutoPlay autoPlay = player == null ? null : autoPlay();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        return client.run(host, port, name, autoPlay, in, spec.commandLine().getOut());
    }

    /** {@code HOST:PORT} split; the port checked. */
    static String[] hostPort(String text, String option) {
        int colon = text.lastIndexOf(':');
        if (colon <= 0 || colon == text.length() - 1) {
            throw new UsageException(option + " " + text + ": give HOST:PORT, e.g. 127.0.0.1:14000");
        }
        String port = text.substring(colon + 1);
        try {
            int p = Integer.parseInt(port);
            if (p < 1 || p > 65535) {
                throw new NumberFormatException();
            }
        } catch (NumberFormatException e) {
            throw new UsageException(option + " " + text + ": the port must be a number 1..65535");
        }
        return new String[] {text.substring(0, colon), port};
    }

    private TerminalClient.AutoPlay autoPlay() {
        if (games < 0) {
            throw new UsageException("--games must be 0 (no limit) or more");
        }
        if (!(timePerMove > 0) || timePerMove > 86_400) {
            throw new UsageException("--time-per-move must be between 0 and 86400 seconds");
        }
        Registry registry = cli.services().registry();
        Protocol described = registry.protocol(protocol).orElseThrow(() ->
                new IllegalArgumentException("protocol '" + protocol + "' is not loaded")).get();
        Game game = registry.requireGame(described.gameId());
        Player p = registry.requirePlayer(player).get();
        if (!p.supports(game)) {
            throw new IllegalArgumentException("player '" + player + "' cannot play " + game.id());
        }
        return new TerminalClient.AutoPlay(player, p, game, Duration.ofNanos((long) (timePerMove * 1e9)), invite, games);
    }
}
