package org.boardlab.protocol.dots.internal;

import java.util.List;
import org.cometd.bayeux.server.BayeuxContext;
import org.cometd.server.BayeuxServerImpl;
import org.cometd.server.websocket.jetty.JettyWebSocketTransport;
import org.eclipse.jetty.websocket.api.Session;
import org.eclipse.jetty.websocket.server.ServerUpgradeRequest;
import org.eclipse.jetty.websocket.server.ServerUpgradeResponse;

/**
 * CometD's WebSocket transport, taking Faye's empty batches and agreeing to no extension.
 *
 * <p><b>Empty batches.</b> Faye 1.0's WebSocket transport (the seed's page) sends {@code []} on a new socket and as its
 * keep-alive, which the original Faye server takes as nothing to do; CometD 9 closes the socket on it
 * ({@code 1011 bayeux protocol violation}), and Faye then opens a new one and sends it again, for ever, so the page
 * never hears the lobby. Here a text frame that is an empty JSON array (or blank) is read and dropped, and the socket
 * reads on.
 *
 * <p><b>No compression.</b> A browser offers {@code permessage-deflate} on every WebSocket it opens (Chromium:
 * {@code permessage-deflate; client_max_window_bits}); Jetty agrees by default, and then each socket keeps a zlib
 * deflater (256 KB of window and hash tables reserved outside the Java heap) from its first message until it closes,
 * and deflates every message the server sends it, to shrink messages of 100-300 bytes. Measured (session 21,
 * {@code benchmarks/node/ws-sockets.js}, 2,000 sockets offering it, each sent one Bayeux answer): the server's resident
 * memory grew by 137 KB a socket with it (122 KB outside the heap) and by 41 KB without (28 KB outside the heap): about
 * 1 GB more for a school's 10,000 browsers, before any lobby news. The seed's server (Faye 1.0.3: {@code NodeAdapter.handleUpgrade} makes its
 * sockets with no extensions) agreed to none; neither does this port: every socket's frames go as they are.
 */
public final class FayeWebSocketTransport extends JettyWebSocketTransport {

    FayeWebSocketTransport(BayeuxServerImpl bayeux) {
        super(bayeux);
    }

    /** No extension is agreed to, whatever the client offers (its frames and ours stay uncompressed). */
    @Override
    protected void modifyUpgrade(ServerUpgradeRequest request, ServerUpgradeResponse response) {
        response.setExtensions(List.of());
    }

    @Override
    protected Object newWebSocketEndPoint(BayeuxContext context) {
        return new FayeEndPoint(context);
    }

    /** CometD's endpoint, dropping empty batches (public: Jetty finds a listener's methods by reflection). */
    public final class FayeEndPoint extends EndPoint {
        private volatile Session session;

        FayeEndPoint(BayeuxContext context) {
            super(context);
        }

        @Override
        public void onWebSocketOpen(Session opened) {
            session = opened;
            super.onWebSocketOpen(opened);
        }

        @Override
        public void onWebSocketText(String data) {
            if (isEmptyBatch(data)) {
                session.demand(); // CometD's endpoint asks for the next frame when it has handled one
                return;
            }
            super.onWebSocketText(data);
        }
    }

    /** {@code []}, with any white space, or nothing but white space. */
    static boolean isEmptyBatch(String data) {
        String s = data.strip();
        if (s.isEmpty()) {
            return true;
        }
        return s.charAt(0) == '[' && s.charAt(s.length() - 1) == ']' && s.substring(1, s.length() - 1).isBlank();
    }
}
