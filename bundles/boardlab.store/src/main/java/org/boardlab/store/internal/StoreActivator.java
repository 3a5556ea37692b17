package org.boardlab.store.internal;

import org.osgi.framework.BundleActivator;
import org.osgi.framework.BundleContext;

/**
 * Closes every open store (its connections, and an embedded H2 database's file) when the bundle stops;
 * while it runs, a JVM exit on a signal closes a store whose opening was under way ({@link OpenStores}).
 */
public final class StoreActivator implements BundleActivator {

    private Thread exitHook;

    @Override
    public void start(BundleContext context) {
        // stores open on first use
        Thread hook = OpenStores.exitHook();
        try {
            Runtime.getRuntime().addShutdownHook(hook);
            exitHook = hook;
        } catch (IllegalStateException exitBegun) {
            OpenStores.exiting(); // started while the JVM exits (a bundle started late): no opening from now on
        }
    }

    @Override
    public void stop(BundleContext context) {
        if (exitHook != null) {
            try {
                Runtime.getRuntime().removeShutdownHook(exitHook);
            } catch (IllegalStateException exitBegun) {
                // the JVM is exiting: the hook runs
            }
            exitHook = null;
        }
        OpenStores.closeAll();
    }
}
