package org.boardlab.cli.internal;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.boardlab.ai.basic.FirstLegalPlayer;
import org.boardlab.ai.basic.RandomPlayer;
import org.boardlab.api.Game;
import org.boardlab.api.Player;
import org.boardlab.api.event.RegistryEvent.Kind;
import org.boardlab.cli.Cli;
import org.boardlab.cli.Services;
import org.boardlab.conform.ConformanceKit;
import org.boardlab.core.Application;
import org.boardlab.core.Component;
import org.boardlab.core.EventBus;
import org.boardlab.core.Referee;
import org.boardlab.core.Registry;
import org.boardlab.game.othello.Othello;
import org.boardlab.game.tictactoe.TicTacToe;

/**
 * The {@code boardlab} command line without a framework, for the commands' tests: a registry on an
 * event bus, a referee, the {@link Services} the commands ask for, and {@link #run} that executes one
 * command line and keeps what it printed ({@link #out()}, {@link #err()}). A test adds the games and
 * players it needs ({@link #game}, {@link #player}, or {@link #lab()} for tic-tac-toe, Othello,
 * {@code random} and {@code first-legal}); {@link #close()} closes the referee.
 */
final class CliHarness implements AutoCloseable {

    final EventBus bus = new EventBus();
    final Registry registry = new Registry(bus);
    final Referee referee = new Referee();
    private String version = "0.0.0";
    private List<ConformanceKit> kits = List.of();
    private StringWriter out = new StringWriter();
    private StringWriter err = new StringWriter();

    private final Services services = new Services() {
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
            return version;
        }

        @Override
        public Optional<org.boardlab.client.TerminalClient> terminalClient(String id) {
            return Optional.empty();
        }

        @Override
        public List<org.boardlab.server.ServerProtocol> serverProtocols() {
            return List.of();
        }

        @Override
        public List<ConformanceKit> conformanceKits() {
            return kits;
        }
    };

    /** The version {@code --version} prints ({@code 0.0.0} unless set). */
    CliHarness version(String v) {
        version = v;
        return this;
    }

    /** The protocols' conformance kits the commands find. */
    CliHarness kits(List<ConformanceKit> k) {
        kits = List.copyOf(k);
        return this;
    }

    /** Adds game {@code id} to the registry. */
    CliHarness game(String id, Game game) {
        registry.add(new Component<>(Kind.GAME, id, game.name(), "boardlab.game." + id, "0.1.0", -1, () -> game));
        return this;
    }

    /** Adds player {@code id} to the registry, made by {@code make} for each game, from bundle {@code bundle}. */
    CliHarness player(String id, String description, String bundle, Supplier<? extends Player> make) {
        registry.add(new Component<>(Kind.PLAYER, id, description, bundle, "0.1.0", -1, make::get));
        return this;
    }

    /** Tic-tac-toe, Othello, {@code random} and {@code first-legal}: what most commands' tests play. */
    CliHarness lab() {
        return game("tictactoe", new TicTacToe()).game("othello", new Othello())
                .player("random", "random moves", "boardlab.ai.basic", RandomPlayer::new)
                .player("first-legal", "first move", "boardlab.ai.basic", FirstLegalPlayer::new);
    }

    Services services() {
        return services;
    }

    /** Runs one command line; what it prints replaces what the last one printed. */
    int run(String... args) {
        out = new StringWriter();
        err = new StringWriter();
        return Cli.execute(services, List.of(args), new PrintWriter(out, true), new PrintWriter(err, true));
    }

    /** What the last command printed on standard output. */
    String out() {
        return out.toString();
    }

    /** What the last command printed on standard error. */
    String err() {
        return err.toString();
    }

    /** The last line the last command printed on standard output. */
    String lastLine() {
        String[] lines = out().trim().split("\n");
        return lines[lines.length - 1];
    }

    private static final com.fasterxml.jackson.databind.ObjectMapper JSON = new com.fasterxml.jackson.databind.ObjectMapper();

    /** {@code text} read as JSON; a test fails here, quoting it, when it is not JSON. */
    static com.fasterxml.jackson.databind.JsonNode json(String text) {
        try {
            return JSON.readTree(text);
        } catch (java.io.IOException e) {
            throw new AssertionError("not JSON: " + text, e);
        }
    }

    @Override
    public void close() {
        referee.close();
    }
}
