/**
 * Tournaments between loaded players, played through boardlab's one referee: the
 * {@link org.boardlab.tournament.TournamentSettings} (format, rounds, games per pair, time control,
 * openings, seed), the {@link org.boardlab.tournament.Schedule} of each format, the
 * {@link org.boardlab.tournament.TournamentRunner} (concurrency, pause, resume), the
 * {@link org.boardlab.tournament.Standings} with their ratings, and the reports.
 */
@Export
@Version("0.1.0")
package org.boardlab.tournament;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
