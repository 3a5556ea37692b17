package org.boardlab.ai.search;

import java.util.ArrayList;
import java.util.List;
import org.boardlab.api.Game;
import org.boardlab.api.GameOptions;
import org.boardlab.api.GameState;
import org.boardlab.api.IllegalMoveException;
import org.boardlab.api.Move;
import org.boardlab.api.Outcome;
import org.boardlab.api.Side;

/**
 * A made-up race where turns do not always alternate, to test that searches score a position for
 * the right side: from a total of 0 the players add 1, 2 or 3 in turn; reaching exactly
 * {@code target} wins; landing on a multiple of 4 gives the same side another move; and a side
 * may pass instead, at most once per game (a pass is an ordinary move).
 */
final class ExtraTurnGame implements Game {

    final int target;

    ExtraTurnGame(int target) {
        this.target = target;
    }

    @Override
    public String id() {
        return "extraturn";
    }

    @Override
    public String name() {
        return "Race to " + target + " with extra turns";
    }

    @Override
    public GameState newGame(GameOptions options) {
        options.requireOnly(id());
        return new State(this, 0, Side.FIRST, 0, false, false);
    }

    /** Adds 1, 2 or 3; 0 is the pass. */
    record Add(int amount) implements Move {
        @Override
        public String notation() {
            return amount == 0 ? "pass" : "+" + amount;
        }
    }

    record State(ExtraTurnGame game, int total, Side sideToMove, int ply, boolean firstPassed, boolean secondPassed)
            implements GameState {

        @Override
        public List<Move> legalMoves() {
            List<Move> moves = new ArrayList<>();
            if (isTerminal()) {
                return moves;
            }
            for (int a = 1; a <= 3 && total + a <= game.target; a++) {
                moves.add(new Add(a));
            }
            if (!(sideToMove == Side.FIRST ? firstPassed : secondPassed)) {
                moves.add(new Add(0));
            }
            return moves;
        }

        @Override
        public GameState apply(Move move) {
            if (!legalMoves().contains(move)) {
                throw new IllegalMoveException(move.notation(), "not a legal move at total " + total);
            }
            int amount = ((Add) move).amount();
            if (amount == 0) {
                return new State(game, total, sideToMove.other(), ply + 1,
                        firstPassed || sideToMove == Side.FIRST, secondPassed || sideToMove == Side.SECOND);
            }
            int next = total + amount;
            boolean again = next % 4 == 0 && next < game.target;
            return new State(game, next, again ? sideToMove : sideToMove.other(), ply + 1, firstPassed, secondPassed);
        }

        @Override
        public Move parseMove(String notation) {
            return switch (notation.trim()) {
                case "pass" -> new Add(0);
                case "+1" -> new Add(1);
                case "+2" -> new Add(2);
                case "+3" -> new Add(3);
                default -> throw new IllegalMoveException(notation, "a move is +1, +2, +3 or pass");
            };
        }

        @Override
        public boolean isTerminal() {
            return total == game.target;
        }

        @Override
        public Outcome outcome() {
            if (!isTerminal()) {
                throw new IllegalStateException("the game is not over");
            }
            // the winner made the last move; reaching the target never gives another turn
            return Outcome.win(sideToMove.other(), "reached " + game.target);
        }

        @Override
        public String boardText() {
            return "total " + total + "\n";
        }
    }
}
