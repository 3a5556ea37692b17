package org.boardlab.client;

/** Who or what closed a {@link NettyClient}'s connection. */
public enum CloseKind {
    /** This client closed it ({@link NettyClient#close()}, or a goodbye message it sent). */
    CLIENT,
    /** The server closed it, without a protocol error (for example it shut down). */
    SERVER,
    /** The protocol was broken: the server said so, or its bytes could not be read as the protocol. */
    PROTOCOL_ERROR,
    /** The connection could not be made, the network failed, or the server stopped answering. */
    FAILED
}
