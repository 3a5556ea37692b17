package org.boardlab.core.internal;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import javax.inject.Inject;
import javax.inject.Named;
import org.boardlab.core.Registry;
import org.eclipse.sisu.EagerSingleton;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleEvent;
import org.osgi.framework.FrameworkUtil;

/**
 * Says which jar in the players folder cannot be loaded, and why. Felix FileInstall skips a jar it
 * cannot install (not a zip, no manifest, no {@code Bundle-SymbolicName}) with a line in its own log
 * at most; this check opens every jar that has changed and stayed the same for one look (a jar being
 * copied is not judged half-written), and reports one that fails as a refusal in the {@link Registry}
 * (the Bundles &amp; players view shows it in red; the console and {@code boardlab list} print it),
 * naming the file and the reason. A jar is reported once per version of the file.
 */
@Named
@EagerSingleton
public final class PlayersFolderCheck {

    /** How often the folder is looked at, in ms. */
    static final long PERIOD_MILLIS = 250;

    private record Seen(long size, long modified) {
    }

    private final Registry registry;
    private final Path folder;
    private final Map<Path, Seen> seen = new HashMap<>();
    private final Map<Path, Seen> judged = new HashMap<>();
    /** each jar's Bundle-SymbolicName when it was last judged loadable, or installed from it */
    private final Map<Path, String> lastBundle = new java.util.concurrent.ConcurrentHashMap<>();

    @Inject
    public PlayersFolderCheck(Registry registry) {
        this.registry = registry;
        Bundle bundle = FrameworkUtil.getBundle(PlayersFolderCheck.class);
        BundleContext context = bundle == null ? null : bundle.getBundleContext();
        String dir = context == null ? null : context.getProperty("felix.fileinstall.dir");
        this.folder = dir == null ? null : Paths.get(dir);
        if (folder == null) {
            return; // outside a framework with a players folder: nothing to watch
        }
        // which bundle each jar held, known as FileInstall installs it (before any later overwrite)
        context.addBundleListener(event -> {
            if (event.getType() == BundleEvent.INSTALLED || event.getType() == BundleEvent.UPDATED) {
                remember(event.getBundle());
            }
        });
        for (Bundle b : context.getBundles()) {
            remember(b);
        }
        look(true); // the jars there at start are judged at once, so that `boardlab list` can say
        Thread thread = new Thread(this::run, "boardlab-players-check");
        thread.setDaemon(true);
        thread.start();
    }

    private void remember(Bundle b) {
        Path jar = jarOf(b.getLocation());
        if (jar != null && b.getSymbolicName() != null && folder.toAbsolutePath().normalize().equals(jar.getParent())) {
            lastBundle.put(folder.resolve(jar.getFileName()), b.getSymbolicName());
        }
    }

    /** The file a bundle was installed from ({@code file:} locations, as FileInstall gives), or {@code null}. */
    static Path jarOf(String location) {
        try {
            return location != null && location.startsWith("file:")
                    ? Paths.get(java.net.URI.create(location)).toAbsolutePath().normalize() : null;
        } catch (RuntimeException e) {
            return null;
        }
    }

    private void run() {
        while (true) {
            try {
                Thread.sleep(PERIOD_MILLIS);
            } catch (InterruptedException e) {
                return;
            }
            look(false);
        }
    }

    /** Judges every jar that has not changed since the last look (or every jar, {@code now}). */
    synchronized void look(boolean now) {
        Set<Path> present = new HashSet<>();
        try (DirectoryStream<Path> jars = Files.newDirectoryStream(folder, "*.jar")) {
            for (Path jar : jars) {
                present.add(jar);
                Seen s;
                try {
                    s = new Seen(Files.size(jar), Files.getLastModifiedTime(jar).toMillis());
                } catch (IOException e) {
                    continue; // gone meanwhile
                }
                Seen before = seen.put(jar, s);
                if ((now || s.equals(before)) && !s.equals(judged.get(jar))) {
                    judged.put(jar, s);
                    Judgement j = judge(jar);
                    if (j.why() != null) {
                        registry.refuseFile(folder.relativize(jar).toString(), folder.resolve(jar.getFileName()).toString()
                                + " cannot be loaded: " + j.why(), lastBundle.get(jar));
                    } else {
                        lastBundle.put(jar, j.symbolicName());
                    }
                }
            }
        } catch (IOException e) {
            return; // no folder (yet): nothing to judge
        }
        seen.keySet().retainAll(present);
        judged.keySet().retainAll(present);
        lastBundle.keySet().retainAll(present);
    }

    /** What one look into a jar found: why it cannot be installed, or else its symbolic name. */
    record Judgement(String why, String symbolicName) {
    }

    /** Why {@code jar} is not a bundle FileInstall can install, or {@code null} if it is one. */
    static String whyNotLoadable(Path jar) {
        return judge(jar).why();
    }

    /** Opens {@code jar} once: why FileInstall cannot install it, or its Bundle-SymbolicName without directives. */
    static Judgement judge(Path jar) {
        try (JarFile file = new JarFile(jar.toFile())) {
            Manifest manifest = file.getManifest();
            if (manifest == null) {
                return new Judgement("it has no META-INF/MANIFEST.MF, so it is not an OSGi bundle", null);
            }
            String name = manifest.getMainAttributes().getValue("Bundle-SymbolicName");
            if (name == null) {
                return new Judgement("its manifest has no Bundle-SymbolicName, so it is not an OSGi bundle"
                        + " (build it with bnd, as tutorial 01 does)", null);
            }
            return new Judgement(null, name.split(";", 2)[0].trim());
        } catch (IOException | SecurityException e) {
            return new Judgement("it is not a readable jar ("
                    + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()) + ")", null);
        }
    }
}
