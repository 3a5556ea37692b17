/**
 * The workbench's view SPI: a bundle contributes a view to the main window by implementing
 * {@link org.boardlab.workbench.WorkbenchView} in a {@code @javax.inject.Named("<id>")} class.
 * {@link org.boardlab.workbench.Workbench} gives access to the running window (for views and UI
 * tests).
 */
@Export
@Version("0.1.0")
package org.boardlab.workbench;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
