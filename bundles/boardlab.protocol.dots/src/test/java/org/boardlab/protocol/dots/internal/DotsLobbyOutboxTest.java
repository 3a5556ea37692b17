package org.boardlab.protocol.dots.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.boardlab.protocol.dots.internal.DotsBayeuxTest.data;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.boardlab.protocol.dots.DotsWire;
import org.cometd.bayeux.server.BayeuxServer;
import org.cometd.bayeux.server.ServerMessage;
import org.cometd.bayeux.server.ServerSession;
import org.junit.jupiter.api.Test;

/**
 * The lobby's news is delivered after the lobby's lock is let go ({@link LobbyOutbox}): while a delivery to one client
 * takes its time, the lobby answers everybody else (before, every thread that came to the lobby waited for it: 25-29 of
 * the port's 32 while a class paired, session 22), and the delivery still arrives.
 */
class DotsLobbyOutboxTest {

    /** Seconds of silence enough for clients that poll only when the test looks. */
    private static final DotsWire.Timers PATIENT = new DotsWire.Timers(Duration.ofSeconds(30), Duration.ofSeconds(5),
            Duration.ofMillis(100), Duration.ofMinutes(10));

    @Test
    void whileTheLobbysNewsIsBeingDeliveredToOneClientTheLobbyAnswersTheOthers() throws Exception {
        try (DotsTestServer server = new DotsTestServer(PATIENT)) {
            Map<String, Object> ann = RawBayeux.account(server.base, "outbox-ann");
            Map<String, Object> bob = RawBayeux.account(server.base, "outbox-bob");
            Map<String, Object> cid = RawBayeux.account(server.base, "outbox-cid");
            RawBayeux annPage = DotsBayeuxTest.inLobby(server, ann);
            RawBayeux bobPage = DotsBayeuxTest.inLobby(server, bob);
            // the first delivery of an invitation (its echo to ann, then bob's) takes as long as the test lets it
            CountDownLatch delivering = new CountDownLatch(1);
            CountDownLatch letGo = new CountDownLatch(1);
            server.web().bayeux().addExtension(new BayeuxServer.Extension() {
                @Override
                public boolean send(ServerSession from, ServerSession to, ServerMessage.Mutable message) {
                    if (DotsWire.QUEUE_CHANNEL.equals(message.getChannel()) && message.getData() instanceof Map<?, ?> d
                            && "request".equals(d.get("type")) && delivering.getCount() > 0) {
                        delivering.countDown();
                        try {
                            letGo.await(30, TimeUnit.SECONDS);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    }
                    return true;
                }
            });
            CompletableFuture<Map<String, Object>> invite = CompletableFuture.supplyAsync(() -> {
                try {
                    return annPage.publish("/game/queue", data("type", "request", "target", bob.get("id")));
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            try {
                assertThat(delivering.await(10, TimeUnit.SECONDS)).as("the invitation is being delivered").isTrue();
                // meanwhile another user asks for the lobby: answered at once
                CompletableFuture<HttpResponse<String>> queue = CompletableFuture.supplyAsync(() -> {
                    try {
                        return RawBayeux.get(server.base, "/queue?id=" + cid.get("id") + "&token=" + cid.get("token"));
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                });
                assertThat(queue.get(5, TimeUnit.SECONDS).statusCode()).isEqualTo(200);
                assertThat(queue.get().body()).contains("outbox-ann").contains("outbox-bob");
            } finally {
                letGo.countDown();
            }
            assertThat(RawBayeux.error(invite.get(10, TimeUnit.SECONDS))).as("ann's invitation").isNull();
            // once let go, bob is sent the invitation
            List<String> seen = new ArrayList<>();
            for (int i = 0; i < 100 && !seen.contains("request"); i++) {
                for (Map<String, Object> d : bobPage.poll()) {
                    if (ann.get("id").equals(d.get("id"))) {
                        seen.add((String) d.get("type"));
                    }
                }
                Thread.sleep(50);
            }
            assertThat(seen).as("what bob was sent of ann").contains("request");
        }
    }
}
