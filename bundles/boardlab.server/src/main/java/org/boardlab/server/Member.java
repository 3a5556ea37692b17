package org.boardlab.server;

/**
 * Somebody logged into the lobby through one of the protocols. Names are unique in the whole lobby.
 * A member is {@link Status#READY} when it can be invited, {@link Status#BUSY} while it has an
 * invitation open (sent or received) or plays.
 */
public final class Member {

    /** Whether a member can be invited (seed 000's READY/BUSY). */
    public enum Status { READY, BUSY }

    private final String name;
    private final String gameId;
    private final String protocolId;
    private volatile MemberListener listener;
    private volatile Status status = Status.READY;
    private volatile Table table;
    private volatile boolean connected = true;

    Member(String name, String gameId, String protocolId, MemberListener listener) {
        this.name = name;
        this.gameId = gameId;
        this.protocolId = protocolId;
        this.listener = listener;
    }

    public String name() {
        return name;
    }

    /** The game this member plays (members of different games never meet). */
    public String gameId() {
        return gameId;
    }

    public String protocolId() {
        return protocolId;
    }

    public Status status() {
        return status;
    }

    /** The table this member plays at, or {@code null}. */
    public Table table() {
        return table;
    }

    /** {@code false} while the member has dropped out of a game and may still come back. */
    public boolean isConnected() {
        return connected;
    }

    MemberListener listener() {
        return listener;
    }

    void listener(MemberListener l) {
        listener = l;
    }

    void status(Status s) {
        status = s;
    }

    void table(Table t) {
        table = t;
    }

    void connected(boolean c) {
        connected = c;
    }

    @Override
    public String toString() {
        return name + " (" + gameId + ", " + status + (connected ? "" : ", away") + ")";
    }
}
