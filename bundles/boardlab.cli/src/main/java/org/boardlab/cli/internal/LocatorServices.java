package org.boardlab.cli.internal;

import java.util.Iterator;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.boardlab.cli.Services;
import org.boardlab.core.Application;
import org.boardlab.core.EventBus;
import org.boardlab.core.Referee;
import org.boardlab.core.Registry;
import org.eclipse.sisu.BeanEntry;
import org.eclipse.sisu.inject.BeanLocator;
import org.osgi.framework.BundleContext;
import org.osgi.util.tracker.ServiceTracker;

import com.google.inject.Key;
import com.google.inject.name.Names;

/** {@link Services} found through the shared Sisu bean locator that boardlab.core registers. */
final class LocatorServices implements Services, AutoCloseable {

    private final ServiceTracker<BeanLocator, BeanLocator> tracker;
    private final String version;
    private final BundleContext context;

    LocatorServices(BundleContext context) {
        this.context = context;
        tracker = new ServiceTracker<>(context, BeanLocator.class, null);
        tracker.open();
        org.osgi.framework.Version v = context.getBundle().getVersion();
        version = v.getMajor() + "." + v.getMinor() + "." + v.getMicro();
    }

    private BeanLocator locator() {
        try {
            BeanLocator locator = tracker.waitForService(TimeUnit.SECONDS.toMillis(10));
            if (locator == null) {
                throw new IllegalStateException("boardlab.core is not running (no bean locator after 10 s)");
            }
            return locator;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for boardlab.core");
        }
    }

    private <T> T one(Class<T> type) {
        Iterator<? extends BeanEntry<?, T>> it = locator().locate(Key.get(type)).iterator();
        if (!it.hasNext()) {
            throw new IllegalStateException("no " + type.getSimpleName() + " is available: is boardlab.core running?");
        }
        return it.next().getValue();
    }

    @Override
    public Optional<String> classOrigin(String className) {
        int dot = className.lastIndexOf('.');
        if (dot <= 0) {
            return Optional.empty();
        }
        String pkg = className.substring(0, dot);
        java.util.List<String> exporters = new java.util.ArrayList<>();
        try {
            for (org.osgi.framework.Bundle b : context.getBundles()) {
                org.osgi.framework.wiring.BundleRevision revision = b.adapt(org.osgi.framework.wiring.BundleRevision.class);
                if (revision == null) {
                    continue;
                }
                for (org.osgi.resource.Capability c : revision.getCapabilities(org.osgi.framework.wiring.BundleRevision.PACKAGE_NAMESPACE)) {
                    if (pkg.equals(c.getAttributes().get(org.osgi.framework.wiring.BundleRevision.PACKAGE_NAMESPACE))) {
                        exporters.add(b.getSymbolicName() + " " + b.getVersion() + " (" + state(b.getState()) + ")");
                        break;
                    }
                }
            }
        } catch (IllegalStateException e) {
            return Optional.empty(); // the framework is stopping
        }
        return Optional.of(exporters.isEmpty() ? "no installed bundle exports the package " + pkg
                : "the package " + pkg + " is exported by " + String.join(", ", exporters));
    }

    private static String state(int state) {
        return switch (state) {
            case org.osgi.framework.Bundle.INSTALLED -> "installed, not resolved";
            case org.osgi.framework.Bundle.RESOLVED -> "resolved, not started";
            case org.osgi.framework.Bundle.STARTING -> "starting";
            case org.osgi.framework.Bundle.ACTIVE -> "active";
            case org.osgi.framework.Bundle.STOPPING -> "stopping";
            default -> "uninstalled";
        };
    }

    @Override
    public Registry registry() {
        return one(Registry.class);
    }

    @Override
    public EventBus events() {
        return one(EventBus.class);
    }

    @Override
    public Referee referee() {
        return one(Referee.class);
    }

    @Override
    public Optional<Application> application(String id) {
        Iterator<? extends BeanEntry<?, Application>> it = locator().locate(Key.get(Application.class, Names.named(id))).iterator();
        return it.hasNext() ? Optional.of(it.next().getValue()) : Optional.empty();
    }

    @Override
    public java.util.List<org.boardlab.server.ServerProtocol> serverProtocols() {
        java.util.List<org.boardlab.server.ServerProtocol> list = new java.util.ArrayList<>();
        for (BeanEntry<?, org.boardlab.server.ServerProtocol> e : locator().locate(Key.get(org.boardlab.server.ServerProtocol.class))) {
            list.add(e.getValue());
        }
        return list;
    }

    @Override
    public Optional<org.boardlab.client.TerminalClient> terminalClient(String id) {
        Iterator<? extends BeanEntry<?, org.boardlab.client.TerminalClient>> it = locator()
                .locate(Key.get(org.boardlab.client.TerminalClient.class, Names.named(id))).iterator();
        return it.hasNext() ? Optional.of(it.next().getValue()) : Optional.empty();
    }

    @Override
    public java.util.List<org.boardlab.conform.ConformanceKit> conformanceKits() {
        java.util.List<org.boardlab.conform.ConformanceKit> list = new java.util.ArrayList<>();
        for (BeanEntry<?, org.boardlab.conform.ConformanceKit> e : locator().locate(Key.get(org.boardlab.conform.ConformanceKit.class))) {
            list.add(e.getValue());
        }
        list.sort(java.util.Comparator.comparing(org.boardlab.conform.ConformanceKit::protocol));
        return list;
    }

    @Override
    public Optional<org.boardlab.core.PlayerHosting> hosting() {
        Iterator<? extends BeanEntry<?, org.boardlab.core.PlayerHosting>> it = locator()
                .locate(Key.get(org.boardlab.core.PlayerHosting.class)).iterator();
        return it.hasNext() ? Optional.of(it.next().getValue()) : Optional.empty();
    }

    @Override
    public String version() {
        return version;
    }

    @Override
    public void close() {
        tracker.close();
    }
}
