package org.boardlab.client;

import java.io.BufferedReader;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.Objects;
import org.boardlab.api.Game;
import org.boardlab.api.Player;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * A line-oriented client for people: it connects to a server speaking one protocol, shows what the
 * server says in plain words, and turns typed commands into protocol messages. Implemented by
 * protocol bundles in a class annotated {@code @javax.inject.Named("<protocol id>")};
 * {@code boardlab client <protocol id>} runs it; with {@code --player ID} a loaded player plays for
 * the user.
 */
@ConsumerType
public interface TerminalClient {

    /**
     * Connects and runs until the user quits or the server closes the connection; the user plays.
     * The same as {@link #run(String, int, String, AutoPlay, BufferedReader, PrintWriter)} with no
     * {@code autoPlay}.
     *
     * @param host the server's host
     * @param port its port ({@code -1}: the protocol's default)
     * @param name the name to log in with, if the protocol has names
     * @param in   what the user types, a command per line
     * @param out  where the client writes for the user
     * @return the exit code: 0 when the user quit, 1 when the connection failed or was closed
     */
    default int run(String host, int port, String name, BufferedReader in, PrintWriter out) throws Exception {
        return run(host, port, name, null, in, out);
    }

    /**
     * Connects and runs until the user quits, the typed input ends (unless a loaded player plays),
     * the loaded player's games are played, or the server closes the connection. When
     * {@code autoPlay} is given a loaded player chooses and sends the moves; the user may still type
     * commands. A protocol's terminal client is usually a few lines around a {@link TerminalSession}.
     *
     * @param autoPlay the player that plays for the user, or {@code null} to play by hand
     * @return the exit code: 0 when the user quit or the player has played {@link AutoPlay#games()}
     *         games, 1 when the connection failed or was closed
     * @throws IllegalArgumentException if {@code autoPlay} is given and this client cannot play with
     *                                  a loaded player
     */
    int run(String host, int port, String name, AutoPlay autoPlay, BufferedReader in, PrintWriter out) throws Exception;

    /**
     * A loaded player that plays for the person at the terminal ({@code --player ID}).
     *
     * @param playerId    the player's id, for what the client prints; never {@code null}
     * @param player      the player (a new instance); never {@code null}
     * @param game        the protocol's game as loaded: the player is asked about its positions;
     *                    never {@code null}
     * @param timePerMove how long the player may think about one move; positive
     * @param invite      whom to invite whenever both are free (protocols with names), or {@code null}
     *                    to wait for invitations
     * @param games       how many games to play before the client quits; 0 for no limit
     */
    record AutoPlay(String playerId, Player player, Game game, Duration timePerMove, String invite, int games) {

        /** Checks the values. */
        public AutoPlay {
            Objects.requireNonNull(playerId, "playerId");
            Objects.requireNonNull(player, "player");
            Objects.requireNonNull(game, "game");
            Objects.requireNonNull(timePerMove, "timePerMove");
            if (timePerMove.isNegative() || timePerMove.isZero()) {
                throw new IllegalArgumentException("the time per move must be positive");
            }
            if (games < 0) {
                throw new IllegalArgumentException("the number of games may not be negative");
            }
        }

        /** How a seat plays for the user: {@link SeatOptions#defaults()} with this time per move, invitee and number of games. */
        public SeatOptions seatOptions() {
            return SeatOptions.defaults().withTimePerMove(timePerMove).withInvite(invite).withGames(games);
        }
    }
}
