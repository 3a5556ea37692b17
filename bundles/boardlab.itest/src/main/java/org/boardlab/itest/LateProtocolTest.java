package org.boardlab.itest;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.List;
import org.boardlab.server.ServerService;
import org.junit.jupiter.api.Test;
import org.osgi.framework.Bundle;

/**
 * The workbench asks its server to serve every protocol as its window opens, and the launcher starts
 * the protocols after that: a protocol that arrives once the server serves every protocol (its bundle
 * started later, or replaced) is opened on the same address, and the server's status lines say so.
 */
class LateProtocolTest {

    private static final List<String> PROTOCOLS = List.of("othello", "gomoku", "onitama", "reversi", "dots");

    @Test
    void aProtocolThatArrivesAfterTheServerServesEveryProtocolIsOpenedToo() throws Exception {
        java.util.Map<String, String> before = new java.util.HashMap<>();
        for (String id : PROTOCOLS) {
            String was = System.setProperty("boardlab.server.port." + id, "0"); // any free port
            if (was != null) {
                before.put(id, was);
            }
        }
        ServerService service = Lab.bean(ServerService.class);
        Bundle gomoku = java.util.Arrays.stream(Lab.context().getBundles())
                .filter(b -> "boardlab.protocol.gomoku".equals(b.getSymbolicName())).findFirst().orElseThrow();
        try {
            service.startAll("127.0.0.1");
            assertThat(port(service, "gomoku")).as("gomoku's port once every protocol is served").isPositive();

            gomoku.stop();
            Lab.await("gomoku's port closed", Duration.ofSeconds(10), () -> port(service, "gomoku") < 0);
            assertThat(service.startedAll()).noneMatch(line -> line.startsWith("gomoku "));

            gomoku.start();
            Lab.await("gomoku's port open again", Duration.ofSeconds(10), () -> port(service, "gomoku") > 0);
            int port = port(service, "gomoku");
            assertThat(service.startedAll()).contains("gomoku on 127.0.0.1:" + port);
            try (Socket client = new Socket()) {
                client.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
                assertThat(client.isConnected()).isTrue();
            }
        } finally {
            if (gomoku.getState() != Bundle.ACTIVE) {
                gomoku.start();
            }
            service.shutdown();
            for (String id : PROTOCOLS) { // as the other tests of this framework set them
                if (before.containsKey(id)) {
                    System.setProperty("boardlab.server.port." + id, before.get(id));
                } else {
                    System.clearProperty("boardlab.server.port." + id);
                }
            }
        }
    }

    /** The port protocol {@code id} listens on, or -1. */
    private static int port(ServerService service, String id) {
        return service.server().ports().stream().filter(p -> p.protocolId().equals(id)).findFirst()
                .map(p -> p.address().getPort()).orElse(-1);
    }
}
