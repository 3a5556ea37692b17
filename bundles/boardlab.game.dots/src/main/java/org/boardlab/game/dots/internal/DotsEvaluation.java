package org.boardlab.game.dots.internal;

import org.boardlab.api.Evaluation;
import org.boardlab.api.GameState;
import org.boardlab.api.Side;

/**
 * The evaluation of {@link org.boardlab.game.dots.Dots}: ten per captured dot of difference, plus
 * half a point per free point inside the side's empty enclosures (the other player cannot play
 * there without being captured) minus the same for the other player. Stateless and thread-safe.
 */
public final class DotsEvaluation implements Evaluation {

    @Override
    public double evaluate(GameState state, Side side) {
        DotsState dots = (DotsState) state;
        double value = 10.0 * (dots.score(side) - dots.score(side.other()));
        value += 0.5 * (dots.enclosedFreePoints(side) - dots.enclosedFreePoints(side.other()));
        return value;
    }
}
