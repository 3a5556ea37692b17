package org.boardlab.engine.gomocup;

import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import org.boardlab.api.DecodedMessage;
import org.boardlab.api.Game;
import org.boardlab.api.GameState;
import org.boardlab.api.MessageField;
import org.boardlab.api.Move;
import org.boardlab.api.MoveRequest;
import org.boardlab.core.PlayerFault;
import org.boardlab.game.gomoku.Gomoku;
import org.boardlab.game.gomoku.Point;
import org.boardlab.sandbox.EngineDescriptor;
import org.boardlab.sandbox.EnginePlayer;
import org.boardlab.sandbox.EngineProcess;
import org.boardlab.sandbox.Engines;

/**
 * One game of a Gomocup engine. The engine is started for the game and told:
 *
 * <pre>
 *   START 15                      → OK (or ERROR message: the game is forfeited with it)
 *   INFO timeout_turn 10000       the time per move, ms
 *   INFO timeout_match 0          no match clock
 *   INFO max_memory 268435456     the process's memory limit, bytes
 *   INFO game_type 0              a game against another player
 *   INFO rule 0                   five or more in a row wins
 *   BEGIN                         when it moves first          → 7,7
 *   BOARD / x,y,1|2 ... / DONE    when it comes in later (1 its own stones, 2 the other's) → x,y
 *   TURN 6,6                      the other side's move        → x,y
 *   END                           when the game is over
 * </pre>
 *
 * Coordinates are zero-based, x the column from the left and y the row from the top, so {@code 7,7}
 * is boardlab's {@code h8}. Lines from the engine that start with {@code MESSAGE}, {@code DEBUG},
 * {@code ERROR} or {@code UNKNOWN} are shown in the inspector (an {@code ERROR} in red) and are not an
 * answer; any other line is the answer. An answer that is not {@code x,y} forfeits with it.
 */
final class GomocupPlayer extends EnginePlayer {

    private int told;

    GomocupPlayer(EngineDescriptor engine, Engines engines) {
        super(engine, engines);
    }

    @Override
    public boolean supports(Game game) {
        return game instanceof Gomoku;
    }

    private static boolean info(String line) {
        String w = line.trim().toUpperCase(Locale.ROOT);
        return w.startsWith("MESSAGE") || w.startsWith("DEBUG") || w.startsWith("ERROR") || w.startsWith("UNKNOWN");
    }

    @Override
    protected Engines.Describer describer() {
        return (line, fromEngine) -> {
            String t = line.trim();
            int space = t.indexOf(' ');
            String word = (space < 0 ? t : t.substring(0, space)).toUpperCase(Locale.ROOT);
            if (fromEngine && t.matches("-?\\d+\\s*,\\s*-?\\d+")) {
                String[] xy = t.split(",");
                return new DecodedMessage("move", t, List.of(MessageField.of("x", xy[0].trim()), MessageField.of("y", xy[1].trim())), null);
            }
            if (fromEngine && word.equals("ERROR")) {
                return new DecodedMessage("ERROR", t, List.of(), t.substring(Math.min(t.length(), 6)));
            }
            if (fromEngine && t.startsWith("stderr: ")) {
                return new DecodedMessage("stderr", t, List.of(), null);
            }
            return new DecodedMessage(word, t, List.of(), null);
        };
    }

    @Override
    protected CompletableFuture<Void> begin(EngineProcess engine, MoveRequest first) {
        int size = first.options().getInt("size", 15);
        CompletableFuture<String> ok = engine.next(line -> {
            String w = line.trim().toUpperCase(Locale.ROOT);
            return w.equals("OK") || w.startsWith("ERROR") || !info(line); // START is answered OK or ERROR
        });
        engine.send("START " + size);
        return ok.thenCompose(answer -> {
            if (!answer.trim().equalsIgnoreCase("OK")) {
                return CompletableFuture.failedFuture(new PlayerFault("answered START " + size + " with \"" + answer.trim() + "\", not OK"));
            }
            engine.send("INFO timeout_turn " + timePerMove().toMillis());
            engine.send("INFO timeout_match 0");
            engine.send("INFO max_memory " + ((long) this.engine.limits().heapMegabytes() << 20));
            engine.send("INFO game_type 0");
            engine.send("INFO rule 0");
            return CompletableFuture.completedFuture(null);
        });
    }

    @Override
    protected CompletableFuture<String> ask(EngineProcess engine, MoveRequest request) {
        List<Move> history = request.history();
        CompletableFuture<String> answer = engine.next(line -> !info(line)); // before sending: it may answer at once
        if (history.isEmpty()) {
            engine.send("BEGIN");
        } else if (told == history.size() - 1 && told > 0) {
            engine.send("TURN " + xy(history.get(history.size() - 1)));
        } else {
            // its first move comes later in the game (or it missed moves): the whole board
            engine.send("BOARD");
            int mine = history.size() % 2; // the index parity of the asked side's own moves
            for (int i = 0; i < history.size(); i++) {
                engine.send(xy(history.get(i)) + "," + (i % 2 == mine ? 1 : 2));
            }
            engine.send("DONE");
        }
        told = history.size() + 1; // its own answer is in the next request's history
        return answer;
    }

    private static String xy(Move move) {
        Point p = Point.parse(move.notation());
        return p.col() + "," + p.row();
    }

    @Override
    protected Move read(GameState state, String answer) throws PlayerFault {
        String t = answer.trim();
        if (!t.matches("\\d{1,2}\\s*,\\s*\\d{1,2}")) {
            throw new PlayerFault("answered \"" + (t.length() > 80 ? t.substring(0, 80) + "..." : t) + "\", which is not a move (x,y)");
        }
        String[] xy = t.split(",");
        int x = Integer.parseInt(xy[0].trim());
        int y = Integer.parseInt(xy[1].trim());
        if (x >= Point.MAX_COLUMNS) {
            throw new PlayerFault("answered " + t + ": x is off the board");
        }
        return Point.of(x, y); // the referee refuses a point off the board or taken, with the game's reason
    }

    @Override
    protected String farewell() {
        return "END";
    }
}
