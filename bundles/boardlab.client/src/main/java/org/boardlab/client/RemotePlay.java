package org.boardlab.client;

import io.netty.channel.ChannelPipeline;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import org.boardlab.api.Game;
import org.boardlab.api.Player;
import org.boardlab.api.Side;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * The workbench as a client of anybody's server for one protocol: it connects to a server given by
 * address (a student's, or boardlab's own), logs in, gets into a game the protocol's way (an
 * invitation, a pairing), and plays it with a {@link Player}: a loaded player, or a person's
 * stand-in that waits for a click on the board. It tells what happens in protocol-neutral
 * {@link Events} (the game started, a move was played by either side, the game ended), so the
 * workbench can show the server's game on its own board, whatever the protocol.
 *
 * <p>Implemented by a protocol bundle in a class annotated {@code @javax.inject.Named("<protocol id>")},
 * on the protocol's own client and seat; the workbench finds them through Sisu. Seeds 001 and 004,
 * whose games are reached through tables or a Game Master's ports, have views of their own
 * (Onitama online, Reversi GC).
 */
@ConsumerType
public interface RemotePlay {

    /** The protocol's id, e.g. {@code othello}. */
    String protocolId();

    /** The id of the game played over it. */
    String gameId();

    /**
     * What the protocol needs to get into a game, in a few words for the Match view (e.g. Othello:
     * "invite a name, or wait to be invited"); {@code null} when it needs nothing (Gomoku pairs).
     */
    default String howToMeet() {
        return null;
    }

    /**
     * The name this client plays under, from what the Match view's Name field holds: what the board, the
     * status line, the inspector and the stored game call the workbench's side. The field holds the name
     * alone (a password goes in {@link Request#password()}); a protocol whose field held more would return
     * the name alone here, so nothing else is shown or stored.
     */
    default String playerName(String given) {
        return given;
    }

    /**
     * What the workbench asks for.
     *
     * @param host        the server's host
     * @param port        its port
     * @param name        the name to log in with (protocols with names)
     * @param password    the password (protocols with accounts: seed 002's), or {@code null}/empty for none;
     *                    the Match view takes it in a field of its own that shows no characters
     * @param invite      the player to invite, or {@code null}/empty to wait to be invited (protocols with a lobby)
     * @param player      plays this side, within {@code timePerMove}: an {@link org.boardlab.api.AsyncPlayer} (a person
     *                    at the board) through its future, any other on a thread of the seat's own
     * @param game        the game, as loaded (its rules keep the position)
     * @param timePerMove how long the player may take for one move
     * @param pipeline    called with the connection's pipeline (the workbench adds its wire tap first)
     * @param messages    where a client that is not on Netty (seed 002's CometD over HTTP) hands each message it
     *                    sends and receives, for the inspector ({@link MessageTap#NONE}: nowhere)
     */
    record Request(String host, int port, String name, String password, String invite, Player player, Game game, Duration timePerMove,
            Consumer<ChannelPipeline> pipeline, MessageTap messages) {

        public Request {
            messages = messages == null ? MessageTap.NONE : messages;
        }

        /** A request without a password, tapped through the pipeline only (the clients on Netty). */
        public Request(String host, int port, String name, String invite, Player player, Game game, Duration timePerMove,
                Consumer<ChannelPipeline> pipeline) {
            this(host, port, name, null, invite, player, game, timePerMove, pipeline, MessageTap.NONE);
        }
    }

    /**
     * Where a client whose connection is not a Netty pipeline hands each whole message, in and out, so
     * the inspector shows it as it shows the other protocols' client connections. Called on the client's
     * threads; must not block.
     */
    @FunctionalInterface
    interface MessageTap {
        /**
         * @param fromClient {@code true} for a message this client sent ("in", as on a server), {@code false} for one
         *                   it received
         * @param raw        the message's bytes, as the protocol's decoder reads them (seed 002: one Bayeux message
         *                   as JSON)
         */
        void message(boolean fromClient, byte[] raw);

        /** Taps nothing. */
        MessageTap NONE = (fromClient, raw) -> {
        };
    }

    /** What happens on the server, told on the connection's thread, in order. */
    interface Events {
        /** A game started: this client plays {@code mine} against {@code opponent}. */
        void started(Side mine, String opponent);

        /** The server says {@code side} played {@code move} (in boardlab's notation); a pass the server makes is not told. */
        void moved(Side side, String move);

        /** The game is over, as the server says it ({@code result} in words). */
        void ended(String result);

        /** Something worth a line on the status (invited, a move refused, lobby news, ...). */
        void said(String text);

        /**
         * Where this client stands on the server, until the game starts ({@code logged in as ann; waiting
         * for an invitation}, {@code joined; waiting for the server to pair us}): a status shows it above
         * the news {@link #said} tells, which come and go. The default tells it as news.
         *
         * @since 0.7.0
         */
        default void standing(String text) {
            said(text);
        }

        /** The connection closed, with why. */
        void closed(String why);
    }

    /** One connection to a server playing one game. */
    interface Session extends AutoCloseable {
        /** Completes once connected (fails with the reason if the server cannot be reached). */
        CompletableFuture<Void> connected();

        /** Leaves the server (a game in progress is lost, as for any client that goes). */
        @Override
        void close();

        /** A session whose {@link #connected()} is {@code connected} and whose {@link #close()} runs {@code close}. */
        static Session of(CompletableFuture<Void> connected, Runnable close) {
            Objects.requireNonNull(connected, "connected");
            Objects.requireNonNull(close, "close");
            return new Session() {
                @Override
                public CompletableFuture<Void> connected() {
                    return connected;
                }

                @Override
                public void close() {
                    close.run();
                }
            };
        }
    }

    /**
     * Connects and plays one game.
     *
     * @throws IllegalArgumentException if the request breaks the protocol's rules (a name, the player
     *                                  cannot play the game)
     */
    Session open(Request request, Events events);
}
