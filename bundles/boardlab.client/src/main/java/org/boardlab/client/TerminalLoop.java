package org.boardlab.client;

import java.io.BufferedReader;
import java.io.IOException;
import java.time.Duration;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.function.Consumer;
import org.boardlab.api.Move;

/**
 * The main loop of a {@link org.boardlab.client.TerminalClient}: it waits for whichever comes
 * first of a typed line, the end of the typed input, the end of the connection and, with a loaded
 * player, the end of its games. The typed lines are read on a daemon thread of their own, so that
 * a closed connection is noticed at once; that thread may stay blocked on the reader after
 * {@link #run} returns, so give each run its own reader.
 *
 * <p>Make the loop before connecting, so that {@link #connectionEnded()} and
 * {@link #gamesPlayed()} (from the client's listeners, on any thread) are never lost; what comes
 * before {@link #run} waits for it.
 */
public final class TerminalLoop {

    /** What the client does with a typed command. */
    @FunctionalInterface
    public interface Commands {
        /**
         * Acts on one typed line, trimmed (it may be empty).
         *
         * @return {@code true} when the user quits
         */
        boolean typed(String command);
    }

    /** How the client leaves when the user quits, the typed input ends or the games are played. */
    @FunctionalInterface
    public interface Exit {
        /** Leaves (for example says goodbye to the server) and returns the exit code. */
        int leave() throws InterruptedException;
    }

    private enum Kind { TYPED, TYPING_ENDED, CONNECTION_ENDED, GAMES_PLAYED }

    private record Input(Kind kind, String line) {
    }

    private final BlockingQueue<Input> inputs = new LinkedBlockingQueue<>();
    private final String threadName;
    private volatile boolean playsOn;

    /** A loop whose reading thread is called {@code threadName}, e.g. {@code othello-client-keyboard}. */
    public TerminalLoop(String threadName) {
        this.threadName = Objects.requireNonNull(threadName, "threadName");
    }

    /**
     * The end of the typed input no longer ends the run: a loaded player plays on until its games
     * are played or the connection ends, so {@code boardlab client ... --player ID < /dev/null}
     * works from a script (a lab server's bot, a grading run). Call before {@link #run}.
     */
    public TerminalLoop playOnWhenTypingEnds() {
        playsOn = true;
        return this;
    }

    /** The connection has ended: {@link #run} returns 1. Any thread. */
    public void connectionEnded() {
        inputs.add(new Input(Kind.CONNECTION_ENDED, null));
    }

    /** The loaded player has played its games: {@link #run} runs {@code played}, then leaves. Any thread. */
    public void gamesPlayed() {
        inputs.add(new Input(Kind.GAMES_PLAYED, null));
    }

    /**
     * Reads {@code in} on a daemon thread and runs until the user quits, the input ends (unless
     * {@link #playOnWhenTypingEnds()}), the connection ends or the games are played.
     *
     * @param commands acts on each typed line
     * @param played   runs first when the games are played (for example to say how many)
     * @param exit     leaves when the user quits, the typed input ends or the games are played
     * @return 1 when the connection ended first; otherwise what {@code exit} returns
     */
    public int run(BufferedReader in, Commands commands, Runnable played, Exit exit) throws InterruptedException {
        Objects.requireNonNull(in, "in");
        Thread keyboard = new Thread(() -> {
            try {
                String line;
                while ((line = in.readLine()) != null) {
                    inputs.add(new Input(Kind.TYPED, line));
                }
            } catch (IOException e) {
                // the typed input is gone: treated like its end
            }
            inputs.add(new Input(Kind.TYPING_ENDED, null));
        }, threadName);
        keyboard.setDaemon(true);
        keyboard.start();
        while (true) {
            Input input = inputs.take();
            switch (input.kind()) {
                case CONNECTION_ENDED -> {
                    return 1;
                }
                case GAMES_PLAYED -> {
                    played.run();
                    return exit.leave();
                }
                case TYPING_ENDED -> {
                    if (!playsOn) {
                        return exit.leave();
                    }
                }
                case TYPED -> {
                    if (commands.typed(input.line().trim())) {
                        return exit.leave();
                    }
                }
                default -> throw new IllegalStateException(input.kind().name());
            }
        }
    }

    /**
     * A seat listener that tells the person at the terminal what the loaded player does:
     * {@code alphabeta plays d3 (0.42 s)}, and {@code alphabeta: } before each problem.
     *
     * @param playerId the player's id, as the user named it
     * @param say      prints one line for the user
     */
    public static SeatListener seatReport(String playerId, Consumer<String> say) {
        Objects.requireNonNull(playerId, "playerId");
        Objects.requireNonNull(say, "say");
        return new SeatListener() {
            @Override
            public void played(Move move, Duration thought) {
                say.accept(playerId + " plays " + move.notation() + String.format(Locale.ROOT, " (%.2f s)", thought.toNanos() / 1e9));
            }

            @Override
            public void problem(String message) {
                say.accept(playerId + ": " + message);
            }
        };
    }
}
