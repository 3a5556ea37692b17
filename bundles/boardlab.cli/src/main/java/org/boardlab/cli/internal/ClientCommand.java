package org.boardlab.cli.internal;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import org.boardlab.cli.Cli;
import org.boardlab.server.TerminalClient;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code boardlab client <protocol>}: play on a server from this terminal. */
@Command(name = "client", mixinStandardHelpOptions = true,
        description = {"Connect to a server and play from this terminal: the server's messages are shown in words,",
            "and what you type is sent (type 'help' once connected, or see the protocol's README)."})
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

    @Option(names = "--name", description = "The name to log in with.")
    String name;

    @Override
    public Integer call() throws Exception {
        TerminalClient client = cli.services().terminalClient(protocol).orElseThrow(() ->
                new IllegalArgumentException("no terminal client for protocol '" + protocol + "'"));
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        return client.run(host, port, name, in, spec.commandLine().getOut());
    }
}
