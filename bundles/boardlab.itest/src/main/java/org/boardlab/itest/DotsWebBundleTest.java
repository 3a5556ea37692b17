package org.boardlab.itest;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.boardlab.server.EmbeddedServer;
import org.junit.jupiter.api.Test;
import org.osgi.framework.Bundle;

/**
 * Jetty 12 and CometD resolve and start in Felix, and seed 002's Dots port works there: the port opens
 * through the embedded server like any protocol's, accounts go to the store, and a Bayeux client over
 * long-polling (plain HTTP POSTs of JSON, as Faye's) handshakes, subscribes with its auth and gets its
 * own heartbeat back with the name and rating the server added.
 */
class DotsWebBundleTest {

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @Test
    void jettyAndCometdBundlesAreActive() {
        List<String> missing = new ArrayList<>();
        for (String name : List.of("org.eclipse.jetty.server", "org.eclipse.jetty.ee11.servlet",
                "org.eclipse.jetty.websocket.server", "org.eclipse.jetty.util.ajax", "org.apache.aries.spifly.dynamic.bundle", "slf4j.jdk14",
                "cometd-java-server-common", "cometd-java-server-http-jakarta",
                "cometd-java-server-websocket-jetty", "cometd-java-client-common", "cometd-java-client-http-jetty",
                "org.eclipse.jetty.client", "boardlab.protocol.dots")) {
            Bundle b = find(name);
            if (b == null || b.getState() != Bundle.ACTIVE) {
                missing.add(name + (b == null ? " (not installed)" : " (state " + b.getState() + ")"));
            }
        }
        assertThat(missing).as("bundles that should be active").isEmpty();
    }

    @Test
    void aWebClientRegistersLogsInAndHearsItsHeartbeatOverLongPolling() throws Exception {
        EmbeddedServer server = Lab.bean(org.boardlab.server.ServerService.class).server();
        InetSocketAddress at = server.start("dots", "127.0.0.1", 0);
        try {
            String base = "http://127.0.0.1:" + at.getPort();
            String name = "itest" + System.nanoTime();
            assertThat(post(base + "/register", "name=" + name + "&password=secret1").body()).isEqualTo("OK!");
            HttpResponse<String> auth = post(base + "/auth", "name=" + name + "&password=secret1");
            assertThat(auth.statusCode()).isEqualTo(200);
            assertThat(auth.headers().firstValue("content-type").orElse("")).startsWith("application/json");
            String id = auth.body().replaceAll(".*\"id\":\"(\\d+)\".*", "$1");
            String token = auth.body().replaceAll(".*\"token\":\"([0-9a-f]+)\".*", "$1");
            assertThat(token).hasSize(20);

            String hs = json(base + "/game", "[{\"channel\":\"/meta/handshake\",\"version\":\"1.0\",\"supportedConnectionTypes\":[\"long-polling\"]}]");
            assertThat(hs).contains("\"successful\":true");
            String clientId = hs.replaceAll("(?s).*\"clientId\":\"([^\"]+)\".*", "$1");
            String authJson = "\"auth\":{\"id\":\"" + id + "\",\"token\":\"" + token + "\"}";
            assertThat(json(base + "/game", "[{\"channel\":\"/meta/subscribe\",\"clientId\":\"" + clientId
                    + "\",\"subscription\":\"/game/queue\"," + authJson + "}]")).contains("\"successful\":true");
            assertThat(json(base + "/game", "[{\"channel\":\"/game/queue\",\"clientId\":\"" + clientId
                    + "\",\"data\":{\"type\":\"heartbeat\"}}]")).contains("403::Authentication required");
            String published = json(base + "/game", "[{\"channel\":\"/game/queue\",\"clientId\":\"" + clientId
                    + "\",\"data\":{\"type\":\"heartbeat\"}," + authJson + "}]");
            assertThat(published).contains("\"successful\":true");
            String delivered = published;
            if (!delivered.contains("\"rating\"")) {
                delivered = json(base + "/game", "[{\"channel\":\"/meta/connect\",\"clientId\":\"" + clientId
                        + "\",\"connectionType\":\"long-polling\",\"advice\":{\"timeout\":0}}]");
            }
            assertThat(delivered).contains("\"name\":\"" + name + "\"").contains("\"rating\":\"1600\"").doesNotContain("token");
        } finally {
            server.stop("dots");
        }
    }

    /**
     * {@code boardlab client dots} as Felix runs it (CometD's Java client on Jetty's HTTP client): two
     * clients with loaded players meet in the lobby by invitation and play a whole game to the full board.
     */
    @Test
    void twoTerminalClientsWithLoadedPlayersPlayAWholeGame() throws Exception {
        EmbeddedServer server = Lab.bean(org.boardlab.server.ServerService.class).server();
        InetSocketAddress at = server.start("dots", "127.0.0.1", 0);
        try {
            org.boardlab.client.TerminalClient client = Lab.bean(org.boardlab.client.TerminalClient.class, "dots");
            org.boardlab.core.Registry registry = Lab.bean(org.boardlab.core.Registry.class);
            org.boardlab.api.Game dots = registry.requireGame("dots");
            String suffix = Long.toString(System.nanoTime() % 1_000_000_000L, 36);
            java.io.StringWriter annOut = new java.io.StringWriter();
            java.io.StringWriter bobOut = new java.io.StringWriter();
            java.util.concurrent.CompletableFuture<Integer> bob = play(client, at, "bob" + suffix, null, registry, dots, bobOut);
            Lab.await("bob in the lobby", Duration.ofSeconds(30), () -> bobOut.toString().contains("in the lobby as bob"));
            java.util.concurrent.CompletableFuture<Integer> ann = play(client, at, "ann" + suffix, "bob" + suffix, registry, dots, annOut);
            assertThat(ann.get(240, java.util.concurrent.TimeUnit.SECONDS)).as(annOut.toString()).isZero();
            assertThat(bob.get(30, java.util.concurrent.TimeUnit.SECONDS)).as(bobOut.toString()).isZero();
            for (java.io.StringWriter out : List.of(annOut, bobOut)) {
                assertThat(out.toString()).contains("game over: ").contains("on the full board").contains("played 1 game; bye")
                        .doesNotContain("not legal on this client's board").doesNotContain("the server's score after");
            }
        } finally {
            server.stop("dots");
        }
    }

    private static java.util.concurrent.CompletableFuture<Integer> play(org.boardlab.client.TerminalClient client,
            InetSocketAddress at, String name, String invite, org.boardlab.core.Registry registry, org.boardlab.api.Game dots,
            java.io.StringWriter out) {
        org.boardlab.client.TerminalClient.AutoPlay autoPlay = new org.boardlab.client.TerminalClient.AutoPlay("random",
                (org.boardlab.api.Player) registry.requirePlayer("random").get(), dots, Duration.ofSeconds(5), invite, 1);
        return java.util.concurrent.CompletableFuture.supplyAsync(() -> {
            try {
                return client.run("127.0.0.1", at.getPort(), name, autoPlay,
                        new java.io.BufferedReader(new java.io.StringReader("secret1\n")), new java.io.PrintWriter(out, true));
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
    }

    private static HttpResponse<String> post(String url, String form) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(url)).header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static String json(String url, String body) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(url)).header("Content-Type", "application/json")
                .timeout(Duration.ofSeconds(20)).POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString()).body();
    }

    private static Bundle find(String symbolicName) {
        for (Bundle b : Lab.context().getBundles()) {
            if (symbolicName.equals(b.getSymbolicName())) {
                return b;
            }
        }
        return null;
    }
}
