package org.boardlab.cli.internal;

import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import org.boardlab.ai.basic.RandomPlayer;
import org.boardlab.api.Move;
import org.boardlab.api.MoveRequest;
import org.boardlab.api.Player;
import org.boardlab.api.event.RegistryEvent.Kind;
import org.boardlab.cli.Cli;
import org.boardlab.cli.Services;
import org.boardlab.core.Application;
import org.boardlab.core.Component;
import org.boardlab.core.EventBus;
import org.boardlab.core.Referee;
import org.boardlab.core.Registry;
import org.boardlab.game.tictactoe.TicTacToe;

/**
 * A boardlab command line in a process of its own, outside the framework, for tests that start and
 * kill processes ({@link WorkerProcessesTest}, {@link ServeProcessTest}): {@code ARGS...} as for
 * {@code boardlab}, with tic-tac-toe, six seeded random players {@code p1} .. {@code p6} that think
 * {@value #THINK_MS} ms a move, and Othello with its protocols (seed 000's, and seed 004's Game Master) to serve. Exits with the
 * command's exit code.
 */
public final class LabProcess {

    static final int THINK_MS = 40;
    static final List<String> PLAYERS = List.of("p1", "p2", "p3", "p4", "p5", "p6");

    private LabProcess() {
    }

    /** The services of a lab: tic-tac-toe and {@link #PLAYERS}. */
    static Services services(Referee referee) {
        EventBus bus = new EventBus();
        Registry registry = new Registry(bus);
        TicTacToe game = new TicTacToe();
        registry.add(new Component<>(Kind.GAME, "tictactoe", game.name(), "boardlab.game.tictactoe", "0.1.0", -1, () -> game));
        org.boardlab.game.othello.Othello othello = new org.boardlab.game.othello.Othello();
        registry.add(new Component<>(Kind.GAME, "othello", othello.name(), "boardlab.game.othello", "0.1.0", -1, () -> othello));
        List<org.boardlab.server.ServerProtocol> protocols = List.of(new org.boardlab.protocol.othello.internal.OthelloServerProtocol(
                new org.boardlab.protocol.othello.internal.OthelloProtocol()),
                new org.boardlab.protocol.reversi.internal.ReversiServerProtocol(new org.boardlab.protocol.reversi.internal.ReversiProtocol()));
        for (String id : PLAYERS) {
            registry.add(new Component<>(Kind.PLAYER, id, "random, " + THINK_MS + " ms a move", "lab", "0.1.0", -1, () -> new Player() {
                private final RandomPlayer random = new RandomPlayer();

                @Override
                public Move chooseMove(MoveRequest request) throws Exception {
                    Thread.sleep(THINK_MS);
                    return random.chooseMove(request);
                }
            }));
        }
        return new Services() {
            @Override
            public Registry registry() {
                return registry;
            }

            @Override
            public EventBus events() {
                return bus;
            }

            @Override
            public Referee referee() {
                return referee;
            }

            @Override
            public Optional<Application> application(String id) {
                return Optional.empty();
            }

            @Override
            public String version() {
                return "0.0.0-test";
            }

            @Override
            public Optional<org.boardlab.client.TerminalClient> terminalClient(String id) {
                return Optional.empty();
            }

            @Override
            public List<org.boardlab.server.ServerProtocol> serverProtocols() {
                return protocols;
            }
        };
    }

    public static void main(String[] args) {
        Referee referee = new Referee();
        PrintWriter out = new PrintWriter(new java.io.OutputStreamWriter(System.out, StandardCharsets.UTF_8), true);
        PrintWriter err = new PrintWriter(new java.io.OutputStreamWriter(System.err, StandardCharsets.UTF_8), true);
        int code = Cli.execute(services(referee), List.of(args), out, err);
        out.flush();
        err.flush();
        referee.close();
        System.exit(code);
    }
}
