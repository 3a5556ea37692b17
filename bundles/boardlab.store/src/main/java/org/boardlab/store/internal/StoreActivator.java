package org.boardlab.store.internal;

import org.osgi.framework.BundleActivator;
import org.osgi.framework.BundleContext;

/** Closes every open store (its connections, and an embedded H2 database's file) when the bundle stops. */
public final class StoreActivator implements BundleActivator {

    @Override
    public void start(BundleContext context) {
        // stores open on first use
    }

    @Override
    public void stop(BundleContext context) {
        OpenStores.closeAll();
    }
}
