package org.boardlab.protocol.reversi;

import io.netty.channel.ChannelPipeline;

/**
 * Puts the Reversi codec into a channel pipeline, stage by named stage, and holds the protocol's
 * limits and default ports.
 *
 * <pre>
 *  inbound bytes                                                      outbound messages
 *      |                                                                     ^
 *  [reversi-framer]   ReversiFramer(direction): one ByteBuf per message      |
 *      |   (the server puts its wire tap here)                               |
 *  [reversi-decoder]  ReversiDecoder: ReversiMessage or ProtocolViolation    |
 *  [reversi-encoder]  ReversiEncoder: ReversiMessage -&gt; bytes  ------------+
 *      v
 *  the session's handlers
 * </pre>
 */
public final class ReversiCodec {

    /** The most cells a side of a board may have (seed 004 as boardlab reads it: even sizes 4..16). */
    public static final int MAX_BOARD_SIDE = 16;

    /** The black player's port of boardlab's Game Master unless told otherwise; white is +1, the controller +2. */
    public static final int DEFAULT_PORT = 14000;

    public static final String FRAMER = "reversi-framer";
    public static final String DECODER = "reversi-decoder";
    public static final String ENCODER = "reversi-encoder";

    private ReversiCodec() {
    }

    /** Adds framer, decoder of the players' and controllers' messages and encoder: a Game Master's side. */
    public static ChannelPipeline addGameMasterSide(ChannelPipeline pipeline) {
        return pipeline.addLast(FRAMER, new ReversiFramer(Direction.TO_GM))
                .addLast(DECODER, ReversiDecoder.TO_GM)
                .addLast(ENCODER, ReversiEncoder.INSTANCE);
    }

    /** Adds framer, decoder of the Game Master's messages and encoder: a player's or a controller's side. */
    public static ChannelPipeline addClientSide(ChannelPipeline pipeline) {
        return pipeline.addLast(FRAMER, new ReversiFramer(Direction.FROM_GM))
                .addLast(DECODER, ReversiDecoder.FROM_GM)
                .addLast(ENCODER, ReversiEncoder.INSTANCE);
    }
}
