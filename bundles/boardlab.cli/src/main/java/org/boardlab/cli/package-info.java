/**
 * The boardlab command line: {@link org.boardlab.cli.Cli} runs a command against a
 * {@link org.boardlab.cli.Services}; the launcher's main thread and the Gogo shell both call it.
 */
@Export
@Version("0.1.0")
package org.boardlab.cli;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
