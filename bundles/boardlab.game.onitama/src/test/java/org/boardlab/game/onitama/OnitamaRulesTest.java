package org.boardlab.game.onitama;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.boardlab.game.onitama.Positions.notations;
import static org.boardlab.game.onitama.Positions.play;
import static org.boardlab.game.onitama.Positions.position;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.boardlab.api.GameOptions;
import org.boardlab.api.IllegalMoveException;
import org.boardlab.api.Side;
import org.boardlab.game.onitama.internal.OnitamaState;
import org.boardlab.testkit.GoldenFile;
import org.boardlab.testkit.Playthrough;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class OnitamaRulesTest {

    private final Onitama game = new Onitama();

    /**
     * A whole game of random legal moves (the default deal, a draw after 120 plies) is the golden playthrough in
     * {@code src/test/resources/playthroughs/onitama.txt}: a change to the rules, the notation or the
     * board text shows there as a diff (regenerate with {@code scripts/update-golden-files.sh}).
     */
    @Test
    void aRecordedPlaythroughIsTheGoldenOne() {
        GoldenFile.assertMatches("playthroughs/onitama.txt", Playthrough.of(game).options(GameOptions.DEFAULT.with("limit", "120")).seed(1).text());
    }

    /** Four cards other than {@code card}, to fill a deal. */
    private static List<String> others(Card card) {
        return Arrays.stream(Card.values()).filter(c -> c != card).limit(4).map(Card::id).toList();
    }

    private static List<String> targetsFromC3(OnitamaPosition state, Card card) {
        return state.legalMoves().stream().map(m -> (OnitamaMove) m)
                .filter(m -> m.card() == card && m.from() == Square.C3)
                .map(m -> m.to().notation()).sorted().toList();
    }

    // Worked out by hand from the rulebook's (right, forward) steps: blue adds them to (column, row),
    // red subtracts them.
    @ParameterizedTest(name = "{0}: blue {1}, red {2}")
    @CsvSource({
        "tiger,    c2 c5,       c1 c4",
        "dragon,   a4 b2 d2 e4, a2 b4 d4 e2",
        "frog,     a3 b4 d2,    b4 d2 e3",
        "rabbit,   b2 d4 e3,    a3 b2 d4",
        "crab,     a3 c4 e3,    a3 c2 e3",
        "elephant, b3 b4 d3 d4, b2 b3 d2 d3",
        "goose,    b3 b4 d2 d3, b3 b4 d2 d3",
        "rooster,  b2 b3 d3 d4, b2 b3 d3 d4",
        "monkey,   b2 b4 d2 d4, b2 b4 d2 d4",
        "mantis,   b4 c2 d4,    b2 c4 d2",
        "horse,    b3 c2 c4,    c2 c4 d3",
        "ox,       c2 c4 d3,    b3 c2 c4",
        "crane,    b2 c4 d2,    b4 c2 d4",
        "boar,     b3 c4 d3,    b3 c2 d3",
        "eel,      b2 b4 d3,    b3 d2 d4",
        "cobra,    b3 d2 d4,    b2 b4 d3",
    })
    void everyCardMovesAsItsStepsSayForBlueAndMirroredForRed(String name, String blue, String red) {
        Card card = Card.parse(name);
        List<String> o = others(card);
        OnitamaPosition blueToMove = position("B:c3 R:a5", String.join(" ", card.id(), o.get(0), o.get(1), o.get(2),
                o.get(3)), Side.FIRST);
        assertThat(blueToMove.cards(Side.FIRST)).contains(card);
        assertThat(targetsFromC3(blueToMove, card)).containsExactly(blue.split(" "));
        OnitamaPosition redToMove = position("R:c3 B:a1", String.join(" ", o.get(0), o.get(1), card.id(), o.get(2),
                o.get(3)), Side.SECOND);
        assertThat(redToMove.cards(Side.SECOND)).contains(card);
        assertThat(targetsFromC3(redToMove, card)).containsExactly(red.split(" "));
    }

    @Test
    void stepsOffTheBoardAreNotMoves() {
        // crab from a1: (0,1) a2 and (2,0) c1; (-2,0) would leave the board
        OnitamaPosition state = position("B:a1 R:e5", "crab tiger frog horse ox", Side.FIRST);
        assertThat(Card.CRAB.targets(Side.FIRST, Square.A1)).containsExactly(Square.A2, Square.C1);
        assertThat(notations(state)).containsExactly("crab:a1-a2", "crab:a1-c1", "tiger:a1-a3");
    }

    @Test
    void startPositionAndFirstMovesOfBothSides() {
        OnitamaPosition start = game.newGame();
        assertThat(start.boardText()).isEqualTo("""
                  a b c d e
                5 r r R r r
                4 . . . . .
                3 . . . . .
                2 . . . . .
                1 b b B b b
                blue: eel cobra
                red: mantis crane
                side: monkey
                """);
        assertThat(start.sideToMove()).isEqualTo(Side.FIRST);
        assertThat(game.sideName(Side.FIRST)).isEqualTo("blue");
        assertThat(game.sideName(Side.SECOND)).isEqualTo("red");
        assertThat(start.master(Side.FIRST)).contains(Square.temple(Side.FIRST)).contains(Square.C1);
        assertThat(start.master(Side.SECOND)).contains(Square.temple(Side.SECOND)).contains(Square.C5);
        assertThat(start.pieceAt(Square.B5)).contains(Piece.RED_STUDENT);
        assertThat(start.pieceAt(Square.C3)).isEmpty();
        assertThat(start.score(Side.FIRST)).isEqualTo(5);
        assertThat(notations(start)).containsExactly(
                "eel:b1-a2", "eel:c1-b2", "eel:d1-c2", "eel:e1-d2",
                "cobra:a1-b2", "cobra:b1-c2", "cobra:c1-d2", "cobra:d1-e2");
        OnitamaPosition after = play(start, "eel:c1-b2");
        assertThat(notations(after)).containsExactly(
                "mantis:a5-b4", "mantis:b5-c4", "mantis:b5-a4", "mantis:c5-d4", "mantis:c5-b4", "mantis:d5-e4",
                "mantis:d5-c4", "mantis:e5-d4",
                "crane:a5-a4", "crane:b5-b4", "crane:c5-c4", "crane:d5-d4", "crane:e5-e4");
    }

    @Test
    void thePlayedCardGoesAsideAndThePlayerTakesTheSideCard() {
        OnitamaPosition state = play(game.newGame(), "eel:c1-b2");
        assertThat(state.cards(Side.FIRST)).containsExactly(Card.MONKEY, Card.COBRA);
        assertThat(state.sideCard()).isEqualTo(Card.EEL);
        assertThat(state.cards(Side.SECOND)).containsExactly(Card.MANTIS, Card.CRANE);
        assertThat(state.details()).isEqualTo(Map.of("blue_cards", List.of("monkey", "cobra"),
                "red_cards", List.of("mantis", "crane"), "side_card", "eel"));
        state = play(state, "crane:c5-c4");
        assertThat(state.cards(Side.SECOND)).containsExactly(Card.MANTIS, Card.EEL);
        assertThat(state.sideCard()).isEqualTo(Card.CRANE);
        assertThat(state.cards(Side.FIRST)).containsExactly(Card.MONKEY, Card.COBRA);
        assertThat(state.ply()).isEqualTo(2);
        assertThat(state.sideToMove()).isEqualTo(Side.FIRST);
    }

    @Test
    void movingOntoAnEnemyPieceCapturesIt() {
        OnitamaPosition state = position("B:c1 b:c3 R:e5 r:c4 r:a5", "ox tiger frog horse crab", Side.FIRST);
        OnitamaPosition after = state.apply(state.parseMove("ox:c3-c4"));
        assertThat(after.pieceAt(Square.C4)).contains(Piece.BLUE_STUDENT);
        assertThat(after.pieceAt(Square.C3)).isEmpty();
        assertThat(after.pieces(Side.SECOND)).isEqualTo(2);
        assertThat(after.score(Side.SECOND)).isEqualTo(2);
        assertThat(after.score(Side.FIRST)).isEqualTo(2);
        assertThat(after.isTerminal()).isFalse();
    }

    @Test
    void capturingTheEnemyMasterWins() {
        OnitamaPosition state = position("B:c1 b:c3 R:c4 r:a5", "ox tiger frog horse crab", Side.FIRST);
        OnitamaPosition after = state.apply(state.parseMove("ox:c3-c4"));
        assertThat(after.isTerminal()).isTrue();
        assertThat(after.legalMoves()).isEmpty();
        assertThat(after.outcome().winner()).isEqualTo(Side.FIRST);
        assertThat(after.outcome().reason()).isEqualTo("blue captured red's master");
        assertThat(after.master(Side.SECOND)).isEmpty();
        assertThat(after.whyIllegal(after.parseMove("tiger:c1-c3"))).isEqualTo("the game is over");
    }

    @Test
    void aMasterOnTheEnemyTempleWins() {
        OnitamaPosition blue = position("B:c4 R:a5", "ox tiger frog horse crab", Side.FIRST);
        OnitamaPosition blueWon = blue.apply(blue.parseMove("ox:c4-c5"));
        assertThat(blueWon.outcome().winner()).isEqualTo(Side.FIRST);
        assertThat(blueWon.outcome().reason()).isEqualTo("blue's master reached red's temple c5");

        OnitamaPosition red = position("R:c2 B:e1", "tiger frog ox horse crab", Side.SECOND);
        OnitamaPosition redWon = red.apply(red.parseMove("ox:c2-c1"));
        assertThat(redWon.isTerminal()).isTrue();
        assertThat(redWon.outcome().winner()).isEqualTo(Side.SECOND);
        assertThat(redWon.outcome().reason()).isEqualTo("red's master reached blue's temple c1");
    }

    @Test
    void aStudentOnTheEnemyTempleDoesNotWin() {
        OnitamaPosition state = position("B:a1 b:c4 R:e5", "ox tiger frog horse crab", Side.FIRST);
        OnitamaPosition after = state.apply(state.parseMove("ox:c4-c5"));
        assertThat(after.isTerminal()).isFalse();
        assertThat(after.sideToMove()).isEqualTo(Side.SECOND);
    }

    @Test
    void aPlayerWhoCannotMoveExchangesACardWithoutMoving() {
        // blue fills column a; tiger and horse only step up, down or left: every step is blocked or off the board
        OnitamaPosition state = position("B:a5 b:a4 b:a3 b:a2 b:a1 R:e5", "tiger horse crab ox frog", Side.FIRST);
        assertThat(notations(state)).containsExactly("tiger:pass", "horse:pass");
        OnitamaPosition after = state.apply(state.parseMove("horse:pass"));
        for (Square square : Square.values()) {
            assertThat(after.pieceAt(square)).isEqualTo(state.pieceAt(square));
        }
        assertThat(after.cards(Side.FIRST)).containsExactly(Card.TIGER, Card.FROG);
        assertThat(after.sideCard()).isEqualTo(Card.HORSE);
        assertThat(after.sideToMove()).isEqualTo(Side.SECOND);
        assertThat(after.ply()).isEqualTo(1);
        assertThat(after.isTerminal()).isFalse();
    }

    @Test
    void redPassesInTheMirroredPosition() {
        OnitamaPosition state = position("R:e1 r:e2 r:e3 r:e4 r:e5 B:a1", "crab ox tiger horse frog", Side.SECOND);
        assertThat(notations(state)).containsExactly("tiger:pass", "horse:pass");
        assertThat(state.apply(state.parseMove("tiger:pass")).cards(Side.SECOND)).containsExactly(Card.FROG, Card.HORSE);
    }

    @Test
    void passingIsRefusedWhileAPieceCanMove() {
        OnitamaPosition start = game.newGame();
        assertThat(start.whyIllegal(start.parseMove("eel:pass")))
                .isEqualTo("a card may be exchanged without a move only when no piece can move, and blue can move");
        // one card has no move, the other has: still no pass
        OnitamaPosition state = position("B:a1 R:e5", "frog crab tiger horse ox", Side.FIRST);
        assertThat(notations(state)).containsExactly("crab:a1-a2", "crab:a1-c1");
        assertThat(state.whyIllegal(state.parseMove("frog:pass"))).isNotNull();
    }

    @Test
    void refusedMovesSayWhy() {
        OnitamaPosition start = game.newGame();
        assertThat(start.whyIllegal(start.parseMove("cobra:b1-a1"))).isEqualTo("blue's own piece stands on a1");
        assertThat(start.whyIllegal(start.parseMove("eel:c1-c2"))).isEqualTo("eel has no step from c1 to c2 for blue");
        assertThat(start.whyIllegal(start.parseMove("mantis:c1-c2")))
                .isEqualTo("mantis is red's card; blue holds eel and cobra");
        assertThat(start.whyIllegal(start.parseMove("monkey:c1-b2")))
                .isEqualTo("monkey is the side card; blue holds eel and cobra");
        assertThat(start.whyIllegal(start.parseMove("eel:c5-b4")))
                .isEqualTo("the piece on c5 is red's; blue moves only blue pieces");
        assertThat(start.whyIllegal(start.parseMove("eel:c3-b4"))).isEqualTo("there is no piece on c3");
        assertThatThrownBy(() -> start.apply(start.parseMove("cobra:b1-a1")))
                .isInstanceOf(IllegalMoveException.class).hasMessage("cobra:b1-a1: blue's own piece stands on a1");

        OnitamaPosition redToMove = play(start, "eel:c1-b2");
        assertThat(redToMove.whyIllegal(redToMove.parseMove("cobra:b2-c3")))
                .isEqualTo("cobra is blue's card; red holds mantis and crane");
        assertThat(redToMove.whyIllegal(redToMove.parseMove("crane:b2-b1")))
                .isEqualTo("the piece on b2 is blue's; red moves only red pieces");
    }

    @Test
    void squaresOffTheBoardAndBadNotationAreSyntaxErrors() {
        OnitamaPosition start = game.newGame();
        assertThatThrownBy(() -> start.parseMove("eel:a1-a0")).isInstanceOf(IllegalMoveException.class)
                .hasMessageContaining("'a0' is not a square of the board; squares are a1 to e5");
        assertThatThrownBy(() -> start.parseMove("cobra:e1-f2")).isInstanceOf(IllegalMoveException.class)
                .hasMessageContaining("'f2' is not a square");
        assertThatThrownBy(() -> start.parseMove("dog:c1-c2")).isInstanceOf(IllegalMoveException.class)
                .hasMessage("dog:c1-c2: 'dog' is not a card; the cards are tiger, dragon, frog, rabbit, crab, elephant,"
                        + " goose, rooster, monkey, mantis, horse, ox, crane, boar, eel, cobra");
        assertThatThrownBy(() -> start.parseMove("c1-c2")).isInstanceOf(IllegalMoveException.class)
                .hasMessageContaining("a move is written <card>:<from>-<to> or <card>:pass");
        assertThatThrownBy(() -> start.parseMove("eel:c1")).isInstanceOf(IllegalMoveException.class)
                .hasMessageContaining("after the card comes <from>-<to>");
        assertThat(start.parseMove(" EEL:C1-B2 ")).isEqualTo(OnitamaMove.of(Card.EEL, Square.C1, Square.B2));
    }

    @Test
    void optionCardsDealsTheGivenCards() {
        OnitamaPosition state = game.newGame(GameOptions.DEFAULT.with("cards", "tiger,Dragon, frog,rabbit,CRAB"));
        assertThat(state.cards(Side.FIRST)).containsExactly(Card.TIGER, Card.DRAGON);
        assertThat(state.cards(Side.SECOND)).containsExactly(Card.FROG, Card.RABBIT);
        assertThat(state.sideCard()).isEqualTo(Card.CRAB);
    }

    @Test
    void optionSeedDealsTheSameCardsForTheSameSeed() {
        GameOptions options = GameOptions.DEFAULT;
        OnitamaPosition a = game.newGame(options.with("seed", "42"));
        OnitamaPosition b = game.newGame(options.with("seed", "42"));
        assertThat(a.details()).isEqualTo(b.details());
        assertThat(Onitama.deal(42)).containsExactlyElementsOf(
                List.of(a.cards(Side.FIRST).get(0), a.cards(Side.FIRST).get(1), a.cards(Side.SECOND).get(0),
                        a.cards(Side.SECOND).get(1), a.sideCard()));
        // over a hundred seeds: many different deals, and every card is dealt at some time
        Set<List<Card>> deals = new HashSet<>();
        Set<Card> seen = EnumSet.noneOf(Card.class);
        for (long seed = 0; seed < 100; seed++) {
            List<Card> deal = Onitama.deal(seed);
            assertThat(deal).doesNotHaveDuplicates().hasSize(5);
            deals.add(deal);
            seen.addAll(deal);
        }
        assertThat(deals).hasSizeGreaterThan(95);
        assertThat(seen).containsExactlyInAnyOrder(Card.values());
    }

    @Test
    void badOptionsAreRefusedWithAReason() {
        GameOptions options = GameOptions.DEFAULT;
        assertThatThrownBy(() -> game.newGame(options.with("cards", "tiger,dog,frog,rabbit,crab")))
                .hasMessageStartingWith("option cards: 'dog' is not a card; the cards are tiger, dragon");
        assertThatThrownBy(() -> game.newGame(options.with("cards", "tiger,frog,frog,rabbit,crab")))
                .hasMessage("option cards names frog twice; the five cards must be different");
        assertThatThrownBy(() -> game.newGame(options.with("cards", "tiger,frog,rabbit,crab")))
                .hasMessageContaining("needs five card names").hasMessageContaining("not 4");
        assertThatThrownBy(() -> game.newGame(options.with("cards", "tiger,frog,rabbit,crab,ox").with("seed", "1")))
                .hasMessageContaining("give either cards= or seed=, not both");
        assertThatThrownBy(() -> game.newGame(options.with("seed", "many")))
                .hasMessage("option seed must be a whole number, not 'many'");
        assertThatThrownBy(() -> game.newGame(options.with("limit", "-1")))
                .hasMessage("option limit is a number of plies, or 0 for no limit, not -1");
        assertThatThrownBy(() -> game.newGame(options.with("size", "7")))
                .hasMessage("onitama has no option 'size'; it knows: cards, seed, limit");
        assertThat(game.optionHelp().lines()).hasSize(3);
    }

    @Test
    void theGameIsADrawWhenTheLimitIsReached() {
        OnitamaPosition state = game.newGame(GameOptions.DEFAULT.with("limit", "4"));
        state = play(state, "eel:c1-b2 crane:c5-c4 cobra:b1-c2 mantis:a5-b4");
        assertThat(state.isTerminal()).isTrue();
        assertThat(state.legalMoves()).isEmpty();
        assertThat(state.outcome().isDraw()).isTrue();
        assertThat(state.outcome().reason()).isEqualTo("no winner after 4 plies (option limit)");
        assertThat(game.newGame().limit()).isEqualTo(200);
        OnitamaPosition unlimited = game.newGame(GameOptions.DEFAULT.with("limit", "0"));
        assertThat(unlimited.limit()).isZero();
    }

    @Test
    void aWinOnThePlyThatReachesTheLimitIsAWin() {
        OnitamaPosition state = OnitamaState.of(game,
                Map.of(Square.C1, Piece.BLUE_MASTER, Square.C3, Piece.BLUE_STUDENT, Square.C4, Piece.RED_MASTER),
                List.of(Card.OX, Card.TIGER, Card.FROG, Card.HORSE, Card.CRAB), Side.FIRST, 0, 1);
        OnitamaPosition won = state.apply(state.parseMove("ox:c3-c4"));
        assertThat(won.ply()).isEqualTo(1);
        assertThat(won.outcome().winnerIfAny()).isEqualTo(Optional.of(Side.FIRST));
        OnitamaPosition drawn = state.apply(state.parseMove("ox:c1-c2"));
        assertThat(drawn.outcome().isDraw()).isTrue();
    }

    @Test
    void cardsKnowTheirStepsAndNames() {
        assertThat(Card.TIGER.steps()).containsExactly(new Card.Step(0, 2), new Card.Step(0, -1));
        assertThat(Card.DRAGON.displayName()).isEqualTo("Dragon");
        assertThat(Card.parse(" Cobra ")).isEqualTo(Card.COBRA);
        assertThat(Card.values()).hasSize(16);
        // red's frog from a5: (-2,0) to c5, (-1,1) to b4, (1,-1) off the board
        assertThat(Card.FROG.targets(Side.SECOND, Square.A5)).containsExactly(Square.C5, Square.B4);
        assertThat(Card.FROG.targets(Side.SECOND, Square.E5)).isEmpty();
    }
}
