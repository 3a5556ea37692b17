package org.boardlab.cli.internal;

import org.boardlab.cli.Cli;
import org.boardlab.store.Store;
import picocli.CommandLine.Option;

/**
 * The {@code --db} option of the commands that read the store ({@code games}, {@code games show}, {@code games export},
 * {@code ratings}, {@code bugs}), as a picocli mixin ({@code @Mixin StoreOption store;}). The commands that also write
 * to it ({@code match}, {@code serve}, {@code tournament}, {@code worker}, {@code conform --record}) say what they
 * keep there in {@code --db}'s help of their own.
 */
public final class StoreOption {

    @Option(names = "--db", paramLabel = "URL", description = "The database (default: -Dboardlab.db, else data/boardlab under the working directory).")
    String url;

    /** The store {@code --db} names, else the default one. */
    Store open(Cli cli) {
        return cli.services().stores().open(url);
    }

    /** For a subcommand: its own {@code --db}, else its parent command's ({@code games --db URL show 7}), else the default. */
    Store open(Cli cli, StoreOption parent) {
        return cli.services().stores().open(url != null ? url : parent.url);
    }
}
