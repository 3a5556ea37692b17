package org.boardlab.workbench.internal;

import java.io.File;
import org.osgi.framework.Bundle;
import org.osgi.framework.FrameworkUtil;

/** Where Felix FileInstall watches for player bundles ({@code felix.fileinstall.dir}). */
final class PlayersFolder {

    private PlayersFolder() {
    }

    /** The absolute path of the players folder. */
    static String path() {
        Bundle bundle = FrameworkUtil.getBundle(PlayersFolder.class);
        String dir = bundle == null ? null : bundle.getBundleContext().getProperty("felix.fileinstall.dir");
        return new File(dir == null ? "players" : dir).getAbsolutePath();
    }
}
