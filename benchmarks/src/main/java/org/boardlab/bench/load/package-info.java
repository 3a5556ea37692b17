/**
 * A load generator for boardlab's embedded server: many Othello clients (seed 000's protocol) on
 * one small Netty event-loop group, playing random legal games against the server in the same JVM.
 * With {@code --protocol gomoku} the clients speak seed 003's Gomoku GMKU protocol instead.
 * Run {@link org.boardlab.bench.load.LoadGenerator} with {@code --help} for the options; the
 * benchmarks' README says what it measures.
 */
package org.boardlab.bench.load;
