package org.boardlab.game.onitama;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.boardlab.api.GameOptions;
import org.boardlab.api.IllegalMoveException;
import org.boardlab.api.Side;
import org.junit.jupiter.api.Test;

class OnitamaEncodingTest {

    private final Onitama game = new Onitama();

    @Test
    void theStartIsRedsHomeRowFirst() {
        assertThat(OnitamaEncoding.format(game.newGame()))
                .isEqualTo("4434400000000000000022122;EEL COBRA;MANTIS CRANE;MONKEY 0");
    }

    @Test
    void theSeedsExampleIsTheGameAfterTwoMoves() {
        // The seed prints "40344004000000000002022102;EEL COBRA;MANTIS CRANE;MONKEY" with player 0: 26
        // digits, one 0 too many. With one 0 fewer it is the position after blue crane:d1-d2 and red
        // monkey:b5-c4 from this deal:
        OnitamaPosition start = game.newGame(GameOptions.DEFAULT.with("cards", "crane,cobra,mantis,monkey,eel"));
        OnitamaPosition after = Positions.play(start, "crane:d1-d2 monkey:b5-c4");
        String seedExample = "4034400400000000002022102;EEL COBRA;MANTIS CRANE;MONKEY 0";
        assertThat(OnitamaEncoding.format(after)).isEqualTo(seedExample);
        OnitamaPosition read = OnitamaEncoding.parse(seedExample);
        assertThat(read.boardText()).isEqualTo(after.boardText());
        assertThat(read.pieceAt(Square.C4)).contains(Piece.RED_STUDENT);
        assertThat(read.pieceAt(Square.D2)).contains(Piece.BLUE_STUDENT);
        assertThat(read.ply()).isZero();

        assertThatThrownBy(() -> OnitamaEncoding.parse("40344004000000000002022102;EEL COBRA;MANTIS CRANE;MONKEY 0"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("the board is 25 digits, one a square; this one has 26");
    }

    @Test
    void readingAllowsBlanksAroundSemicolonsAndAnyCase() {
        OnitamaPosition read = OnitamaEncoding.parse(" 4434400000000000000022122; eel Cobra ; MANTIS CRANE;monkey   1 ");
        assertThat(read.sideToMove()).isEqualTo(Side.SECOND);
        assertThat(read.cards(Side.FIRST)).containsExactly(Card.EEL, Card.COBRA);
        assertThat(read.cards(Side.SECOND)).containsExactly(Card.MANTIS, Card.CRANE);
        assertThat(read.sideCard()).isEqualTo(Card.MONKEY);
        assertThat(OnitamaEncoding.format(read)).isEqualTo("4434400000000000000022122;EEL COBRA;MANTIS CRANE;MONKEY 1");
    }

    @Test
    void aFinishedGameIsWrittenAndReadWithTheLoserToMove() {
        OnitamaPosition state = Positions.position("B:c1 b:c3 R:c4 r:a5", "ox tiger frog horse crab", Side.FIRST);
        OnitamaPosition won = state.apply(state.parseMove("ox:c3-c4"));
        String text = OnitamaEncoding.format(won);
        // red's student a5 on top, blue's student on c4 where red's master was, blue's master on c1;
        // blue took crab for ox, and red is to move
        assertThat(text).isEqualTo("4000000200000000000000100;CRAB TIGER;FROG HORSE;OX 1");
        OnitamaPosition read = OnitamaEncoding.parse(text);
        assertThat(read.isTerminal()).isTrue();
        assertThat(read.outcome()).isEqualTo(won.outcome());
    }

    @Test
    void badEncodingsAreRefusedWithAReason() {
        assertThatThrownBy(() -> OnitamaEncoding.parse("4434400000000000000022122;EEL COBRA;MANTIS CRANE MONKEY 0"))
                .hasMessageContaining("found 2 ';' instead of 3");
        assertThatThrownBy(() -> OnitamaEncoding.parse("4434400000000000000022152;EEL COBRA;MANTIS CRANE;MONKEY 0"))
                .hasMessage("board digit 24 is '5'; the digits are 0 empty, 1 blue master, 2 blue student, 3 red master,"
                        + " 4 red student");
        assertThatThrownBy(() -> OnitamaEncoding.parse("4434400000000000000022122;EEL DOG;MANTIS CRANE;MONKEY 0"))
                .hasMessageStartingWith("'DOG' is not a card; the cards are tiger");
        assertThatThrownBy(() -> OnitamaEncoding.parse("4434400000000000000022122;EEL COBRA;MANTIS EEL;MONKEY 0"))
                .hasMessage("the card EEL appears twice; the five cards must be different");
        assertThatThrownBy(() -> OnitamaEncoding.parse("4434400000000000000022122;EEL COBRA;MANTIS;MONKEY 0"))
                .hasMessageContaining("red's cards should be 2 card name(s), not 'MANTIS'");
        assertThatThrownBy(() -> OnitamaEncoding.parse("4434400000000000000022122;EEL COBRA;MANTIS CRANE;MONKEY 2"))
                .hasMessage("the player is 0 (blue) or 1 (red), not '2'");
        assertThatThrownBy(() -> OnitamaEncoding.parse("4434400000000000000022122;EEL COBRA;MANTIS CRANE;MONKEY 0 2"))
                .hasMessageContaining("after the last ';' come the side card and the player");
        assertThatThrownBy(() -> OnitamaEncoding.parse("4434400000000000000022112;EEL COBRA;MANTIS CRANE;MONKEY 0"))
                .hasMessage("blue has 2 master(s) and 3 student(s); a side has at most one master and four students");
        assertThatThrownBy(() -> OnitamaEncoding.parse("4404400000000000000022122;EEL COBRA;MANTIS CRANE;MONKEY 0"))
                .hasMessage("blue has already won here (blue captured red's master), so red would be to move");
        assertThatThrownBy(() -> OnitamaEncoding.parse("4414400000000000000022322;EEL COBRA;MANTIS CRANE;MONKEY 1"))
                .hasMessageContaining("both sides have won here");
    }

    @Test
    void answersUseTheSeedsMatrixIndices() {
        OnitamaMove move = OnitamaMove.of(Card.CRANE, Square.D1, Square.D2);
        assertThat(OnitamaEncoding.formatAnswer(move)).isEqualTo("4 3 3 3 CRANE");
        assertThat(OnitamaEncoding.parseAnswer("0 2 1 1 monkey")).isEqualTo(OnitamaMove.of(Card.MONKEY, Square.C5, Square.B4));
        assertThat(OnitamaEncoding.formatAnswer(OnitamaMove.pass(Card.TIGER))).isEqualTo("-1 -1 -1 -1 TIGER");
        assertThatThrownBy(() -> OnitamaEncoding.parseAnswer("0 2 5 1 MONKEY")).isInstanceOf(IllegalMoveException.class)
                .hasMessageContaining("an answer is <fromRow> <fromCol> <toRow> <toCol> <CARD>");
        assertThatThrownBy(() -> OnitamaEncoding.parseAnswer("0 2 1 1")).isInstanceOf(IllegalMoveException.class);
    }
}
