package org.boardlab.itest;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Iterator;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarInputStream;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.eclipse.sisu.BeanEntry;
import org.eclipse.sisu.inject.BeanLocator;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;
import org.osgi.util.tracker.ServiceTracker;

import com.google.inject.Key;
import com.google.inject.name.Names;

/** What the integration tests share: beans of the running boardlab, the players folder, jar surgery. */
final class Lab {

    private Lab() {
    }

    static BundleContext context() {
        return FrameworkUtil.getBundle(Lab.class).getBundleContext();
    }

    static BeanLocator locator() {
        ServiceTracker<BeanLocator, BeanLocator> tracker = new ServiceTracker<>(context(), BeanLocator.class, null);
        tracker.open();
        try {
            BeanLocator locator = tracker.waitForService(10_000);
            if (locator == null) {
                throw new AssertionError("no BeanLocator service: boardlab.core did not start");
            }
            return locator;
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }

    static <T> T bean(Class<T> type) {
        Iterator<? extends BeanEntry<?, T>> it = locator().locate(Key.get(type)).iterator();
        if (!it.hasNext()) {
            throw new AssertionError("no " + type.getName() + " bean");
        }
        return it.next().getValue();
    }

    static <T> T bean(Class<T> type, String name) {
        Iterator<? extends BeanEntry<?, T>> it = locator().locate(Key.get(type, Names.named(name))).iterator();
        if (!it.hasNext()) {
            throw new AssertionError("no " + type.getName() + " bean named " + name);
        }
        return it.next().getValue();
    }

    static Path players() throws IOException {
        Path dir = Path.of(context().getProperty("felix.fileinstall.dir"));
        Files.createDirectories(dir);
        return dir;
    }

    static Path fixture(String name) {
        return Path.of(context().getProperty("boardlab.itest.fixtures"), name);
    }

    static Path screenshots() throws IOException {
        Path dir = Path.of(context().getProperty("boardlab.itest.screenshots"));
        Files.createDirectories(dir);
        return dir;
    }

    /** Drops {@code jar} into the players folder as {@code name}, the way a file manager would: all at once. */
    static void drop(Path jar, String name) throws IOException {
        Path dir = players();
        Path tmp = Files.createTempFile(dir.getParent(), "drop", ".part");
        Files.copy(jar, tmp, StandardCopyOption.REPLACE_EXISTING);
        Files.move(tmp, dir.resolve(name), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** A copy of {@code jar} with some manifest headers changed (a "new version" of a bundle). */
    static Path withHeaders(Path jar, Map<String, String> headers) throws IOException {
        Path out = Files.createTempFile("bundle", ".jar");
        try (InputStream in = Files.newInputStream(jar); JarInputStream jin = new JarInputStream(in)) {
            Manifest manifest = new Manifest(jin.getManifest());
            Attributes main = manifest.getMainAttributes();
            headers.forEach((k, v) -> main.put(new Attributes.Name(k), v));
            try (OutputStream os = Files.newOutputStream(out); JarOutputStream jout = new JarOutputStream(os, manifest)) {
                JarEntry entry;
                while ((entry = jin.getNextJarEntry()) != null) {
                    jout.putNextEntry(new JarEntry(entry.getName()));
                    jin.transferTo(jout);
                    jout.closeEntry();
                }
            }
        }
        return out;
    }

    /** Waits until {@code condition} holds; returns how long it took. */
    static Duration await(String what, Duration limit, BooleanSupplier condition) throws InterruptedException {
        long start = System.nanoTime();
        long end = start + limit.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > end) {
                // what every thread was doing goes to the test's output: a wait that never ends is a hang to find
                System.out.println("[itest] timed out waiting for: " + what + "; the threads:\n" + threads());
                throw new AssertionError("timed out after " + limit.toMillis() + " ms waiting for: " + what);
            }
            Thread.sleep(5);
        }
        return Duration.ofNanos(System.nanoTime() - start);
    }

    /** Every live thread's name, state and stack, as a thread dump shows them. */
    static String threads() {
        StringBuilder out = new StringBuilder();
        for (java.lang.management.ThreadInfo t : java.lang.management.ManagementFactory.getThreadMXBean().dumpAllThreads(true, true)) {
            out.append('"').append(t.getThreadName()).append("\" ").append(t.getThreadState());
            if (t.getLockName() != null) {
                out.append(" on ").append(t.getLockName());
            }
            if (t.getLockOwnerName() != null) {
                out.append(" held by \"").append(t.getLockOwnerName()).append('"');
            }
            out.append('\n');
            for (StackTraceElement e : t.getStackTrace()) {
                out.append("    at ").append(e).append('\n');
            }
        }
        return out.toString();
    }
}
