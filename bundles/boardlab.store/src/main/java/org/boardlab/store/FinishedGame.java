package org.boardlab.store;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.boardlab.api.GameOptions;
import org.boardlab.api.Side;
import org.boardlab.api.event.MatchOutcome;
import org.boardlab.core.GameRecord;
import org.boardlab.core.MatchJournal;

/**
 * A finished game as the store keeps it: what was played, by whom, how it ended, and every move.
 * Immutable. {@link Store#saveGame} writes it (game and moves) in one transaction.
 *
 * @param game         the game's id ({@code othello})
 * @param options      its options as text ({@code size=8}; {@code ""} for none)
 * @param origin       where it was played: {@code match}, {@code tournament}, {@code server},
 *                     {@code workbench}, {@code worker}, {@code import}
 * @param tournamentId the tournament it belongs to, or {@code null}
 * @param scheduledId  the scheduled game it plays ({@code scheduled_games}), or {@code null}
 * @param first        who played the first side
 * @param second       who played the second side
 * @param startedAt    when it started
 * @param endedAt      when it ended
 * @param winner       1 the first side won, 2 the second, {@code null} a draw or an aborted game
 * @param ending       how it ended, lower case: {@code normal}, {@code illegal_move},
 *                     {@code out_of_turn}, {@code timeout}, {@code error}, {@code aborted},
 *                     {@code adjudicated}
 * @param result       the result in words ({@code "black wins: ..."})
 * @param firstScore   the first side's score (Othello discs, ...; 0 where a game has none)
 * @param secondScore  the second side's score
 * @param firstTimeMs  the first side's total thinking time
 * @param secondTimeMs the second side's total thinking time
 * @param plies        how many moves were played (the opening's included)
 * @param openingPlies how many of the first moves came from a tournament's opening, not from a player
 * @param moves        the moves, from the game's normal start (an opening's first); empty in lists
 *                     ({@link Store#games}), whole from {@link Store#game}
 */
public record FinishedGame(String game, String options, String origin, Long tournamentId, Long scheduledId, Seat first,
        Seat second, Instant startedAt, Instant endedAt, Integer winner, String ending, String result, int firstScore,
        int secondScore, long firstTimeMs, long secondTimeMs, int plies, int openingPlies, List<StoredMove> moves) {

    public FinishedGame {
        Objects.requireNonNull(game, "game");
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(origin, "origin");
        Objects.requireNonNull(first, "first");
        Objects.requireNonNull(second, "second");
        Objects.requireNonNull(startedAt, "startedAt");
        Objects.requireNonNull(endedAt, "endedAt");
        Objects.requireNonNull(ending, "ending");
        Objects.requireNonNull(result, "result");
        if (winner != null && winner != 1 && winner != 2) {
            throw new IllegalArgumentException("winner is 1, 2 or null, not " + winner);
        }
        moves = List.copyOf(moves);
    }

    /**
     * The game a journal holds, once it is over.
     *
     * @param journal the game's journal (written by the referee)
     * @param origin  where it was played ({@code match}, {@code server}, ...)
     * @param first   who played the first side
     * @param second  who played the second side
     * @throws IllegalStateException if the game is not over
     */
    public static FinishedGame of(MatchJournal journal, String origin, Seat first, Seat second) {
        MatchJournal.Snapshot s = journal.snapshot();
        MatchOutcome outcome = s.outcome();
        if (outcome == null) {
            throw new IllegalStateException("the game is not over yet (" + s.ply() + " moves played)");
        }
        List<StoredMove> moves = new ArrayList<>(s.ply());
        long lastMicros = journal.startedMicros();
        for (MatchJournal.Entry e : s.entries()) {
            MatchJournal.MoveTimes t = e.times();
            moves.add(new StoredMove(e.ply(), e.side() == Side.FIRST ? 1 : 2, e.move().notation(), micros(t.elapsedNanos()),
                    micros(t.thinkingNanos()), micros(t.networkNanos()), e.clockNanos(e.side()) / 1_000_000, null));
            lastMicros = Math.max(lastMicros, e.timeMicros());
        }
        Integer winner = outcome.winner() == null ? null : outcome.winner() == Side.FIRST ? 1 : 2;
        int[] scores = outcome.scores() == null ? new int[2] : outcome.scores();
        long[] times = outcome.timeNanos() == null ? new long[2] : outcome.timeNanos();
        long endMicros = Math.max(lastMicros, System.currentTimeMillis() * 1000);
        return new FinishedGame(journal.game().id(), journal.options().toString(), origin, null, null, first, second,
                instant(journal.startedMicros()), instant(endMicros), winner, outcome.ending().name().toLowerCase(Locale.ROOT),
                GameRecord.of(journal).result(), scores[0], scores[1], times[0] / 1_000_000, times[1] / 1_000_000, s.ply(), 0, moves);
    }

    private static long micros(long nanos) {
        return nanos < 0 ? -1 : nanos / 1000;
    }

    private static Instant instant(long micros) {
        return Instant.ofEpochSecond(micros / 1_000_000, (micros % 1_000_000) * 1000);
    }

    /** The same game, belonging to a tournament and (when not {@code null}) a scheduled game. */
    public FinishedGame inTournament(long tournament, Long scheduled) {
        return new FinishedGame(game, options, origin, tournament, scheduled, first, second, startedAt, endedAt, winner, ending,
                result, firstScore, secondScore, firstTimeMs, secondTimeMs, plies, openingPlies, moves);
    }

    /** The same game with its moves (a game from a list has none). */
    public FinishedGame withMoves(List<StoredMove> all) {
        return new FinishedGame(game, options, origin, tournamentId, scheduledId, first, second, startedAt, endedAt, winner,
                ending, result, firstScore, secondScore, firstTimeMs, secondTimeMs, plies, openingPlies, all);
    }

    /**
     * The same game started from an opening: {@code opening} (the moves played before the journal's
     * start position, from the game's normal start) comes first, this game's moves are numbered on
     * after it, and {@link #openingPlies()} says how many there were.
     *
     * @param opening the opening's moves in notation
     * @param firstSide the side (1 or 2) that played the opening's first move
     */
    public FinishedGame withOpening(List<String> opening, int firstSide) {
        List<StoredMove> all = new ArrayList<>(opening.size() + moves.size());
        int side = firstSide;
        for (int i = 0; i < opening.size(); i++) {
            all.add(new StoredMove(i + 1, side, opening.get(i), 0, -1, -1, 0, null));
            side = 3 - side;
        }
        for (StoredMove m : moves) {
            all.add(new StoredMove(m.ply() + opening.size(), m.side(), m.notation(), m.elapsedUs(), m.thinkingUs(), m.networkUs(),
                    m.clockUsedMs(), m.clockLeftMs()));
        }
        return new FinishedGame(game, options, origin, tournamentId, scheduledId, first, second, startedAt, endedAt, winner,
                ending, result, firstScore, secondScore, firstTimeMs, secondTimeMs, plies + opening.size(),
                openingPlies + opening.size(), all);
    }

    /** Its game record (the text format of {@link GameRecord}), with the moves it holds. */
    public GameRecord record() {
        List<String> notation = new ArrayList<>(moves.size());
        for (StoredMove m : moves) {
            notation.add(m.notation());
        }
        GameOptions parsed = GameOptions.parse(options.isBlank() ? List.of() : List.of(options.trim().split("\\s+")));
        return new GameRecord(game, parsed, first.name(), second.name(), notation, result);
    }

    /** The winner's name, {@code "draw"}, or {@code "-"} for an aborted game. */
    public String winnerName() {
        if (winner != null) {
            return winner == 1 ? first.name() : second.name();
        }
        return "aborted".equals(ending) ? "-" : "draw";
    }
}
