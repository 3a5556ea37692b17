package org.boardlab.protocol.dots.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.boardlab.protocol.dots.internal.DotsBayeuxTest.data;
import static org.boardlab.protocol.dots.internal.DotsBayeuxTest.inLobby;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.junit.jupiter.api.Test;

/**
 * A server that is late must not drop its clients (issue 18, a class told "start now"): the time rules count from
 * when a client's message arrived, not from when the server got to it ({@link Arrivals}). The server is held back by
 * occupying every thread of its pool, so that what the clients send waits in its queue, past the tests' 3 s of silence.
 */
class DotsLateServerTest {

    @Test
    void clientsWhoseMessagesWaitInTheServersQueueAreNeitherDroppedNorMadeToLose() throws Exception {
        try (DotsTestServer server = new DotsTestServer(DotsTestServer.FAST)) {
            Map<String, Object> annAccount = RawBayeux.account(server.base, "lateann");
            Map<String, Object> bobAccount = RawBayeux.account(server.base, "latebob");
            Map<String, Object> carlAccount = RawBayeux.account(server.base, "latecarl");
            RawBayeux ann = inLobby(server, annAccount);
            RawBayeux bob = inLobby(server, bobAccount);
            assertThat(RawBayeux.error(ann.publish("/game/queue", data("type", "request", "target", bobAccount.get("id"))))).isNull();
            assertThat(RawBayeux.error(bob.publish("/game/queue", data("type", "accept", "target", annAccount.get("id"))))).isNull();
            String channel = null;
            for (Map<String, Object> d : ann.poll()) {
                if ("newgame".equals(d.get("type"))) {
                    channel = "/game/" + d.get("channel");
                }
            }
            assertThat(channel).as("ann hears the newgame").isNotNull();
            assertThat(RawBayeux.error(ann.subscribe(channel))).isNull();
            assertThat(RawBayeux.error(bob.subscribe(channel))).isNull();
            RawBayeux carl = inLobby(server, carlAccount);
            long carlId = Long.parseLong((String) carlAccount.get("id"));
            String game = channel.substring("/game/".length());

            // each was last heard now, and each session's last poll ends now: each has 3 s to be heard again
            assertThat(RawBayeux.error(ann.publish(channel, data("type", "heartbeat")))).isNull();
            assertThat(RawBayeux.error(bob.publish(channel, data("type", "heartbeat")))).isNull();
            assertThat(RawBayeux.error(carl.publish("/game/queue", data("type", "heartbeat")))).isNull();
            ann.poll();
            bob.poll();
            carl.poll();

            QueuedThreadPool pool = (QueuedThreadPool) server.web().jetty().getThreadPool();
            CountDownLatch release = new CountDownLatch(1);
            Runnable hold = () -> {
                try {
                    release.await(60, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            };
            List<CompletableFuture<List<Map<String, Object>>>> answers = new ArrayList<>();
            try {
                // every idle thread, and every thread kept in reserve for the selector, holds: what arrives now waits
                for (int i = 0; i < pool.getMaxThreads(); i++) {
                    pool.execute(hold);
                }
                for (int i = 0; i < 1000 && pool.tryExecute(hold); i++) {
                    // a reserved thread took it
                }
                // at once, as a client that is there: a heartbeat and its next long poll, in one request each
                answers.add(sendLater(ann, beatAndPoll(ann, channel)));
                answers.add(sendLater(bob, beatAndPoll(bob, channel)));
                answers.add(sendLater(carl, beatAndPoll(carl, "/game/queue")));
                for (int i = 0; i < 200 && server.web().arrivals().waiting() < 3; i++) {
                    Thread.sleep(50);
                }
                assertThat(server.web().arrivals().waiting()).as("the three requests wait in the server's queue").isGreaterThanOrEqualTo(3);
                // past the 3 s of silence and several looks of both sweepers (the room's every 100 ms, CometD's every s)
                Thread.sleep(5_000);
                assertThat(answers).as("nothing was answered while the server was held").noneMatch(CompletableFuture::isDone);
                assertThat(server.room().game(game)).as("the game goes on").hasValueSatisfying(g -> assertThat(g.isOver()).isFalse());
                assertThat(server.room().inLobby(carlId)).as("carl is still in the lobby").isTrue();
            } finally {
                release.countDown();
            }
            for (CompletableFuture<List<Map<String, Object>>> a : answers) {
                for (Map<String, Object> reply : a.get(30, TimeUnit.SECONDS)) {
                    if (String.valueOf(reply.get("channel")).startsWith("/meta/") || reply.containsKey("successful")) {
                        assertThat(RawBayeux.error(reply)).as("answered " + reply).isNull();
                    }
                }
            }
            assertThat(server.log).noneMatch(l -> l.contains("dots: dropped"));
            assertThat(server.results).isEmpty();
            assertThat(server.room().game(game)).hasValueSatisfying(g -> assertThat(g.isOver()).isFalse());
            assertThat(server.room().inLobby(carlId)).isTrue();

            // the clock runs again once the server has caught up: bob, who now says nothing, loses for silence
            boolean over = false;
            for (int i = 0; i < 100 && !over; i++) {
                ann.publish(channel, data("type", "heartbeat"));
                for (Map<String, Object> d : ann.poll()) {
                    over |= "gameover".equals(d.get("type")) && Integer.valueOf(1).equals(d.get("winner"));
                }
                Thread.sleep(100);
            }
            assertThat(over).as("bob loses for silence after the server caught up").isTrue();
        }
    }

    /** A heartbeat on {@code channel} and a /meta/connect that returns at once, with {@code c}'s auth. */
    private static List<Map<String, Object>> beatAndPoll(RawBayeux c, String channel) {
        Map<String, Object> beat = new LinkedHashMap<>();
        beat.put("channel", channel);
        beat.put("clientId", c.clientId);
        beat.put("data", data("type", "heartbeat"));
        beat.put("auth", c.auth);
        return List.of(beat, data("channel", "/meta/connect", "clientId", c.clientId, "connectionType", "long-polling",
                "advice", Map.of("timeout", 0)));
    }

    @SuppressWarnings("unchecked")
    private static CompletableFuture<List<Map<String, Object>>> sendLater(RawBayeux c, List<Map<String, Object>> batch) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return c.send(batch.toArray(new Map[0]));
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
    }
}
