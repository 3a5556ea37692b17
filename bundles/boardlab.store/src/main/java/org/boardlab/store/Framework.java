package org.boardlab.store;

/**
 * Whether the OSGi framework's API is there at all: in boardlab's framework it is; a plain Java
 * program or test may lack it (then {@link Jars} and {@link Seats}, which use it, must not be called).
 * This class itself uses none of it.
 */
public final class Framework {

    private static final boolean API = detect();

    private Framework() {
    }

    private static boolean detect() {
        try {
            Class.forName("org.osgi.framework.FrameworkUtil", false, Framework.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    /** {@code true} when the OSGi API ({@code org.osgi.framework}) can be loaded here. */
    public static boolean apiPresent() {
        return API;
    }
}
