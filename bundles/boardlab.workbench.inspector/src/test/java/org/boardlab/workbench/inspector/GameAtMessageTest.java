package org.boardlab.workbench.inspector;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.boardlab.api.GameOptions;
import org.boardlab.api.Move;
import org.boardlab.api.MoveRequest;
import org.boardlab.api.Player;
import org.boardlab.api.event.MatchEvent;
import org.boardlab.core.EventBus;
import org.boardlab.core.GameResult;
import org.boardlab.core.Match;
import org.boardlab.core.MatchJournal;
import org.boardlab.core.MatchSettings;
import org.boardlab.core.PlayerSeat;
import org.boardlab.core.Referee;
import org.boardlab.game.othello.Othello;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The board at a message, without a display: a real Othello game played through the referee, and
 * frames' times before, at and after its moves.
 */
class GameAtMessageTest {

    /** Plays the first legal move. */
    static final class FirstLegal implements Player {
        @Override
        public Move chooseMove(MoveRequest request) {
            return request.state().legalMoves().get(0);
        }
    }

    private final EventBus bus = new EventBus();
    private final Referee referee = new Referee();
    private final GameAtMessage games = new GameAtMessage(referee);

    @AfterEach
    void close() {
        referee.close();
    }

    private MatchJournal play() {
        bus.subscribe(e -> games.started((MatchEvent.Started) e), MatchEvent.Started.class);
        Match match = new Match(referee, new Othello(), GameOptions.parse(List.of("size=6")), new PlayerSeat("ann", FirstLegal::new),
                new PlayerSeat("bob", FirstLegal::new), MatchSettings.defaults().withMoveDelay(Duration.ofMillis(1)), bus);
        List<GameResult> results = match.runHere();
        assertThat(results).hasSize(1);
        return match.journal();
    }

    @Test
    void aFrameShowsThePositionWhenItPassedAndTheMoveBeingPlayedThen() {
        MatchJournal journal = play();
        MatchJournal.Snapshot game = journal.snapshot();
        assertThat(game.ply()).isGreaterThan(10);
        for (MatchJournal.Entry entry : game.entries()) {
            GameAtMessage.At before = games.at(journal.matchId(), entry.timeMicros() - 1);
            assertThat(before.ply()).isEqualTo(entry.ply() - 1);
            assertThat(before.position()).isEqualTo(game.positionAt(entry.ply() - 1));
            String side = journal.game().sideName(entry.side());
            assertThat(before.text()).contains("\nmove " + entry.ply() + ": " + entry.move().notation() + " by " + side + ", ");
            if (!entry.forced()) {
                assertThat(before.text()).containsPattern("move " + entry.ply() + ": \\S+ by \\w+, [0-9.]+ ms: thinking [0-9.]+, rest [0-9.]+");
            }

            GameAtMessage.At at = games.at(journal.matchId(), entry.timeMicros());
            assertThat(at.ply()).isEqualTo(entry.ply());
            assertThat(at.position()).isSameAs(entry.after());
            assertThat(at.lastMove()).isEqualTo(entry.move());
            assertThat(at.text()).startsWith("match " + journal.matchId() + " (othello): after move " + entry.ply() + " ("
                    + entry.move().notation() + " by " + side);
        }
        GameAtMessage.At end = games.at(journal.matchId(), Long.MAX_VALUE);
        assertThat(end.position().isTerminal()).isTrue();
        assertThat(end.text()).contains("\nthe game is over: ");
        GameAtMessage.At start = games.at(journal.matchId(), 0);
        assertThat(start.ply()).isZero();
        assertThat(start.lastMove()).isNull();
        assertThat(start.text()).contains("the start position");
    }

    @Test
    void aFrameOutsideAGameOrOfAGameNotKeptSaysSo() {
        play();
        assertThat(games.at(0, 1)).isNull();
        GameAtMessage.At unknown = games.at(987_654_321L, 1);
        assertThat(unknown.journal()).isNull();
        assertThat(unknown.text()).isEqualTo("match 987654321: its game is not kept (the inspector keeps the journals of the last "
                + GameAtMessage.KEEP + " games that started while it was open)");
    }
}
