package org.boardlab.cli.internal;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.boardlab.api.DecodedMessage;
import org.boardlab.api.MessageField;
import org.boardlab.api.event.BoardlabEvent;
import org.boardlab.api.event.EventListener;
import org.boardlab.api.event.WireEvent;

/**
 * Writes every {@link WireEvent} as one JSON line (the trace format of {@code boardlab serve --trace},
 * documented in the README and read back by the message inspector).
 */
final class TraceWriter implements EventListener, AutoCloseable {

    private final BufferedWriter out;
    private long lines;
    /** Set by {@link #close()}: a frame still in flight on another thread (an engine's last line) is dropped, not an error. */
    private boolean closed;

    /**
     * Opens (creates or empties) the trace file, and its folders if needed.
     *
     * @throws IllegalStateException naming the file and saying why it cannot be written
     */
    static TraceWriter open(Path file) {
        Path parent = file.toAbsolutePath().getParent();
        try {
            if (parent != null) {
                Files.createDirectories(parent);
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot write the trace to " + file + ": cannot make the folder " + parent + " (" + why(e) + ")", e);
        }
        try {
            return new TraceWriter(file);
        } catch (IOException e) {
            throw new IllegalStateException("cannot write the trace to " + file + " (" + why(e) + ")", e);
        }
    }

    /** Why a file cannot be written, in words (the JDK's message is often only the path). */
    static String why(IOException e) {
        if (e instanceof java.nio.file.NoSuchFileException) {
            return "no such file or folder: " + ((java.nio.file.NoSuchFileException) e).getFile();
        }
        if (e instanceof java.nio.file.AccessDeniedException a) {
            return "permission denied: " + a.getFile();
        }
        if (e instanceof java.nio.file.FileAlreadyExistsException f) {
            return f.getFile() + " is a file, not a folder";
        }
        if (e instanceof java.nio.file.FileSystemException f && f.getReason() != null) {
            return f.getReason().toLowerCase(java.util.Locale.ROOT) + ": " + f.getFile();
        }
        return e.getMessage() == null ? e.toString() : e.getMessage();
    }

    TraceWriter(Path file) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
    }

    @Override
    public synchronized void onEvent(BoardlabEvent event) {
        if (!(event instanceof WireEvent w) || closed) {
            return;
        }
        Map<String, Object> line = new LinkedHashMap<>();
        line.put("time_us", w.timeMicros());
        line.put("seq", w.sequence());
        line.put("connection", w.connectionId());
        line.put("remote", w.remote());
        line.put("player", w.player());
        line.put("protocol", w.protocol());
        line.put("direction", w.fromClient() ? "in" : "out");
        line.put("match", w.matchId());
        line.put("raw", Base64.getEncoder().encodeToString(w.raw()));
        DecodedMessage d = w.decoded();
        line.put("type", d.type());
        line.put("summary", d.summary());
        line.put("fields", fields(d.fields()));
        line.put("error", d.error());
        line.put("refused", d.refused());
        line.put("violation", d.violation());
        line.put("fault", w.fault());
        try {
            out.write(Json.line(line));
            out.newLine();
            if (++lines % 64 == 0) {
                out.flush();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<Object> fields(List<MessageField> fields) {
        List<Object> list = new ArrayList<>();
        for (MessageField f : fields) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", f.name());
            m.put("value", f.value());
            if (!f.children().isEmpty()) {
                m.put("children", fields(f.children()));
            }
            list.add(m);
        }
        return list;
    }

    synchronized long lines() {
        return lines;
    }

    @Override
    public synchronized void close() throws IOException {
        closed = true;
        out.close();
    }
}
