package org.boardlab.launcher;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.namespace.HostNamespace;
import org.osgi.framework.wiring.BundleWire;
import org.osgi.framework.wiring.BundleWiring;
import org.osgi.framework.wiring.FrameworkWiring;

/**
 * Which of the product's bundles a command's framework needs installed ({@link Main.Mode#profile()}).
 *
 * <p>Felix reads and parses the manifest of every bundle in its cache at each start, started or not,
 * and its resolver weighs every installed bundle as a candidate: a 1-game {@code match} paid for
 * Jetty, CometD, SWT and the views although it starts none of them. So the commands without a
 * window have bundle caches of their own ({@link FrameworkCache}) holding only what they need: the
 * bundles the command starts that do something when started (boardlab's own, and any with an
 * activator or a service-loader provider: FileInstall, the JDBC drivers, SPI Fly and the SLF4J
 * provider for the commands that connect), and what these are wired to, found by Felix's own
 * resolver when the cache is filled. A library nothing needed is wired to (CometD and Jetty for
 * {@code match}: only the Dots protocol uses them) is left out, and so is a bundle only an optional
 * import would wire to (the Gogo runtime for boardlab.cli, SLF4J for Netty and H2: they do without).
 */
final class BundleSet {

    private BundleSet() {
    }

    /**
     * The bundles {@code mode} needs among those installed in {@code context}'s framework: resolves
     * the ones it starts ({@link #isRoot}) and follows their wires (mandatory ones, and optional ones
     * to another such bundle), and each bundle's fragments. A bundle that does not resolve is kept
     * (it fails to start, and says why, as it would with every bundle there).
     */
    static Set<Bundle> needed(BundleContext context, Main.Mode mode) {
        List<Bundle> roots = new ArrayList<>();
        for (Bundle b : context.getBundles()) {
            if (b.getBundleId() != 0 && isRoot(b, mode)) {
                roots.add(b);
            }
        }
        context.getBundle(0).adapt(FrameworkWiring.class).resolveBundles(roots);
        Set<Bundle> needed = new LinkedHashSet<>(roots);
        Deque<Bundle> todo = new ArrayDeque<>(roots);
        while (!todo.isEmpty()) {
            BundleWiring wiring = todo.pop().adapt(BundleWiring.class);
            if (wiring == null) {
                continue; // not resolved
            }
            for (BundleWire wire : wiring.getRequiredWires(null)) {
                Bundle provider = wire.getProviderWiring().getBundle();
                boolean optional = Constants.RESOLUTION_OPTIONAL.equals(wire.getRequirement().getDirectives().get(Constants.RESOLUTION_DIRECTIVE));
                if (provider.getBundleId() != 0 && (!optional || roots.contains(provider)) && needed.add(provider)) {
                    todo.add(provider);
                }
            }
            for (BundleWire wire : wiring.getProvidedWires(HostNamespace.HOST_NAMESPACE)) {
                Bundle fragment = wire.getRequirerWiring().getBundle();
                if (needed.add(fragment)) {
                    todo.add(fragment);
                }
            }
        }
        return needed;
    }

    /**
     * A bundle {@code mode} starts that does something when started: one of boardlab's, or one with
     * an activator or a service-loader provider. Other libraries only lend their classes, and are
     * needed only if such a bundle is wired to them.
     */
    static boolean isRoot(Bundle b, Main.Mode mode) {
        String name = b.getSymbolicName() == null ? "" : b.getSymbolicName();
        java.util.Dictionary<String, String> headers = b.getHeaders("");
        if (headers.get(Constants.FRAGMENT_HOST) != null || !mode.wants(b)) {
            return false;
        }
        String provided = headers.get(Constants.PROVIDE_CAPABILITY);
        return name.startsWith("boardlab.") || headers.get(Constants.BUNDLE_ACTIVATOR) != null
                || provided != null && provided.contains("osgi.serviceloader");
    }
}
