package org.boardlab.protocol.dots.internal;

import org.cometd.bayeux.server.BayeuxContext;
import org.cometd.server.BayeuxServerImpl;
import org.cometd.server.websocket.jetty.JettyWebSocketTransport;
import org.eclipse.jetty.websocket.api.Session;

/**
 * CometD's WebSocket transport, taking Faye's empty batches: Faye 1.0's WebSocket transport (the seed's
 * page) sends {@code []} on a new socket and as its keep-alive, which the original Faye server takes as
 * nothing to do; CometD 9 closes the socket on it ({@code 1011 bayeux protocol violation}), and Faye
 * then opens a new one and sends it again, for ever, so the page never hears the lobby. Here a text
 * frame that is an empty JSON array (or blank) is read and dropped, and the socket reads on.
 */
public final class FayeWebSocketTransport extends JettyWebSocketTransport {

    FayeWebSocketTransport(BayeuxServerImpl bayeux) {
        super(bayeux);
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
