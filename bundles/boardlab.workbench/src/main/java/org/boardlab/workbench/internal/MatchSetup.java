package org.boardlab.workbench.internal;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.boardlab.api.Game;
import org.boardlab.api.GameOptions;
import org.boardlab.api.GameState;
import org.boardlab.api.Player;
import org.boardlab.api.Side;
import org.boardlab.api.event.RegistryEvent;
import org.boardlab.client.RemotePlay;
import org.boardlab.core.Component;
import org.boardlab.core.MatchSettings;
import org.boardlab.core.PlayerHosting;
import org.boardlab.core.PlayerLimits;
import org.boardlab.core.PlayerSeat;
import org.boardlab.core.Registry;
import org.boardlab.server.ServerProtocol;
import org.boardlab.server.ServerService;

/**
 * What a person chose for the next match, without widgets: the game and its options, who plays each
 * side (a string from {@link #sideChoices()}: {@link SideChoices#HUMAN}, a loaded player's id, a
 * network client of a protocol, or the opponent on somebody's server), the time per move, the delay
 * between moves, and the limits of the chosen players that run in a process of their own. It makes
 * the seats of a match between the chosen sides.
 *
 * <p>Confined to the model's thread, as {@link MatchModel} is.
 */
final class MatchSetup {

    /** A match's seats between the chosen sides, with the people among them and the names shown. */
    record Seats(PlayerSeat[] seats, HumanPlayer[] people, String[] names) {
    }

    private final Registry registry;
    private final ServerService server;
    private final SideChoices choices;
    private final Runnable choicesChanged;

    private String gameId;
    private String optionsText = "";
    private final String[] chosen = new String[2];
    private int secondsPerMove = 10;
    private int delayMillis = 300;
    /** The player hostings loaded (boardlab.sandbox), live; none outside the workbench's tests. */
    private Iterable<PlayerHosting> hostings = List.of();
    /** The protocols' ways to play on a server by address (from the protocol bundles, live). */
    private Supplier<List<RemotePlay>> remotes = List::of;

    /**
     * @param server         the embedded server, whose protocols offer network sides; {@code null} for none
     * @param choicesChanged told when the games, the side choices or the choices made changed
     */
    MatchSetup(Registry registry, ServerService server, Runnable choicesChanged) {
        this.registry = registry;
        this.server = server;
        this.choices = new SideChoices(registry);
        this.choicesChanged = choicesChanged;
        List<String> games = games();
        gameId = games.contains("othello") ? "othello" : games.isEmpty() ? null : games.get(0);
        refresh();
    }

    void setHostings(Iterable<PlayerHosting> hostings) {
        this.hostings = hostings;
    }

    void setRemotes(Supplier<List<RemotePlay>> remotes) {
        this.remotes = remotes;
        refresh();
    }

    /** The protocols' ways to play on a server by address, as loaded now. */
    List<RemotePlay> remotes() {
        return remotes.get();
    }

    /** The loaded games' ids, sorted. */
    List<String> games() {
        return registry.all(RegistryEvent.Kind.GAME).stream().map(Component::id).toList();
    }

    /** The game chosen, or {@code null} when none is loaded. */
    String chosenGame() {
        return gameId;
    }

    /** The chosen game, or {@code null} when it is not loaded. */
    Game game() {
        return registry.game(gameId == null ? "" : gameId).map(Component::get).orElse(null);
    }

    /** Chooses game {@code id} (loaded, or this throws); sides that cannot play it are chosen afresh. */
    void chooseGame(String id) {
        registry.requireGame(id);
        gameId = id;
        refresh();
    }

    /** The games loaded changed: a game chosen that is gone is chosen afresh. */
    void registryChanged() {
        if (gameId == null || registry.game(gameId).isEmpty()) {
            List<String> games = games();
            gameId = games.contains(gameId) ? gameId : games.contains("othello") ? "othello" : games.isEmpty() ? null : games.get(0);
        }
        refresh();
    }

    /** Who may play a side of the chosen game. */
    List<String> sideChoices() {
        Game g = game();
        List<String> protocols = new ArrayList<>();
        if (server != null && g != null) {
            server.server().protocols().stream().filter(ServerProtocol::seatsLoadedPlayers).map(ServerProtocol::protocol)
                    .filter(p -> p.gameId().equals(g.id())).forEach(p -> protocols.add(p.id()));
            protocols.sort(null);
        }
        List<String> remoteIds = new ArrayList<>();
        if (g != null) {
            for (RemotePlay r : remotes.get()) {
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

    String chosen(Side side) {
        return chosen[side.index()];
    }

    /** The side whose choice is of {@code kind}, the first side's first; {@code null} if none is. */
    Side sideOf(SideChoices.Kind kind) {
        return SideChoices.kind(chosen[0]) == kind ? Side.FIRST : SideChoices.kind(chosen[1]) == kind ? Side.SECOND : null;
    }

    void choose(Side side, String choice) {
        if (!sideChoices().contains(choice)) {
            throw new IllegalArgumentException(choice + " cannot play " + gameId);
        }
        chosen[side.index()] = choice;
        choicesChanged.run();
    }

    /**
     * Keeps each side's choice while it is still offered, or while it is a player that is not loaded
     * right now (its jar being replaced); otherwise chooses a person for the first side and the first
     * player for the second.
     */
    private void refresh() {
        List<String> offered = sideChoices();
        Game g = game();
        for (int i = 0; i < 2; i++) {
            String c = chosen[i];
            boolean keep = c != null && (offered.contains(c) && (SideChoices.kind(c) != SideChoices.Kind.PLAYER
                    || registry.player(c).isEmpty() || g == null || choices.supports(c, g)));
            if (!keep) {
                chosen[i] = i == 0 || offered.size() < 2 ? SideChoices.HUMAN : offered.get(1);
            }
        }
        choicesChanged.run();
    }

    String optionsText() {
        return optionsText;
    }

    void setOptions(String text) {
        optionsText = text == null ? "" : text.trim();
    }

    /** Shows a record's game and options as chosen. */
    void takeRecord(String gameId, GameOptions options) {
        this.gameId = gameId;
        optionsText = options.toString();
        refresh();
    }

    /** Shows a watched game's game as chosen. */
    void takeGame(String gameId) {
        this.gameId = gameId;
        refresh();
    }

    /** The options as typed; throws {@link IllegalArgumentException} while they are wrong. */
    GameOptions options() {
        return GameOptions.parse(optionsText.isEmpty() ? List.of() : List.of(optionsText.split("\\s+")));
    }

    /** The chosen game's start with the options as typed, or its default start while they are wrong; {@code null} if it is not loaded. */
    GameState start() {
        Game g = game();
        try {
            return g == null ? null : g.newGame(options());
        } catch (IllegalArgumentException e) {
            return g.newGame();
        }
    }

    /** What is wrong with the options for the chosen game, in words; {@code ok} if nothing is. */
    String optionsProblem(String ok) {
        Game g = game();
        try {
            if (g != null) {
                g.newGame(options());
            }
            return ok;
        } catch (IllegalArgumentException e) {
            return "the options are not right for " + g.id() + ": " + e.getMessage();
        }
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

    /** The settings of a match between the chosen sides. */
    MatchSettings settings() {
        return MatchSettings.defaults().withTimePerMove(Duration.ofSeconds(secondsPerMove))
                .withMoveDelay(Duration.ofMillis(delayMillis)).withAlternateSides(false).withSeed(System.nanoTime());
    }

    /**
     * The loaded player chosen as {@code id}, checked against {@code g}.
     *
     * @throws IllegalArgumentException if it is not loaded (the message says which are) or cannot play {@code g}
     */
    Player player(String id, Game g) {
        check(id, g);
        return registry.requirePlayer(id).get();
    }

    /** {@code true} if the loaded player {@code id} supports {@code g}. */
    boolean supports(String id, Game g) {
        return choices.supports(id, g);
    }

    private void check(String id, Game g) {
        if (!choices.supports(id, g)) {
            registry.requirePlayer(id); // says which players are loaded
            throw new IllegalArgumentException("the player " + id + " cannot play " + g.id());
        }
    }

    /**
     * The seats of a match of {@code g} between the chosen sides (people and loaded players; the same
     * name twice is told apart as {@code #1} and {@code #2}).
     *
     * @param humanTurn told, on a referee's thread, when it is a person's turn
     * @throws IllegalArgumentException if a chosen player is not loaded or cannot play {@code g}
     */
    Seats seats(Game g, Runnable humanTurn) {
        PlayerSeat[] seats = new PlayerSeat[2];
        HumanPlayer[] people = new HumanPlayer[2];
        String[] named = new String[2];
        for (int i = 0; i < 2; i++) {
            named[i] = chosen[i].equals(SideChoices.HUMAN) ? "you" : chosen[i];
            if (chosen[i].equals(SideChoices.HUMAN)) {
                HumanPlayer human = new HumanPlayer(state -> humanTurn.run());
                people[i] = human;
                seats[i] = new PlayerSeat(named[i], () -> human);
            } else {
                check(chosen[i], g);
                seats[i] = PlayerSeat.of(registry, chosen[i]);
            }
        }
        if (named[0].equals(named[1])) {
            named[0] += "#1";
            named[1] += "#2";
            seats[0] = new PlayerSeat(named[0], seats[0].players());
            seats[1] = new PlayerSeat(named[1], seats[1].players());
        }
        return new Seats(seats, people, named);
    }

    // --- the limits of players in a process of their own ------------------------------------------

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
            for (PlayerHosting hosting : hostings) {
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
            if (id != null && !hosted.contains(id) && registry.player(id).map(PlayerHosting::hosted).orElse(false)) {
                hosted.add(id);
            }
        }
        if (hosted.isEmpty()) {
            return "";
        }
        for (PlayerHosting hosting : hostings) {
            return String.join(", ", hosted) + (hosted.size() == 1 ? " runs" : " run") + " in its own process: "
                    + hosting.describe(PlayerLimits.DEFAULT) + "; the wall time is the time per move";
        }
        return "";
    }
}
