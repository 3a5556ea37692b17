package org.boardlab.store.internal;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.boardlab.store.StoreException;

/**
 * A process that exits (as on SIGTERM: {@link System#exit}, shutdown hooks run) while a store is being
 * opened, as the workbench ended by SIGTERM just after its window appeared did while its embedded
 * server's Dots port opened the database: with the store bundle's exit hook ({@link OpenStores#exitHook})
 * registered, unless {@code no-hook} is given. {@code ExitWhileOpening URL [no-hook]}; prints whether
 * the exit began before the opening ended, and what the opening said.
 */
public final class ExitWhileOpening {

    private ExitWhileOpening() {
    }

    public static void main(String[] args) throws Exception {
        String url = args[0];
        if (args.length < 2 || !args[1].equals("no-hook")) {
            Runtime.getRuntime().addShutdownHook(OpenStores.exitHook());
        }
        Path lock = Path.of(H2LockFile.base(url) + ".lock.db");
        AtomicBoolean opened = new AtomicBoolean();
        Thread opener = new Thread(() -> {
            try {
                OpenStores.open(url);
                opened.set(true);
            } catch (StoreException e) {
                System.out.println("the opening said: " + e.getMessage());
                System.out.flush();
            }
        }, "opener");
        opener.setDaemon(true); // as the threads that start bundles and open ahead
        opener.start();
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!Files.exists(lock) && System.nanoTime() < until) {
            Thread.onSpinWait(); // H2 writes its lock file first, then opens the database
        }
        System.out.println(opened.get() ? "the exit began after the opening" : "the exit began during the opening");
        System.out.flush();
        System.exit(0);
    }
}
