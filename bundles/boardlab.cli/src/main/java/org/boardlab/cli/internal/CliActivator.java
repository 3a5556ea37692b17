package org.boardlab.cli.internal;

import java.io.PrintWriter;
import java.util.Arrays;
import java.util.Hashtable;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import org.boardlab.cli.Cli;
import org.osgi.framework.BundleActivator;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceReference;
import org.osgi.framework.ServiceRegistration;

/**
 * Offers the command line to the bnd launcher as its main-thread service (the launcher calls it
 * once every bundle has started, and exits with the code it returns) and registers the same
 * commands in the Gogo shell under the scope {@code boardlab}.
 */
public final class CliActivator implements BundleActivator {

    private LocatorServices services;
    private ServiceRegistration<?> main;
    private ServiceRegistration<?> commands;
    /** The command line for the main thread's one run, built at start. */
    private FutureTask<Cli.Prepared> prepared;

    @Override
    public void start(BundleContext context) {
        services = new LocatorServices(context);
        // picocli's model of every command, built now on a thread of its own, while the other bundles start:
        // the main thread finds it ready when the launcher hands it the command line
        String[] args = arguments(context);
        prepared = new FutureTask<>(() -> Cli.prepare(services, args));
        Thread preparer = new Thread(prepared, "boardlab-cli-prepare");
        preparer.setDaemon(true);
        preparer.start();
        String db = StoreAhead.database(args);
        if (db != null) {
            services.stores().openAhead(db);
        }
        Hashtable<String, Object> props = new Hashtable<>();
        props.put("main.thread", "true");
        props.put(Constants.SERVICE_DESCRIPTION, "the boardlab command line");
        main = context.registerService(Callable.class, new MainThread(context), props);
        try {
            Class.forName("org.apache.felix.service.command.CommandProcessor");
            commands = GogoCommands.register(context, services);
        } catch (ClassNotFoundException | NoClassDefFoundError e) {
            // no Gogo runtime in this framework: the commands are only on the command line
        }
    }

    /** The launcher calls this on its main thread once every bundle has started; it exits with the result. */
    private final class MainThread implements Callable<Integer> {
        private final BundleContext context;

        MainThread(BundleContext context) {
            this.context = context;
        }

        @Override
        public Integer call() {
            return runMain(context);
        }
    }

    /** The command line the launcher registered (as a service's {@code launcher.arguments}), or none. */
    private static String[] arguments(BundleContext context) {
        try {
            ServiceReference<?>[] refs = context.getServiceReferences((String) null, "(launcher.arguments=*)");
            if (refs != null && refs.length > 0 && refs[0].getProperty("launcher.arguments") instanceof String[] given) {
                return given;
            }
        } catch (InvalidSyntaxException e) {
            throw new IllegalStateException(e);
        }
        return new String[0];
    }

    private int runMain(BundleContext context) {
        String[] args = arguments(context);
        PrintWriter out = new PrintWriter(System.out, true);
        PrintWriter err = new PrintWriter(System.err, true);
        List<String> list = Arrays.asList(args);
        int code = Cli.execute(prepared(), list, out, err, () -> GogoCommands.openConsole(context));
        out.flush();
        err.flush();
        return code;
    }

    /** The command line built at start for this run's arguments, or, should that have failed, one built now (which then fails here, where it is reported). */
    private Cli.Prepared prepared() {
        try {
            return prepared.get();
        } catch (ExecutionException e) {
            return Cli.prepare(services);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Cli.prepare(services);
        }
    }

    @Override
    public void stop(BundleContext context) {
        if (main != null) {
            main.unregister();
        }
        if (commands != null) {
            commands.unregister();
        }
        services.close();
    }
}
