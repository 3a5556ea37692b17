package org.boardlab.protocol.dots.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.boardlab.protocol.dots.internal.DotsBayeuxTest.data;
import static org.boardlab.protocol.dots.internal.DotsBayeuxTest.inLobby;
import static org.boardlab.protocol.dots.internal.DotsBayeuxTest.move;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.boardlab.api.event.MatchOutcome;
import org.boardlab.core.GameResult;
import org.boardlab.protocol.dots.DotsWire;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A player has not gone silent in a game he has not yet reached (the README's "Time"; issue 18, a class told "start
 * now"): until his first message on the game's channel (his subscription counts) his limit is the reach time from the
 * game's start, 30 s; from then on the 10 s of silence. The time rules run on a clock of the test's own: the test sets
 * it and applies the rules at once ({@link DotsRoom#sweep}); the server's own sweeps read the same clock.
 */
class DotsReachTimeTest {

    private static final long SECOND = 1_000_000_000L;
    private static final String BOB = "reachbob";
    /** The seed's 10 s of silence and boardlab's 30 s to reach a game; the rules looked at every 100 ms. */
    private static final DotsWire.Timers TIMERS = new DotsWire.Timers(Duration.ofSeconds(10), Duration.ofSeconds(30),
            Duration.ofSeconds(15), Duration.ofMillis(100), Duration.ofMinutes(10));

    /**
     * The test's clock, an hour behind the wall clock: a request's arrival ({@link Arrivals}, stamped on the wall clock)
     * is then never earlier than the test's now, and never holds the clock back.
     */
    private final long start = System.nanoTime() - 3_600 * SECOND;
    private final AtomicLong clock = new AtomicLong(start);
    private final DotsTestServer server = new DotsTestServer(TIMERS);
    private RawBayeux ann;
    private RawBayeux bob;
    private Map<String, Object> bobAccount;
    private String channel;

    @AfterEach
    void close() {
        server.close();
    }

    @Test
    void aPlayerWhoSubscribesAt12SecondsDoesNotLoseAndPlaysOn() throws Exception {
        begin();
        for (double t : new double[] {5, 10, 11}) {
            at(t);
            annBeats();
            assertGoesOn("bob has not reached the game at " + t + " s: past the 10 s of silence, within the 30 s to reach it");
        }
        at(12);
        assertThat(RawBayeux.error(bob.subscribe(channel))).isNull();
        server.room().sweep();
        at(15);
        annBeats();
        assertThat(RawBayeux.error(bob.publish(channel, data("type", "heartbeat")))).isNull();
        assertThat(RawBayeux.error(ann.publish(channel, move(5, 5)))).as("ann moves").isNull();
        assertThat(RawBayeux.error(bob.publish(channel, move(6, 6)))).as("bob, who reached the game at 12 s, plays on").isNull();
        assertThat(bob.poll()).anySatisfy(d -> assertThat(d).containsEntry("type", "move").containsEntry("player", 1));
        assertGoesOn("both play");
        at(24);
        annBeats();
        assertThat(RawBayeux.error(bob.publish(channel, data("type", "heartbeat")))).isNull();
        at(33);
        annBeats();
        assertGoesOn("bob beat at 24 s");
        assertThat(server.results).isEmpty();
    }

    @Test
    void aPlayerWhoNeverSubscribesLosesAtTheReachTimeNotBefore() throws Exception {
        begin();
        for (double t : new double[] {5, 10, 10.5, 15, 20, 25, 30}) {
            at(t);
            annBeats();
            assertGoesOn("bob has not reached the game at " + t + " s");
        }
        annBeats(); // taken: the game was on after the rules were applied at 30 s
        at(30.1);
        server.room().sweep();
        String reason = BOB + " sent nothing for 30.0 s from the game's start";
        Map<String, Object> over = gameover();
        assertThat(over).as("bob lost at the reach time").containsEntry("winner", 1).containsEntry("reason", reason);
        MatchOutcome outcome = result().outcome();
        assertThat(outcome.ending()).isEqualTo(MatchOutcome.Ending.TIMEOUT);
        assertThat(outcome.detail()).as("the store's record says why").isEqualTo(reason);
    }

    @Test
    void afterHisSubscriptionAPlayerSilentFor10SecondsLoses() throws Exception {
        begin();
        at(5);
        annBeats();
        at(8);
        assertThat(RawBayeux.error(bob.subscribe(channel))).as("bob reaches the game at 8 s and says nothing more").isNull();
        server.room().sweep();
        for (double t : new double[] {10, 15, 18}) {
            at(t);
            annBeats();
            assertGoesOn("bob has been silent " + (t - 8) + " s since his subscription");
        }
        annBeats();
        at(18.1);
        server.room().sweep();
        String reason = BOB + " sent nothing for 10.0 s";
        Map<String, Object> over = gameover();
        assertThat(over).as("bob lost 10 s after his subscription, before the reach time").containsEntry("winner", 1)
                .containsEntry("reason", reason);
        MatchOutcome outcome = result().outcome();
        assertThat(outcome.ending()).isEqualTo(MatchOutcome.Ending.TIMEOUT);
        assertThat(outcome.detail()).isEqualTo(reason);
    }

    /**
     * ann invites bob, who accepts: their game begins at the test's 0 s. ann subscribes to it and beats there at once;
     * bob does not.
     */
    private void begin() throws Exception {
        server.room().clock(clock::get);
        Map<String, Object> annAccount = RawBayeux.account(server.base, "reachann");
        bobAccount = RawBayeux.account(server.base, BOB);
        ann = inLobby(server, annAccount);
        bob = inLobby(server, bobAccount);
        assertThat(RawBayeux.error(ann.publish("/game/queue", data("type", "request", "target", bobAccount.get("id"))))).isNull();
        assertThat(RawBayeux.error(bob.publish("/game/queue", data("type", "accept", "target", annAccount.get("id"))))).isNull();
        for (Map<String, Object> d : ann.poll()) {
            if ("newgame".equals(d.get("type"))) {
                channel = "/game/" + d.get("channel");
            }
        }
        assertThat(channel).as("ann hears the newgame").isNotNull();
        assertThat(RawBayeux.error(ann.subscribe(channel))).isNull();
        assertThat(RawBayeux.error(ann.publish(channel, data("type", "heartbeat")))).isNull();
    }

    /** The test's clock at {@code seconds} after the game's start. */
    private void at(double seconds) {
        clock.set(start + Math.round(seconds * SECOND));
    }

    /** ann beats on the game's channel (the game is still on: else {@code 404::Game not found}); both poll. */
    private void annBeats() throws Exception {
        assertThat(RawBayeux.error(ann.publish(channel, data("type", "heartbeat")))).as("ann's heartbeat is taken").isNull();
        ann.poll();
        bob.poll();
    }

    /** The time rules applied now leave the game going, nobody the loser. */
    private void assertGoesOn(String why) {
        server.room().sweep();
        assertThat(server.room().game(channel.substring("/game/".length()))).as(why)
                .hasValueSatisfying(g -> assertThat(g.isOver()).as(why).isFalse());
    }

    /** The one game's result as the server reports it to the store (on the game's thread: awaited, 10 s at most). */
    private GameResult result() throws InterruptedException {
        for (int i = 0; i < 200 && server.results.isEmpty(); i++) {
            Thread.sleep(50);
        }
        assertThat(server.results).hasSize(1);
        return server.results.get(0);
    }

    /** The gameover ann is sent (it goes out from the server's timer: awaited, 10 s at most). */
    private Map<String, Object> gameover() throws Exception {
        for (int i = 0; i < 200; i++) {
            for (Map<String, Object> d : ann.poll()) {
                if ("gameover".equals(d.get("type"))) {
                    return d;
                }
            }
            Thread.sleep(50);
        }
        throw new AssertionError("no gameover within 10 s");
    }
}
