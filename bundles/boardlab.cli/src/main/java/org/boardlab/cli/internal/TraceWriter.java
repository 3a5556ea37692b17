package org.boardlab.cli.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
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
 *
 * <p>A student follows the trace with {@code tail -f}, so every line reaches the file whole and at once:
 * {@link #onEvent} turns the event into its line and appends it to a buffer in memory; a thread of the
 * writer's own ({@code boardlab-trace-writer}) takes everything buffered and writes it with one write to
 * the file, then takes what came meanwhile, and so on. When frames are rare each is written as it comes
 * (one write a frame); when they come fast, the lines that arrive while one write is under way go out
 * together in the next, so the number of writes falls as the rate rises instead of growing with it (a
 * write never ends in the middle of a line, and nothing waits for a timer). The buffer holds at most
 * {@link #MAX_PENDING_BYTES}: beyond that {@code onEvent} waits for the file (the wire tap's own thread
 * calls it, so a slow disk makes the tap drop and count frames; the server itself never waits).
 */
public final class TraceWriter implements EventListener, AutoCloseable {

    /** How many bytes of lines may wait for the file before {@link #onEvent} waits for the writer. */
    static final int MAX_PENDING_BYTES = 8 << 20;

    /** A growable byte buffer that can hand its bytes to a channel without a copy. */
    private static final class Lines extends java.io.ByteArrayOutputStream {
        Lines() {
            super(64 << 10);
        }

        java.nio.ByteBuffer view() {
            return java.nio.ByteBuffer.wrap(buf, 0, count);
        }

        boolean oversized() {
            return buf.length > (1 << 20);
        }
    }

    private final FileChannel file;
    private final Thread writer;
    /** Lines not yet handed to the writer thread (guarded by {@code this}). */
    private Lines pending = new Lines();
    /** Lines being written by the writer thread (only it touches them between swaps). */
    private Lines writing = new Lines();
    private long lines;
    private long writes;
    /** Set by {@link #close()}: a frame still in flight on another thread (an engine's last line) is dropped, not an error. */
    private boolean closed;
    /** Why the file could not be written (then every later frame is refused with it). */
    private IOException failure;

    /**
     * Opens (creates or empties) the trace file, and its folders if needed.
     *
     * @throws IllegalStateException naming the file and saying why it cannot be written
     */
    public static TraceWriter open(Path file) {
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
        this.file = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING);
        writer = new Thread(this::writeLoop, "boardlab-trace-writer");
        writer.setDaemon(true);
        writer.start();
    }

    @Override
    public void onEvent(BoardlabEvent event) {
        if (!(event instanceof WireEvent w)) {
            return;
        }
        synchronized (this) {
            if (closed) {
                return;
            }
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
        byte[] bytes = (Json.line(line) + "\n").getBytes(StandardCharsets.UTF_8);
        synchronized (this) {
            while (failure == null && !closed && pending.size() > MAX_PENDING_BYTES) {
                try {
                    wait();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
            if (failure != null) {
                throw new UncheckedIOException(failure);
            }
            if (closed) {
                return;
            }
            pending.writeBytes(bytes);
            lines++;
            notifyAll();
        }
    }

    /** The writer thread: everything buffered, in one write, until closed and empty. */
    private void writeLoop() {
        while (true) {
            synchronized (this) {
                while (pending.size() == 0 && !closed) {
                    try {
                        wait();
                    } catch (InterruptedException e) {
                        return;
                    }
                }
                if (pending.size() == 0) {
                    return;
                }
                Lines full = pending;
                pending = writing.oversized() ? new Lines() : writing;
                writing = full;
                notifyAll();
            }
            try {
                java.nio.ByteBuffer bytes = writing.view();
                while (bytes.hasRemaining()) {
                    file.write(bytes);
                }
            } catch (IOException e) {
                synchronized (this) {
                    failure = e;
                    notifyAll();
                }
                return;
            }
            writing.reset();
            synchronized (this) {
                writes++;
            }
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

    /** Lines taken (written, or waiting to be written). */
    public synchronized long lines() {
        return lines;
    }

    /** Writes made to the file so far (each one or more whole lines). */
    public synchronized long writes() {
        return writes;
    }

    /**
     * Writes what is buffered, then closes the file.
     *
     * @throws IOException why the trace could not be written, if it could not
     */
    @Override
    public void close() throws IOException {
        synchronized (this) {
            closed = true;
            notifyAll();
        }
        try {
            writer.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        file.close();
        synchronized (this) {
            if (failure != null) {
                throw failure;
            }
        }
    }
}
