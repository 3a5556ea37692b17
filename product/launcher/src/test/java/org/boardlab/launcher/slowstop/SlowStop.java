package org.boardlab.launcher.slowstop;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Hashtable;
import java.util.concurrent.Callable;
import org.osgi.framework.BundleActivator;
import org.osgi.framework.BundleContext;

/**
 * The activator of the bundle {@code StopWaitTest} puts in a product jar: its main-thread service
 * ends at once, and its stop (as the store's close, which compacts an H2 file) runs a thread named
 * {@code slowstop.thread} for {@code slowstop.ms}, waits for it, and then writes the file
 * {@code slowstop.marker}: the file is there only if the launcher let the stop end.
 */
public final class SlowStop implements BundleActivator, Callable<Integer> {

    @Override
    public void start(BundleContext context) {
        Hashtable<String, Object> props = new Hashtable<>();
        props.put("main.thread", "true");
        context.registerService(Callable.class, this, props);
    }

    @Override
    public Integer call() {
        return 0;
    }

    @Override
    public void stop(BundleContext context) throws Exception {
        long ms = Long.getLong("slowstop.ms", 0);
        Thread work = new Thread(() -> {
            try {
                Thread.sleep(ms);
            } catch (InterruptedException e) {
                return;
            }
        }, System.getProperty("slowstop.thread", "slow"));
        work.start();
        work.join();
        Files.writeString(Path.of(System.getProperty("slowstop.marker")), "stopped");
    }
}
