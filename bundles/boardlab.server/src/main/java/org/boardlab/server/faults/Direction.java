package org.boardlab.server.faults;

/** Which way bytes travel on a connection: what a fault applies to. */
public enum Direction {
    /** What the client sends to the server. */
    TO_SERVER("to-server", "to the server"),
    /** What the server sends to the client. */
    TO_CLIENT("to-client", "to the client");

    private final String id;
    private final String words;

    Direction(String id, String words) {
        this.id = id;
        this.words = words;
    }

    /** The name in a fault profile: {@code to-server} or {@code to-client}. */
    public String id() {
        return id;
    }

    /** In a sentence: {@code to the server}, {@code to the client}. */
    public String words() {
        return words;
    }

    /** {@code true} for what the client sends (a wire event's {@code fromClient}). */
    public boolean fromClient() {
        return this == TO_SERVER;
    }
}
