package org.boardlab.server;

/**
 * A loaded player offered to the clients of one protocol on the embedded server (see
 * {@link ServerService#offer}): it sits in the lobby under {@link #name()} and plays every client that
 * invites it (or, for protocols that pair players, the next client to join) until it is closed.
 *
 * @param name       its name in the lobby
 * @param playerId   the loaded player that plays
 * @param gameId     the game it plays
 * @param protocolId the protocol whose clients play it
 * @param address    where those clients connect, {@code host:port}
 * @param pairs      {@code true} when the protocol pairs waiting players instead of letting them invite
 * @param seat       its seat in the lobby
 */
public record PlayerOffer(String name, String playerId, String gameId, String protocolId, String address, boolean pairs,
        LobbySeat seat) implements AutoCloseable {

    /** What a person must do to play it, e.g. {@code waiting for an othello client on 127.0.0.1:10000 ...}. */
    public String describe() {
        return "waiting for " + (protocolId.matches("^[aeiou].*") ? "an " : "a ") + protocolId + " client on " + address + " to play "
                + playerId + ", logged in as '" + name + "'"
                + (pairs ? " (the next client to join is paired with it)" : " (invite '" + name + "' from the client)");
    }

    /** Leaves the lobby; a game in progress is lost by the offered player. */
    @Override
    public void close() {
        seat.close();
    }
}
