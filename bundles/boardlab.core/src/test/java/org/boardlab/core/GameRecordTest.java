package org.boardlab.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.boardlab.api.GameOptions;
import org.boardlab.game.tictactoe.TicTacToe;
import org.junit.jupiter.api.Test;

class GameRecordTest {

    private final TicTacToe game = new TicTacToe();

    @Test
    void readsCommentsBlankLinesAndOptions() {
        GameRecord r = GameRecord.read("# a comment\n\ngame: tictactoe\noptions: a=1 b=2\nmoves: a1 b1\r\n");
        assertThat(r.gameId()).isEqualTo("tictactoe");
        assertThat(r.options()).isEqualTo(GameOptions.parse(List.of("a=1", "b=2")));
        assertThat(r.moves()).containsExactly("a1", "b1");
        assertThat(r.first()).isEmpty();
        assertThat(r.result()).isEmpty();
    }

    @Test
    void anEmptyGameHasNoMoves() {
        GameRecord r = GameRecord.read("game: tictactoe\nmoves:\n");
        assertThat(r.moves()).isEmpty();
        assertThat(r.positions(game)).hasSize(1);
    }

    @Test
    void badRecordsSayWhatIsWrong() {
        assertThatThrownBy(() -> GameRecord.read("moves: a1\n")).hasMessage("the record has no 'game:' line");
        assertThatThrownBy(() -> GameRecord.read("game: tictactoe\n")).hasMessage("the record has no 'moves:' line");
        assertThatThrownBy(() -> GameRecord.read("game: tictactoe\njust words\n"))
                .hasMessage("line 2 is not 'key: value': just words");
        GameRecord taken = GameRecord.read("game: tictactoe\nmoves: a1 a1\n");
        assertThatThrownBy(() -> taken.positions(game)).hasMessage("move 2 (a1) is illegal: square a1 is taken");
        GameRecord nonsense = GameRecord.read("game: tictactoe\nmoves: a1 zz9\n");
        assertThatThrownBy(() -> nonsense.positions(game)).hasMessageStartingWith("move 2 (zz9) is illegal: ");
    }
}
