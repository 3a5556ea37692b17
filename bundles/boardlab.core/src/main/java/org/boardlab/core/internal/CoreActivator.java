package org.boardlab.core.internal;

import java.util.ArrayList;
import java.util.Hashtable;
import java.util.List;
import java.util.logging.Logger;
import org.boardlab.core.Referee;
import org.eclipse.sisu.BeanEntry;
import org.eclipse.sisu.inject.BeanLocator;
import org.eclipse.sisu.inject.MutableBeanLocator;
import org.eclipse.sisu.launch.BundlePlan;
import org.eclipse.sisu.launch.SisuBundlePlan;
import org.eclipse.sisu.launch.SisuExtender;
import org.eclipse.sisu.launch.SisuTracker;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;

import com.google.inject.Key;

/**
 * Starts Eclipse Sisu for the whole framework: every bundle that imports {@code javax.inject} gets
 * an injector over its {@code @Named} classes (from the index that sisu-maven-plugin writes:
 * {@link IndexedBundlePlan}), all sharing one bean locator. The locator is also registered as an OSGi service so that code outside
 * Sisu (the launcher's main thread, Gogo commands, in-framework tests) can find beans.
 */
public final class CoreActivator extends SisuExtender {

    @Override
    public void start(BundleContext context) {
        ConsoleLog.install();
        createPlayersFolder(context);
        super.start(context);
    }

    /**
     * Makes the drop-in folder that Felix FileInstall watches ({@code felix.fileinstall.dir}), so that
     * it is watched from the start and students see where to put their jars.
     */
    private static void createPlayersFolder(BundleContext context) {
        String dir = context.getProperty("felix.fileinstall.dir");
        if (dir != null && !new java.io.File(dir).isDirectory() && !new java.io.File(dir).mkdirs()) {
            Logger.getLogger(CoreActivator.class.getName()).warning("cannot create the players folder " + dir);
        }
    }

    /**
     * Closes the one {@link Referee} (its player threads and timers) before the injectors go: games
     * still running end as aborted.
     */
    @Override
    public void stop(BundleContext context) {
        MutableBeanLocator shared = locator;
        if (shared != null) {
            for (BeanEntry<?, Referee> entry : shared.locate(Key.get(Referee.class))) {
                entry.getValue().close();
            }
        }
        super.stop(context);
        ConsoleLog.remove();
    }

    private volatile MutableBeanLocator locator;

    /**
     * Sisu's tracker with {@link IndexedBundlePlan} in place of Sisu's own plan, so that a bundle with an
     * index of its components is not scanned whole (the framework's {@code BeanScanning=index}).
     */
    @Override
    protected SisuTracker createTracker(BundleContext context) {
        return new SisuTracker(context, bundleStateMask(), findLocator(context)) {
            @Override
            protected List<BundlePlan> discoverPlans() { // called by SisuTracker's constructor
                MutableBeanLocator shared = this.locator; // SisuTracker's, set before it calls this
                String scanning = this.context.getProperty(IndexedBundlePlan.SCANNING);
                List<BundlePlan> plans = new ArrayList<>(super.discoverPlans());
                for (int i = 0; i < plans.size(); i++) {
                    if (plans.get(i).getClass() == SisuBundlePlan.class) {
                        plans.set(i, new IndexedBundlePlan(shared, scanning));
                    }
                }
                return plans;
            }
        };
    }

    @Override
    protected MutableBeanLocator createLocator(BundleContext context) {
        MutableBeanLocator locator = super.createLocator(context);
        this.locator = locator;
        Hashtable<String, Object> props = new Hashtable<>();
        props.put(Constants.SERVICE_DESCRIPTION, "boardlab's shared Sisu bean locator");
        context.registerService(BeanLocator.class, locator, props);
        return locator;
    }
}
