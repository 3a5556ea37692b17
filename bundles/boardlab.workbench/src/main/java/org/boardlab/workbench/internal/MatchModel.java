package org.boardlab.workbench.internal;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import org.boardlab.api.Game;
import org.boardlab.api.GameOptions;
import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.api.Side;
import org.boardlab.api.event.BoardlabEvent;
import org.boardlab.api.event.MatchEvent;
import org.boardlab.api.event.MatchOutcome;
import org.boardlab.api.event.RegistryEvent;
import org.boardlab.client.RemotePlay;
import org.boardlab.core.EventBus;
import org.boardlab.core.MatchJournal;
import org.boardlab.core.MatchJournal.Entry;
import org.boardlab.core.PlayerHosting;
import org.boardlab.core.Referee;
import org.boardlab.core.Registry;
import org.boardlab.core.Subscription;
import org.boardlab.server.ServerService;
import org.boardlab.server.Table;
import org.boardlab.server.WireTap;
import org.boardlab.store.StoredGame;

/**
 * The match controller without its widgets: what the Match view shows and what its buttons do,
 * tested without a display. Events come in (the event bus's match and registry events, a person's
 * moves, the buttons); positions, clocks, the move list and a status line go out, read by the view
 * when a {@link Part} it shows {@linkplain #onChange changed}.
 *
 * <p>It holds the commands and the status line, and hands the rest to its parts: {@link MatchSetup}
 * (the game, options and sides chosen), {@link PlayedMatch} (the core match played here),
 * {@link ShownGame} (the game shown, read from its {@link MatchJournal}, which the referee alone
 * writes: the model keeps no history of its own), {@link RemoteGame} (a side played on somebody's
 * server), {@link NetworkOffer} (a loaded player offered to network clients on the embedded server)
 * and {@link GameRecords} (records and stored games for replay).
 *
 * <p>Confined to one thread, the owner's (the UI thread in the workbench): every method must be
 * called on it, and everything that arrives from elsewhere (events, a person's turn, a network game
 * starting) is handed to it through the {@code owner} executor given to the constructor.
 */
final class MatchModel implements AutoCloseable, RemoteGame.Host {

    /** What changed, for the view to show again. */
    enum Part {
        /** The games and side choices offered, or the choices made. */
        CHOICES,
        /** The game whose board is shown (the board widget is made again). */
        GAME,
        /** The position shown or who may click on it. */
        BOARD,
        /** The move list (made again from {@link #moveLines()}). */
        MOVES,
        /** The status line. */
        STATUS,
        /** Paused or not, step by step or not. */
        MODE
    }

    /** The status line before a match. */
    static final String HINT = "Choose a game and who plays each side, then press Start.";

    private final Registry registry;
    private final Referee referee;
    private final ServerService server;
    private final Executor owner;
    private final List<Consumer<Part>> listeners = new CopyOnWriteArrayList<>();
    private final MatchSetup setup;
    private final ShownGame shown;
    private final PlayedMatch played;
    private final RemoteGame remote;
    private final GameRecords records;
    private final Subscription subscription;
    private final Subscription protocols;
    private final NetworkOffer offer;
    private String status = HINT;

    /**
     * @param server the embedded server, for network sides and server games; {@code null} for none
     * @param owner  runs tasks on the model's thread, in order
     */
    MatchModel(Registry registry, EventBus events, Referee referee, ServerService server, Executor owner) {
        this.registry = registry;
        this.referee = referee;
        this.server = server;
        this.owner = owner;
        this.shown = new ShownGame(owner, this::changed, this::showResult);
        this.setup = new MatchSetup(registry, server, () -> changed(Part.CHOICES));
        this.played = new PlayedMatch(referee, events, owner, shown, () -> changed(Part.STATUS));
        this.remote = new RemoteGame(registry, server, owner, this, played, shown);
        this.records = new GameRecords(registry);
        this.offer = new NetworkOffer(server);
        this.subscription = events.subscribe(this::onEvent, MatchEvent.class, RegistryEvent.class);
        // a protocol started after the window (the launcher starts them later) offers its seats then
        this.protocols = server == null ? () -> { }
                : server.onProtocolsChanged(() -> owner.execute(setup::registryChanged));
    }

    /** Where to learn the limits of players in their own process (the sandbox, when it is loaded). */
    void setHostings(Iterable<PlayerHosting> hostings) {
        setup.setHostings(hostings);
    }

    /**
     * Stores every game of the matches started here: {@code recorder} is called with the game's
     * journal when it ends (on the referee's thread; it reads the journal then) and returns at once
     * a stage completed with the stored game's id once committed (the store's writer). What it throws
     * or fails with is shown on the status line; the match goes on.
     */
    void recordWith(Function<MatchJournal, CompletionStage<Long>> recorder) {
        played.recordWith(recorder);
    }

    /** Calls {@code listener} on the model's thread with each part that changed. */
    void onChange(Consumer<Part> listener) {
        listeners.add(listener);
    }

    @Override
    public void changed(Part... parts) {
        for (Part part : parts) {
            for (Consumer<Part> listener : listeners) {
                listener.accept(part);
            }
        }
    }

    // --- choices (see MatchSetup) -------------------------------------------------------------------

    /** The game, options and sides chosen for the next match (choose the game with {@link #chooseGame}). */
    MatchSetup setup() {
        return setup;
    }

    /** The server to play on for a side that is the opponent on a server, and that game. */
    RemoteGame remote() {
        return remote;
    }

    /** Chooses the game of the next match; sides that cannot play it are chosen afresh. */
    void chooseGame(String id) {
        setup.chooseGame(id);
        showStartIfIdle();
    }

    /** The options of the next match (or restart), as {@code key=value} words. */
    void setOptions(String text) {
        setup.setOptions(text);
        showStartIfIdle();
    }

    private void showStartIfIdle() {
        if (!playing()) {
            forgetFinished();
            showStart();
        }
    }

    /**
     * Where to find the protocols' {@link RemotePlay} and where their connections' frames go
     * ({@code null}: not tapped).
     */
    void setRemotes(Supplier<List<RemotePlay>> remotes, WireTap tap) {
        remote.setTap(tap);
        setup.setRemotes(remotes);
    }

    boolean stepMode() {
        return played.stepMode();
    }

    void setStepMode(boolean step) {
        played.setStepMode(step);
        changed(Part.MODE);
    }

    /** {@code true} while a game is being played or watched (it has no result yet). */
    private boolean playing() {
        return played.any() && shown.result().isEmpty();
    }

    /** Lets go of a match or server game that is over, so that the next one starts afresh. */
    private void forgetFinished() {
        if (!shown.result().isEmpty()) {
            shown.unfollow();
            played.forget();
        }
    }

    // --- commands -------------------------------------------------------------------------------

    /** Starts a match of the chosen game between the chosen sides (ending the one in progress). */
    void start() {
        endMatch();
        try {
            Game g = registry.requireGame(setup.chosenGame());
            GameOptions options = setup.options();
            GameState start = g.newGame(options);
            if (setup.sideOf(SideChoices.Kind.REMOTE) != null) {
                shown.show(g, g.newGame(), new String[2]);
                status = remote.play(g, setup);
                changed(Part.STATUS, Part.MODE, Part.BOARD);
                return;
            }
            if (setup.sideOf(SideChoices.Kind.NETWORK) != null) {
                shown.show(g, start, new String[2]);
                Side net = setup.sideOf(SideChoices.Kind.NETWORK);
                say(offer.offer(g, SideChoices.protocolOf(setup.chosen(net)), setup.chosen(net.other()),
                        id -> owner.execute(() -> watch(id))));
                return;
            }
            MatchSetup.Seats seats = setup.seats(g, () -> owner.execute(() -> changed(Part.BOARD)));
            shown.show(g, start, seats.names());
            played.play(g, options, seats.seats(), seats.people(), setup.settings(), false, id -> { });
            status = "playing";
        } catch (RuntimeException e) {
            status = "cannot start: " + e.getMessage();
        }
        changed(Part.STATUS, Part.MODE, Part.BOARD);
    }

    /** Restarts the game of the match in progress with the options as they are now; starts a match if there is none. */
    void restart() {
        if (!played.running()) {
            start();
            return;
        }
        String said;
        try {
            said = played.restart(setup.options());
        } catch (IllegalArgumentException e) {
            said = "cannot restart: " + e.getMessage();
        }
        say(said);
    }

    /** Stops the match in progress (and leaves the server's lobby, or the server it plays on). */
    void stop() {
        offer.close();
        remote.close();
        played.stop();
    }

    void step() {
        played.step();
    }

    boolean paused() {
        return played.paused();
    }

    void togglePause() {
        if (played.togglePause()) {
            changed(Part.MODE);
        }
    }

    /** A move made on the board; taken if a person is to move now. */
    void boardMove(Move move) {
        played.boardMove(move);
    }

    /**
     * A move typed in notation.
     *
     * @return {@code true} if it was taken (the field may be emptied); otherwise the status says why not
     */
    boolean typedMove(String text) {
        String why = played.typedMove(text);
        if (why != null) {
            say(why);
        }
        return why == null;
    }

    /** Shows the position after move {@code ply} (0: the start) until {@link #live()}. */
    void view(int ply) {
        if (shown.view(ply)) {
            status = "replay: position after move " + ply + " (press Live to follow the game)";
            changed(Part.BOARD, Part.STATUS);
        }
    }

    /** Follows the game again after {@link #view}. */
    void live() {
        if (shown.live()) {
            status = shown.result().isEmpty() ? status : shown.result();
            changed(Part.BOARD, Part.STATUS);
        }
    }

    // --- what is shown (see ShownGame) ------------------------------------------------------------

    /** The game whose board is shown, or {@code null} when no game is loaded. */
    Game game() { return shown.game(); }
    GameState shownPosition() { return shown.position(); }
    Move shownLastMove() { return shown.lastMove(); }
    String name(Side side) { return shown.name(side); }
    List<Entry> moveLines() { return shown.moveLines(); }
    String moveText(Entry entry) { return shown.moveText(entry); }
    String sideTitle(Side side) { return shown.sideTitle(side); }
    String clock(Side side, long nowNanos) { return shown.clock(side, nowNanos); }
    /** The game's result in words, or empty while it goes on. */
    String result() { return shown.result(); }

    /** The side a person plays and must move now, while the live position is shown; else {@code null}. */
    Side clickable() {
        return played.clickable();
    }

    String status() {
        return shown.result().isEmpty() || played.stored().isEmpty() ? status : status + "\n" + played.stored();
    }

    /** The status line says {@code text}. */
    @Override
    public void say(String text) {
        status = text;
        changed(Part.STATUS);
    }

    /** What the status line said last, without the note of a stored game. */
    @Override
    public String said() {
        return status;
    }

    /** Says {@code text} on the status line (what went wrong outside the model, such as a store that cannot be read). */
    void showStatus(String text) {
        say(text);
    }

    // --- events -----------------------------------------------------------------------------------

    /** On the publisher's thread: hands the event to the model's thread. */
    private void onEvent(BoardlabEvent event) {
        if (event instanceof RegistryEvent) {
            owner.execute(() -> {
                setup.registryChanged();
                showChosenGame(); // the first game arrived
            });
        } else if (event instanceof MatchEvent.Waiting waiting) {
            owner.execute(() -> {
                if (waiting.matchId() == played.followed()) {
                    say(waiting.detail()); // a player being replaced: the next game waits for it
                }
            });
        } else if (event instanceof MatchEvent.Started || event instanceof MatchEvent.ModeChanged) {
            MatchEvent e = (MatchEvent) event;
            owner.execute(() -> {
                if (e.matchId() != played.followed()) {
                    return;
                }
                if (e instanceof MatchEvent.ModeChanged mode) {
                    played.paused(mode.paused());
                    changed(Part.MODE);
                } else if (played.match() != null && played.match().journal() != shown.journal()) { // a restart: the new game's journal
                    shown.follow(played.match().journal());
                    say("playing");
                }
            });
        }
    }

    /** The game followed ended: the status says the result (on the model's thread). */
    private void showResult(MatchOutcome o) {
        String[] names = {shown.name(Side.FIRST), shown.name(Side.SECOND)};
        String end = remote.end();
        status = shown.result() + (showsGameMasterScores(shown.game()) ? "\nGame Master scores (seed 004): " + names[0] + " "
                + o.gmScores()[0] + ", " + names[1] + " " + o.gmScores()[1] : "") + (end == null ? "" : "\nthe server ended the game: " + end);
        changed(Part.STATUS, Part.BOARD);
    }

    /**
     * Whether a game's end shows seed 004's Game Master scores: only for the game seed 004's Game
     * Master plays, Reversi ({@code othello}), on an 8x8 board or any other size. The scores are a
     * formula of seed 004's (points and thinking time, 100 for the winner) for its own tournaments; for
     * Dots, Gomoku, Onitama or tic-tac-toe they would be a number their own seeds never mention.
     */
    static boolean showsGameMasterScores(Game g) {
        return g != null && "othello".equals(g.id());
    }

    /**
     * Shows a game of the embedded server (chosen in the Server view, or a network client's game
     * against an offered player) and follows it live, read-only, from its first move, from its journal;
     * or a game the referee plays for someone else (a tournament's).
     */
    void watch(long matchId) {
        Table table = server == null ? null
                : server.server().tables().stream().filter(t -> t.id() == matchId).findFirst().orElse(null);
        MatchJournal j = table != null ? table.journal() : referee.journal(matchId).orElse(null);
        if (j == null) {
            say("match " + matchId + " is not being played on the server (any more)");
            return;
        }
        played.watch(matchId);
        setup.takeGame(j.game().id());
        List<String> names = table != null ? table.names() : j.players();
        shown.names(names.get(0), names.get(1));
        shown.follow(j);
        MatchJournal.Snapshot now = shown.snapshot();
        if (!now.isOver()) {
            status = (table != null ? "watching match " + matchId + " on the server: " : "watching game " + matchId + ": ")
                    + names.get(0) + " vs " + names.get(1)
                    + (now.ply() == 0 ? "" : " (" + now.ply() + " moves played before it was opened)");
        }
        changed(Part.STATUS);
    }

    /** Before a match: the chosen game's start position with the options as typed (or its defaults, while they are wrong). */
    private void showStart() {
        Game g = setup.game();
        if (g != null) {
            status = setup.optionsProblem(HINT);
            shown.show(g, setup.start(), new String[2]);
            changed(Part.STATUS);
        }
    }

    /** Shows the chosen game's start, unless a game is shown already (called once the view is ready). */
    void showChosenGame() {
        if (shown.game() == null) {
            showStart();
        }
    }

    // --- records (see GameRecords) ------------------------------------------------------------------

    /** Writes the game shown as a record (see {@link org.boardlab.core.GameRecord}) to {@code file}; the status says how it went. */
    void writeRecord(Path file) {
        say(GameRecords.write(shown.record(), file));
    }

    /** Reads a record from {@code file} and shows it for replay; the status says how it went. */
    void readRecord(Path file) {
        status = records.read(file, this::showReplay);
        changed(Part.STATUS, Part.CHOICES);
    }

    /**
     * Shows a game from the store for replay: its moves in the move list with the times and clocks
     * it was stored with (a tournament's opening moves without), the board at its end; clicking a
     * move shows its position. The status says how it went.
     */
    void openStored(StoredGame game) {
        status = records.open(game, this::showReplay);
        changed(Part.STATUS, Part.CHOICES);
    }

    /** Shows {@code replay} (the match in progress ends). */
    private void showReplay(GameRecords.Replay replay) {
        endMatch();
        setup.takeRecord(replay.game().id(), replay.record().options());
        shown.showRecord(replay.game(), replay.snapshot(), new String[] {replay.record().first(), replay.record().second()},
                replay.record().result(), replay.record().options());
        played.forgetStored(); // what the last match's recording said is not about this game
    }

    // --- the end ----------------------------------------------------------------------------------

    private void endMatch() {
        offer.close();
        remote.close();
        shown.unfollow();
        shown.recordOptions(GameOptions.DEFAULT);
        played.end();
    }

    /** Stops the match in progress, leaves the lobby, and stops listening. */
    @Override
    public void close() {
        endMatch();
        subscription.close();
        protocols.close();
        listeners.clear();
    }
}
