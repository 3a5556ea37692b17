package org.boardlab.workbench.internal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import org.boardlab.api.Game;
import org.boardlab.api.GameOptions;
import org.boardlab.api.GameState;
import org.boardlab.api.IllegalMoveException;
import org.boardlab.api.Move;
import org.boardlab.api.Side;
import org.boardlab.api.event.BoardlabEvent;
import org.boardlab.api.event.MatchEvent;
import org.boardlab.api.event.MatchOutcome;
import org.boardlab.core.MatchJournal.Entry;
import org.boardlab.api.event.RegistryEvent;
import org.boardlab.core.Component;
import org.boardlab.core.EventBus;
import org.boardlab.core.GameRecord;
import org.boardlab.core.Match;
import org.boardlab.core.MatchJournal;
import org.boardlab.core.MatchSettings;
import org.boardlab.core.PlayerSeat;
import org.boardlab.core.Referee;
import org.boardlab.core.Registry;
import org.boardlab.core.Subscription;
import org.boardlab.server.PlayerOffer;
import org.boardlab.server.ServerService;
import org.boardlab.server.ServerProtocol;
import org.boardlab.server.Table;
import org.boardlab.workbench.TimeSplit;

/**
 * The match controller without its widgets: what the Match view shows and what its buttons do,
 * tested without a display. Events come in (the event bus's match and registry events, a person's
 * moves, the buttons); positions, clocks, the move list and a status line go out, read by the view
 * when a {@link Part} it shows {@linkplain #onChange changed}.
 *
 * <p>The game shown is read from its {@link MatchJournal} (the referee's one history of it: moves,
 * positions, times split into network, thinking and the rest, clocks, turn, outcome), followed from
 * its first move, whether it is a match of this view or a game of the embedded server; the model
 * keeps no history of its own. An imported record is shown as a journal snapshot made from it.
 *
 * <p>Confined to one thread, the owner's (the UI thread in the workbench): every method must be
 * called on it, and everything that arrives from elsewhere (events, a person's turn, a network game
 * starting) is handed to it through the {@code owner} executor given to the constructor.
 *
 * <p>A side is chosen as a string from {@link #sideChoices()}: {@link SideChoices#HUMAN}, a loaded
 * player's id, or a network client of a protocol; a new kind of side (a remote Game Master, say) is a
 * new {@link SideChoices.Kind}.
 */
final class MatchModel implements AutoCloseable {

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

    /** The name a loaded player offered to network clients has in the server's lobby. */
    static final String LOBBY_NAME = "workbench";

    private final Registry registry;
    private final EventBus events;
    private final Referee referee;
    private final ServerService server;
    private final Executor owner;
    private final SideChoices choices;
    private final List<Consumer<Part>> listeners = new CopyOnWriteArrayList<>();
    private final Subscription subscription;

    // what the person chose
    private String gameId;
    private String optionsText = "";
    private final String[] chosen = new String[2];
    private int secondsPerMove = 10;
    private int delayMillis = 300;
    private boolean stepMode;

    // the game shown
    private Game game;
    private Match match;
    private PlayerOffer offer;
    /** The match whose events are followed: ours, or a server game's (0: none). */
    private long followed;
    private final HumanPlayer[] humans = new HumanPlayer[2];
    private final String[] names = new String[2];
    /** The journal followed, or {@code null} (before a game, or an imported record). */
    private MatchJournal journal;
    private Subscription following;
    /** The game shown, as its journal had it when last told (or made from a record); {@code null} before a game. */
    private MatchJournal.Snapshot shown;
    private boolean paused;
    private int viewing = -1;
    private String result = "";
    /** The options of an imported record. */
    private GameOptions recordOptions = GameOptions.DEFAULT;
    /** The status line before a match. */
    static final String HINT = "Choose a game and who plays each side, then press Start.";
    private String status = HINT;

    /**
     * @param server the embedded server, for network sides and server games; {@code null} for none
     * @param owner  runs tasks on the model's thread, in order
     */
    MatchModel(Registry registry, EventBus events, Referee referee, ServerService server, Executor owner) {
        this.registry = registry;
        this.events = events;
        this.referee = referee;
        this.server = server;
        this.owner = owner;
        this.choices = new SideChoices(registry);
        List<String> games = games();
        gameId = games.contains("othello") ? "othello" : games.isEmpty() ? null : games.get(0);
        refreshChoices();
        this.subscription = events.subscribe(this::onEvent, MatchEvent.class, RegistryEvent.class);
    }

    /** The player hostings loaded (boardlab.sandbox), live; none outside the workbench's tests. */
    private Iterable<org.boardlab.core.PlayerHosting> hostings = List.of();

    /** Where to learn the limits of players in their own process (the sandbox, when it is loaded). */
    void setHostings(Iterable<org.boardlab.core.PlayerHosting> hostings) {
        this.hostings = hostings;
    }

    /**
     * The limits of the chosen sides that run in a process of their own (students' players), with what this
     * machine cannot enforce; empty when no chosen side does.
     */
    String limitsText() {
        List<String> engines = new ArrayList<>();
        for (String id : chosen) {
            if (id == null || engines.stream().anyMatch(e -> e.startsWith(id + ": "))) {
                continue;
            }
            for (org.boardlab.core.PlayerHosting hosting : hostings) {
                // an engine: its descriptor sets its limits
                hosting.engineLimits(id).ifPresent(limits -> engines.add(id + ": " + hosting.describe(limits).replaceFirst("^heap", "memory")));
            }
        }
        String engineText = engines.isEmpty() ? "" : String.join("; ", engines) + " (an engine in its own process; the wall time is the time per move)";
        String hostedText = hostedText();
        return hostedText.isEmpty() ? engineText : engineText.isEmpty() ? hostedText : hostedText + ". " + engineText;
    }

    private String hostedText() {
        List<String> hosted = new ArrayList<>();
        for (String id : chosen) {
            if (id != null && !hosted.contains(id) && registry.player(id).map(org.boardlab.core.PlayerHosting::hosted).orElse(false)) {
                hosted.add(id);
            }
        }
        if (hosted.isEmpty()) {
            return "";
        }
        for (org.boardlab.core.PlayerHosting hosting : hostings) {
            return String.join(", ", hosted) + (hosted.size() == 1 ? " runs" : " run") + " in its own process: "
                    + hosting.describe(org.boardlab.core.PlayerLimits.DEFAULT) + "; the wall time is the time per move";
        }
        return "";
    }

    /**
     * Stores every game of the matches started here: {@code recorder} is called with the game's
     * journal when it ends (on the referee's thread; it reads the journal then) and returns at once
     * a stage completed with the stored game's id once committed (the store's writer). What it throws
     * or fails with is shown on the status line; the match goes on.
     */
    void recordWith(java.util.function.Function<MatchJournal, java.util.concurrent.CompletionStage<Long>> recorder) {
        this.recorder = recorder;
    }

    private volatile java.util.function.Function<MatchJournal, java.util.concurrent.CompletionStage<Long>> recorder;
    /** What the last recording said ("stored as game 12", or why not), shown after the result. */
    private String stored = "";

    /** What the last recording said, or {@code ""}. */
    String stored() {
        return stored;
    }

    /** Calls {@code listener} on the model's thread with each part that changed. */
    void onChange(Consumer<Part> listener) {
        listeners.add(listener);
    }

    private void changed(Part... parts) {
        for (Part part : parts) {
            for (Consumer<Part> listener : listeners) {
                listener.accept(part);
            }
        }
    }

    // --- choices --------------------------------------------------------------------------------

    /** The loaded games' ids, sorted. */
    List<String> games() {
        return registry.all(RegistryEvent.Kind.GAME).stream().map(Component::id).toList();
    }

    /** The game chosen, or {@code null} when none is loaded. */
    String chosenGame() {
        return gameId;
    }

    /** Chooses the game of the next match; sides that cannot play it are chosen afresh. */
    void chooseGame(String id) {
        registry.requireGame(id);
        gameId = id;
        refreshChoices();
        if (!playing()) {
            forgetFinished();
            showStart();
        }
    }

    /** Who may play a side of the chosen game. */
    List<String> sideChoices() {
        Game g = registry.game(gameId == null ? "" : gameId).map(Component::get).orElse(null);
        List<String> protocols = new ArrayList<>();
        if (server != null && g != null) {
            server.server().protocols().stream().filter(ServerProtocol::seatsLoadedPlayers).map(ServerProtocol::protocol)
                    .filter(p -> p.gameId().equals(g.id())).forEach(p -> protocols.add(p.id()));
            protocols.sort(null);
        }
        List<String> remoteIds = new ArrayList<>();
        if (g != null) {
            for (org.boardlab.client.RemotePlay r : remotes.get()) {
                if (r.gameId().equals(g.id()) && !remoteIds.contains(r.protocolId())) {
                    remoteIds.add(r.protocolId());
                }
            }
            remoteIds.sort(null);
        }
        List<String> list = choices.of(g, protocols, remoteIds);
        for (String c : chosen) { // a chosen player whose bundle is being replaced stays chosen
            if (c != null && !list.contains(c) && SideChoices.kind(c) == SideChoices.Kind.PLAYER && registry.player(c).isEmpty()) {
                list.add(c);
            }
        }
        return list;
    }

    /** The choice for {@code side}. */
    String chosen(Side side) {
        return chosen[side.index()];
    }

    void choose(Side side, String choice) {
        if (!sideChoices().contains(choice)) {
            throw new IllegalArgumentException(choice + " cannot play " + gameId);
        }
        chosen[side.index()] = choice;
        changed(Part.CHOICES);
    }

    /**
     * Keeps each side's choice while it is still offered, or while it is a player that is not loaded
     * right now (its jar being replaced); otherwise chooses a person for the first side and the first
     * player for the second.
     */
    private void refreshChoices() {
        List<String> offered = sideChoices();
        Game g = registry.game(gameId == null ? "" : gameId).map(Component::get).orElse(null);
        for (int i = 0; i < 2; i++) {
            String c = chosen[i];
            boolean keep = c != null && (offered.contains(c) && (SideChoices.kind(c) != SideChoices.Kind.PLAYER
                    || registry.player(c).isEmpty() || g == null || choices.supports(c, g)));
            if (!keep) {
                chosen[i] = i == 0 || offered.size() < 2 ? SideChoices.HUMAN : offered.get(1);
            }
        }
        changed(Part.CHOICES);
    }

    String optionsText() {
        return optionsText;
    }

    /** The options of the next match (or restart), as {@code key=value} words. */
    void setOptions(String text) {
        optionsText = text == null ? "" : text.trim();
        if (!playing()) {
            forgetFinished();
            showStart();
        }
    }

    /** {@code true} while a game is being played or watched (it has no result yet). */
    private boolean playing() {
        return (match != null || followed != 0) && result.isEmpty();
    }

    /** Lets go of a match or server game that is over, so that the next one starts afresh. */
    private void forgetFinished() {
        if (!result.isEmpty()) {
            unfollow();
            match = null;
            followed = 0;
            humans[0] = humans[1] = null;
        }
    }

    private GameOptions options() {
        return GameOptions.parse(optionsText.isEmpty() ? List.of() : List.of(optionsText.split("\\s+")));
    }

    int secondsPerMove() {
        return secondsPerMove;
    }

    void setSecondsPerMove(int seconds) {
        secondsPerMove = seconds;
    }

    int delayMillis() {
        return delayMillis;
    }

    void setDelayMillis(int millis) {
        delayMillis = millis;
    }

    boolean stepMode() {
        return stepMode;
    }

    void setStepMode(boolean step) {
        stepMode = step;
        if (match != null) {
            match.setMode(step ? Match.Mode.STEP : Match.Mode.CONTINUOUS);
        }
        changed(Part.MODE);
    }

    // --- commands -------------------------------------------------------------------------------

    /** Starts a match of the chosen game between the chosen sides (ending the one in progress). */
    void start() {
        endMatch();
        try {
            Game g = registry.requireGame(gameId);
            GameOptions options = options();
            GameState start = g.newGame(options);
            if (SideChoices.kind(chosen[0]) == SideChoices.Kind.REMOTE || SideChoices.kind(chosen[1]) == SideChoices.Kind.REMOTE) {
                showGame(g, g.newGame(), new String[2]);
                playRemote(g);
                changed(Part.STATUS, Part.MODE, Part.BOARD);
                return;
            }
            if (SideChoices.kind(chosen[0]) == SideChoices.Kind.NETWORK || SideChoices.kind(chosen[1]) == SideChoices.Kind.NETWORK) {
                showGame(g, start, new String[2]);
                offerToTheNetwork(g);
                return;
            }
            PlayerSeat[] seats = new PlayerSeat[2];
            HumanPlayer[] people = new HumanPlayer[2];
            String[] named = new String[2];
            for (int i = 0; i < 2; i++) {
                named[i] = chosen[i].equals(SideChoices.HUMAN) ? "you" : chosen[i];
                if (chosen[i].equals(SideChoices.HUMAN)) {
                    HumanPlayer human = new HumanPlayer(state -> owner.execute(() -> changed(Part.BOARD)));
                    people[i] = human;
                    seats[i] = new PlayerSeat(named[i], () -> human);
                } else {
                    if (!choices.supports(chosen[i], g)) {
                        registry.requirePlayer(chosen[i]); // says which players are loaded
                        throw new IllegalArgumentException("the player " + chosen[i] + " cannot play " + g.id());
                    }
                    seats[i] = PlayerSeat.of(registry, chosen[i]);
                }
            }
            if (named[0].equals(named[1])) {
                named[0] += "#1";
                named[1] += "#2";
                seats[0] = new PlayerSeat(named[0], seats[0].players());
                seats[1] = new PlayerSeat(named[1], seats[1].players());
            }
            MatchSettings settings = MatchSettings.defaults().withTimePerMove(Duration.ofSeconds(secondsPerMove))
                    .withMoveDelay(Duration.ofMillis(delayMillis)).withAlternateSides(false).withSeed(System.nanoTime());
            showGame(g, start, named);
            System.arraycopy(people, 0, humans, 0, 2);
            match = new Match(referee, g, options, seats[0], seats[1], settings, events);
            stored = "";
            Match started = match;
            java.util.function.Function<MatchJournal, java.util.concurrent.CompletionStage<Long>> store = recorder;
            if (store != null) {
                started.onGameResult(r -> {
                    java.util.concurrent.CompletionStage<Long> saved;
                    try {
                        saved = store.apply(started.journal());
                    } catch (RuntimeException e) {
                        saved = java.util.concurrent.CompletableFuture.failedFuture(e);
                    }
                    saved.whenComplete((id, e) -> {
                        Throwable why = e instanceof java.util.concurrent.CompletionException && e.getCause() != null ? e.getCause() : e;
                        String note = why == null ? "stored as game " + id : "not stored: " + why.getMessage();
                        owner.execute(() -> {
                            stored = note;
                            changed(Part.STATUS);
                        });
                    });
                });
            }
            followed = match.id();
            follow(match.journal());
            match.setMode(stepMode ? Match.Mode.STEP : Match.Mode.CONTINUOUS);
            paused = false;
            match.start();
            status = "playing";
        } catch (RuntimeException e) {
            status = "cannot start: " + e.getMessage();
        }
        changed(Part.STATUS, Part.MODE, Part.BOARD);
    }

    /**
     * One side is a network client: the other, a loaded player, is offered on the embedded server
     * (see {@link ServerService#offer}); its game is then followed like any server game.
     */
    private void offerToTheNetwork(Game g) {
        int net = SideChoices.kind(chosen[0]) == SideChoices.Kind.NETWORK ? 0 : 1;
        String protocolId = SideChoices.protocolOf(chosen[net]);
        String other = chosen[1 - net];
        if (SideChoices.kind(other) != SideChoices.Kind.PLAYER) {
            status = "a network client plays against a loaded player; a person plays a networked game with 'boardlab client "
                    + protocolId + "'";
        } else if (server == null) {
            status = "there is no embedded server in this workbench";
        } else {
            try {
                offer = server.offer(LOBBY_NAME, other, g.id(), protocolId, System.getProperty("boardlab.server.bind", "127.0.0.1"),
                        table -> owner.execute(() -> watch(table.id())));
                status = offer.describe();
            } catch (org.boardlab.server.LobbyException | RuntimeException e) {
                status = "cannot offer " + other + " on the server: " + e.getMessage();
            }
        }
        changed(Part.STATUS);
    }

    // --- the opponent on somebody's server ---------------------------------------------------------

    /** The protocols' ways to play on a server by address (from the protocol bundles, live). */
    private java.util.function.Supplier<List<org.boardlab.client.RemotePlay>> remotes = List::of;
    /** Where the frames of the workbench's own client connections go (the inspector listens). */
    private org.boardlab.server.WireTap clientTap;
    private String remoteAddress = "127.0.0.1:10000";
    private String remoteName = "workbench";
    private String remoteInvite = "";
    private org.boardlab.client.RemotePlay.Session remote;
    /** Counts the games started on servers: news of an older one is dropped. */
    private int remoteGeneration;
    /** The connection's tap handler (its frames in the inspector), or {@code null}. */
    private org.boardlab.server.ClientTap remoteTap;
    /** What the server said when it ended the game, or {@code null}. */
    private String remoteEnd;

    /**
     * Where to find the protocols' {@link org.boardlab.client.RemotePlay} and where their connections'
     * frames go ({@code null}: not tapped).
     */
    void setRemotes(java.util.function.Supplier<List<org.boardlab.client.RemotePlay>> remotes, org.boardlab.server.WireTap tap) {
        this.remotes = remotes;
        this.clientTap = tap;
        refreshChoices();
    }

    String remoteAddress() {
        return remoteAddress;
    }

    /** The server's address for a side played on a server: {@code HOST:PORT}. */
    void setRemoteAddress(String address) {
        remoteAddress = address == null ? "" : address.trim();
    }

    String remoteName() {
        return remoteName;
    }

    /** The name to log in with on the server (protocols with names). */
    void setRemoteName(String name) {
        remoteName = name == null ? "" : name.trim();
    }

    String remoteInvite() {
        return remoteInvite;
    }

    /** Whom to invite on the server (protocols with a lobby); empty: accept the first invitation. */
    void setRemoteInvite(String name) {
        remoteInvite = name == null ? "" : name.trim();
    }

    /** The connection's id in the inspector while the workbench plays on a server, else {@code 0}. */
    long remoteConnection() {
        return remoteTap == null ? 0 : remoteTap.connectionId();
    }

    /** The moves the server told, for one side of the local copy of its game: the referee applies them as they come. */
    static final class Relay implements org.boardlab.core.AsyncPlayer {
        private final java.util.ArrayDeque<String> moves = new java.util.ArrayDeque<>();
        private java.util.concurrent.CompletableFuture<Move> pending;
        private GameState pendingState;

        /**
         * A move the server told. The waiting request is taken before it is answered, and answered outside
         * the lock: the referee, answered, may at once ask this relay again (after a pass it played itself).
         */
        void moved(String notation) {
            java.util.concurrent.CompletableFuture<Move> waiting;
            GameState state;
            synchronized (this) {
                if (pending == null || pending.isDone()) {
                    moves.add(notation);
                    return;
                }
                waiting = pending;
                state = pendingState;
                pending = null;
            }
            answer(waiting, state, notation);
        }

        @Override
        public synchronized java.util.concurrent.CompletableFuture<Move> requestMove(org.boardlab.api.MoveRequest request) {
            java.util.concurrent.CompletableFuture<Move> f = new java.util.concurrent.CompletableFuture<>();
            String next = moves.poll();
            if (next != null) {
                answer(f, request.state(), next);
            } else {
                pending = f;
                pendingState = request.state();
            }
            return f;
        }

        private static void answer(java.util.concurrent.CompletableFuture<Move> f, GameState state, String notation) {
            try {
                f.complete(state.parseMove(notation));
            } catch (RuntimeException e) {
                f.completeExceptionally(new IllegalStateException("the server's move " + notation + " cannot be read here: " + e.getMessage()));
            }
        }

        @Override
        public String description() {
            return "the moves the server tells";
        }
    }

    /**
     * One side is the opponent on somebody's server: the other side (a person at this board, or a loaded
     * player) connects there and plays one game the protocol's way; the server's game is shown here as a
     * local copy that the referee plays from the moves the server tells (so a move the rules here refuse
     * shows as that side's forfeit with the reason), and the connection's frames go to the inspector.
     */
    private void playRemote(Game g) {
        int r = SideChoices.kind(chosen[0]) == SideChoices.Kind.REMOTE ? 0 : 1;
        String here = chosen[1 - r];
        SideChoices.Kind hereKind = SideChoices.kind(here);
        String protocolId = SideChoices.protocolOf(chosen[r]);
        if (hereKind == SideChoices.Kind.REMOTE || hereKind == SideChoices.Kind.NETWORK) {
            status = "the side here plays on the server: choose a person at this board or a loaded player for it";
            return;
        }
        org.boardlab.client.RemotePlay play = remotes.get().stream().filter(p -> p.protocolId().equals(protocolId)).findFirst()
                .orElse(null);
        if (play == null) {
            status = "the protocol " + protocolId + " is not loaded";
            return;
        }
        int colon = remoteAddress.lastIndexOf(':');
        int port;
        try {
            port = Integer.parseInt(remoteAddress.substring(colon + 1));
            if (colon <= 0 || port < 1 || port > 65535) {
                throw new NumberFormatException();
            }
        } catch (RuntimeException e) {
            status = "the server's address is HOST:PORT, e.g. 127.0.0.1:" + (protocolId.equals("gomoku") ? 23334 : protocolId.equals("dots") ? 8888 : 10000)
                    + "; not '" + remoteAddress + "'";
            return;
        }
        String host = remoteAddress.substring(0, colon);
        HumanPlayer human = null;
        org.boardlab.api.Player player;
        if (hereKind == SideChoices.Kind.HUMAN) {
            human = new HumanPlayer(state -> owner.execute(() -> changed(Part.BOARD)));
            player = human;
        } else {
            if (!choices.supports(here, g)) {
                registry.requirePlayer(here);
                status = "the player " + here + " cannot play " + g.id();
                return;
            }
            player = (org.boardlab.api.Player) registry.requirePlayer(here).get();
        }
        String given = remoteName.isEmpty() ? "workbench" : remoteName;
        // what the board, the status, the inspector and the stored game call this side: the Name field may hold more
        // than the name (Dots: NAME PASSWORD), and a password is shown nowhere
        String name = play.playerName(given);
        ServerProtocol sp = server == null ? null
                : server.server().protocols().stream().filter(p -> p.protocol().id().equals(protocolId)).findFirst().orElse(null);
        org.boardlab.api.Protocol described = sp != null ? sp.protocol() : org.boardlab.server.faults.RawBytes.INSTANCE;
        org.boardlab.server.ClientTap tapHandler = clientTap == null ? null
                : new org.boardlab.server.ClientTap(clientTap, described, sp == null ? null : sp::newTapFramer, name);
        remoteTap = tapHandler;
        remoteEnd = null;
        int generation = ++remoteGeneration;
        Relay[] relays = {new Relay(), new Relay()};
        HumanPlayer person = human;
        org.boardlab.client.RemotePlay.Events news = new org.boardlab.client.RemotePlay.Events() {
            @Override
            public void started(Side mine, String opponent) {
                owner.execute(() -> {
                    if (generation == remoteGeneration) {
                        remoteStarted(g, mine, name, opponent, person, relays, host + ":" + port);
                    }
                });
            }

            @Override
            public void moved(Side side, String move) {
                relays[side.index()].moved(move);
            }

            @Override
            public void ended(String result) {
                owner.execute(() -> remoteEnded(generation, result));
            }

            @Override
            public void said(String text) {
                owner.execute(() -> {
                    if (generation == remoteGeneration && remoteEnd == null && (match == null || !match.results().isDone())) {
                        status = text;
                        changed(Part.STATUS);
                    }
                });
            }

            @Override
            public void closed(String why) {
                owner.execute(() -> {
                    if (generation == remoteGeneration && remoteEnd == null) {
                        status = "the connection to " + host + ":" + port + " closed: " + why;
                        if (match != null && !match.results().isDone()) {
                            match.stop();
                        }
                        changed(Part.STATUS);
                    }
                });
            }
        };
        try {
            remote = play.open(new org.boardlab.client.RemotePlay.Request(host, port, given, remoteInvite, player, g,
                    hereKind == SideChoices.Kind.HUMAN ? Duration.ofHours(1) : Duration.ofSeconds(secondsPerMove),
                    pipeline -> {
                        if (tapHandler != null) {
                            pipeline.addFirst("boardlab-tap", tapHandler);
                        }
                    }), news);
        } catch (RuntimeException e) {
            status = "cannot play on " + host + ":" + port + ": " + e.getMessage();
            return;
        }
        remote.connected().whenComplete((ok, e) -> owner.execute(() -> {
            if (e != null && generation == remoteGeneration) {
                Throwable cause = e instanceof java.util.concurrent.CompletionException && e.getCause() != null ? e.getCause() : e;
                status = "cannot connect to " + host + ":" + port + ": " + (cause.getMessage() == null ? cause : cause.getMessage());
                changed(Part.STATUS);
            }
        }));
        String meet = play.howToMeet();
        status = "connecting to " + host + ":" + port + " (" + protocolId + ") as " + name + "; the server decides who plays "
                + g.sideName(Side.FIRST) + (meet == null ? "" : "; " + meet);
    }

    /** On the model's thread: the server started the game; its copy here is played from the moves it tells. */
    private void remoteStarted(Game g, Side mine, String name, String opponent, HumanPlayer person, Relay[] relays, String address) {
        String[] named = new String[2];
        named[mine.index()] = name;
        named[1 - mine.index()] = opponent.equals(name) ? opponent + " (on the server)" : opponent;
        PlayerSeat[] seats = new PlayerSeat[2];
        for (int i = 0; i < 2; i++) {
            Relay relay = relays[i];
            seats[i] = new PlayerSeat(named[i], () -> relay);
        }
        // the server keeps the time: the copy here waits as long as it takes, and shows no time left
        MatchSettings settings = MatchSettings.defaults().withTimePerMove(NO_CLOCK).withMoveDelay(Duration.ZERO)
                .withAlternateSides(false).withSeed(System.nanoTime());
        if (match != null) {
            match.stop();
        }
        unfollow();
        showGame(g, g.newGame(), named);
        humans[0] = humans[1] = null;
        humans[mine.index()] = person;
        match = new Match(referee, g, GameOptions.DEFAULT, seats[0], seats[1], settings, events);
        if (remoteTap != null) {
            remoteTap.matchId(match.id());
        }
        followed = match.id();
        follow(match.journal());
        match.setMode(Match.Mode.CONTINUOUS);
        paused = false;
        match.start();
        status = "playing on " + address + ": " + name + " (" + g.sideName(mine) + ", "
                + (person != null ? "you" : chosen[SideChoices.kind(chosen[0]) == SideChoices.Kind.REMOTE ? 1 : 0]) + ") against "
                + opponent + (person != null ? "; click the board when it is your turn" : "");
        changed(Part.STATUS, Part.MODE, Part.BOARD);
    }

    /** On the model's thread: the server says the game is over. */
    private void remoteEnded(int generation, String text) {
        if (generation != remoteGeneration) {
            return;
        }
        remoteEnd = text;
        status = (result.isEmpty() ? "" : status + "\n") + "the server ended the game: " + text;
        changed(Part.STATUS);
        Match m = match;
        // the copy here ends by itself with the last move; a game the server ended otherwise (a time-out) is stopped
        java.util.concurrent.CompletableFuture.delayedExecutor(2, java.util.concurrent.TimeUnit.SECONDS).execute(() -> owner.execute(() -> {
            if (m != null && m == match && !m.results().isDone()) {
                m.stop();
                status = "the server ended the game: " + text + " (before the copy here was over)";
                changed(Part.STATUS);
            }
        }));
    }

    /** The server's verdict on the game played there, or {@code null}. */
    String remoteEnd() {
        return remoteEnd;
    }

    private void closeRemote() {
        remoteGeneration++;
        remoteEnd = null;
        if (remote != null) {
            remote.close();
            remote = null;
        }
    }

    /** Restarts the game of the match in progress with the options as they are now; starts a match if there is none. */
    void restart() {
        if (match == null || match.results().isDone()) {
            start();
            return;
        }
        try {
            match.restart(options());
            status = "restarted";
        } catch (IllegalArgumentException e) {
            status = "cannot restart: " + e.getMessage();
        }
        changed(Part.STATUS);
    }

    /** Stops the match in progress (and leaves the server's lobby, or the server it plays on). */
    void stop() {
        closeOffer();
        closeRemote();
        if (match != null) {
            match.stop();
        }
    }

    void step() {
        if (match != null) {
            match.step();
        }
    }

    boolean paused() {
        return paused;
    }

    void togglePause() {
        if (match == null) {
            return;
        }
        paused = !paused;
        if (paused) {
            match.pause();
        } else {
            match.resume();
        }
        changed(Part.MODE);
    }

    /** A move made on the board; taken if a person is to move now. */
    void boardMove(Move move) {
        Side side = clickable();
        if (side != null) {
            humans[side.index()].offer(move);
        }
    }

    /**
     * A move typed in notation.
     *
     * @return {@code true} if it was taken (the field may be emptied); otherwise the status says why not
     */
    boolean typedMove(String text) {
        Side side = clickable();
        if (side == null) {
            status = "it is not a person's turn at this board";
            changed(Part.STATUS);
            return false;
        }
        GameState state = humans[side.index()].waitingFor();
        String typed = text.trim();
        try {
            Move move = state.parseMove(typed);
            String why = state.whyIllegal(move);
            if (why != null) {
                status = typed + " is illegal: " + why;
                changed(Part.STATUS);
                return false;
            }
            humans[side.index()].offer(move);
            return true;
        } catch (IllegalMoveException e) {
            status = typed + ": " + e.reason();
            changed(Part.STATUS);
            return false;
        }
    }

    /** Shows the position after move {@code ply} (0: the start) until {@link #live()}. */
    void view(int ply) {
        if (shown == null || ply < 0 || ply > shown.ply()) {
            return;
        }
        viewing = ply;
        status = "replay: position after move " + ply + " (press Live to follow the game)";
        changed(Part.BOARD, Part.STATUS);
    }

    /** Follows the game again after {@link #view}. */
    void live() {
        if (viewing >= 0) {
            viewing = -1;
            status = result.isEmpty() ? status : resultText();
            changed(Part.BOARD, Part.STATUS);
        }
    }

    // --- what is shown ----------------------------------------------------------------------------

    /** The game whose board is shown, or {@code null} when no game is loaded. */
    Game game() {
        return game;
    }

    /** The position shown (the replayed one while {@link #view viewing}), or {@code null}. */
    GameState shownPosition() {
        return shown == null ? null : shown.positionAt(shownIndex());
    }

    /** The move that led to the position shown, or {@code null}. */
    Move shownLastMove() {
        int index = shownIndex();
        return index <= 0 ? null : shown.entries().get(index - 1).move();
    }

    private int shownIndex() {
        return shown == null ? -1 : viewing < 0 || viewing > shown.ply() ? shown.ply() : viewing;
    }

    /** The side a person plays and must move now, while the live position is shown; else {@code null}. */
    Side clickable() {
        if (viewing >= 0) {
            return null;
        }
        for (int i = 0; i < 2; i++) {
            if (humans[i] != null && humans[i].waitingFor() != null) {
                return Side.of(i);
            }
        }
        return null;
    }

    /** The players' names, first side first; {@code null} before a game. */
    String name(Side side) {
        return names[side.index()];
    }

    /** The moves of the game shown, oldest first, as its journal has them. */
    List<Entry> moveLines() {
        return shown == null ? List.of() : shown.entries();
    }

    /**
     * A move list line with the move's time split, e.g. {@code 12. d3  (black, 120 ms: thinking 118,
     * rest 2)} for a player in boardlab, {@code (white, 340 ms: network 338, rest 2)} for a network
     * client; {@code (black, played by the referee)} for a forced move; just {@code (black)} when the
     * times are not known (an imported record).
     */
    String moveText(Entry entry) {
        String split = TimeSplit.of(entry);
        return entry.ply() + ". " + entry.move().notation() + "  (" + game.sideName(entry.side()) + (split.isEmpty() ? "" : ", " + split) + ")";
    }

    /** A side's title, e.g. {@code black: alphabeta, 12 discs}; empty before a game. */
    String sideTitle(Side side) {
        String name = names[side.index()];
        if (game == null || name == null) {
            return "";
        }
        GameState at = shownPosition(); // while a move is clicked in the list, the score of that position, as the board shows
        return game.sideName(side) + ": " + name + (at == null ? "" : ", score " + at.score(side));
    }

    /**
     * The longest time per move the Match view sets (its spinner's top, an hour): a game that gives more
     * has no clock that anybody plays against (seed 002's web games have none; the copy of a game a
     * server keeps the time of waits as long as it takes), and no time left is shown for it.
     */
    static final Duration LONGEST_CLOCK = Duration.ofHours(1);

    /** The time per move of a game without a clock (more than {@link #LONGEST_CLOCK}). */
    static final Duration NO_CLOCK = Duration.ofDays(1);

    /**
     * A side's clock at {@code nowNanos}, e.g. {@code last 120 ms · total 3.4 s · 8.7 s left}; empty
     * before a game. The time left is shown only for a game with a clock (see {@link #LONGEST_CLOCK}).
     */
    String clock(Side side, long nowNanos) {
        if (game == null || names[side.index()] == null) {
            return "";
        }
        long last = 0;
        long total = 0;
        List<Entry> entries = moveLines();
        for (int k = entries.size() - 1; k >= 0; k--) {
            if (entries.get(k).side() == side) {
                last = Math.max(0, entries.get(k).times().elapsedNanos());
                total = entries.get(k).clockNanos(side);
                break;
            }
        }
        String text = "last " + millis(last) + " · total " + millis(total);
        MatchJournal.Turn turn = shown == null ? null : shown.turn();
        if (turn != null && turn.side() == side && journal != null && !journal.isOver() && journal.timePerMove().compareTo(LONGEST_CLOCK) <= 0) {
            text += " · " + Math.max(0, (turn.deadlineNanos() - nowNanos) / 100_000_000L) / 10.0 + " s left";
        }
        return text;
    }

    String status() {
        return result.isEmpty() || stored.isEmpty() ? status : status + "\n" + stored;
    }

    /** The game's result in words, or empty while it goes on. */
    String result() {
        return result;
    }

    private static String millis(long nanos) {
        return TimeSplit.millis(nanos);
    }

    // --- events -----------------------------------------------------------------------------------

    /** On the publisher's thread: hands the event to the model's thread. */
    private void onEvent(BoardlabEvent event) {
        if (event instanceof RegistryEvent) {
            owner.execute(() -> {
                if (gameId == null || registry.game(gameId).isEmpty()) {
                    List<String> games = games();
                    gameId = games.contains(gameId) ? gameId : games.contains("othello") ? "othello" : games.isEmpty() ? null : games.get(0);
                }
                refreshChoices();
                showChosenGame(); // the first game arrived
            });
        } else if (event instanceof MatchEvent.Waiting waiting) {
            owner.execute(() -> {
                if (waiting.matchId() == followed) {
                    status = waiting.detail(); // a player being replaced: the next game waits for it
                    changed(Part.STATUS);
                }
            });
        } else if (event instanceof MatchEvent.Started || event instanceof MatchEvent.ModeChanged) {
            MatchEvent e = (MatchEvent) event;
            owner.execute(() -> {
                if (e.matchId() != followed) {
                    return;
                }
                if (e instanceof MatchEvent.ModeChanged mode) {
                    paused = mode.paused();
                    changed(Part.MODE);
                } else if (match != null && match.journal() != journal) { // a restart: the new game's journal
                    follow(match.journal());
                    status = "playing";
                    changed(Part.STATUS);
                }
            });
        }
    }

    /** Shows the game of {@code j} from its start and follows it: every move, the turn, the end. */
    private void follow(MatchJournal j) {
        unfollow();
        journal = j;
        showGame(j.game(), j.start(), names.clone());
        shown = j.snapshot();
        MatchJournal.Follower follower = new MatchJournal.Follower() {
            @Override
            public void moved(Entry entry) {
                owner.execute(() -> journalChanged(j));
            }

            @Override
            public void turn(MatchJournal.Turn turn) {
                owner.execute(() -> journalChanged(j));
            }

            @Override
            public void ended(MatchOutcome outcome) {
                owner.execute(() -> journalChanged(j));
            }
        };
        following = j.follow(shown.ply(), follower);
        changed(Part.MOVES, Part.BOARD);
        if (shown.isOver()) {
            showResult(shown.outcome());
        }
    }

    /** On the model's thread: the journal {@code j} has news (several may come at once; the latest snapshot has them all). */
    private void journalChanged(MatchJournal j) {
        if (j != journal) {
            return; // a game no longer shown
        }
        MatchJournal.Snapshot now = j.snapshot();
        boolean moved = now.ply() != shown.ply();
        boolean ended = now.isOver() && !shown.isOver();
        shown = now;
        if (moved) {
            changed(Part.MOVES, Part.BOARD);
        }
        if (ended) {
            showResult(now.outcome());
        }
    }

    private void unfollow() {
        if (following != null) {
            following.close();
            following = null;
        }
        journal = null;
    }

    private void showResult(MatchOutcome o) {
        String who = o.winner() == null ? "no winner" : names[o.winner().index()] + " (" + game.sideName(o.winner()) + ") wins";
        result = switch (o.ending()) {
            case NORMAL -> who + ": " + o.detail();
            case ABORTED -> "stopped: " + o.detail();
            default -> who + " — " + o.ending().name().toLowerCase().replace('_', ' ') + ": " + o.detail();
        };
        status = resultText() + "\nGame Master scores (seed 004): " + names[0] + " " + o.gmScores()[0] + ", " + names[1] + " "
                + o.gmScores()[1] + (remoteEnd == null ? "" : "\nthe server ended the game: " + remoteEnd);
        changed(Part.STATUS, Part.BOARD);
    }

    private String resultText() {
        return result;
    }

    /**
     * Shows a game of the embedded server (chosen in the Server view, or a network client's game
     * against an offered player) and follows it live, read-only, from its first move, from its journal.
     */
    void watch(long matchId) {
        Table table = server == null ? null
                : server.server().tables().stream().filter(t -> t.id() == matchId).findFirst().orElse(null);
        if (table == null) {
            MatchJournal elsewhere = referee.journal(matchId).orElse(null);
            if (elsewhere != null) { // a game the referee plays for someone else: a tournament's
                watchJournal(matchId, elsewhere);
                return;
            }
            status = "match " + matchId + " is not being played on the server (any more)";
            changed(Part.STATUS);
            return;
        }
        if (match != null) {
            match.stop();
            match = null;
        }
        humans[0] = humans[1] = null;
        gameId = table.game().id();
        refreshChoices();
        names[0] = table.names().get(0);
        names[1] = table.names().get(1);
        followed = matchId;
        follow(table.journal());
        if (!shown.isOver()) {
            status = "watching match " + matchId + " on the server: " + names[0] + " vs " + names[1]
                    + (shown.ply() == 0 ? "" : " (" + shown.ply() + " moves played before it was opened)");
        }
        changed(Part.STATUS);
    }

    /** Follows, read-only, a game the referee is playing outside the server and this view (a tournament's game). */
    private void watchJournal(long matchId, MatchJournal j) {
        if (match != null) {
            match.stop();
            match = null;
        }
        humans[0] = humans[1] = null;
        gameId = j.game().id();
        refreshChoices();
        names[0] = j.players().get(0);
        names[1] = j.players().get(1);
        followed = matchId;
        follow(j);
        if (!shown.isOver()) {
            status = "watching game " + matchId + ": " + names[0] + " vs " + names[1]
                    + (shown.ply() == 0 ? "" : " (" + shown.ply() + " moves played before it was opened)");
        }
        changed(Part.STATUS);
    }

    /** Shows {@code start} of {@code g} with no moves, no times and no result, for a game about to be played. */
    private void showGame(Game g, GameState start, String[] players) {
        boolean newBoard = game == null || !game.id().equals(g.id());
        game = g;
        names[0] = players[0];
        names[1] = players[1];
        shown = new MatchJournal.Snapshot(start, List.of(), null, null);
        viewing = -1;
        result = "";
        if (newBoard) {
            changed(Part.GAME);
        }
        changed(Part.MOVES, Part.BOARD);
    }

    /** Before a match: the chosen game's start position with the options as typed (or its defaults, while they are wrong). */
    private void showStart() {
        Game g = registry.game(gameId == null ? "" : gameId).map(Component::get).orElse(null);
        if (g == null) {
            return;
        }
        GameState start;
        try {
            start = g.newGame(options());
            status = HINT;
        } catch (IllegalArgumentException e) {
            start = g.newGame();
            status = "the options are not right for " + g.id() + ": " + e.getMessage();
        }
        showGame(g, start, new String[2]);
        changed(Part.STATUS);
    }

    /** Shows the chosen game's start, unless a game is shown already (called once the view is ready). */
    void showChosenGame() {
        if (game == null) {
            showStart();
        }
    }

    // --- records ----------------------------------------------------------------------------------

    /** Writes the game shown as a record (see {@link GameRecord}) to {@code file}; the status says how it went. */
    void writeRecord(Path file) {
        if (game == null || names[0] == null) {
            status = "nothing to export: start or import a game first";
        } else {
            GameRecord record = new GameRecord(game.id(), journal != null ? journal.options() : recordOptions, names[0], names[1],
                    shown.moves().stream().map(Move::notation).toList(), result);
            try {
                Files.writeString(file, record.write(), StandardCharsets.UTF_8);
                status = "exported to " + file;
            } catch (IOException e) {
                status = "cannot write " + file + ": " + e.getMessage();
            }
        }
        changed(Part.STATUS);
    }

    /** Says {@code text} on the status line (what went wrong outside the model, such as a store that cannot be read). */
    void showStatus(String text) {
        status = text;
        changed(Part.STATUS);
    }

    /** Reads a record from {@code file} and shows it for replay; the status says how it went. */
    void readRecord(Path file) {
        try {
            GameRecord record = GameRecord.read(Files.readString(file, StandardCharsets.UTF_8));
            String words = showRecord(record, List.of(), 0);
            status = "imported " + file.getFileName() + ": " + words + ". Click a move to see its position.";
        } catch (IOException | IllegalArgumentException e) {
            status = "cannot import " + file + ": " + e.getMessage();
        }
        changed(Part.STATUS, Part.CHOICES);
    }

    /**
     * Shows a game from the store for replay: its moves in the move list with the times and clocks
     * it was stored with (a tournament's opening moves without), the board at its end; clicking a
     * move shows its position. The status says how it went.
     */
    void openStored(org.boardlab.store.StoredGame stored) {
        org.boardlab.store.FinishedGame g = stored.game();
        try {
            String words = showRecord(g.record(), g.moves(), g.openingPlies());
            status = "stored game " + stored.id() + " (" + g.origin() + ", " + java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm")
                    .format(g.endedAt().atZone(java.time.ZoneId.systemDefault())) + "): " + words
                    + (g.openingPlies() == 0 ? "" : ", the first " + g.openingPlies() + " from the tournament's opening")
                    + ". Click a move to see its position.";
        } catch (IllegalArgumentException e) {
            status = "cannot open stored game " + stored.id() + ": " + e.getMessage();
        }
        changed(Part.STATUS, Part.CHOICES);
    }

    /**
     * Shows {@code record} for replay (the match in progress ends); {@code storedMoves}, when not
     * empty, gives each move's times and clocks. Returns the game in words ({@code 9 moves; X wins ...}).
     *
     * @param openingPlies how many first moves came from a tournament's opening (no times of their own)
     * @throws IllegalArgumentException if the game is not loaded or a move is not legal
     */
    private String showRecord(GameRecord record, List<org.boardlab.store.StoredMove> storedMoves, int openingPlies) {
        Game g = registry.requireGame(record.gameId());
        List<GameState> states = record.positions(g);
        endMatch();
        gameId = g.id();
        optionsText = record.options().toString();
        recordOptions = record.options();
        refreshChoices();
        showGame(g, states.get(0), new String[] {record.first(), record.second()});
        List<Entry> entries = new ArrayList<>();
        MatchJournal.MoveTimes unknown = new MatchJournal.MoveTimes(-1, -1, -1);
        long[] clocks = new long[2];
        for (int i = 0; i < record.moves().size(); i++) {
            GameState before = states.get(i);
            MatchJournal.MoveTimes times = unknown;
            if (i < storedMoves.size() && i >= openingPlies) {
                org.boardlab.store.StoredMove m = storedMoves.get(i);
                times = new MatchJournal.MoveTimes(nanos(m.elapsedUs()), nanos(m.networkUs()), nanos(m.thinkingUs()));
                clocks[before.sideToMove().index()] = m.clockUsedMs() * 1_000_000;
            }
            entries.add(new Entry(i + 1, before.sideToMove(), before.parseMove(record.moves().get(i)), states.get(i + 1), 0,
                    times, clocks[0], clocks[1], false));
        }
        shown = new MatchJournal.Snapshot(states.get(0), List.copyOf(entries), null, null);
        result = record.result();
        stored = ""; // what the last match's recording said is not about this game
        changed(Part.MOVES, Part.BOARD);
        return record.moves().size() + (record.moves().size() == 1 ? " move" : " moves") + (record.result().isEmpty() ? "" : "; " + record.result());
    }

    private static long nanos(long micros) {
        return micros < 0 ? -1 : micros * 1000;
    }

    // --- the end ----------------------------------------------------------------------------------

    private void endMatch() {
        closeOffer();
        closeRemote();
        unfollow();
        recordOptions = GameOptions.DEFAULT;
        followed = 0;
        humans[0] = humans[1] = null;
        if (match != null) {
            match.stop();
            match = null;
        }
    }

    private void closeOffer() {
        if (offer != null) {
            offer.close();
            offer = null;
        }
    }

    /** Stops the match in progress, leaves the lobby, and stops listening. */
    @Override
    public void close() {
        endMatch();
        subscription.close();
        listeners.clear();
    }
}
