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
    private final String host;
    private volatile MemberListener listener;
    private volatile java.util.concurrent.Executor executor;
    private volatile BackgroundLane lane;
    private volatile Status status = Status.READY;
    private volatile Table table;
    private volatile boolean connected = true;
    private volatile boolean listed;

    Member(String name, String gameId, String protocolId, MemberListener listener, java.util.concurrent.Executor executor,
            String host) {
        this.name = name;
        this.host = host;
        this.gameId = gameId;
        this.protocolId = protocolId;
        this.listener = listener;
        this.executor = executor;
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

    /**
     * The IP address the member logged in from (no port), or {@code null} for a member in this process;
     * a dropped member's seat goes back only to a login from it (see {@link Lobby#login}).
     */
    public String host() {
        return host;
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

    /**
     * Whether this member is on its game's lobby list, which the lobby's members are told about (a
     * list holds at most {@link ServerSettings#lobbyListSize()} members; see {@link Lobby}). A member
     * who is not listed can still be invited by name.
     */
    public boolean isListed() {
        return listed;
    }

    void listed(boolean l) {
        listed = l;
    }

    MemberListener listener() {
        return listener;
    }

    void listener(MemberListener l, java.util.concurrent.Executor e, BackgroundLane background) {
        listener = l;
        executor = e;
        lane = background;
    }

    /**
     * Like {@link #tell}, for calls that may wait (lobby news): on the executor's background lane,
     * after the calls of {@link #tell} made meanwhile. Without a lane (an executor that is not an
     * event loop) it is the same as {@link #tell}.
     */
    void tellWhenIdle(java.util.function.Consumer<MemberListener> call) {
        BackgroundLane background = lane;
        if (background == null) {
            tell(call);
            return;
        }
        MemberListener l = listener;
        background.submit(() -> call.accept(l));
    }

    /**
     * Makes a call to this member's listener on the member's executor (for a network session, its
     * connection's event loop), so that the lobby and the table never wait for a listener and the
     * calls reach each member in the order they were made. A call for a connection that has closed
     * meanwhile is dropped.
     */
    void tell(java.util.function.Consumer<MemberListener> call) {
        MemberListener l = listener;
        try {
            executor.execute(() -> call.accept(l));
        } catch (java.util.concurrent.RejectedExecutionException e) {
            // the connection's event loop has shut down: nobody is left to tell
        }
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
