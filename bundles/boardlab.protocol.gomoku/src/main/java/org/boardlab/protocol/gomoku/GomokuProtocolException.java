package org.boardlab.protocol.gomoku;

import io.netty.handler.codec.CorruptedFrameException;
import java.util.Objects;

/**
 * A fault that ends a connection: the bytes are not (or no longer) a stream of Gomoku frames. The
 * frame decoder fires it down the pipeline and then closes the connection; a session handler logs
 * {@link #violation()} and does nothing else. {@link GomokuJson#decode} also throws it, for every
 * kind of fault, to callers outside a pipeline.
 */
public final class GomokuProtocolException extends CorruptedFrameException {

    private static final long serialVersionUID = 1L;

    private final transient ProtocolViolation violation;

    /** An exception carrying the violation; its message is the violation's reason. */
    public GomokuProtocolException(ProtocolViolation violation) {
        super(Objects.requireNonNull(violation, "violation").reason());
        this.violation = violation;
    }

    /** What went wrong; never {@code null}. */
    public ProtocolViolation violation() {
        return violation;
    }
}
