package org.boardlab.game.onitama;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.boardlab.api.GameOptions;
import org.boardlab.api.Move;
import org.boardlab.api.Side;

class OnitamaPropertiesTest {

    private final Onitama game = new Onitama();

    /** The positions of one random game: deal from {@code dealSeed}, moves from {@code moveSeed}. */
    private List<OnitamaPosition> randomGame(int dealSeed, long moveSeed) {
        Random random = new Random(moveSeed);
        OnitamaPosition state = game.newGame(GameOptions.DEFAULT.with("seed", "" + dealSeed));
        List<OnitamaPosition> line = new ArrayList<>();
        line.add(state);
        while (!state.isTerminal()) {
            List<Move> moves = state.legalMoves();
            state = state.apply(moves.get(random.nextInt(moves.size())));
            line.add(state);
        }
        return line;
    }

    private static Set<Card> allCards(OnitamaPosition p) {
        Set<Card> cards = EnumSet.of(p.sideCard());
        cards.addAll(p.cards(Side.FIRST));
        cards.addAll(p.cards(Side.SECOND));
        return cards;
    }

    @Property(tries = 200)
    void pieceCountsNeverIncreaseAndOnlyTheMoverCaptures(@ForAll @IntRange(max = 10_000) int dealSeed,
            @ForAll long moveSeed) {
        List<OnitamaPosition> line = randomGame(dealSeed, moveSeed);
        for (int i = 1; i < line.size(); i++) {
            OnitamaPosition before = line.get(i - 1);
            OnitamaPosition after = line.get(i);
            Side mover = before.sideToMove();
            assertThat(after.pieces(mover)).isEqualTo(before.pieces(mover));
            assertThat(after.pieces(mover.other())).isBetween(before.pieces(mover.other()) - 1,
                    before.pieces(mover.other()));
            assertThat(after.pieces(mover.other())).isLessThanOrEqualTo(5);
        }
    }

    @Property(tries = 200)
    void theFiveCardsStayTheSameAndThePlayedOneGoesAside(@ForAll @IntRange(max = 10_000) int dealSeed,
            @ForAll long moveSeed) {
        Random random = new Random(moveSeed);
        OnitamaPosition state = game.newGame(GameOptions.DEFAULT.with("seed", "" + dealSeed));
        Set<Card> five = allCards(state);
        assertThat(five).hasSize(5).containsExactlyInAnyOrderElementsOf(Onitama.deal(dealSeed));
        while (!state.isTerminal()) {
            List<Move> moves = state.legalMoves();
            OnitamaMove move = (OnitamaMove) moves.get(random.nextInt(moves.size()));
            Side mover = state.sideToMove();
            OnitamaPosition next = state.apply(move);
            assertThat(allCards(next)).isEqualTo(five);
            assertThat(next.sideCard()).isEqualTo(move.card());
            assertThat(next.cards(mover)).contains(state.sideCard()).doesNotContain(move.card());
            assertThat(next.cards(mover.other())).isEqualTo(state.cards(mover.other()));
            state = next;
        }
    }

    @Property
    void notationRoundTrip(@ForAll Card card, @ForAll Square from, @ForAll Square to) {
        OnitamaMove move = OnitamaMove.of(card, from, to);
        assertThat(OnitamaMove.parse(move.notation())).isEqualTo(move);
        assertThat(OnitamaMove.parse(move.notation().toUpperCase())).isEqualTo(move);
        assertThat(move.notation()).isEqualTo(card.id() + ":" + from.notation() + "-" + to.notation());
        OnitamaMove pass = OnitamaMove.pass(card);
        assertThat(OnitamaMove.parse(pass.notation())).isEqualTo(pass);
        assertThat(OnitamaEncoding.parseAnswer(OnitamaEncoding.formatAnswer(move))).isEqualTo(move);
        assertThat(OnitamaEncoding.parseAnswer(OnitamaEncoding.formatAnswer(pass))).isEqualTo(pass);
    }

    @Property(tries = 100)
    void encodingRoundTripOfPositionsInPlay(@ForAll @IntRange(max = 10_000) int dealSeed, @ForAll long moveSeed) {
        for (OnitamaPosition position : randomGame(dealSeed, moveSeed)) {
            if (position.isTerminal()) {
                continue; // the winner's opponent is to move there: checked in OnitamaEncodingTest
            }
            String text = OnitamaEncoding.format(position);
            OnitamaPosition read = OnitamaEncoding.parse(game, text);
            assertThat(OnitamaEncoding.format(read)).isEqualTo(text);
            assertThat(read.boardText()).isEqualTo(position.boardText());
            assertThat(read.sideToMove()).isEqualTo(position.sideToMove());
            assertThat(read.legalMoves()).isEqualTo(position.legalMoves());
        }
    }

    @Property(tries = 100)
    void theHeuristicIsAntisymmetric(@ForAll @IntRange(max = 10_000) int dealSeed, @ForAll long moveSeed) {
        for (OnitamaPosition position : randomGame(dealSeed, moveSeed)) {
            double blue = OnitamaHeuristic.INSTANCE.evaluate(position, Side.FIRST);
            assertThat(OnitamaHeuristic.INSTANCE.evaluate(position, Side.SECOND)).isEqualTo(-blue);
            assertThat(blue).isBetween(-1000.0, 1000.0);
        }
    }
}
