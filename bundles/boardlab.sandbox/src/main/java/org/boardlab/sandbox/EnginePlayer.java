package org.boardlab.sandbox;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.boardlab.api.AsyncPlayer;
import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.api.MoveRequest;
import org.boardlab.core.LimitedPlayer;
import org.boardlab.core.PlayerFault;
import org.boardlab.core.PlayerLimits;

/**
 * The player of an engine that keeps running for a whole game and talks in lines (Gomocup, NBoard):
 * the adapter says how a game begins, how a move is asked for and how an answer is read; this class
 * starts the process (confined, through {@link Engines}) when the game needs it, charges the engine's
 * CPU time, kills it at the deadline ({@code no answer in 10 s, process killed}) and ends it with the
 * game. A process that ends, an answer that is not a move, or too much CPU time fails the move with a
 * {@link PlayerFault} that says so.
 */
public abstract class EnginePlayer implements AsyncPlayer, LimitedPlayer, AutoCloseable {

    protected final EngineDescriptor engine;
    private final Engines engines;
    private Duration timePerMove = Duration.ofSeconds(10);
    private long matchId;
    private EngineProcess process;
    private boolean begun;
    private long cpuMark = -1;

    protected EngineProcess process() {
        return process;
    }

    protected EnginePlayer(EngineDescriptor engine, Engines engines) {
        this.engine = engine;
        this.engines = engines;
    }

    /** How the inspector shows this protocol's lines. */
    protected abstract Engines.Describer describer();

    /** Begins the game (the engine's first request): e.g. Gomocup's START and INFO. */
    protected abstract CompletableFuture<Void> begin(EngineProcess engine, MoveRequest first);

    /** Asks for a move: sends what the engine must hear and returns its answer's line. */
    protected abstract CompletableFuture<String> ask(EngineProcess engine, MoveRequest request);

    /**
     * Reads the engine's answer as a move of {@code state}.
     *
     * @throws PlayerFault if it is not a move at all (an illegal but well-formed move is returned: the
     *                     referee refuses it with the game's reason)
     */
    protected abstract Move read(GameState state, String answer) throws PlayerFault;

    /** The line that asks the engine to end ({@code END}, {@code quit}), or {@code null}. */
    protected String farewell() {
        return null;
    }

    /** The time per move of the match (the engine is told it where its protocol can). */
    protected Duration timePerMove() {
        return timePerMove;
    }

    @Override
    public synchronized void limit(PlayerLimits limits, Duration timePerMove) {
        this.timePerMove = timePerMove;
    }

    @Override
    public synchronized void match(long matchId) {
        this.matchId = matchId;
        if (process != null) {
            process.match(matchId);
        }
    }

    @Override
    public CompletableFuture<Move> requestMove(MoveRequest request) {
        return requestTimedMove(request).thenApply(Timed::move);
    }

    @Override
    public synchronized CompletableFuture<Timed> requestTimedMove(MoveRequest request) {
        if (process == null) {
            try {
                process = engines.start(engine, engine.limits(), List.of(), describer(), matchId);
            } catch (RuntimeException e) {
                return CompletableFuture.failedFuture(new PlayerFault(e.getMessage(), e));
            }
            cpuMark = process.cpuNanos();
        }
        EngineProcess p = process;
        p.atMove(request.state().ply() + 1);
        CompletableFuture<Void> ready = begun ? CompletableFuture.completedFuture(null) : begin(p, request);
        begun = true;
        GameState state = request.state();
        long[] sent = new long[1];
        return ready.thenCompose(v -> {
            sent[0] = System.nanoTime();
            return ask(p, request);
        }).thenApply(answer -> {
            long thought = System.nanoTime() - sent[0];
            long cpu = p.cpuNanos();
            long limit = engine.limits().cpuPerMove(timePerMove).toNanos();
            if (cpuMark >= 0 && cpu - cpuMark > limit) {
                p.kill();
                throw new CompletionException(new PlayerFault(String.format(Locale.ROOT,
                        "used %.1f s of CPU time since its last move; the limit is %.1f s; process killed",
                        (cpu - cpuMark) / 1e9, limit / 1e9)));
            }
            cpuMark = cpu;
            try {
                return new Timed(read(state, answer), thought);
            } catch (PlayerFault f) {
                throw new CompletionException(f);
            }
        });
    }

    @Override
    public String timedOut() {
        EngineProcess p = process;
        if (p == null) {
            return null;
        }
        boolean threads = p.hitThreadLimit();
        p.kill();
        return "no answer in " + Engines.seconds(timePerMove) + ", process killed"
                + (threads ? " (it had tried to start more than " + engine.limits().threads() + " threads or processes)" : "");
    }

    @Override
    public synchronized void close() {
        if (process != null) {
            process.end(farewell());
        }
    }

    @Override
    public String description() {
        return engine.description();
    }

    @Override
    public String toString() {
        return engine.id() + " (an engine, " + engine.protocol() + ")";
    }
}
