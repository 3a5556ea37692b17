package org.boardlab.launcher.archivelinks;

/** A class of a test bundle that {@code ArchiveLinksTest} has the launcher link. */
public final class Linked {

    /** A field, so that linking it looks at a type. */
    public Runnable task;
}
