package org.boardlab.engine.nboard;

import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import org.boardlab.api.DecodedMessage;
import org.boardlab.api.Game;
import org.boardlab.api.GameState;
import org.boardlab.api.MessageField;
import org.boardlab.api.Move;
import org.boardlab.api.MoveRequest;
import org.boardlab.api.Side;
import org.boardlab.core.PlayerFault;
import org.boardlab.game.othello.Othello;
import org.boardlab.game.othello.OthelloMove;
import org.boardlab.game.othello.OthelloPosition;
import org.boardlab.sandbox.EngineDescriptor;
import org.boardlab.sandbox.EnginePlayer;
import org.boardlab.sandbox.EngineProcess;
import org.boardlab.sandbox.Engines;

/**
 * One game of an NBoard engine. The engine is started for the game and told:
 *
 * <pre>
 *   nboard 2
 *   set depth 10                        the descriptor's depth (default 10)
 *   set game (;GM[Othello]PC[boardlab]PB[..]PW[..]RE[?]TI[0:00//0:10]TY[8]BO[8 ---...O*...--- *];)
 *   ping 1                              → pong 1 (everything before is taken in)
 *   go                                  → === d3   (or === D3/1.50/0.12: eval and time are ignored)
 *   quit                                when the game is over
 * </pre>
 *
 * The game is sent as the position to move from (GGF's {@code BO}: the size, the squares row by row
 * from a1, {@code -} empty, {@code *} black, {@code O} white, then the side to move), so an engine
 * needs no history. Other lines ({@code status}, {@code set myname}, {@code search}, ...) are shown in
 * the inspector. An answer after {@code ===} that is not a square forfeits with it.
 */
final class NBoardPlayer extends EnginePlayer {

    private int pings;

    NBoardPlayer(EngineDescriptor engine, Engines engines) {
        super(engine, engines);
    }

    @Override
    public boolean supports(Game game) {
        return game instanceof Othello;
    }

    @Override
    protected Engines.Describer describer() {
        return (line, fromEngine) -> {
            String t = line.trim();
            if (t.startsWith("===")) {
                return new DecodedMessage("move", t, List.of(MessageField.of("move", t.substring(3).trim())), null);
            }
            int space = t.indexOf(' ');
            String word = space < 0 ? t : t.substring(0, space);
            if (word.equals("set") && t.startsWith("set game ")) {
                return new DecodedMessage("set game", t.length() > 120 ? t.substring(0, 120) + "..." : t,
                        List.of(MessageField.of("ggf", t.substring(9))), null);
            }
            return new DecodedMessage(t.startsWith("stderr: ") ? "stderr" : word, t, List.of(), null);
        };
    }

    @Override
    protected CompletableFuture<Void> begin(EngineProcess engine, MoveRequest first) {
        engine.send("nboard 2");
        engine.send("set depth " + this.engine.settings().getOrDefault("depth", "10").trim());
        return CompletableFuture.completedFuture(null);
    }

    @Override
    protected CompletableFuture<String> ask(EngineProcess engine, MoveRequest request) {
        int ping = ++pings;
        CompletableFuture<String> pong = engine.next(line -> line.trim().equals("pong " + ping));
        engine.send("set game " + ggf(request.state()));
        engine.send("ping " + ping);
        return pong.thenCompose(p -> {
            CompletableFuture<String> answer = engine.next(line -> line.trim().startsWith("==="));
            engine.send("go");
            return answer;
        });
    }

    /** The position as a GGF game with no moves. */
    private String ggf(GameState state) {
        OthelloPosition p = (OthelloPosition) state;
        int n = p.size();
        StringBuilder cells = new StringBuilder(n * n);
        for (int row = 0; row < n; row++) {
            for (int col = 0; col < n; col++) {
                cells.append(p.disc(col, row).map(s -> s == Side.FIRST ? '*' : 'O').orElse('-'));
            }
        }
        long seconds = Math.max(1, timePerMove().toSeconds());
        return "(;GM[Othello]PC[boardlab]PB[black]PW[white]RE[?]TI[0:00//" + seconds / 60 + ":" + String.format(Locale.ROOT, "%02d", seconds % 60)
                + "]TY[" + n + "]BO[" + n + " " + cells + " " + (state.sideToMove() == Side.FIRST ? "*" : "O") + "];)";
    }

    @Override
    protected Move read(GameState state, String answer) throws PlayerFault {
        String move = answer.trim().substring(3).trim();
        int slash = move.indexOf('/');
        if (slash >= 0) {
            move = move.substring(0, slash);
        }
        String m = move.toLowerCase(Locale.ROOT);
        if (m.equals("pa") || m.equals("pass")) {
            return OthelloMove.PASS;
        }
        if (!m.matches("[a-p]([1-9]|1[0-6])")) {
            throw new PlayerFault("answered \"" + (answer.length() > 80 ? answer.substring(0, 80) + "..." : answer.trim())
                    + "\", which is not a move (=== d3)");
        }
        // a square that is taken or flips nothing is still a move: the referee refuses it with the game's reason
        return OthelloMove.at(m.charAt(0) - 'a', Integer.parseInt(m.substring(1)) - 1);
    }

    @Override
    protected String farewell() {
        return "quit";
    }
}
