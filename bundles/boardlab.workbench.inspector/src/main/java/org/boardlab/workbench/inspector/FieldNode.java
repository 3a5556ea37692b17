package org.boardlab.workbench.inspector;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import org.boardlab.api.DecodedMessage;
import org.boardlab.api.MessageField;
import org.boardlab.api.event.WireEvent;

/**
 * A line of the inspector's field tree. Nodes compare by identity, so that two fields with the
 * same name and value (two empty squares of a board) stay two lines.
 */
final class FieldNode {

    /** What a line shows. */
    enum Kind {
        /** Why the message is malformed or out of place, or the violation it reports; shown first, in red. */
        ERROR,
        /** What the server refuses by this message, and why; shown first, in orange. */
        REFUSED,
        /** A field the protocol decoded. */
        FIELD,
        /** Facts about the frame itself (number, time, connection, size). */
        FRAME
    }

    private static final DateTimeFormatter DATE_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSSSSS")
            .withZone(ZoneId.systemDefault());

    final Kind kind;
    final String name;
    final String value;
    final List<FieldNode> children;

    private FieldNode(Kind kind, String name, String value, List<FieldNode> children) {
        this.kind = kind;
        this.name = name;
        this.value = value;
        this.children = children;
    }

    /**
     * The lines for {@code e}: its error, the violation it reports and what it refuses (each if any),
     * its decoded fields, then the frame's facts.
     */
    static List<FieldNode> of(WireEvent e) {
        DecodedMessage d = e.decoded();
        List<FieldNode> lines = new ArrayList<>();
        if (d.error() != null) {
            lines.add(new FieldNode(Kind.ERROR, "error", d.error(), List.of()));
        }
        if (d.violation() != null) {
            lines.add(new FieldNode(Kind.ERROR, "violation", d.violation(), List.of()));
        }
        if (d.refused() != null) {
            lines.add(new FieldNode(Kind.REFUSED, "refused", d.refused(), List.of()));
        }
        lines.addAll(fields(d.fields()));
        List<FieldNode> frame = new ArrayList<>();
        frame.add(fact("number", "#" + e.sequence()));
        frame.add(fact("time", DATE_TIME.format(Instant.ofEpochSecond(0, e.timeMicros() * 1000))));
        frame.add(fact("connection", e.connectionId() + " (" + e.remote() + ")"));
        frame.add(fact("player", e.player() == null ? "(not logged in yet)" : e.player()));
        frame.add(fact("protocol", e.protocol()));
        frame.add(fact("direction", e.fromClient() ? "in: sent by the client" : "out: sent to the client"));
        frame.add(fact("match", e.matchId() == 0 ? "none" : Long.toString(e.matchId())));
        frame.add(fact("type", d.type()));
        frame.add(fact("length", e.raw().length + (e.raw().length == 1 ? " byte" : " bytes")));
        lines.add(new FieldNode(Kind.FRAME, "frame", "#" + e.sequence() + ", " + e.raw().length + " bytes", frame));
        return lines;
    }

    private static FieldNode fact(String name, String value) {
        return new FieldNode(Kind.FRAME, name, value, List.of());
    }

    private static List<FieldNode> fields(List<MessageField> fields) {
        List<FieldNode> out = new ArrayList<>(fields.size());
        for (MessageField f : fields) {
            out.add(new FieldNode(Kind.FIELD, f.name(), f.value(), fields(f.children())));
        }
        return out;
    }

    @Override
    public String toString() {
        return name + ": " + value;
    }
}
