package org.boardlab.protocol.dots.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.boardlab.protocol.dots.internal.DotsBayeuxTest.data;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.boardlab.protocol.dots.DotsWire;
import org.junit.jupiter.api.Test;

/**
 * What a login reads from the store: the account once, when the session first writes (its subscription), and not again
 * for the heartbeat that joins the lobby a moment later, nor for {@code GET /queue}; but a join after a game of his was
 * rated reads it again, so the lobby shows the new rating, also to a session that read the account before the game.
 */
class DotsLoginReadsTest {

    /** The accounts, counting the reads of each. */
    private static final class Counted implements Accounts {
        final Accounts inner;
        final Map<Long, AtomicInteger> reads = new ConcurrentHashMap<>();

        Counted(Accounts inner) {
            this.inner = inner;
        }

        int reads(Map<String, Object> account) {
            AtomicInteger n = reads.get(Long.parseLong((String) account.get("id")));
            return n == null ? 0 : n.get();
        }

        @Override
        public long register(String name, String password) throws NameTaken {
            return inner.register(name, password);
        }

        @Override
        public OptionalLong verify(String name, String password) {
            return inner.verify(name, password);
        }

        @Override
        public Optional<Account> account(long id) {
            reads.computeIfAbsent(id, k -> new AtomicInteger()).incrementAndGet();
            return inner.account(id);
        }

        @Override
        public void setRatings(long first, int firstRating, long second, int secondRating) {
            inner.setRatings(first, firstRating, second, secondRating);
        }
    }

    /** Seconds of silence enough for clients that poll only when the test looks. */
    private static final DotsWire.Timers PATIENT = new DotsWire.Timers(Duration.ofSeconds(30), Duration.ofSeconds(2),
            Duration.ofMillis(100), Duration.ofMinutes(10));

    @Test
    void aLoginReadsTheAccountOnceAndAJoinAfterAGameReadsTheNewRating() throws Exception {
        Counted[] counted = new Counted[1];
        try (DotsTestServer server = new DotsTestServer(PATIENT, "h2", DotsWeb.Options.SERVER, a -> counted[0] = new Counted(a))) {
            Map<String, Object> ann = RawBayeux.account(server.base, "reads-ann");
            Map<String, Object> bob = RawBayeux.account(server.base, "reads-bob");
            RawBayeux annPage = DotsBayeuxTest.inLobby(server, ann);
            assertThat(RawBayeux.get(server.base, "/queue?id=" + ann.get("id") + "&token=" + ann.get("token")).statusCode()).isEqualTo(200);
            assertThat(counted[0].reads(ann)).as("reads of ann's account: subscribe, join, GET /queue").isEqualTo(1);
            RawBayeux bobPage = DotsBayeuxTest.inLobby(server, bob);
            // a second tab of ann's subscribes now (reading her account at 1600) and joins only after her game
            RawBayeux annTab = RawBayeux.connected(server.base, DotsBayeuxTest.auth(ann));
            assertThat(RawBayeux.error(annTab.subscribe("/game/queue"))).isNull();
            assertThat(RawBayeux.error(annPage.publish("/game/queue", data("type", "request", "target", bob.get("id"))))).isNull();
            assertThat(RawBayeux.error(bobPage.publish("/game/queue", data("type", "accept", "target", ann.get("id"))))).isNull();
            String channel = (String) DotsBayeuxTest.waitFor(annPage, "newgame").get("channel");
            assertThat(RawBayeux.error(annPage.subscribe("/game/" + channel))).isNull();
            assertThat(RawBayeux.error(bobPage.subscribe("/game/" + channel))).isNull();
            assertThat(RawBayeux.error(bobPage.publish("/game/" + channel, data("type", "quit")))).isNull();
            DotsBayeuxTest.waitFor(annPage, "gameover"); // ann won: 1613
            // her tab joins: the account it read before the game is not the one shown
            assertThat(RawBayeux.error(annTab.publish("/game/queue", data("type", "heartbeat")))).isNull();
            Map<String, Object> echo = waitForHeartbeatOf(annTab, ann);
            assertThat(echo).containsEntry("rating", "1613");
            // and her first page, back in the lobby after the game, shows it too
            assertThat(RawBayeux.error(annPage.publish("/game/queue", data("type", "heartbeat")))).isNull();
            assertThat(waitForHeartbeatOf(annPage, ann)).containsEntry("rating", "1613");
        }
    }

    private static Map<String, Object> waitForHeartbeatOf(RawBayeux page, Map<String, Object> account) throws Exception {
        for (int i = 0; i < 100; i++) {
            List<Map<String, Object>> got = page.poll();
            for (Map<String, Object> d : got) {
                if ("heartbeat".equals(d.get("type")) && account.get("id").equals(d.get("id"))) {
                    return d;
                }
            }
            Thread.sleep(50);
        }
        throw new AssertionError("no heartbeat of " + account.get("id") + " within 5 s");
    }
}
