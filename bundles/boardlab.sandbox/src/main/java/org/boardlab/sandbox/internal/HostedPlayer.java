package org.boardlab.sandbox.internal;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Function;
import org.boardlab.api.AsyncPlayer;
import org.boardlab.api.Game;
import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.api.MoveRequest;
import org.boardlab.core.LimitedPlayer;
import org.boardlab.core.PlayerFault;
import org.boardlab.core.PlayerLimits;
import org.boardlab.sandbox.host.Wire;

/**
 * A player of a student's bundle, played by a {@link HostProcess} for one game: the referee asks it
 * like a network client (no thread of boardlab waits for it), and its answer carries the thinking
 * time the host measured, so the referee can tell the host's overhead apart. A fault of the player
 * (an exception, a time-out, an exit, a crash, out of memory, too many threads, too much CPU)
 * fails the move with a {@link PlayerFault} that says what happened; the host is then killed and a
 * fresh one started for the next game.
 */
final class HostedPlayer implements AsyncPlayer, LimitedPlayer, AutoCloseable {

    private final HostPool pool;
    private final String id;
    private final Function<PlayerLimits, HostSpec> specs;
    private final String description;
    private final Consumer<String> output;

    private PlayerLimits limits;
    private Duration timePerMove;
    private CompletableFuture<HostProcess> host;
    private volatile HostProcess current;
    private volatile boolean started;
    private volatile int sent;
    private long cpuMark = -1;
    private volatile boolean healthy = true;
    private volatile boolean closed;

    HostedPlayer(HostPool pool, String id, Function<PlayerLimits, HostSpec> specs, String description, Consumer<String> output) {
        this.pool = pool;
        this.id = id;
        this.specs = specs;
        this.description = description;
        this.output = output;
    }

    @Override
    public synchronized void limit(PlayerLimits limits, Duration timePerMove) {
        if (host != null) {
            return;
        }
        this.limits = limits;
        this.timePerMove = timePerMove;
        host = pool.acquire(specs.apply(limits));
        host.whenComplete((h, e) -> {
            if (h != null) {
                current = h;
                h.output(output);
                if (closed) {
                    release();
                }
            }
        });
    }

    @Override
    public CompletableFuture<Move> requestMove(MoveRequest request) {
        return requestTimedMove(request).thenApply(Timed::move);
    }

    @Override
    public CompletableFuture<Timed> requestTimedMove(MoveRequest request) {
        CompletableFuture<HostProcess> ready;
        synchronized (this) {
            if (host == null) {
                limit(PlayerLimits.DEFAULT, Duration.ofNanos(Math.max(1, request.remainingNanos())));
            }
            ready = host;
        }
        int moveNumber = request.state().ply() + 1;
        CompletableFuture<Timed> answer = ready
                .thenCompose(h -> {
                    h.atMove(moveNumber);
                    return started ? CompletableFuture.completedFuture(h) : startGame(h, request);
                })
                .thenCompose(h -> move(h, request))
                .handle((timed, error) -> {
                    if (error == null) {
                        return CompletableFuture.completedFuture(timed);
                    }
                    PlayerFault fault = HostPool.fault(error);
                    return CompletableFuture.<Timed>failedFuture(fault);
                })
                .thenCompose(f -> f);
        answer.whenComplete((t, e) -> {
            if (e instanceof CancellationException) {
                HostProcess h = current;
                if (h != null) {
                    h.tell("cancel"); // the game was stopped: the player may stop thinking
                }
            }
        });
        return answer;
    }

    /** Starts the game in the host: the game's class and options; the host creates the player. */
    private CompletableFuture<HostProcess> startGame(HostProcess h, MoveRequest request) {
        GameState state = request.state();
        Game game = state.game();
        // the host starts its copy of the game from the options and the moves: check it comes out the same
        GameState replay;
        try {
            replay = game.newGame(request.options());
            for (Move m : request.history()) {
                replay = replay.apply(replay.parseMove(m.notation()));
            }
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(new PlayerFault("cannot be played in its own process: the game's moves"
                    + " cannot be replayed from their notation (" + e.getMessage() + ")"));
        }
        if (!replay.boardText().equals(state.boardText()) || replay.sideToMove() != state.sideToMove()) {
            return CompletableFuture.failedFuture(new PlayerFault("cannot be played in its own process: this game did not"
                    + " start from the position of its options " + request.options()));
        }
        List<String> tokens = new ArrayList<>();
        tokens.add("game");
        tokens.add(game.getClass().getName());
        for (Map.Entry<String, String> o : request.options().asMap().entrySet()) {
            tokens.add(o.getKey() + "=" + o.getValue());
        }
        return h.request(Wire.line(tokens.toArray(String[]::new))).thenCompose(answer -> {
            if (answer.get(0).equals("ready")) {
                started = true;
                sent = 0;
                cpuMark = h.cpuNanos();
                return CompletableFuture.completedFuture(h);
            }
            healthy = false;
            return CompletableFuture.failedFuture(new PlayerFault(answer.size() > 1 ? answer.get(1) : "could not be created"));
        });
    }

    private CompletableFuture<Timed> move(HostProcess h, MoveRequest request) {
        List<Move> history = request.history();
        StringBuilder line = new StringBuilder("move ");
        long remainingMicros = Math.max(0, TimeUnit.NANOSECONDS.toMicros(request.remainingNanos()));
        line.append(remainingMicros).append(' ').append(request.seed());
        for (int i = sent; i < history.size(); i++) {
            line.append(' ').append(Wire.token(history.get(i).notation()));
        }
        sent = history.size();
        GameState state = request.state();
        return h.request(line.toString()).thenCompose(answer -> {
            // the host does not apply its own move: the referee may refuse it; it comes back in the next history
            String verb = answer.get(0);
            if (verb.equals("fail")) {
                String why = answer.size() > 1 ? answer.get(1) : "failed";
                if (why.contains("unable to create native thread")) {
                    healthy = false;
                    h.kill();
                    return CompletableFuture.failedFuture(new PlayerFault("could not start another thread: the limit is "
                            + limits.threads() + " threads; process killed"));
                }
                return CompletableFuture.failedFuture(new PlayerFault(why));
            }
            if (!verb.equals("move") || answer.size() != 3) {
                healthy = false;
                h.kill();
                return CompletableFuture.failedFuture(new PlayerFault("its host answered " + verb + ", not a move"));
            }
            long cpu = h.cpuNanos();
            long cpuLimit = limits.cpuPerMove(timePerMove).toNanos();
            if (cpuMark >= 0 && cpu - cpuMark > cpuLimit) {
                healthy = false;
                h.kill();
                return CompletableFuture.failedFuture(new PlayerFault(String.format(Locale.ROOT,
                        "used %.1f s of CPU time since its last move; the limit is %.1f s; process killed",
                        (cpu - cpuMark) / 1e9, cpuLimit / 1e9)));
            }
            cpuMark = cpu;
            String notation = answer.get(1);
            long thought = Long.parseLong(answer.get(2));
            if (notation.isEmpty()) {
                return CompletableFuture.completedFuture(new Timed(null, thought));
            }
            Move move;
            try {
                move = state.parseMove(notation);
            } catch (RuntimeException e) {
                move = new Unparsed(notation); // the referee names it an illegal move, with the game's reason
            }
            return CompletableFuture.completedFuture(new Timed(move, thought));
        });
    }

    /** A move that the game cannot read: the referee's check refuses it as illegal. */
    private record Unparsed(String notation) implements Move {
    }

    @Override
    public String timedOut() {
        healthy = false;
        HostProcess h = current;
        if (h == null) {
            // still starting (a cold start on a busy machine): it is ended when it is ready (see limit)
            return "no answer in " + seconds(timePerMove) + " (its host was still starting), process killed";
        }
        boolean threads = h.hitThreadLimit();
        h.kill();
        return "no answer in " + seconds(timePerMove) + ", process killed"
                + (threads ? " (it had tried to start more than " + limits.threads() + " threads)" : "");
    }

    private static String seconds(Duration d) {
        if (d == null) {
            return "time";
        }
        long ms = d.toMillis();
        return ms % 1000 == 0 ? ms / 1000 + " s" : String.format(Locale.ROOT, "%.1f s", ms / 1000.0);
    }

    @Override
    public void close() {
        closed = true;
        release();
    }

    private synchronized void release() {
        HostProcess h = current;
        if (h != null) {
            current = null;
            pool.release(h, healthy);
        }
        // a host not ready yet is released when it is (see limit)
    }

    @Override
    public String description() {
        return description;
    }

    @Override
    public String toString() {
        return id + " (in its own process)";
    }
}
