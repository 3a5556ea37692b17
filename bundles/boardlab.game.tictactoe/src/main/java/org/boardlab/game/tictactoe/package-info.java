/**
 * Tic-tac-toe, the game SPI's smallest complete example: {@link org.boardlab.game.tictactoe.TicTacToe}
 * is the game's bean (found by its {@code @Named("tictactoe")}); its rules are in the private package
 * {@code internal}, as in every game bundle ({@code docs/adding-a-game.md}).
 */
@Export
@Version("0.1.0")
package org.boardlab.game.tictactoe;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
