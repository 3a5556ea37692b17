package org.boardlab.store.internal;

import org.boardlab.store.Store;

/**
 * A process that opens a store and ends without closing it ({@link Runtime#halt}: no shutdown hook runs,
 * as after {@code kill -9}, or a signal that ends the JVM while the database is being opened): it leaves
 * an H2 database's lock file behind, naming the server it no longer runs. {@code LeaveOpen URL [hold]};
 * prints {@code open} once the store is open; with {@code hold}, keeps it open until its standard input
 * ends, then closes it and exits.
 */
public final class LeaveOpen {

    private LeaveOpen() {
    }

    public static void main(String[] args) throws Exception {
        Store store = Store.open(args[0]);
        store.countGames();
        System.out.println("open");
        System.out.flush();
        if (args.length > 1 && args[1].equals("hold")) {
            while (System.in.read() >= 0) {
                // until the parent closes it
            }
            store.close();
            return;
        }
        Runtime.getRuntime().halt(0);
    }
}
