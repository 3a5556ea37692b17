package org.boardlab.protocol.onitama;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Cuts a client's byte stream into messages although seed 001's clients end their messages with
 * nothing: the original server took each {@code recv()} as one message. This framer takes, in this
 * order:
 * <ol>
 * <li><b>a terminator</b>, if the client sends one: a NUL, or LF (with or without CR before it),
 *     ends the message at once (boardlab's own clients end every message with NUL, which the
 *     original server also reads correctly);</li>
 * <li>else <b>the end of what arrived</b>: when a read from the socket is done and the bytes held
 *     form a whole message for what the session expects ({@link #expect}: one number for a mode, a
 *     difficulty or a table, five for a move), they are one message, as one {@code recv()} was
 *     (bytes that end in CR wait for their LF);</li>
 * <li>else <b>a pause</b>: if the bytes held are still short of a whole message (fewer numbers
 *     than expected, or ending in a blank or {@code -}), the framer waits up to
 *     {@link #LATE_MILLIS} ms for the rest and then takes what it holds as the message (which the
 *     session answers as the original would answer a short message).</li>
 * </ol>
 *
 * <pre>
 *  expect   bytes arriving (| = a read ends)           messages
 *  MODE     1 |                                        "1"
 *  TABLE    3 \0 |                                     "3\0"        (terminator kept in the frame)
 *  MOVE     4 2 3 2 4 |                                "4 2 3 2 4"
 *  MOVE     4 2 3 | (nothing for 200 ms)               "4 2 3"      (answered 27 or 28)
 *  MOVE     4 2 3 | 2 4 |                              "4 2 3 2 4"  (the rest came in time)
 *  MOVE     4 2 3 2 4\n0 1 1 1 3\n |                   "4 2 3 2 4\n", "0 1 1 1 3\n"
 *  MOVE     4 2 3 2 4 | \r\n |                         "4 2 3 2 4"  (a terminator alone after a
 *                                                                  message cut at a read's end is its end)
 *  any      65 bytes without a terminator              ProtocolViolation (too long)
 * </pre>
 *
 * <p>The frames it passes on are {@link ByteBuf}s with the message's bytes exactly as they came
 * (a terminator included), so the wire tap after it records the raw bytes; {@link ClientDecoder}
 * then strips the terminator. One framer per connection (it holds bytes and a state).
 *
 * <h2>Pitfalls</h2>
 * <ul>
 * <li>Without a terminator, a client must wait for the answer to a message before it sends the
 *     next one (the seed's client always does): two unterminated messages that arrive in one read
 *     are one message to this framer, as they were one {@code recv()} to the original.</li>
 * <li>The session sets {@link #expect} while it handles a message, before the framer looks at the
 *     bytes after it; so messages are cut by the state the session is in when they are read.</li>
 * <li>More than {@link #MAX_LENGTH} bytes without the end of a message is a violation; the framer
 *     then drops everything the client sends.</li>
 * </ul>
 */
public final class ClientFramer extends ChannelInboundHandlerAdapter {

    /** What the session waits for, by how many numbers make a whole message. */
    public enum Expect {
        /** {@code 0} PvE, {@code 1} PvP, {@code 2} exit. */
        MODE(1),
        /** PvE's difficulty. */
        DIFFICULTY(1),
        /** PvP's table, {@code -1} or {@code 0..4}. */
        TABLE(1),
        /** {@code fr fc tr tc id}; also what the framer expects while the client should be silent. */
        MOVE(5);

        private final int numbers;

        Expect(int numbers) {
            this.numbers = numbers;
        }

        /** How many numbers make the message whole. */
        public int numbers() {
            return numbers;
        }
    }

    /** The longest message, terminator included; the longest real one, a move, has at most 15 bytes. */
    public static final int MAX_LENGTH = 64;

    /** How long the framer waits for the rest of a message that is short of its numbers. */
    public static final long LATE_MILLIS = 200;

    private final long lateMillis;
    private final byte[] held = new byte[MAX_LENGTH];
    private int length;
    private volatile Expect expect = Expect.MODE;
    private ScheduledFuture<?> late;
    private boolean broken;
    /** The last message was taken at the end of a read, so a terminator alone after it is its end. */
    private boolean cutAtReadEnd;

    /** A framer that waits {@link #LATE_MILLIS} ms for the rest of a short message. */
    public ClientFramer() {
        this(LATE_MILLIS);
    }

    /** A framer that waits {@code lateMillis} ms for the rest of a short message. */
    public ClientFramer(long lateMillis) {
        this.lateMillis = lateMillis;
    }

    /** Sets what a whole message is from now on. Called by the session on the channel's event loop. */
    public void expect(Expect what) {
        expect = what;
    }

    /** What a whole message is now. */
    public Expect expecting() {
        return expect;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (!(msg instanceof ByteBuf in)) {
            ctx.fireChannelRead(msg);
            return;
        }
        try {
            cancelLate();
            while (in.isReadable() && !broken) {
                byte b = in.readByte();
                if (length == MAX_LENGTH) {
                    broken = true;
                    length = 0;
                    ctx.fireChannelRead(new ProtocolViolation("a message is at most " + MAX_LENGTH
                            + " bytes; this one has more and no end", ""));
                    break;
                }
                held[length++] = b;
                if (b == 0 || b == '\n') {
                    if (cutAtReadEnd && onlyTerminator()) {
                        length = 0; // the end of the message taken at the end of the last read
                    } else {
                        emit(ctx);
                    }
                    cutAtReadEnd = false;
                }
            }
        } finally {
            in.release();
        }
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        if (length > 0 && !broken) {
            if (whole(new String(held, 0, length, StandardCharsets.ISO_8859_1), expect.numbers())) {
                emit(ctx);
                cutAtReadEnd = true;
            } else {
                late = ctx.executor().schedule(() -> {
                    late = null;
                    if (length > 0 && !broken) {
                        emit(ctx);
                        cutAtReadEnd = true;
                        ctx.fireChannelReadComplete();
                    }
                }, lateMillis, TimeUnit.MILLISECONDS);
            }
        }
        ctx.fireChannelReadComplete();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        cancelLate();
        length = 0; // a message cut off by the close is not a message
        super.channelInactive(ctx);
    }

    private void cancelLate() {
        if (late != null) {
            late.cancel(false);
            late = null;
        }
    }

    private boolean onlyTerminator() {
        return length == 1 || length == 2 && held[0] == '\r';
    }

    private void emit(ChannelHandlerContext ctx) {
        ByteBuf frame = ctx.alloc().buffer(length);
        frame.writeBytes(held, 0, length);
        length = 0;
        ctx.fireChannelRead(frame);
    }

    /**
     * {@code true} unless {@code text} could still grow into a message of {@code numbers} numbers:
     * it is numbers so far (blanks between) but fewer, or it ends in a blank or a {@code -}.
     */
    static boolean whole(String text, int numbers) {
        if (text.charAt(text.length() - 1) == '\r') {
            return false; // the LF of a CR LF is on its way
        }
        int count = 0;
        boolean inNumber = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c >= '0' && c <= '9') {
                if (!inNumber) {
                    count++;
                    inNumber = true;
                }
            } else if (c == ' ') {
                inNumber = false;
            } else if (c == '-' && (i == 0 || text.charAt(i - 1) == ' ')) {
                inNumber = false;
            } else {
                return true; // not a number: no more bytes can make it one
            }
        }
        char last = text.charAt(text.length() - 1);
        return count >= numbers && last != ' ' && last != '-';
    }
}
