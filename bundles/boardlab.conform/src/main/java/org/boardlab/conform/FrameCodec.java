package org.boardlab.conform;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * How a protocol cuts a byte stream into frames and says a frame in words. Implemented by each
 * protocol's kit.
 */
@ConsumerType
public interface FrameCodec {

    /**
     * The length of the whole frame at the start of {@code buffer[0..length)}: the header, the body
     * and the end marker (a line's LF) included.
     *
     * @return the frame's length, or 0 if more bytes are needed
     * @throws FramingException if these bytes can never be a frame (wrong magic, over the limit); the
     *                          wire records the bytes and stops reading frames
     */
    int frameLength(byte[] buffer, int length) throws FramingException;

    /**
     * {@link #frameLength(byte[], int)} for a protocol whose two directions are cut differently (seed
     * 001: the server's messages end with a NUL, a client's may have no end but the read that brought
     * it); by default the same both ways.
     *
     * @param fromServer {@code true} for bytes the server sent
     */
    default int frameLength(byte[] buffer, int length, boolean fromServer) throws FramingException {
        return frameLength(buffer, length);
    }

    /**
     * A whole frame in words, as the protocol's parser reads it, e.g. the line without its end, or
     * {@code heartbeat}, or the JSON text. Never throws: a frame that does not parse is described
     * with the reason.
     *
     * @param fromServer {@code true} for a frame the server sent
     */
    String decode(byte[] frame, boolean fromServer);

    /** Bytes that can never be a frame. */
    final class FramingException extends Exception {
        private static final long serialVersionUID = 1L;

        /** With the reason, in words. */
        public FramingException(String reason) {
            super(reason);
        }
    }
}
