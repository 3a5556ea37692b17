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
 * registered, unless {@code no-hook} is given; with {@code halt}, it ends with {@link Runtime#halt} instead (as
 * {@code kill -9}: no hook runs). {@code ExitWhileOpening URL [no-hook] [halt]}; prints whether the exit began
 * before the opening ended, and what the opening said.
 */
public final class ExitWhileOpening {

    private ExitWhileOpening() {
    }

    public static void main(String[] args) throws Exception {
        String url = args[0];
        java.util.List<String> flags = java.util.List.of(args).subList(1, args.length);
        if (!flags.contains("no-hook")) {
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
        // the opener says what its opening gave only after the store's exit hook has let the exit go on (it prints once
        // OpenStores has released its lock): without this hook of the test's own, the JVM could end before that line
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                opener.join(15_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "report-the-opening"));
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!Files.exists(lock) && System.nanoTime() < until) {
            Thread.onSpinWait(); // H2 writes its lock file first, then opens the database
        }
        System.out.println(opened.get() ? "the exit began after the opening" : "the exit began during the opening");
        System.out.flush();
        if (flags.contains("halt")) {
            Runtime.getRuntime().halt(0);
        }
        System.exit(0);
    }
}
