package org.boardlab.cli.internal;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import org.boardlab.cli.Cli;
import org.boardlab.client.TerminalClient;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code boardlab gc HOST:PORT}: seed 004's ASCII Game Controller on a Game Master's controller port. */
@Command(name = "gc", mixinStandardHelpOptions = true,
        description = {"Seed 004's ASCII Game Controller on a Reversi Game Master's controller port.",
            "It shows the game (names, last moves, points, times, the board) and steers it: (s) step, (c) continuous, "
                + "(ch) change board size, (r) restart, (q) quit. The scores are printed at the end of each game."})
public final class GcCommand implements Callable<Integer> {

    @ParentCommand
    Cli cli;

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "HOST:PORT", description = "The Game Master's controller port, e.g. 127.0.0.1:14002.")
    String address;

    @Override
    public Integer call() throws Exception {
        String[] hostPort = ClientCommand.hostPort(address, "gc");
        TerminalClient gc = cli.services().terminalClient("reversi-gc").orElseThrow(() ->
                new IllegalArgumentException("the reversi protocol bundle (boardlab.protocol.reversi) is not loaded"));
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        return gc.run(hostPort[0], Integer.parseInt(hostPort[1]), null, in, spec.commandLine().getOut());
    }
}
