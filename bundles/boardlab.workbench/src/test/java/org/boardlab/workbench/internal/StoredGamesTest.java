package org.boardlab.workbench.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import org.boardlab.api.Side;
import org.boardlab.api.event.RegistryEvent.Kind;
import org.boardlab.core.Component;
import org.boardlab.core.EventBus;
import org.boardlab.core.Referee;
import org.boardlab.core.Registry;
import org.boardlab.game.tictactoe.TicTacToe;
import org.boardlab.store.FinishedGame;
import org.boardlab.store.Seat;
import org.boardlab.store.Store;
import org.boardlab.store.StoredGame;
import org.boardlab.store.StoredMove;
import org.boardlab.store.testing.TestDatabases;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The Match view's "Open stored game" without a display: the list and its filters on a real store
 * (H2 and PostgreSQL), and a stored game opened into the Match view's model, its moves with their
 * times, stepped through.
 */
class StoredGamesTest {

    private static final ZoneId ZONE = ZoneId.of("Europe/Berlin");

    @TempDir
    Path dir;

    private final EventBus events = new EventBus();
    private final Registry registry = new Registry(events);
    private final Referee referee = new Referee();
    private MatchModel model;

    @AfterEach
    void close() {
        if (model != null) {
            model.close();
        }
        referee.close();
    }

    static List<String> kinds() {
        return TestDatabases.kinds();
    }

    private static StoredMove move(int ply, String notation, long elapsedUs, long thinkingUs, long clockUsedMs) {
        return new StoredMove(ply, ply % 2 == 1 ? 1 : 2, notation, elapsedUs, thinkingUs, -1, clockUsedMs, null);
    }

    /**
     * A tic-tac-toe game X wins down column a; the first {@code opening} moves are a tournament's
     * opening (stored with no times of their own).
     */
    private static FinishedGame game(String first, String second, Instant ended, int opening) {
        String[] notation = {"a1", "b1", "a2", "c1", "a3"};
        List<StoredMove> moves = new ArrayList<>();
        long[] clocks = new long[2];
        for (int i = 0; i < notation.length; i++) {
            if (i < opening) {
                moves.add(new StoredMove(i + 1, i % 2 + 1, notation[i], 0, -1, -1, 0, null));
                continue;
            }
            clocks[i % 2] += 2;
            moves.add(move(i + 1, notation[i], 1_200 + i, 1_100, clocks[i % 2]));
        }
        return new FinishedGame("tictactoe", "", opening > 0 ? "tournament" : "match", null, null, Seat.named(first), Seat.named(second),
                ended.minusSeconds(1), ended, 1, "normal", first + " (X) wins: three in a row", 0, 0, clocks[0], clocks[1], notation.length,
                opening, moves);
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void theListIsFilteredAsBoardlabGamesFiltersAndOpensAGameWithItsMoves(String kind) {
        try (Store store = Store.open(TestDatabases.fresh(kind, dir))) {
            Instant monday = LocalDate.of(2026, 11, 23).atTime(9, 30).atZone(ZONE).toInstant();
            Instant friday = LocalDate.of(2026, 11, 27).atTime(14, 5).atZone(ZONE).toInstant();
            long old = store.saveGame(game("ann", "bob", monday, 0));
            long tournamentId = store.createTournament("end of term", "tictactoe", "", "{}", 1000, 0, 0).id();
            long inTournament = store.saveGame(game("cid", "ann", friday, 1).inTournament(tournamentId, null));
            FinishedGame draw = new FinishedGame("tictactoe", "", "workbench", null, null, Seat.named("bob"), Seat.named("cid"), friday,
                    friday.plusSeconds(30), null, "normal", "a draw: the board is full", 0, 0, 0, 0, 0, 0, List.of());
            long drawn = store.saveGame(draw);

            StoredGames list = new StoredGames(() -> store, ZONE);
            List<StoredGames.Row> all = list.rows();
            assertThat(all).extracting(StoredGames.Row::id).containsExactly(drawn, inTournament, old);
            assertThat(StoredGames.summary(all)).isEqualTo("3 games.");
            assertThat(all.get(1)).isEqualTo(new StoredGames.Row(inTournament, "2026-11-27 14:05", "tictactoe", "cid", "ann", "1-0",
                    "cid (X) wins: three in a row", 5, "end of term", "tournament"));
            assertThat(all.get(0).score()).isEqualTo("1/2");
            assertThat(all.get(2).tournament()).isEmpty();

            list.setPlayer(" ann ");
            assertThat(list.rows()).extracting(StoredGames.Row::id).containsExactly(inTournament, old);
            list.setTournament("end of term");
            assertThat(list.rows()).extracting(StoredGames.Row::id).containsExactly(inTournament);
            list.setTournament("");
            list.setSince("2026-11-24");
            assertThat(list.rows()).extracting(StoredGames.Row::id).containsExactly(inTournament);
            list.setPlayer("");
            list.setResult("draw");
            assertThat(list.rows()).extracting(StoredGames.Row::id).containsExactly(drawn);
            list.setGame("othello");
            assertThat(list.rows()).isEmpty();
            assertThat(StoredGames.summary(List.of())).isEqualTo("No stored game matches.");
            list.setSince("last week");
            assertThatThrownBy(list::rows).hasMessage("'last week' is not a day such as 2026-11-28");

            StoredGame opened = list.open(inTournament);
            assertThat(opened.game().moves()).hasSize(5);
            assertThatThrownBy(() -> list.open(987_654)).hasMessageStartingWith("there is no game 987654 in jdbc:");

            // opened in the Match view's model: the moves with their times, the board at each
            TicTacToe ttt = new TicTacToe();
            registry.add(new Component<>(Kind.GAME, "tictactoe", ttt.name(), "boardlab.game.tictactoe", "0.1.0", 3, () -> ttt));
            model = new MatchModel(registry, events, referee, null, Runnable::run);
            model.showChosenGame();
            model.openStored(opened);
            assertThat(model.status()).isEqualTo("stored game " + inTournament + " (tournament, "
                    + java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm").format(friday.atZone(ZoneId.systemDefault()))
                    + "): 5 moves; cid (X) wins: three in a row, the first 1 from the tournament's opening. Click a move to see its position.");
            List<String> lines = model.moveLines().stream().map(model::moveText).toList();
            assertThat(lines).containsExactly("1. a1  (X)", "2. b1  (O, 1.2 ms: thinking 1.1, rest 0.1)", "3. a2  (X, 1.2 ms: thinking 1.1, rest 0.1)",
                    "4. c1  (O, 1.2 ms: thinking 1.1, rest 0.1)", "5. a3  (X, 1.2 ms: thinking 1.1, rest 0.1)");
            assertThat(model.sideTitle(Side.FIRST)).startsWith("X: cid");
            assertThat(model.clock(Side.FIRST, System.nanoTime())).isEqualTo("last 1.2 ms · total 4.0 ms");
            assertThat(model.result()).isEqualTo("cid (X) wins: three in a row");
            assertThat(model.shownPosition().isTerminal()).isTrue();
            model.view(2);
            assertThat(model.shownPosition().ply()).isEqualTo(2);
            assertThat(model.shownLastMove().notation()).isEqualTo("b1");
            assertThat(model.status()).isEqualTo("replay: position after move 2 (press Live to follow the game)");
        }
    }
}
