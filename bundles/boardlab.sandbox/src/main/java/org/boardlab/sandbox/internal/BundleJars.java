package org.boardlab.sandbox.internal;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.Enumeration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.osgi.framework.Bundle;
import org.osgi.framework.wiring.BundleWire;
import org.osgi.framework.wiring.BundleWiring;

/**
 * Bundles as jar files for a player host's class path, written from what the framework loaded (not
 * from the players folder, whose jar may already be the next version): the player's bundle, and every
 * bundle it is wired to, and theirs, as the framework resolved them. The host so sees the same
 * classes its bundle would see in boardlab. Each version of a bundle is written once.
 */
final class BundleJars {

    private final Path folder;

    BundleJars(Path folder) {
        this.folder = folder;
    }

    /** The jar of {@code bundle}, written if this version is not yet. */
    Path jar(Bundle bundle) throws IOException {
        return write(bundle, key(bundle), null);
    }

    /** A bundle's version key: symbolic name, version, framework id and last modification. */
    static String key(Bundle bundle) {
        return bundle.getSymbolicName() + "_" + bundle.getVersion() + "_" + bundle.getBundleId() + "_" + bundle.getLastModified();
    }

    /** The jar of only the classes under {@code prefix} in {@code bundle} (the host's own classes). */
    Path part(Bundle bundle, String prefix) throws IOException {
        return write(bundle, key(bundle) + "_" + prefix.replace('/', '.'), prefix);
    }

    private Path write(Bundle bundle, String key, String prefix) throws IOException {
        Path jar = folder.resolve(key.replaceAll("[^A-Za-z0-9._-]", "_") + ".jar");
        if (Files.exists(jar)) {
            return jar;
        }
        Files.createDirectories(folder);
        Path tmp = Files.createTempFile(folder, "writing-", ".jar");
        try (OutputStream file = Files.newOutputStream(tmp); JarOutputStream out = new JarOutputStream(file)) {
            Enumeration<URL> entries = bundle.findEntries("/", "*", true);
            List<URL> urls = entries == null ? List.of() : Collections.list(entries);
            for (URL url : urls) {
                String name = url.getPath().startsWith("/") ? url.getPath().substring(1) : url.getPath();
                if (name.isEmpty() || name.endsWith("/") || (prefix != null && !name.startsWith(prefix))) {
                    continue;
                }
                out.putNextEntry(new JarEntry(name));
                try (InputStream in = url.openStream()) {
                    in.transferTo(out);
                }
                out.closeEntry();
            }
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(tmp);
            throw e instanceof IOException io ? io : new IOException(e);
        }
        Files.move(tmp, jar, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        return jar;
    }

    /** The bundles {@code bundle} is wired to, and theirs, without the framework itself; nearest first. */
    static List<Bundle> providers(Bundle bundle) {
        Set<Bundle> seen = new LinkedHashSet<>();
        Deque<Bundle> todo = new ArrayDeque<>(List.of(bundle));
        while (!todo.isEmpty()) {
            Bundle b = todo.removeFirst();
            BundleWiring wiring = b.adapt(BundleWiring.class);
            if (wiring == null) {
                continue;
            }
            for (BundleWire wire : wiring.getRequiredWires(null)) {
                Bundle provider = wire.getProviderWiring().getBundle();
                if (provider.getBundleId() != 0 && provider != bundle && seen.add(provider)) {
                    todo.addLast(provider);
                }
            }
        }
        return new ArrayList<>(seen);
    }
}
