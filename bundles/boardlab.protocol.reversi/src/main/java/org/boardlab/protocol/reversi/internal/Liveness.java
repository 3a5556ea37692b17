package org.boardlab.protocol.reversi.internal;

import io.netty.channel.ChannelHandlerContext;
import org.boardlab.protocol.reversi.ReversiMessage;

/**
 * Seed 004's "no message on a socket for 1 s: send a Ping" and "a Ping is answered with OK", for
 * one connection; driven by the reader-idle events of an {@code IdleStateHandler} of 1 s. Used on its
 * connection's event loop only.
 */
final class Liveness {

    private long pingSentAt;

    /** A message came in: an OK/NOK answers our Ping. */
    void heard(Object message) {
        if (message instanceof ReversiMessage.Ok) {
            pingSentAt = 0;
        }
    }

    /**
     * The peer has been silent for a second: pings it, or says it does not respond.
     *
     * @return {@code true} if a Ping has waited {@link GameMaster#PING_ANSWER_MILLIS} for its OK
     */
    boolean silent(ChannelHandlerContext ctx) {
        long now = System.currentTimeMillis();
        if (pingSentAt == 0) {
            pingSentAt = now;
            ctx.writeAndFlush(ReversiMessage.Ping.INSTANCE);
            return false;
        }
        return now - pingSentAt >= GameMaster.PING_ANSWER_MILLIS;
    }
}
