package org.boardlab.workbench.internal;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import org.boardlab.api.Game;
import org.boardlab.api.GameOptions;
import org.boardlab.api.Player;
import org.boardlab.api.Protocol;
import org.boardlab.api.Side;
import org.boardlab.client.RemotePlay;
import org.boardlab.core.Match;
import org.boardlab.core.MatchSettings;
import org.boardlab.core.PlayerSeat;
import org.boardlab.core.Registry;
import org.boardlab.server.ClientTap;
import org.boardlab.server.ServerProtocol;
import org.boardlab.server.ServerService;
import org.boardlab.server.WireTap;
import org.boardlab.server.faults.RawBytes;

/**
 * A side of the Match view played on somebody's server, without widgets: the other side (a person at
 * this board, or a loaded player) connects there through the protocol's {@link RemotePlay} and plays
 * one game the protocol's way. The server's game is shown as a local copy that the referee plays from
 * the moves the server tells ({@link ServerMoves}), and the connection's frames go to the inspector
 * (through the wire tap given). What the connection and the server say goes to the model's status
 * line (its {@link Host}), on the model's thread; news of an earlier connection is dropped.
 *
 * <p>Confined to the model's thread, as {@link MatchModel} is.
 */
final class RemoteGame {

    /** The model's status line, and its news of what changed (on the model's thread). */
    interface Host {
        /** The status line says {@code text}. */
        void say(String text);

        /** What the status line said last (without the note of a stored game). */
        String said();

        void changed(MatchModel.Part... parts);
    }

    private final Registry registry;
    private final ServerService server;
    private final Executor owner;
    private final Host host;
    private final PlayedMatch played;
    private final ShownGame shown;
    /** Where the frames of the workbench's own client connections go (the inspector listens); {@code null}: not tapped. */
    private WireTap clientTap;
    private String address = "127.0.0.1:10000";
    private String name = "workbench";
    private String invite = "";
    private String password = "";
    private RemotePlay.Session session;
    /** Counts the games started on servers: news of an older one is dropped. */
    private int generation;
    /** The connection's tap handler (its frames in the inspector), or {@code null}. */
    private ClientTap tap;
    /** What the server said when it ended the game, or {@code null}. */
    private String end;
    /**
     * Where this side stands on the server (logged in and waiting, then the game it plays): the status's
     * first line while news (lobby news, invitations, refusals) take the line under it.
     */
    private String standing = "";

    /** @param server the embedded server (its protocols describe the frames to the inspector); {@code null} for none */
    RemoteGame(Registry registry, ServerService server, Executor owner, Host host, PlayedMatch played, ShownGame shown) {
        this.played = played;
        this.shown = shown;
        this.registry = registry;
        this.server = server;
        this.owner = owner;
        this.host = host;
    }

    void setTap(WireTap tap) {
        clientTap = tap;
    }

    String address() {
        return address;
    }

    /** The server's address: {@code HOST:PORT}. */
    void setAddress(String address) {
        this.address = address == null ? "" : address.trim();
    }

    String name() {
        return name;
    }

    /** The name to log in with on the server (protocols with names). */
    void setName(String name) {
        this.name = name == null ? "" : name.trim();
    }

    String invite() {
        return invite;
    }

    /**
     * The password to log in with on the server (protocols with accounts: Dots); kept here only, never
     * shown (the view's field shows no characters) nor put in the status, the inspector's names or the
     * stored game.
     */
    void setPassword(String password) {
        this.password = password == null ? "" : password;
    }

    /** Whom to invite on the server (protocols with a lobby); empty: accept the first invitation. */
    void setInvite(String name) {
        invite = name == null ? "" : name.trim();
    }

    /** The connection's id in the inspector while connected, else {@code 0}. */
    long connection() {
        return tap == null ? 0 : tap.connectionId();
    }

    /** The server's verdict on the game played there, or {@code null}. */
    String end() {
        return end;
    }

    /**
     * Plays {@code g} on a server for the side chosen in {@code setup} that is not the opponent on the
     * server (a person or a loaded player); returns what the status line says.
     *
     * @throws IllegalArgumentException if that side is a player that is not loaded
     */
    String play(Game g, MatchSetup setup) {
        Side r = setup.sideOf(SideChoices.Kind.REMOTE);
        String here = setup.chosen(r.other());
        SideChoices.Kind hereKind = SideChoices.kind(here);
        String protocolId = SideChoices.protocolOf(setup.chosen(r));
        if (hereKind == SideChoices.Kind.REMOTE || hereKind == SideChoices.Kind.NETWORK) {
            return "the side here plays on the server: choose a person at this board or a loaded player for it";
        }
        RemotePlay play = setup.remotes().stream().filter(p -> p.protocolId().equals(protocolId)).findFirst().orElse(null);
        if (play == null) {
            return "the protocol " + protocolId + " is not loaded";
        }
        return play(play, g, here, setup, Duration.ofSeconds(setup.secondsPerMove()));
    }

    /**
     * Connects to the server to play {@code g} there as {@code here} (a person or a loaded player) on
     * {@code play}'s protocol; returns what the status line says.
     *
     * @param timePerMove how long a loaded player here may think
     * @throws IllegalArgumentException if {@code here} is a player that is not loaded
     */
    private String play(RemotePlay play, Game g, String here, MatchSetup setup, Duration timePerMove) {
        String protocolId = play.protocolId();
        int colon = address.lastIndexOf(':');
        int port;
        try {
            port = Integer.parseInt(address.substring(colon + 1));
            if (colon <= 0 || port < 1 || port > 65535) {
                throw new NumberFormatException();
            }
        } catch (RuntimeException e) {
            return "the server's address is HOST:PORT, e.g. 127.0.0.1:" + (protocolId.equals("gomoku") ? 23334 : protocolId.equals("dots") ? 8888 : 10000)
                    + "; not '" + address + "'";
        }
        String hostName = address.substring(0, colon);
        boolean person = SideChoices.kind(here) == SideChoices.Kind.HUMAN;
        HumanPlayer human = person ? new HumanPlayer(state -> owner.execute(() -> host.changed(MatchModel.Part.BOARD))) : null;
        Player player = human;
        if (!person) {
            if (!setup.supports(here, g)) {
                registry.requirePlayer(here);
                return "the player " + here + " cannot play " + g.id();
            }
            player = setup.player(here, g);
        }
        String given = name.isEmpty() ? "workbench" : name;
        // what the board, the status, the inspector and the stored game call this side (a protocol whose Name field held
        // more than the name would say which part); the password has a field of its own and is shown nowhere
        String shownName = play.playerName(given);
        ServerProtocol sp = server == null ? null
                : server.server().protocols().stream().filter(p -> p.protocol().id().equals(protocolId)).findFirst().orElse(null);
        Protocol described = sp != null ? sp.protocol() : RawBytes.INSTANCE;
        ClientTap tapHandler = clientTap == null ? null : new ClientTap(clientTap, described, sp == null ? null : sp::newTapFramer, shownName);
        tap = tapHandler;
        end = null;
        standing = "";
        int started = ++generation;
        String at = hostName + ":" + port;
        ServerMoves[] relays = {new ServerMoves(), new ServerMoves()};
        RemotePlay.Events news = new RemotePlay.Events() {
            @Override
            public void started(Side mine, String opponent) {
                owner.execute(() -> {
                    if (started == generation) {
                        startCopy(g, mine, shownName, opponent, human, relays, at, here);
                    }
                });
            }

            @Override
            public void moved(Side side, String move) {
                relays[side.index()].moved(move);
            }

            @Override
            public void ended(String result) {
                owner.execute(() -> {
                    if (started == generation) {
                        end = result;
                        serverEnded(result);
                    }
                });
            }

            @Override
            public void said(String text) {
                owner.execute(() -> {
                    if (started == generation && end == null && played.goesOn()) {
                        host.say(standing.isEmpty() ? text : standing + "\n" + text);
                    }
                });
            }

            @Override
            public void standing(String text) {
                owner.execute(() -> {
                    if (started == generation && end == null && played.goesOn()) {
                        standing = text;
                        host.say(text);
                    }
                });
            }

            @Override
            public void closed(String why) {
                owner.execute(() -> {
                    if (started == generation && end == null) {
                        host.say("the connection to " + at + " closed: " + why);
                        played.stopIfGoesOn();
                    }
                });
            }
        };
        try {
            session = play.open(new RemotePlay.Request(hostName, port, given, password, invite, player, g,
                    person ? Duration.ofHours(1) : timePerMove,
                    pipeline -> {
                        if (tapHandler != null) {
                            pipeline.addFirst("boardlab-tap", tapHandler);
                        }
                    },
                    // a client not on Netty (Dots: CometD over HTTP) hands its messages to the same tap, one connection in the inspector
                    tapHandler == null ? RemotePlay.MessageTap.NONE : (fromClient, raw) -> tapHandler.message(at, fromClient, raw)), news);
        } catch (RuntimeException e) {
            return "cannot play on " + at + ": " + e.getMessage();
        }
        session.connected().whenComplete((ok, e) -> owner.execute(() -> {
            if (e != null && started == generation) {
                Throwable cause = e instanceof CompletionException && e.getCause() != null ? e.getCause() : e;
                host.say("cannot connect to " + at + ": " + (cause.getMessage() == null ? cause : cause.getMessage()));
            }
        }));
        String meet = play.howToMeet();
        return "connecting to " + at + " (" + protocolId + ") as " + shownName + "; the server decides who plays "
                + g.sideName(Side.FIRST) + (meet == null ? "" : "; " + meet);
    }

    /** On the model's thread: the server started the game; its copy here is played from the moves it tells. */
    private void startCopy(Game g, Side mine, String shownName, String opponent, HumanPlayer person, ServerMoves[] relays, String at,
            String here) {
        String[] named = new String[2];
        named[mine.index()] = shownName;
        named[1 - mine.index()] = opponent.equals(shownName) ? opponent + " (on the server)" : opponent;
        PlayerSeat[] seats = new PlayerSeat[2];
        for (int i = 0; i < 2; i++) {
            ServerMoves relay = relays[i];
            seats[i] = new PlayerSeat(named[i], () -> relay);
        }
        // the server keeps the time: the copy here waits as long as it takes, and shows no time left
        MatchSettings settings = MatchSettings.defaults().withTimePerMove(ShownGame.NO_CLOCK).withMoveDelay(Duration.ZERO)
                .withAlternateSides(false).withSeed(System.nanoTime());
        played.stop();
        shown.unfollow();
        shown.show(g, g.newGame(), named);
        HumanPlayer[] people = new HumanPlayer[2];
        people[mine.index()] = person;
        ClientTap tagged = tap;
        played.play(g, GameOptions.DEFAULT, seats, people, settings, true, id -> {
            if (tagged != null) {
                tagged.matchId(id);
            }
        });
        standing = "playing on " + at + ": " + shownName + " (" + g.sideName(mine) + ", " + (person != null ? "you" : here) + ") against "
                + opponent + (person != null ? "; click the board when it is your turn" : "");
        host.say(standing);
        host.changed(MatchModel.Part.MODE, MatchModel.Part.BOARD);
    }

    /** On the model's thread: the server says the game is over. */
    private void serverEnded(String text) {
        host.say((shown.result().isEmpty() ? "" : host.said() + "\n") + "the server ended the game: " + text);
        Match m = played.match();
        // the copy here ends by itself with the last move; a game the server ended otherwise (a time-out) is stopped
        CompletableFuture.delayedExecutor(2, TimeUnit.SECONDS).execute(() -> owner.execute(() -> {
            if (m != null && m == played.match() && !m.results().isDone()) {
                m.stop();
                host.say("the server ended the game: " + text + " (before the copy here was over)");
            }
        }));
    }

    /** Leaves the server (news of this connection is dropped from now on). */
    void close() {
        generation++;
        end = null;
        standing = "";
        if (session != null) {
            session.close();
            session = null;
        }
    }
}
