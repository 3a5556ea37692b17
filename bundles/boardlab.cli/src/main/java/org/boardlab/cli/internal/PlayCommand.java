package org.boardlab.cli.internal;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.boardlab.api.Game;
import org.boardlab.api.GameState;
import org.boardlab.api.IllegalMoveException;
import org.boardlab.api.Move;
import org.boardlab.api.Outcome;
import org.boardlab.api.Side;
import org.boardlab.cli.Cli;
import org.boardlab.core.GameRecord;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code boardlab play <game> [--moves "m1 m2 ..."]}: applies moves to the start position and prints
 * the resulting position. An illegal move stops with exit code 1 and says which move and why.
 */
@Command(name = "play", mixinStandardHelpOptions = true,
        description = {"Apply moves to a game's start position and print the position.",
            "Printed: the board (top row first), the side to move, the legal moves, whether the game is over, the winner, "
                + "the scores and the game's own facts (gomoku: danger points; dots: zones), each said once. An illegal move exits with code 1 and names it."})
public final class PlayCommand implements Callable<Integer> {

    @ParentCommand
    Cli cli;

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", description = "The game's id (see boardlab list).")
    String gameId;

    @Mixin
    GameOptionsMixin gameOptions;

    @Option(names = "--moves", paramLabel = "\"m1 m2 ...\"", description = "The moves, in the game's notation, separated by spaces.")
    String moves = "";

    @Option(names = "--record", paramLabel = "FILE", description = "Take the options and the moves from a game record (as the workbench's Export and match --records write it); "
        + "its game must be GAME.")
    java.nio.file.Path record;

    @Option(names = "--json", description = "Print the position as one JSON object (fields: see the README).")
    boolean json;

    @Override
    public Integer call() {
        Game game = cli.services().registry().requireGame(gameId);
        org.boardlab.api.GameOptions options = gameOptions.toOptions();
        String[] texts = moves.isBlank() ? new String[0] : moves.trim().split("\\s+");
        if (record != null) {
            if (!moves.isBlank() || !options.asMap().isEmpty()) {
                throw new IllegalArgumentException("--record gives the options and the moves: leave out --moves and the options");
            }
            GameRecord read;
            try {
                read = GameRecord.read(java.nio.file.Files.readString(record, java.nio.charset.StandardCharsets.UTF_8));
            } catch (java.io.IOException e) {
                throw new IllegalArgumentException("cannot read " + record + ": " + e.getMessage());
            }
            if (!read.gameId().equals(game.id())) {
                throw new IllegalArgumentException(record + " is a record of " + read.gameId() + ", not of " + game.id());
            }
            options = read.options();
            texts = read.moves().toArray(new String[0]);
        }
        GameState state = game.newGame(options);
        List<String> played = new ArrayList<>();
        for (int i = 0; i < texts.length; i++) {
            String text = texts[i];
            String why;
            Move move = null;
            try {
                move = state.parseMove(text);
                why = state.whyIllegal(move);
            } catch (IllegalMoveException e) {
                why = e.reason();
            }
            if (why != null) {
                spec.commandLine().getErr().println("boardlab: move " + (i + 1) + " (" + text + ") is illegal: " + why);
                spec.commandLine().getErr().flush();
                return 1;
            }
            state = state.apply(move);
            played.add(move.notation());
        }
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.println(Json.line(describe(game, state, played)));
        } else {
            print(game, state, out);
        }
        out.flush();
        return 0;
    }

    /** The position as the JSON fields the README documents. */
    static Map<String, Object> describe(Game game, GameState state, List<String> played) {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("game", game.id());
        p.put("moves", played);
        p.put("ply", state.ply());
        p.put("board", List.of(state.boardText().split("\n")));
        p.put("side_to_move", game.sideName(state.sideToMove()));
        p.put("legal_moves", state.legalMoves().stream().map(Move::notation).toList());
        p.put("terminal", state.isTerminal());
        if (state.isTerminal()) {
            Outcome outcome = state.outcome();
            p.put("winner", outcome.isDraw() ? "draw" : game.sideName(outcome.winner()));
            p.put("result", outcome.reason());
        } else {
            p.put("winner", null);
            p.put("result", null);
        }
        Map<String, Object> scores = new LinkedHashMap<>();
        for (Side side : Side.values()) {
            scores.put(game.sideName(side), state.score(side));
        }
        p.put("scores", scores);
        p.put("details", state.details());
        return p;
    }

    private static void print(Game game, GameState state, PrintWriter out) {
        out.print(state.boardText());
        if (!state.boardText().endsWith("\n")) {
            out.println();
        }
        if (state.isTerminal()) {
            Outcome outcome = state.outcome();
            out.println("game over: " + (outcome.isDraw() ? "draw" : game.sideName(outcome.winner()) + " wins") + " ("
                    + outcome.reason() + ")");
        } else {
            out.println("to move: " + game.sideName(state.sideToMove()));
            List<String> legal = state.legalMoves().stream().map(Move::notation).toList();
            out.println("legal moves (" + legal.size() + "): " + String.join(" ", legal));
        }
        StringBuilder scores = new StringBuilder("scores:");
        for (Side side : Side.values()) {
            scores.append(' ').append(game.sideName(side)).append(' ').append(state.score(side));
        }
        out.println(scores);
        state.details().forEach((key, value) -> {
            if (!alreadyShown(game, state, key, value)) {
                out.println(words(key) + ": " + readable(Json.plain(value)));
            }
        });
    }

    /**
     * Whether a detail only repeats a line printed above it, so the text form leaves it out (the JSON
     * form keeps every detail): the legal moves (a detail named {@code legal}, as Othello's; the line
     * "legal moves" or "game over" says it), or a side's score (a detail named after the side, with
     * the value of its score, as Othello's disc counts).
     */
    static boolean alreadyShown(Game game, GameState state, String key, Object value) {
        String name = words(key);
        if (name.equals("legal") || name.equals("legal moves")) {
            return true;
        }
        for (Side side : Side.values()) {
            if (name.equals(game.sideName(side)) && value instanceof Number n && n.doubleValue() == state.score(side)) {
                return true;
            }
        }
        return false;
    }

    /** A detail's key in words: {@code lastMove} and {@code blue_cards} read "last move", "blue cards". */
    static String words(String key) {
        return key.replaceAll("([a-z])([A-Z])", "$1 $2").replace('_', ' ').toLowerCase(java.util.Locale.ROOT);
    }

    /**
     * A detail's value as a person reads it (the JSON form is {@code play --json}): a list as its
     * items ({@code ; } between items that have parts), a map as {@code key value} pairs, nothing as
     * {@code none}.
     */
    static String readable(Object value) {
        if (value == null || "".equals(value)) {
            return "none";
        }
        if (value instanceof Map<?, ?> map) {
            if (map.isEmpty()) {
                return "none";
            }
            List<String> parts = new ArrayList<>();
            map.forEach((k, v) -> parts.add(words(String.valueOf(k)) + " " + readable(v)));
            return String.join(", ", parts);
        }
        if (value instanceof java.util.Collection<?> items) {
            if (items.isEmpty()) {
                return "none";
            }
            boolean simple = items.stream().noneMatch(i -> i instanceof Map<?, ?> || i instanceof java.util.Collection<?>);
            List<String> parts = new ArrayList<>();
            for (Object i : items) {
                String r = readable(i);
                parts.add(simple ? r : "(" + r + ")");
            }
            return String.join(simple ? " " : "; ", parts);
        }
        if (value instanceof Boolean b) {
            return b ? "yes" : "no";
        }
        return String.valueOf(value);
    }
}
