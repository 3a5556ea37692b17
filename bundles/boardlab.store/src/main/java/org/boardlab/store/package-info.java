/**
 * The store: the one place results are written. {@link org.boardlab.store.Stores} (one
 * {@code @Named @Singleton} component, injected) opens a {@link org.boardlab.store.Store} over the
 * default database (embedded H2 in {@code data/boardlab}, or the URL of the system property
 * {@code boardlab.db}) or over a URL the caller gives ({@code --db}). A store holds finished games
 * with their moves ({@link org.boardlab.store.FinishedGame}, saved in one transaction),
 * tournaments, pairings, the scheduled games' queue, ratings history, users and player jars.
 * 0.2.0: {@link org.boardlab.store.Seat#anonymous}, a network client without a name (stored, not rated).
 * 0.3.0: {@link org.boardlab.store.Seats#namesAPlayer}, the names a server refuses to its clients.
 * 0.4.0: {@link org.boardlab.store.Store#writerReport} (what the writer did), {@link org.boardlab.store.Store#WRITER_NICE}
 * (the writer gives way to the threads that play); {@link org.boardlab.store.Store#WRITER_QUEUE} 8,192 (was 1,024).
 */
@Export
@Version("0.4.0")
package org.boardlab.store;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
