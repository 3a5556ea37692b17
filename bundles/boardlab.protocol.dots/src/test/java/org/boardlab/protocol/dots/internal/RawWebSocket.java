package org.boardlab.protocol.dots.internal;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A WebSocket client written on a plain socket, for what Java's own client hides: the upgrade's headers as a browser
 * sends them (Chromium offers {@code permessage-deflate}; {@code java.net.http} refuses to set
 * {@code Sec-WebSocket-Extensions}), the server's answer line by line, and each frame as it came, with its RSV1 bit
 * (set on a compressed message). Text frames only, each sent whole and masked, as a client must.
 */
final class RawWebSocket implements AutoCloseable {

    /** One frame as received. */
    record Frame(boolean fin, boolean rsv1, int opcode, byte[] payload) {
        String text() {
            return new String(payload, StandardCharsets.UTF_8);
        }
    }

    private final Socket socket;
    private final DataInputStream in;
    private final OutputStream out;
    /** The server's answer to the upgrade: the status line, then each header line. */
    final List<String> answer = new ArrayList<>();

    /**
     * Connects to {@code base} ({@code http://host:port}) and asks for a WebSocket on {@code path}, with
     * {@code headers} ("Name: value" lines) besides the upgrade's own; reads the whole answer.
     */
    RawWebSocket(String base, String path, String... headers) throws IOException {
        URI uri = URI.create(base);
        socket = new Socket(uri.getHost(), uri.getPort());
        socket.setSoTimeout(10_000);
        in = new DataInputStream(socket.getInputStream());
        out = socket.getOutputStream();
        StringBuilder request = new StringBuilder("GET " + path + " HTTP/1.1\r\nHost: " + uri.getHost() + ":" + uri.getPort()
                + "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                + "Sec-WebSocket-Version: 13\r\n");
        for (String h : headers) {
            request.append(h).append("\r\n");
        }
        out.write(request.append("\r\n").toString().getBytes(StandardCharsets.US_ASCII));
        out.flush();
        for (String line = line(in); !line.isEmpty(); line = line(in)) {
            answer.add(line);
        }
    }

    /** The status code of the answer to the upgrade (101 when it was taken). */
    int status() {
        return Integer.parseInt(answer.get(0).split(" ")[1]);
    }

    /** The value of the answer's header {@code name} (any case), null if it has none. */
    String header(String name) {
        String prefix = name.toLowerCase(Locale.ROOT) + ":";
        for (String h : answer.subList(1, answer.size())) {
            if (h.toLowerCase(Locale.ROOT).startsWith(prefix)) {
                return h.substring(prefix.length()).strip();
            }
        }
        return null;
    }

    /** Sends {@code text} as one masked text frame. */
    void send(String text) throws IOException {
        byte[] payload = text.getBytes(StandardCharsets.UTF_8);
        ByteArrayOutputStream frame = new ByteArrayOutputStream();
        frame.write(0x81); // FIN, text
        if (payload.length < 126) {
            frame.write(0x80 | payload.length);
        } else if (payload.length < 65536) {
            frame.write(0x80 | 126);
            frame.write(payload.length >>> 8);
            frame.write(payload.length);
        } else {
            frame.write(0x80 | 127);
            for (int shift = 56; shift >= 0; shift -= 8) {
                frame.write((int) ((long) payload.length >>> shift));
            }
        }
        byte[] mask = new byte[4];
        ThreadLocalRandom.current().nextBytes(mask);
        frame.write(mask);
        for (int i = 0; i < payload.length; i++) {
            frame.write(payload[i] ^ mask[i & 3]);
        }
        out.write(frame.toByteArray());
        out.flush();
    }

    /** The next frame from the server (a server's frames are not masked); fails after 10 s without one. */
    Frame read() throws IOException {
        int b0 = in.readUnsignedByte();
        int b1 = in.readUnsignedByte();
        if ((b1 & 0x80) != 0) {
            throw new IOException("a server's frame is never masked");
        }
        long length = b1 & 0x7f;
        if (length == 126) {
            length = in.readUnsignedShort();
        } else if (length == 127) {
            length = in.readLong();
        }
        if (length > 1 << 20) {
            throw new IOException("a frame of " + length + " bytes");
        }
        byte[] payload = new byte[(int) length];
        in.readFully(payload);
        return new Frame((b0 & 0x80) != 0, (b0 & 0x40) != 0, b0 & 0x0f, payload);
    }

    private static String line(InputStream in) throws IOException {
        StringBuilder s = new StringBuilder();
        for (int c = in.read(); c != '\n'; c = in.read()) {
            if (c < 0) {
                throw new IOException("the server closed the connection in its answer to the upgrade: " + s);
            }
            if (c != '\r') {
                s.append((char) c);
            }
        }
        return s.toString();
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
