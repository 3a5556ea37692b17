package org.boardlab.cli.internal;

import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Hashtable;
import java.util.List;
import org.apache.felix.service.command.CommandProcessor;
import org.apache.felix.service.command.CommandSession;
import org.boardlab.cli.Cli;
import org.boardlab.cli.Services;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceReference;
import org.osgi.framework.ServiceRegistration;

/**
 * The boardlab commands in the Gogo shell: {@code boardlab:list}, {@code boardlab:match ...}, the
 * same arguments as on the command line (type {@code list --help}).
 */
public final class GogoCommands {

    private static final String[] FUNCTIONS = {"list", "match", "play", "perft", "tournament", "games", "ratings"};

    private final Services services;

    private GogoCommands(Services services) {
        this.services = services;
    }

    static ServiceRegistration<?> register(BundleContext context, Services services) {
        Hashtable<String, Object> props = new Hashtable<>();
        props.put(CommandProcessor.COMMAND_SCOPE, "boardlab");
        props.put(CommandProcessor.COMMAND_FUNCTION, FUNCTIONS);
        return context.registerService(GogoCommands.class, new GogoCommands(services), props);
    }

    private void run(String command, String[] args) {
        List<String> all = new ArrayList<>();
        all.add(command);
        all.addAll(List.of(args));
        PrintWriter out = new PrintWriter(System.out, true);
        PrintWriter err = new PrintWriter(System.err, true);
        Cli.execute(services, all, out, err); // errors are printed; the shell shows no exit code
    }

    /** {@code list [--json]} */
    public void list(String... args) {
        run("list", args);
    }

    /** {@code match <game> <playerA> <playerB> [options]} */
    public void match(String... args) {
        run("match", args);
    }

    /** {@code play <game> [--moves "..."] [options]} */
    public void play(String... args) {
        run("play", args);
    }

    /** {@code tournament --name NAME --game GAME --players A,B,... [options]} */
    public void tournament(String... args) {
        run("tournament", args);
    }

    /** {@code games [filters] [--format text|csv|json]}, {@code games show ID}, {@code games export ID} */
    public void games(String... args) {
        run("games", args);
    }

    /** {@code ratings [--game GAME] [--ladder elo|glicko2] [--format text|csv|json]}: the lab ladder */
    public void ratings(String... args) {
        run("ratings", args);
    }

    /** {@code perft <game> <depth> [options]} */
    public void perft(String... args) {
        run("perft", args);
    }

    /**
     * Opens an interactive Gogo shell on this process's terminal, on a thread of its own (the
     * launcher's main thread stays with the command or the workbench).
     */
    static void openConsole(BundleContext context) {
        ServiceReference<CommandProcessor> ref = context.getServiceReference(CommandProcessor.class);
        if (ref == null) {
            System.err.println("boardlab: --console needs the Gogo shell bundles, which are not installed");
            return;
        }
        CommandProcessor processor = context.getService(ref);
        Thread console = new Thread(() -> {
            // the terminal itself: Gogo replaces System.out with a per-thread stream that would loop back here
            CommandSession session = processor.createSession(new FileInputStream(FileDescriptor.in),
                    new FileOutputStream(FileDescriptor.out), new FileOutputStream(FileDescriptor.err));
            try {
                session.execute("gosh --login --noshutdown");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt(); // boardlab is stopping
            } catch (Exception e) {
                System.err.println("boardlab: the console stopped: " + e);
            } finally {
                session.close();
            }
        }, "boardlab-console");
        console.setDaemon(true);
        console.start();
    }
}
