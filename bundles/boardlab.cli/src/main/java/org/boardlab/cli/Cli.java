package org.boardlab.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import org.boardlab.cli.internal.ClientCommand;
import org.boardlab.cli.internal.GamesCommand;
import org.boardlab.cli.internal.GcCommand;
import org.boardlab.cli.internal.ListCommand;
import org.boardlab.cli.internal.MatchCommand;
import org.boardlab.cli.internal.MissingClass;
import org.boardlab.cli.internal.PerftCommand;
import org.boardlab.cli.internal.PlayCommand;
import org.boardlab.cli.internal.ProxyCommand;
import org.boardlab.cli.internal.ServeCommand;
import org.boardlab.cli.internal.TournamentCommand;
import org.boardlab.cli.internal.UsageException;
import org.boardlab.cli.internal.WorkbenchCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The {@code boardlab} command. With no command it opens the workbench.
 *
 * <pre>
 * boardlab [--console] [COMMAND] [ARGS]
 * </pre>
 *
 * Exit codes: 0 success, 1 failure (a message on standard error), 2 wrong usage.
 */
@Command(name = "boardlab", mixinStandardHelpOptions = true, versionProvider = Cli.Version.class,
        description = "A workbench for networked board games: games, players and protocols are plug-in bundles.")
public final class Cli implements Runnable {

    /** The commands, in the order the help page lists them (added by {@link #commandLine}, not by the annotation: see {@link #prepare(Services, String[])}). */
    static final List<Class<?>> COMMANDS = List.of(ListCommand.class, MatchCommand.class, PlayCommand.class, PerftCommand.class, ServeCommand.class,
            ProxyCommand.class, ClientCommand.class, GcCommand.class, WorkbenchCommand.class, TournamentCommand.class,
            org.boardlab.cli.internal.WorkerCommand.class, GamesCommand.class, org.boardlab.cli.internal.ConformCommand.class,
            org.boardlab.cli.internal.BugsCommand.class, org.boardlab.cli.internal.RatingsCommand.class);

    @Option(names = "--console", description = "Also open the Gogo shell on this terminal (boardlab commands are in it).")
    boolean console;

    private final Services services;

    private Cli(Services services) {
        this.services = services;
    }

    /** The services the commands run against. */
    public Services services() {
        return services;
    }

    /** {@code true} when {@code --console} was given. */
    public boolean console() {
        return console;
    }

    @Override
    public void run() {
        // no command: handled by execute(), which runs the workbench
    }

    /**
     * Runs one command line.
     *
     * @return the exit code
     */
    public static int execute(Services services, List<String> args, PrintWriter out, PrintWriter err) {
        return execute(services, args, out, err, null);
    }

    /**
     * Runs one command line, calling {@code onConsole} first when {@code --console} is given.
     *
     * @return the exit code
     */
    public static int execute(Services services, List<String> args, PrintWriter out, PrintWriter err, Runnable onConsole) {
        return execute(prepare(services), args, out, err, onConsole);
    }

    /**
     * The command line built ahead of its arguments, for one {@link #execute(Prepared, List, PrintWriter, PrintWriter, Runnable)}:
     * picocli reads every command's annotations and makes the commands (about 0.15 s in a new JVM), which
     * boardlab.cli does on a thread of its own while the other bundles start.
     */
    public static Prepared prepare(Services services) {
        Cli cli = new Cli(services);
        return new Prepared(cli, commandLine(cli, null));
    }

    /**
     * The command line built ahead for {@code args} alone: when they name a command (their first word
     * that is not an option) and ask for no help page, version or grammar, only that command is made
     * (picocli reads each command's annotations and makes it: building all fifteen was most of this
     * thread's 0.1 s of CPU); otherwise, as {@link #prepare(Services)}, every command. What the line
     * then does with {@code args} is the same: their parse and run involve that command alone.
     */
    public static Prepared prepare(Services services, String[] args) {
        Cli cli = new Cli(services);
        return new Prepared(cli, commandLine(cli, onlyCommand(args)));
    }

    /** The command {@code args} run, if building it alone changes nothing they print; else {@code null}. */
    public static Class<?> onlyCommand(String[] args) {
        if (System.getProperty(org.boardlab.cli.internal.CommandModel.MODEL_PROPERTY) != null
                || System.getProperty(org.boardlab.cli.internal.CommandModel.USAGE_PROPERTY) != null) {
            return null; // the launcher asked for every command's grammar or usage text
        }
        String word = null;
        for (String a : args) {
            if (a.equals("--help") || a.equals("-h") || a.equals("--version") || a.equals("-V")) {
                return null;
            }
            if (word == null && !a.startsWith("-")) {
                word = a;
            }
        }
        for (Class<?> c : COMMANDS) {
            if (c.getAnnotation(Command.class).name().equals(word)) {
                return c;
            }
        }
        return null; // no command (the workbench is added then), or a word no command has (picocli suggests one)
    }

    /** A command line built by {@link #prepare}, not yet given its arguments. */
    public static final class Prepared {
        private final Cli cli;
        private final CommandLine line;

        private Prepared(Cli cli, CommandLine line) {
            this.cli = cli;
            this.line = line;
        }

        /** The names of the commands this line was built with. */
        public java.util.Set<String> commands() {
            return java.util.Collections.unmodifiableSet(new java.util.LinkedHashSet<>(line.getSubcommands().keySet()));
        }
    }

    /**
     * Runs one command line on a command line built by {@link #prepare} (each is run once), calling
     * {@code onConsole} first when {@code --console} is given.
     *
     * @return the exit code
     */
    public static int execute(Prepared prepared, List<String> args, PrintWriter out, PrintWriter err, Runnable onConsole) {
        Cli cli = prepared.cli;
        CommandLine line = prepared.line;
        line.setOut(out);
        line.setErr(err);
        // what the product's launcher asked for, to answer later usage errors without the framework
        org.boardlab.cli.internal.CommandModel.keepRequested(line);
        List<String> effective = new ArrayList<>(args);
        CommandLine.ParseResult parsed;
        try {
            parsed = line.parseArgs(effective.toArray(String[]::new));
        } catch (CommandLine.ParameterException e) {
            try {
                return line.getParameterExceptionHandler().handleParseException(e, effective.toArray(String[]::new));
            } catch (Exception unexpected) {
                err.println("boardlab: " + e.getMessage());
                return 2;
            }
        } catch (RuntimeException e) {
            err.println("boardlab: " + e.getMessage());
            return 2;
        }
        if (cli.console && onConsole != null) {
            onConsole.run();
        }
        List<String> run = new ArrayList<>(effective);
        if (!(parsed.isUsageHelpRequested() || parsed.isVersionHelpRequested() || parsed.hasSubcommand())) {
            run.add("workbench");
        }
        try {
            return line.execute(run.toArray(String[]::new));
        } catch (NoClassDefFoundError e) {
            // picocli hands only exceptions to the handler below; an Error comes out here (its message alone, a bare class
            // path such as org/foo/Bar, is what the launcher printed)
            CommandLine.ParseResult command = parsed;
            while (command.hasSubcommand()) {
                command = command.subcommand();
            }
            String name = command.commandSpec().qualifiedName() + (run.size() > effective.size() ? " workbench" : "");
            err.println(MissingClass.describe(name, e, cli.services::classOrigin));
            err.flush();
            return 1;
        }
    }

    /** The command line with every command, or with {@code only} alone. */
    private static CommandLine commandLine(Cli cli, Class<?> only) {
        CommandLine line = new CommandLine(cli, new CommandLine.IFactory() {
            @Override
            public <K> K create(Class<K> type) throws Exception {
                if (type == Version.class) {
                    return type.cast(new Version(cli.services));
                }
                return CommandLine.defaultFactory().create(type);
            }
        });
        for (Class<?> c : COMMANDS) {
            if (only == null || c == only) {
                line.addSubcommand(c); // before the settings below, which reach the subcommands there are
            }
        }
        Integer width = Integer.getInteger("boardlab.help.width");
        if (width != null) {
            line.setUsageHelpWidth(width); // the launcher found the terminal's width, and keeps the page at it
        } else {
            line.setUsageHelpAutoWidth(true); // whole descriptions on a wide terminal, wrapped at 80 columns otherwise
        }
        line.setExecutionExceptionHandler((e, cmd, parseResult) -> {
            java.util.Optional<NoClassDefFoundError> missing = MissingClass.in(e);
            if (missing.isPresent()) {
                cmd.getErr().println(MissingClass.describe(cmd.getCommandSpec().qualifiedName(), missing.get(), cli.services::classOrigin));
                cmd.getErr().flush();
                return 1;
            }
            cmd.getErr().println("boardlab: " + (e.getMessage() == null ? e.toString() : e.getMessage()));
            if (e instanceof UsageException) {
                cmd.getErr().println("(see '" + cmd.getCommandSpec().qualifiedName() + " --help')");
                cmd.getErr().flush();
                return 2;
            }
            cmd.getErr().flush();
            return 1;
        });
        return line;
    }

    /** Prints boardlab's version. */
    static final class Version implements CommandLine.IVersionProvider {
        private final Services services;

        Version(Services services) {
            this.services = services;
        }

        @Override
        public String[] getVersion() {
            return new String[] {"boardlab " + services.version()};
        }
    }
}
