package org.boardlab.core;

import java.util.List;

/**
 * A front end that can take over the launcher's main thread, such as the SWT workbench. The CLI's
 * {@code workbench} command runs the one named {@code workbench}. Implemented by front-end bundles
 * as a {@code @Named("<id>")} class.
 */
public interface Application {

    /**
     * Runs until the user quits; called on the launcher's main thread.
     *
     * @param args the command-line arguments left after the command's own options
     * @return the process exit code
     */
    int run(List<String> args) throws Exception;
}
