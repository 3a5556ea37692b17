package org.boardlab.client;

import java.io.BufferedReader;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * One run of a protocol's {@link TerminalClient}: what every terminal client does, so that a
 * protocol's own class says only what its protocol shows and understands. It connects (giving up
 * after 30 s), seats a loaded player when {@code --player} asks for one, greets the user, runs the
 * {@link TerminalLoop} (typed commands, the end of the typed input, the games played, the end of
 * the connection), and tells the user why the connection ended or that it is being made again.
 *
 * <p>The subclass is the client's listener ({@link ClientListener#message}: say in words what the
 * server said), gives its constructor how to make the protocol's client and start its seat (for
 * example {@code () -> new OthelloClient(null)} and {@code OthelloSeat::start}), and fills in:
 * {@link #begin} (log in, join),
 * {@link #command} (one typed command), {@link #commands()} (the help line) and the words of the
 * greeting. It prints with {@link #say}.
 *
 * <p>Typed commands: an empty line does nothing; {@code quit} and {@code exit} leave ({@link #leave});
 * {@code help} lists {@link #commands()}; anything else goes to {@link #command}, and when that
 * does not know it the user is told. A command that cannot be sent now ({@link IllegalStateException})
 * is answered {@code not sent: ...}.
 *
 * @param <C> the protocol's client
 * @param <M> its messages from the server
 * @param <V> its value for what could not be read
 */
@ConsumerType
public abstract class TerminalSession<C extends NettyClient<C, M, V>, M, V> implements ClientListener<M, V> {

    /** How long {@link #run} waits for the connection. */
    static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(30);

    private final PrintWriter out;
    private final Supplier<C> clients;
    private final ClientSeat.Starter<C, M> seats;
    private final TerminalClient.AutoPlay autoPlay;
    private final TerminalLoop loop;
    private C client;
    private volatile boolean leaving;

    /**
     * A session that writes to {@code out}.
     *
     * @param protocol the protocol's id, for the name of the thread that reads the keyboard
     * @param clients  makes the client for the run, with the protocol's options; this session is
     *                 added as its listener
     * @param seats    seats a loaded player at the connected client (for {@code --player}); it
     *                 throws {@link IllegalArgumentException} if the player cannot play
     * @param autoPlay the loaded player that plays for the user, or {@code null} to play by hand
     */
    protected TerminalSession(String protocol, Supplier<C> clients, ClientSeat.Starter<C, M> seats,
            TerminalClient.AutoPlay autoPlay, PrintWriter out) {
        this.out = Objects.requireNonNull(out, "out");
        this.clients = Objects.requireNonNull(clients, "clients");
        this.seats = Objects.requireNonNull(seats, "seats");
        this.autoPlay = autoPlay;
        this.loop = new TerminalLoop(protocol + "-client-keyboard");
        if (autoPlay != null) {
            loop.playOnWhenTypingEnds(); // a script's empty input does not stop the loaded player
        }
    }

    /**
     * Connects to {@code host:port} and runs until the user quits, the typed input ends (unless a
     * loaded player plays), the player's games are played or the connection ends.
     *
     * @return 0 when the user quit, the input ended or the games are played (see {@link #leave}),
     *         1 when the client could not connect or the connection ended first
     */
    public final int run(String host, int port, BufferedReader in) throws InterruptedException {
        client = clients.get();
        client.addListener(this);
        try {
            client.connect(host, port).get(CONNECT_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            Throwable cause = e instanceof ExecutionException ? e.getCause() : e;
            say("cannot connect to " + host + ":" + port + ": " + cause.getMessage());
            client.close();
            return 1;
        }
        try {
            say(greeting(host, port) + "; commands: " + commands());
            ClientSeat<C, M, ?> seat = null;
            if (autoPlay != null) {
                seat = seats.start(client, autoPlay.player(), autoPlay.game(), autoPlay.seatOptions(),
                        TerminalLoop.seatReport(autoPlay.playerId(), this::say));
                seat.finished().thenRun(loop::gamesPlayed);
                say(autoPlay.playerId() + " plays for you: " + autoPlayGreeting(autoPlay));
            }
            begin(seat != null);
            ClientSeat<C, M, ?> played = seat;
            return loop.run(in, this::typed, () -> played(played.gamesPlayed()), () -> {
                leaving = true;
                return leave();
            });
        } finally {
            client.close();
        }
    }

    /**
     * For a protocol with names, before connecting: {@code null} when {@code name} may log in, else
     * what to tell the user: {@code give a name to log in with: --name NAME} when there is none, or
     * {@code cannot log in as 'NAME': REASON} when the protocol's rule refuses it.
     *
     * @param rule the protocol's name rule: throws {@link IllegalArgumentException} with the reason
     *             (for example the constructor of its login message)
     */
    public static String nameProblem(String name, Consumer<String> rule) {
        if (name == null || name.isBlank()) {
            return "give a name to log in with: --name NAME";
        }
        try {
            rule.accept(name);
            return null;
        } catch (IllegalArgumentException e) {
            return "cannot log in as '" + name + "': " + e.getMessage();
        }
    }

    /** The client, once {@link #run} has made it. */
    protected final C client() {
        return client;
    }

    /** The loaded player that plays for the user, or {@code null}. */
    protected final TerminalClient.AutoPlay autoPlay() {
        return autoPlay;
    }

    /**
     * For a typed move while a loaded player plays for the user: says that the player plays
     * {@code what} (e.g. {@code your moves}) and returns {@code true}; {@code false} when the user
     * plays by hand.
     */
    protected final boolean playerPlays(String what) {
        if (autoPlay == null) {
            return false;
        }
        say(autoPlay.playerId() + " plays " + what + "; type quit to stop");
        return true;
    }

    /** {@code true} once the user is leaving: the close that follows is not news. */
    protected final boolean leaving() {
        return leaving;
    }

    /** Prints one line (or several) for the user; any thread. */
    public final synchronized void say(String text) {
        out.println(text);
        out.flush();
    }

    /** {@code 1 game}, {@code 3 games}: with {@link #gameWord()}. */
    protected final String count(int n) {
        return n + " " + gameWord() + (n == 1 ? "" : "s");
    }

    private boolean typed(String line) {
        if (line.isEmpty()) {
            return false;
        }
        String[] words = line.split("\\s+", 2);
        String word = words[0].toLowerCase(Locale.ROOT);
        String arg = words.length > 1 ? words[1].trim() : "";
        if (word.equals("quit") || word.equals("exit")) {
            return true;
        }
        try {
            if (word.equals("help")) {
                say("commands: " + commands());
            } else if (!command(word, arg, line)) {
                say("unknown command '" + line + "'; commands: " + commands());
            }
        } catch (IllegalStateException e) {
            say("not sent: " + e.getMessage());
        }
        return false;
    }

    /**
     * What the protocol does first, once connected and greeted: for example log in, or join when no
     * seat does it.
     *
     * @param seated {@code true} when a loaded player's seat has started
     */
    protected abstract void begin(boolean seated);

    /**
     * Acts on one typed command other than {@code quit}, {@code exit} and {@code help}.
     *
     * @param word the first word, in lower case
     * @param arg  the rest of the line, trimmed ({@code ""} if none)
     * @param line the whole line, trimmed
     * @return {@code false} if the command is unknown
     * @throws IllegalStateException if it cannot be sent now (the user is told {@code not sent: ...})
     */
    protected abstract boolean command(String word, String arg, String line);

    /** The commands, for the greeting and {@code help}: for example {@code who, invite NAME, quit}. */
    protected abstract String commands();

    /** The start of the greeting, before {@code ; commands: ...}. Default: {@code connected to HOST:PORT}. */
    protected String greeting(String host, int port) {
        return "connected to " + host + ":" + port;
    }

    /** What the loaded player does for the user, after {@code ID plays for you: }. */
    protected abstract String autoPlayGreeting(TerminalClient.AutoPlay autoPlay);

    /** The protocol's word for a game, for {@link #count}. Default: {@code game}. */
    protected String gameWord() {
        return "game";
    }

    /** The loaded player has played its games, before {@link #leave}. Default: {@code played 3 games; bye}. */
    protected void played(int games) {
        say("played " + count(games) + "; bye");
    }

    /**
     * Leaves when the user quits, the typed input ends or the games are played ({@link #leaving()}
     * is {@code true} by then). Default: closes the client (a protocol may say goodbye in
     * {@link NettyClient#closeOpen}) and waits up to 2 s for the close.
     *
     * @return 0 if the connection was still open, 1 if it had already closed
     */
    protected int leave() throws InterruptedException {
        boolean open = !client.closeFuture().isDone();
        client.close();
        try {
            client.closeFuture().get(2, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            // closing is best effort: the process ends anyway
        }
        return open ? 0 : 1;
    }

    /** What to say when the server broke the protocol. Default: the reason's detail. */
    protected String protocolError(CloseReason reason) {
        return reason.detail();
    }

    /** Tells the user why the connection ended (unless it is the user's own leaving), and ends the run. */
    @Override
    public void closed(CloseReason reason) {
        if (!leaving) {
            switch (reason.kind()) {
                case CLIENT -> { }
                case SERVER -> say("the server closed the connection");
                case PROTOCOL_ERROR -> say(protocolError(reason));
                case FAILED -> say(reason.detail());
                default -> throw new IllegalStateException(reason.kind().name());
            }
        }
        loop.connectionEnded();
    }

    /** Tells the user the connection is being made again. */
    @Override
    public void reconnecting(CloseReason why, int attempt, Duration delay) {
        say("the connection was lost (" + why.detail() + "); connecting again in " + delay.toMillis() + " ms (attempt "
                + attempt + " of " + client.options().reconnect().attempts() + ")");
    }

    /** Tells the user the connection is back. */
    @Override
    public void reconnected() {
        say("connected again");
    }
}
