/**
 * Rating maths of the running lab ladder, pure and without state: {@link org.boardlab.store.rating.SeedElo}
 * (seed 002's Elo) and {@link org.boardlab.store.rating.Glicko2} (Lichess's defaults). They live in
 * the store because the store updates the ladder in the same transaction as each game; the
 * tournament's reports use them from here (its own maths, maximum-likelihood Elo and SPRT, are in
 * {@code org.boardlab.tournament.rating}).
 */
@Export
@Version("0.1.0")
package org.boardlab.store.rating;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
