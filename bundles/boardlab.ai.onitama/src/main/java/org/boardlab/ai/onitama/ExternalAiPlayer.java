package org.boardlab.ai.onitama;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javax.inject.Named;
import org.boardlab.api.AsyncPlayer;
import org.boardlab.api.Game;
import org.boardlab.api.IllegalMoveException;
import org.boardlab.api.Move;
import org.boardlab.api.MoveRequest;
import org.boardlab.game.onitama.Onitama;
import org.boardlab.game.onitama.OnitamaEncoding;
import org.boardlab.game.onitama.OnitamaPosition;

/**
 * An AI program in any language that speaks seed 001's AI interface, as a player: for each move
 * it is run once, as seed 001's server ran its {@code game_logic.py}, with three arguments
 *
 * <pre>
 *   PROGRAM... "4434400000000000000022122;EEL COBRA;MANTIS CRANE;MONKEY" 0 2
 *               board (25 digits) and cards              player  depth
 * </pre>
 *
 * (digits: 0 empty, 1/2 blue master/student, 3/4 red master/student, row 5 first; cards: blue's
 * two, red's two, the side card; player 0 blue, 1 red; see the {@code onitama} game bundle's
 * {@code OnitamaEncoding}) and it prints its move on the first line of its standard output:
 * {@code fromRow fromCol toRow toCol CARD}, e.g. {@code 4 3 3 3 CRANE} (row 0 is red's home row),
 * or {@code -1 -1 -1 -1 CARD} to give up CARD when no piece can move.
 *
 * <p>The program is named by the system property {@value #COMMAND} (a command line, split at
 * blanks, e.g. {@code python3 /home/ann/onitama_ai.py}); the depth passed is
 * {@value #DEPTH} (default 2, as the seed's server passed). A program that is not set, cannot
 * start, answers nothing or something that is not a move, or is still running at the deadline
 * fails the move (the referee then decides: a forfeit in a match), and one still running at the
 * deadline is killed.
 *
 * <p>It is an {@link AsyncPlayer}: while the program thinks no thread of the referee waits for it
 * (the JVM's own process reaper notices the exit), so many games against external programs do not
 * fill the referee's worker threads; the time the program ran is its thinking time.
 *
 * <p>So a student's AI plays in {@code boardlab match onitama onitama-external random}, in
 * tournaments, and as the server's PvE side ({@code -Dboardlab.onitama.normal=onitama-external}).
 */
@Named("onitama-external")
public final class ExternalAiPlayer implements AsyncPlayer {

    /** The system property with the program's command line. */
    public static final String COMMAND = "boardlab.onitama.external";

    /** The system property with the depth passed to it. */
    public static final String DEPTH = "boardlab.onitama.external.depth";

    /** How long after the request's deadline a program is killed when nobody cancelled the request. */
    public static final Duration LATE = Duration.ofSeconds(1);

    private final List<String> command;
    private final int depth;

    /** The program of the system properties. */
    public ExternalAiPlayer() {
        this(split(System.getProperty(COMMAND, "")), Integer.getInteger(DEPTH, 2));
    }

    /**
     * @param command the program and its first arguments; the position, player and depth are added
     * @param depth   the depth argument
     */
    public ExternalAiPlayer(List<String> command, int depth) {
        this.command = List.copyOf(command);
        this.depth = depth;
    }

    private static List<String> split(String line) {
        List<String> parts = new ArrayList<>();
        for (String p : line.trim().split("\\s+")) {
            if (!p.isEmpty()) {
                parts.add(p);
            }
        }
        return parts;
    }

    /**
     * Starts the program for the request's position and returns at once: the move comes when the
     * program exits, with the time it ran as its thinking time, and no thread waits for it meanwhile
     * (the referee asks it like a network client). Cancelling the future, as the referee does at the
     * deadline, kills the program; a caller that does not cancel has it killed {@link #LATE} after
     * the request's deadline, and the move failed.
     *
     * @throws IllegalArgumentException if the position is not Onitama's
     * @throws IllegalStateException    if no program is set or it cannot start
     */
    @Override
    public CompletableFuture<Timed> requestTimedMove(MoveRequest request) {
        if (!(request.state() instanceof OnitamaPosition position)) {
            throw new IllegalArgumentException("onitama-external plays only Onitama");
        }
        if (command.isEmpty()) {
            throw new IllegalStateException("no AI program is set: start boardlab with -D" + COMMAND
                    + "=\"python3 /path/to/your_ai.py\"");
        }
        String encoded = OnitamaEncoding.format(position);
        int blank = encoded.lastIndexOf(' ');
        List<String> run = new ArrayList<>(command);
        run.add(encoded.substring(0, blank));
        run.add(encoded.substring(blank + 1));
        run.add(Integer.toString(depth));
        Process process;
        try {
            process = new ProcessBuilder(run).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        } catch (IOException e) {
            throw new IllegalStateException("cannot start the AI program " + String.join(" ", command) + ": "
                    + e.getMessage(), e);
        }
        long started = System.nanoTime();
        CompletableFuture<Timed> answer = new CompletableFuture<>();
        answer.whenComplete((t, e) -> process.destroyForcibly()); // answered, failed, cancelled or out of time
        process.onExit().thenAccept(p -> {
            long ran = System.nanoTime() - started;
            try {
                answer.complete(new Timed(answer(p), ran));
            } catch (RuntimeException e) {
                answer.completeExceptionally(e);
            }
        });
        long left = Math.max(0, request.deadlineNanos() - System.nanoTime()) + LATE.toNanos();
        CompletableFuture.delayedExecutor(left, TimeUnit.NANOSECONDS).execute(() -> answer.completeExceptionally(late()));
        return answer;
    }

    private static IllegalStateException late() {
        return new IllegalStateException("the AI program did not answer in time");
    }

    /** The move of a program that has exited: the first line it printed. */
    private static Move answer(Process exited) {
        try (BufferedReader out = new BufferedReader(new InputStreamReader(exited.getInputStream(), StandardCharsets.US_ASCII))) {
            String line = out.readLine();
            if (line == null || line.isBlank()) {
                throw new IllegalStateException("the AI program printed no move (exit code " + exited.exitValue() + ")");
            }
            return OnitamaEncoding.parseAnswer(line);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read the AI program's answer: " + e.getMessage(), e);
        }
    }

    /** As {@link #requestTimedMove}; cancelling the future kills the program. */
    @Override
    public CompletableFuture<Move> requestMove(MoveRequest request) {
        CompletableFuture<Timed> timed = requestTimedMove(request);
        CompletableFuture<Move> move = timed.thenApply(Timed::move);
        move.whenComplete((m, e) -> {
            if (move.isCancelled()) {
                timed.cancel(true);
            }
        });
        return move;
    }

    /**
     * Runs the program for the request's position and waits for its move, at most until the
     * request's deadline (the blocking form, for callers outside the referee).
     *
     * @throws IllegalStateException if no program is set, it cannot start, it runs past the deadline,
     *         or it exits without printing a line
     * @throws IllegalMoveException  if its line is not a move in the seed's answer format
     */
    @Override
    public Move chooseMove(MoveRequest request) {
        CompletableFuture<Timed> answer = requestTimedMove(request);
        try {
            return answer.get(Math.max(0, request.deadlineNanos() - System.nanoTime()), TimeUnit.NANOSECONDS).move();
        } catch (TimeoutException e) {
            answer.cancel(true);
            throw late();
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            answer.cancel(true);
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the AI program thought");
        }
    }

    /** The referee's deadline passed: the program is killed when the referee cancels the request. */
    @Override
    public String timedOut() {
        return "the AI program was killed";
    }

    @Override
    public boolean supports(Game game) {
        return Onitama.ID.equals(game.id());
    }

    @Override
    public String description() {
        return "an AI program speaking seed 001's interface (-D" + COMMAND + "="
                + (command.isEmpty() ? "not set" : String.join(" ", command)) + ", depth " + depth + ")";
    }
}
