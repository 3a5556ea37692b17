/**
 * What the Server view shares with other views: {@link org.boardlab.workbench.server.ServerSelection},
 * the server game a person chose to open in the Match view or the inspector. Views never call each
 * other; they read this selection and follow its listeners.
 */
@Export
@Version("0.1.0")
package org.boardlab.workbench.server;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
