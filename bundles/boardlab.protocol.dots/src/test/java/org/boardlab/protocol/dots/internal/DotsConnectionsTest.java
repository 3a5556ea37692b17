package org.boardlab.protocol.dots.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.eclipse.jetty.io.EndPoint;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.internal.HttpConnection;
import org.junit.jupiter.api.Test;

/**
 * What the server keeps for each open connection: a long-polling browser holds one open all the time, so 10,000 of
 * them are 10,000 connections, and Jetty's cache of header fields (about 95 KB a connection by default) filled 714 MB
 * of a 1 GB heap with 8,300 of them.
 */
class DotsConnectionsTest {

    @Test
    void noConnectionKeepsACacheOfHeaderFields() throws Exception {
        try (DotsTestServer server = new DotsTestServer(DotsTestServer.FAST)) {
            Map<String, Object> ann = RawBayeux.account(server.base, "ann");
            RawBayeux c = RawBayeux.connected(server.base, DotsBayeuxTest.auth(ann));
            assertThat(RawBayeux.error(c.subscribe("/game/queue"))).isNull();
            assertThat(RawBayeux.error(c.publish("/game/queue", DotsBayeuxTest.data("type", "heartbeat")))).isNull();
            assertThat(RawBayeux.get(server.base, "/queue?id=" + ann.get("id") + "&token=" + ann.get("token")).statusCode())
                    .isEqualTo(200);
            List<HttpConnection> open = new ArrayList<>();
            for (var connector : server.web().jetty().getConnectors()) {
                for (EndPoint e : ((ServerConnector) connector).getConnectedEndPoints()) {
                    if (e.getConnection() instanceof HttpConnection h) {
                        open.add(h);
                    }
                }
            }
            assertThat(open).as("the client's keep-alive connections").isNotEmpty();
            for (HttpConnection h : open) {
                assertThat(h.getParser().getHeaderCacheSize()).isZero();
                assertThat(h.getParser().getFieldCache().size()).isZero();
            }
        }
    }
}
