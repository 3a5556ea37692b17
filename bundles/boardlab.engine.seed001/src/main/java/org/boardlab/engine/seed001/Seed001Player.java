package org.boardlab.engine.seed001;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.boardlab.api.AsyncPlayer;
import org.boardlab.api.DecodedMessage;
import org.boardlab.api.Game;
import org.boardlab.api.MessageField;
import org.boardlab.api.Move;
import org.boardlab.api.MoveRequest;
import org.boardlab.core.LimitedPlayer;
import org.boardlab.core.PlayerFault;
import org.boardlab.core.PlayerLimits;
import org.boardlab.game.onitama.Onitama;
import org.boardlab.game.onitama.OnitamaEncoding;
import org.boardlab.game.onitama.OnitamaPosition;
import org.boardlab.sandbox.EngineDescriptor;
import org.boardlab.sandbox.EngineProcess;
import org.boardlab.sandbox.Engines;

/**
 * An Onitama AI program speaking seed 001's AI interface, as the seed's server ran its
 * {@code game_logic.py}: for each move the program is started, confined, with three more arguments,
 *
 * <pre>
 *   COMMAND... "4434400000000000000022122;EEL COBRA;MANTIS CRANE;MONKEY" 0 2
 *               board (25 digits) and cards              player  depth
 * </pre>
 *
 * and its first line of output is its move, {@code fromRow fromCol toRow toCol CARD} (row 0 is red's
 * home row), or {@code -1 -1 -1 -1 CARD} to give up CARD when no piece can move: the encoding of the
 * {@code onitama} game bundle's {@code OnitamaEncoding}, the same as {@code onitama-external} (in
 * {@code boardlab.ai.onitama}) uses. The depth is the descriptor's {@code depth} (default 2).
 */
final class Seed001Player implements AsyncPlayer, LimitedPlayer, AutoCloseable {

    private final EngineDescriptor engine;
    private final Engines engines;
    private final int depth;
    private Duration timePerMove = Duration.ofSeconds(10);
    private volatile long matchId;
    private volatile EngineProcess running;

    Seed001Player(EngineDescriptor engine, Engines engines) {
        this.engine = engine;
        this.engines = engines;
        this.depth = Integer.parseInt(engine.settings().getOrDefault("depth", "2").trim());
    }

    @Override
    public boolean supports(Game game) {
        return Onitama.ID.equals(game.id());
    }

    @Override
    public void limit(PlayerLimits limits, Duration timePerMove) {
        this.timePerMove = timePerMove;
    }

    @Override
    public void match(long matchId) {
        this.matchId = matchId;
    }

    private static DecodedMessage describe(String line, boolean fromEngine) {
        String t = line.trim();
        if (fromEngine && !t.startsWith("stderr: ")) {
            String[] w = t.split("\\s+");
            if (w.length == 5) {
                return new DecodedMessage("move", t, List.of(MessageField.of("from", w[0] + " " + w[1]),
                        MessageField.of("to", w[2] + " " + w[3]), MessageField.of("card", w[4])), null);
            }
            return new DecodedMessage("answer", t, List.of(), null);
        }
        return new DecodedMessage(fromEngine ? "stderr" : "run", t, List.of(), null);
    }

    @Override
    public CompletableFuture<Move> requestMove(MoveRequest request) {
        return requestTimedMove(request).thenApply(Timed::move);
    }

    @Override
    public CompletableFuture<Timed> requestTimedMove(MoveRequest request) {
        if (!(request.state() instanceof OnitamaPosition position)) {
            return CompletableFuture.failedFuture(new PlayerFault("a seed 001 AI plays only Onitama"));
        }
        String encoded = OnitamaEncoding.format(position);
        int blank = encoded.lastIndexOf(' ');
        List<String> arguments = List.of(encoded.substring(0, blank), encoded.substring(blank + 1), Integer.toString(depth));
        EngineProcess p;
        long t0 = System.nanoTime();
        try {
            p = engines.start(engine, engine.limits(), arguments, Seed001Player::describe, matchId);
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(new PlayerFault(e.getMessage(), e));
        }
        running = p;
        p.atMove(position.ply() + 1);
        return p.next(line -> true).thenApply(line -> {
            long thought = System.nanoTime() - t0;
            p.end(null);
            try {
                return new Timed(OnitamaEncoding.parseAnswer(line), thought);
            } catch (RuntimeException e) {
                throw new CompletionException(new PlayerFault("answered \"" + (line.length() > 80 ? line.substring(0, 80) + "..." : line)
                        + "\", which is not a move (fromRow fromCol toRow toCol CARD): " + e.getMessage()));
            }
        });
    }

    @Override
    public String timedOut() {
        EngineProcess p = running;
        if (p != null) {
            p.kill();
        }
        return "no answer in " + Engines.seconds(timePerMove) + ", process killed";
    }

    @Override
    public void close() {
        EngineProcess p = running;
        if (p != null && p.alive()) {
            p.kill();
        }
    }

    @Override
    public String description() {
        return engine.description();
    }
}
