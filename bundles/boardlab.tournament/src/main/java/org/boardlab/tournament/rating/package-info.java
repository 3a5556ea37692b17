/**
 * A tournament's rating maths, pure and without state (seed 002's Elo and Glicko-2, which the store's
 * lab ladder also uses, are in {@code org.boardlab.store.rating}):
 * {@link org.boardlab.tournament.rating.MaximumLikelihoodElo} (a tournament's Elo differences with
 * 95 % error bars and the likelihood of superiority, as Ordo and BayesElo report them) and
 * {@link org.boardlab.tournament.rating.Sprt} (the sequential probability ratio test of
 * cutechess-cli and fishtest).
 */
@Export
@Version("0.1.0")
package org.boardlab.tournament.rating;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
