package org.boardlab.conform.ui.internal;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.boardlab.api.DecodedMessage;
import org.boardlab.api.Protocol;
import org.boardlab.api.event.WireEvent;
import org.boardlab.conform.Frame;
import org.boardlab.core.EventBus;
import org.boardlab.core.Referee;

/**
 * A kit's frames as the inspector's {@link WireEvent}s, published as they are sent and received. Each
 * scenario is a match of its own ({@link #matchId(int)}, a fresh {@link Referee#newMatchId()}: the
 * inspector's Match filter shows that scenario's traffic), each of its connections a connection of
 * its own (a fresh id from the same counter as the server's, so it never mixes with a real one), and
 * the player column says {@code conform: } and the kit's name for the connection.
 *
 * <p>Directions follow the inspector's: {@code fromClient} is what the client sends, so against a
 * server what the kit sends is "in", against a client what the client under test sends is. A
 * connection's events (connected, closed) are messages of type {@code event}. Frames are decoded
 * by the loaded protocol of the kit's id (the inspector's fields), else given in the kit's words.
 */
final class KitTap {

    private final EventBus events;
    private final Function<String, Protocol> protocols;
    private final String protocol;
    private final boolean kitIsClient;
    private final String remote;
    private final Map<Integer, Long> matches = new ConcurrentHashMap<>();
    private final Map<String, Long> connections = new ConcurrentHashMap<>();
    private volatile int scenario;
    private long sequence;

    /**
     * @param protocols   the loaded protocol of an id, or {@code null}
     * @param kitIsClient {@code true} when the kit tests a server (it is the client)
     * @param remote      the component under test, for the inspector's address column
     */
    KitTap(EventBus events, Function<String, Protocol> protocols, String protocol, boolean kitIsClient, String remote) {
        this.events = events;
        this.protocols = protocols;
        this.protocol = protocol;
        this.kitIsClient = kitIsClient;
        this.remote = remote;
    }

    /** Scenario {@code index} (from 1) begins: its frames carry its match id from now on. */
    void scenario(int index) {
        scenario = index;
        matchId(index);
    }

    /** The match id of scenario {@code index} (from 1): what the inspector filters on. */
    long matchId(int index) {
        return matches.computeIfAbsent(index, i -> Referee.newMatchId());
    }

    /** The connection id of a kit connection in scenario {@code index}, or 0 if it has sent nothing yet. */
    long connectionId(int index, String connection) {
        return connections.getOrDefault(index + "/" + connection, 0L);
    }

    /** Publishes a frame of the current scenario (called as it is sent or received). */
    void frame(Frame f) {
        int s = scenario;
        long connection = connections.computeIfAbsent(s + "/" + f.connection(), k -> org.boardlab.server.WireTap.newConnectionId());
        boolean fromClient = switch (f.direction()) {
            case SENT -> kitIsClient;
            case RECEIVED -> !kitIsClient;
            case EVENT -> false;
        };
        DecodedMessage decoded = decode(f, fromClient);
        long seq;
        synchronized (this) {
            seq = ++sequence;
        }
        events.publish(new WireEvent(EventBus.nowMicros(), seq, connection, remote, "conform: " + f.connection(), protocol, fromClient, f.raw(),
                decoded, matchId(s)));
    }

    private DecodedMessage decode(Frame f, boolean fromClient) {
        if (f.direction() == Frame.Direction.EVENT) {
            return new DecodedMessage("event", f.decoded(), List.of(), null);
        }
        Protocol p = protocols.apply(protocol);
        if (p != null && !f.decoded().startsWith("bytes that make no frame")) {
            DecodedMessage d = p.describe(f.raw(), fromClient);
            String note = f.decoded().contains("   [") ? f.decoded().substring(f.decoded().indexOf("   [")) : "";
            return note.isEmpty() ? d : new DecodedMessage(d.type(), d.summary() + note, d.fields(), d.error(), d.refused(), d.violation());
        }
        String text = f.decoded();
        int space = text.indexOf(' ');
        return new DecodedMessage(space > 0 ? text.substring(0, Math.min(space, 24)) : "frame", text, List.of(), null);
    }
}
