package org.boardlab.workbench.internal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.boardlab.api.Game;
import org.boardlab.api.GameState;
import org.boardlab.core.GameRecord;
import org.boardlab.core.MatchJournal;
import org.boardlab.core.MatchJournal.Entry;
import org.boardlab.core.Registry;
import org.boardlab.store.FinishedGame;
import org.boardlab.store.StoredGame;
import org.boardlab.store.StoredMove;

/**
 * The Match view's records, without widgets: a game written to and read from the record text format
 * ({@link GameRecord}), and a game of the store opened for replay. A record read or a stored game
 * becomes a {@link Replay}: a journal snapshot made from it (with the stored times and clocks, when
 * there are), which {@link ShownGame#showRecord} shows like any game.
 */
final class GameRecords {

    /** A game made from a record: what {@link ShownGame#showRecord} shows, and the game in words. */
    record Replay(Game game, GameRecord record, MatchJournal.Snapshot snapshot) {

        /** The game in words, e.g. {@code 9 moves; X wins: three in a row}. */
        String words() {
            int n = record.moves().size();
            return n + (n == 1 ? " move" : " moves") + (record.result().isEmpty() ? "" : "; " + record.result());
        }
    }

    private final Registry registry;

    GameRecords(Registry registry) {
        this.registry = registry;
    }

    /** Writes {@code record} to {@code file}; returns what happened, in words. */
    static String write(GameRecord record, Path file) {
        if (record == null) {
            return "nothing to export: start or import a game first";
        }
        try {
            Files.writeString(file, record.write(), StandardCharsets.UTF_8);
            return "exported to " + file;
        } catch (IOException e) {
            return "cannot write " + file + ": " + e.getMessage();
        }
    }

    /**
     * Reads the record in {@code file} and hands it to {@code show} for replay; returns what the status
     * line says (what was imported, or why it cannot be: the file cannot be read, it is not a record, its
     * game is not loaded or a move is not legal).
     */
    String read(Path file, Consumer<Replay> show) {
        try {
            Replay replay = replay(GameRecord.read(Files.readString(file, StandardCharsets.UTF_8)), List.of(), 0);
            show.accept(replay);
            return "imported " + file.getFileName() + ": " + replay.words() + ". Click a move to see its position.";
        } catch (IOException | IllegalArgumentException e) {
            return "cannot import " + file + ": " + e.getMessage();
        }
    }

    /**
     * Hands a stored game to {@code show} for replay, its moves with the times and clocks it was stored
     * with (a tournament's opening moves without); returns what the status line says.
     */
    String open(StoredGame stored, Consumer<Replay> show) {
        FinishedGame g = stored.game();
        try {
            Replay replay = replay(g.record(), g.moves(), g.openingPlies());
            show.accept(replay);
            return "stored game " + stored.id() + " (" + g.origin() + ", " + DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm")
                    .format(g.endedAt().atZone(ZoneId.systemDefault())) + "): " + replay.words()
                    + (g.openingPlies() == 0 ? "" : ", the first " + g.openingPlies() + " from the tournament's opening")
                    + ". Click a move to see its position.";
        } catch (IllegalArgumentException e) {
            return "cannot open stored game " + stored.id() + ": " + e.getMessage();
        }
    }

    /**
     * {@code record} as a snapshot; {@code storedMoves}, when not empty, gives each move's times and clocks.
     *
     * @param openingPlies how many first moves came from a tournament's opening (no times of their own)
     */
    private Replay replay(GameRecord record, List<StoredMove> storedMoves, int openingPlies) {
        Game g = registry.requireGame(record.gameId());
        List<GameState> states = record.positions(g);
        List<Entry> entries = new ArrayList<>();
        MatchJournal.MoveTimes unknown = new MatchJournal.MoveTimes(-1, -1, -1);
        long[] clocks = new long[2];
        for (int i = 0; i < record.moves().size(); i++) {
            GameState before = states.get(i);
            MatchJournal.MoveTimes times = unknown;
            if (i < storedMoves.size() && i >= openingPlies) {
                StoredMove m = storedMoves.get(i);
                times = new MatchJournal.MoveTimes(nanos(m.elapsedUs()), nanos(m.networkUs()), nanos(m.thinkingUs()));
                clocks[before.sideToMove().index()] = m.clockUsedMs() * 1_000_000;
            }
            entries.add(new Entry(i + 1, before.sideToMove(), before.parseMove(record.moves().get(i)), states.get(i + 1), 0,
                    times, clocks[0], clocks[1], false));
        }
        return new Replay(g, record, new MatchJournal.Snapshot(states.get(0), List.copyOf(entries), null, null));
    }

    private static long nanos(long micros) {
        return micros < 0 ? -1 : micros * 1000;
    }
}
