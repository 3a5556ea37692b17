package org.boardlab.cli.internal;

import java.io.PrintWriter;
import java.util.Arrays;
import java.util.Hashtable;
import java.util.List;
import java.util.concurrent.Callable;
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

    @Override
    public void start(BundleContext context) {
        services = new LocatorServices(context);
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
        public Integer call() throws InvalidSyntaxException {
            return runMain(context);
        }
    }

    private int runMain(BundleContext context) throws InvalidSyntaxException {
        String[] args = new String[0];
        ServiceReference<?>[] refs = context.getServiceReferences((String) null, "(launcher.arguments=*)");
        if (refs != null && refs.length > 0) {
            Object value = refs[0].getProperty("launcher.arguments");
            if (value instanceof String[] given) {
                args = given;
            }
        }
        PrintWriter out = new PrintWriter(System.out, true);
        PrintWriter err = new PrintWriter(System.err, true);
        List<String> list = Arrays.asList(args);
        int code = Cli.execute(services, list, out, err, () -> GogoCommands.openConsole(context));
        out.flush();
        err.flush();
        return code;
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
