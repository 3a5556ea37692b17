package org.boardlab.core;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.boardlab.api.Game;
import org.boardlab.api.GameOptions;
import org.boardlab.api.GameState;
import org.boardlab.api.IllegalMoveException;
import org.boardlab.api.Move;
import org.boardlab.api.event.MatchOutcome;

/**
 * A game record: the text format in which boardlab exports a game and imports it again (the Match
 * view's Export and Import, {@code boardlab match --record}, {@code boardlab play --record}). Plain
 * text, UTF-8, one {@code key: value} per line, lines starting with {@code #} ignored.
 *
 * <pre>
 * # boardlab game record
 * game: othello
 * options: size=8
 * first: alphabeta
 * second: random
 * moves: d3 c3 c4 e3
 * result: black wins: neither side can move; black has more discs (40 to 24)
 * </pre>
 *
 * {@code game} and {@code moves} are required; {@code options} holds {@code key=value} pairs
 * separated by spaces; the rest is for people.
 *
 * @param gameId  the game's id
 * @param options its options
 * @param first   who played the first side
 * @param second  who played the second side
 * @param moves   the moves in notation
 * @param result  the result in words, or empty
 */
public record GameRecord(String gameId, GameOptions options, String first, String second, List<String> moves, String result) {

    public GameRecord {
        moves = List.copyOf(moves);
    }

    /**
     * The record of a game as its journal has it now (a game in progress has no result yet).
     */
    public static GameRecord of(MatchJournal journal) {
        MatchJournal.Snapshot s = journal.snapshot();
        List<String> moves = new ArrayList<>(s.ply());
        for (MatchJournal.Entry e : s.entries()) {
            moves.add(e.move().notation());
        }
        return new GameRecord(journal.game().id(), journal.options(), journal.players().get(0),
                journal.players().get(1), moves, s.outcome() == null ? "" : describe(journal, s.outcome()));
    }

    /** A result in words: {@code "black wins: ..."}, {@code "a draw: ..."}, or the detail of an aborted game. */
    private static String describe(MatchJournal journal, MatchOutcome outcome) {
        if (outcome.ending() == MatchOutcome.Ending.ABORTED) {
            return "aborted: " + outcome.detail();
        }
        String who = outcome.winner() == null ? "a draw" : journal.game().sideName(outcome.winner()) + " wins";
        return who + ": " + outcome.detail();
    }

    /** The record as text, in the format above. */
    public String write() {
        StringBuilder sb = new StringBuilder("# boardlab game record\n");
        sb.append("game: ").append(gameId).append('\n');
        sb.append("options: ").append(options).append('\n');
        sb.append("first: ").append(first).append('\n');
        sb.append("second: ").append(second).append('\n');
        sb.append("moves: ").append(String.join(" ", moves)).append('\n');
        if (!result.isEmpty()) {
            sb.append("result: ").append(result).append('\n');
        }
        return sb.toString();
    }

    /**
     * Reads a record.
     *
     * @throws IllegalArgumentException naming the line that is wrong
     */
    public static GameRecord read(String text) {
        Map<String, String> fields = new LinkedHashMap<>();
        int number = 0;
        for (String line : text.split("\\R")) {
            number++;
            String trimmed = line.trim();
            if (trimmed.isEmpty() || trimmed.startsWith("#")) {
                continue;
            }
            int colon = trimmed.indexOf(':');
            if (colon <= 0) {
                throw new IllegalArgumentException("line " + number + " is not 'key: value': " + trimmed);
            }
            fields.put(trimmed.substring(0, colon).trim(), trimmed.substring(colon + 1).trim());
        }
        if (!fields.containsKey("game")) {
            throw new IllegalArgumentException("the record has no 'game:' line");
        }
        if (!fields.containsKey("moves")) {
            throw new IllegalArgumentException("the record has no 'moves:' line");
        }
        String opts = fields.getOrDefault("options", "");
        GameOptions options = GameOptions.parse(opts.isBlank() ? List.of() : List.of(opts.split("\\s+")));
        String moves = fields.get("moves");
        return new GameRecord(fields.get("game"), options, fields.getOrDefault("first", ""), fields.getOrDefault("second", ""),
                moves.isBlank() ? List.of() : List.of(moves.split("\\s+")), fields.getOrDefault("result", ""));
    }

    /**
     * The positions of the game, from the start: element 0 is the start, element k the position after
     * k moves.
     *
     * @throws IllegalArgumentException naming the first illegal move
     */
    public List<GameState> positions(Game game) {
        List<GameState> states = new ArrayList<>();
        GameState state = game.newGame(options);
        states.add(state);
        for (int i = 0; i < moves.size(); i++) {
            String text = moves.get(i);
            try {
                Move move = state.parseMove(text);
                String why = state.whyIllegal(move);
                if (why != null) {
                    throw new IllegalArgumentException("move " + (i + 1) + " (" + text + ") is illegal: " + why);
                }
                state = state.apply(move);
            } catch (IllegalMoveException e) {
                throw new IllegalArgumentException("move " + (i + 1) + " (" + text + ") is illegal: " + e.reason());
            }
            states.add(state);
        }
        return states;
    }
}
