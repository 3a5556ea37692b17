package org.boardlab.ai.search;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.boardlab.api.Evaluation;
import org.boardlab.api.Game;
import org.boardlab.api.GameOptions;
import org.boardlab.api.GameState;
import org.boardlab.api.IllegalMoveException;
import org.boardlab.api.Move;
import org.boardlab.api.Outcome;
import org.boardlab.api.Side;

/**
 * A made-up game with a huge move list, to prove that players answer in time when a position has
 * far more moves than any search can look at: each turn the side to move picks a number from 0 to
 * {@code width - 1}; after {@code length} plies the higher total wins. The evaluation is the lead
 * in totals, so the best move at depth 1 is always the highest number.
 */
final class WideGame implements Game {

    final int width;
    final int length;

    WideGame(int width, int length) {
        this.width = width;
        this.length = length;
    }

    @Override
    public String id() {
        return "wide";
    }

    @Override
    public String name() {
        return "Wide (" + width + " moves a turn)";
    }

    @Override
    public GameState newGame(GameOptions options) {
        options.requireOnly(id());
        return new State(this, 0, 0, 0);
    }

    @Override
    public Optional<Evaluation> evaluation() {
        return Optional.of((state, side) -> ((State) state).total(side) - ((State) state).total(side.other()));
    }

    record Pick(int number) implements Move {
        @Override
        public String notation() {
            return Integer.toString(number);
        }
    }

    record State(WideGame game, int ply, long first, long second) implements GameState {

        long total(Side side) {
            return side == Side.FIRST ? first : second;
        }

        @Override
        public Side sideToMove() {
            return Side.of(ply & 1);
        }

        @Override
        public List<Move> legalMoves() {
            if (isTerminal()) {
                return List.of();
            }
            List<Move> moves = new ArrayList<>(game.width);
            for (int n = 0; n < game.width; n++) {
                moves.add(new Pick(n));
            }
            return moves;
        }

        @Override
        public String whyIllegal(Move move) {
            if (isTerminal()) {
                return "the game is over";
            }
            return move instanceof Pick pick && pick.number() >= 0 && pick.number() < game.width
                    ? null : "not a number from 0 to " + (game.width - 1);
        }

        @Override
        public GameState apply(Move move) {
            String why = whyIllegal(move);
            if (why != null) {
                throw new IllegalMoveException(move.notation(), why);
            }
            int n = ((Pick) move).number();
            return sideToMove() == Side.FIRST
                    ? new State(game, ply + 1, first + n, second)
                    : new State(game, ply + 1, first, second + n);
        }

        @Override
        public Move parseMove(String notation) {
            try {
                return new Pick(Integer.parseInt(notation.trim()));
            } catch (NumberFormatException e) {
                throw new IllegalMoveException(notation, "a move is a number");
            }
        }

        @Override
        public boolean isTerminal() {
            return ply >= game.length;
        }

        @Override
        public Outcome outcome() {
            if (!isTerminal()) {
                throw new IllegalStateException("the game is not over");
            }
            return first == second ? Outcome.draw("equal totals")
                    : Outcome.win(first > second ? Side.FIRST : Side.SECOND, "higher total");
        }

        @Override
        public String boardText() {
            return first + " " + second + "\n";
        }
    }
}
