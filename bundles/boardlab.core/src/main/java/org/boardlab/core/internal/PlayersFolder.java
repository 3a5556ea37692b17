package org.boardlab.core.internal;

import java.net.URI;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;

/**
 * Which bundles came from the players folder ({@code felix.fileinstall.dir}): students' jars, whose
 * players run in processes of their own unless {@link org.boardlab.core.PlayerHosting#IN_PROCESS}
 * names them. The registry asks it of each player it adds; the referee asks it of a class before it
 * lets a player think on its pool sized to the cores ({@link org.boardlab.core.Referee#housePlayer}).
 */
public final class PlayersFolder {

    /** Per class: a class of a bundle from the players folder (a replaced bundle brings new classes). */
    private static final ClassValue<Boolean> FROM_FOLDER = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
            try {
                return contains(folder(), FrameworkUtil.getBundle(type));
            } catch (LinkageError e) {
                return false; // no OSGi framework API on the class path (tests, tools): no framework, no players folder
            }
        }
    };

    private PlayersFolder() {
    }

    /** The players folder as the framework was told it, or {@code null} outside OSGi or without one. */
    public static Path folder() {
        Bundle core = FrameworkUtil.getBundle(PlayersFolder.class);
        BundleContext context = core == null ? null : core.getBundleContext();
        String dir = context == null ? null : context.getProperty("felix.fileinstall.dir");
        return dir == null ? null : Paths.get(dir).toAbsolutePath().normalize();
    }

    /** Whether {@code type} was loaded from a bundle installed from the players folder. */
    public static boolean holds(Class<?> type) {
        return FROM_FOLDER.get(type);
    }

    /** Whether {@code bundle} was installed from a jar in {@code folder} (both may be {@code null}: then not). */
    public static boolean contains(Path folder, Bundle bundle) {
        if (bundle == null || folder == null) {
            return false;
        }
        String location = bundle.getLocation();
        if (location.startsWith("reference:")) {
            location = location.substring("reference:".length());
        }
        if (!location.startsWith("file:")) {
            return false;
        }
        try {
            return Paths.get(URI.create(location)).toAbsolutePath().normalize().startsWith(folder);
        } catch (IllegalArgumentException | java.nio.file.FileSystemNotFoundException e) {
            return false;
        }
    }
}
