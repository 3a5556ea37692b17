package org.boardlab.protocol.dots.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.boardlab.api.event.MatchOutcome;
import org.boardlab.protocol.dots.DotsWire;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * Seed 002's Bayeux contract against the real server over long-polling, with clients that misbehave:
 * every bad message gets its sender a {@code code::text} error and reaches nobody else; the rest of
 * the server carries on. Also the time rules (with the tests' short clocks) and how games end.
 */
class DotsBayeuxTest {

    private static DotsTestServer server;
    private static final AtomicInteger NAMES = new AtomicInteger();

    @BeforeAll
    static void start() {
        server = new DotsTestServer(DotsTestServer.FAST);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    /** Two players in a game: ann (player 1, red) invited bob. */
    record Game(RawBayeux ann, RawBayeux bob, Map<String, Object> annAccount, Map<String, Object> bobAccount, String channel) {
    }

    static Map<String, Object> auth(Map<String, Object> account) {
        return Map.of("id", account.get("id"), "token", account.get("token"));
    }

    static Map<String, Object> data(Object... kv) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1]);
        }
        return m;
    }

    static Map<String, Object> move(int x, int y) {
        return data("type", "move", "point", data("x", x, "y", y));
    }

    static RawBayeux inLobby(Map<String, Object> account) throws Exception {
        return inLobby(server, account);
    }

    static Game game() throws Exception {
        return game(players());
    }

    /**
     * Two new accounts, ann and bob. An account takes two slow password hashes (seconds on a loaded machine), and
     * the test server forgets a client that has not polled for 3 s (402::session_unknown): so a test makes all
     * its accounts before it connects any client.
     */
    @SuppressWarnings("unchecked")
    static Map<String, Object>[] players() throws Exception {
        int n = NAMES.incrementAndGet();
        return new Map[] {RawBayeux.account(server.base, "ann" + n), RawBayeux.account(server.base, "bob" + n)};
    }

    static Game game(Map<String, Object>[] players) throws Exception {
        return game(server, players[0], players[1]);
    }

    /** {@code annAccount} invites {@code bobAccount} on {@code on}, who accepts; both subscribe to their game's channel. */
    static Game game(DotsTestServer on, Map<String, Object> annAccount, Map<String, Object> bobAccount) throws Exception {
        RawBayeux ann = inLobby(on, annAccount);
        RawBayeux bob = inLobby(on, bobAccount);
        assertThat(RawBayeux.error(ann.publish("/game/queue", data("type", "request", "target", bobAccount.get("id"))))).isNull();
        assertThat(RawBayeux.error(bob.publish("/game/queue", data("type", "accept", "target", annAccount.get("id"))))).isNull();
        String channel = null;
        for (Map<String, Object> d : ann.poll()) {
            if ("newgame".equals(d.get("type")) && annAccount.get("id").equals(d.get("player_1"))) {
                channel = "/game/" + d.get("channel");
            }
        }
        assertThat(channel).as("ann hears the newgame").isNotNull();
        assertThat(RawBayeux.error(ann.subscribe(channel))).isNull();
        assertThat(RawBayeux.error(bob.subscribe(channel))).isNull();
        bob.poll();
        return new Game(ann, bob, annAccount, bobAccount, channel);
    }

    /** The ids of the {@code quit}s among the messages delivered. */
    static List<Object> quitsIn(List<Map<String, Object>> delivered) {
        List<Object> ids = new ArrayList<>();
        for (Map<String, Object> d : delivered) {
            if ("quit".equals(d.get("type"))) {
                ids.add(d.get("id"));
            }
        }
        return ids;
    }

    static List<Object> types(List<Map<String, Object>> delivered) {
        List<Object> t = new ArrayList<>();
        for (Map<String, Object> d : delivered) {
            t.add(d.get("type"));
        }
        return t;
    }

    @Test
    void messagesWithoutAuthOrWithForgedOrBorrowedAuthAreRefusedToTheSenderOnly() throws Exception {
        Game g = game();
        g.bob().poll();
        RawBayeux stranger = RawBayeux.connected(server.base, null);
        assertThat(RawBayeux.error(stranger.subscribe("/game/queue"))).isEqualTo("403::Authentication required");
        assertThat(RawBayeux.error(stranger.publish(g.channel(), move(0, 0)))).isEqualTo("403::Authentication required");
        Map<String, Object> forged = Map.of("id", g.annAccount().get("id"), "token", "0123456789abcdef0123");
        assertThat(RawBayeux.error(g.bob().publishAs(g.channel(), move(0, 0), forged))).isEqualTo("403::Authentication required");
        // bob's id with ann's token: a token is good for its own user only
        Map<String, Object> borrowed = Map.of("id", g.bobAccount().get("id"), "token", g.annAccount().get("token"));
        assertThat(RawBayeux.error(g.bob().publishAs(g.channel(), move(0, 0), borrowed))).isEqualTo("403::Authentication required");
        assertThat(RawBayeux.error(g.bob().publishAs(g.channel(), move(0, 0), "not an object"))).isEqualTo("403::Authentication required");
        assertThat(types(g.ann().poll())).as("ann heard none of it").doesNotContain("move");
        // the game goes on
        assertThat(RawBayeux.error(g.ann().publish(g.channel(), move(3, 3)))).isNull();
        assertThat(g.bob().poll()).anySatisfy(d -> assertThat(d).containsEntry("type", "move").doesNotContainKey("auth"));
    }

    @Test
    void unknownChannelsAndGamesAndServerOnlyMessagesAreRefused() throws Exception {
        Map<String, Object> carol = RawBayeux.account(server.base, "carol" + NAMES.incrementAndGet());
        RawBayeux c = inLobby(carol);
        assertThat(RawBayeux.error(c.publish("/chat/room", data("type", "heartbeat")))).isEqualTo("404::Unknown channel");
        assertThat(RawBayeux.error(c.subscribe("/**"))).isEqualTo("404::Unknown channel");
        assertThat(RawBayeux.error(c.publish("/game/00000000aa", data("type", "heartbeat")))).isEqualTo("404::Game not found");
        assertThat(RawBayeux.error(c.publish("/game/queue", data("type", "newgame", "channel", "00000000aa", "player_1", "1",
                "player_2", "2")))).isEqualTo("406::Not allowed");
        assertThat(RawBayeux.error(c.publish("/game/queue", data("type", "dance")))).isEqualTo("400::Bad request");
        assertThat(RawBayeux.error(c.publish("/game/queue", data("kind", "heartbeat")))).isEqualTo("400::Bad request");
        assertThat(RawBayeux.error(c.publish("/game/queue", data("type", "request", "target", carol.get("id"))))).isEqualTo("406::Not allowed");
        assertThat(RawBayeux.error(c.publish("/game/queue", data("type", "accept", "target", "999999")))).isEqualTo("406::Not allowed");
    }

    @Test
    void movesOutOfTurnOnBusyPointsInsideZonesOffTheBoardOrInAnotherGameAreRefused() throws Exception {
        Map<String, Object>[] first = players();
        Map<String, Object>[] second = players();
        Game g = game(first);
        Game other = game(second);
        assertThat(RawBayeux.error(g.bob().publish(g.channel(), move(1, 1)))).isEqualTo("406::Not allowed");
        int[][] capture = {{5, 6}, {6, 6}, {6, 5}, {0, 0}, {7, 6}, {0, 2}, {6, 7}};
        for (int i = 0; i < capture.length; i++) {
            RawBayeux mover = i % 2 == 0 ? g.ann() : g.bob();
            assertThat(RawBayeux.error(mover.publish(g.channel(), move(capture[i][0], capture[i][1])))).isNull();
        }
        List<Map<String, Object>> seen = g.bob().poll();
        g.ann().poll();
        other.ann().poll();
        Map<String, Object> last = seen.stream().filter(d -> "move".equals(d.get("type"))).reduce((a, b) -> b).orElseThrow();
        assertThat(last.get("score")).isEqualTo(List.of(0, 1, 0));
        assertThat(last.get("zones")).isEqualTo(List.of(List.of(data("x", 6, "y", 7), data("x", 7, "y", 6), data("x", 6, "y", 5),
                data("x", 5, "y", 6))));
        assertThat(RawBayeux.error(g.bob().publish(g.channel(), move(0, 0)))).isEqualTo("406::Point is busy");
        assertThat(RawBayeux.error(g.bob().publish(g.channel(), move(6, 6)))).as("the captured dot's point, inside ann's zone")
                .isEqualTo("406::Point is busy");
        assertThat(RawBayeux.error(g.bob().publish(g.channel(), move(32, 0)))).isEqualTo("400::Bad request");
        assertThat(RawBayeux.error(g.bob().publish(g.channel(), move(-1, 0)))).isEqualTo("400::Bad request");
        assertThat(RawBayeux.error(g.bob().publish(g.channel(), data("type", "move", "point", data("x", "a", "y", 1)))))
                .isEqualTo("400::Bad request");
        assertThat(RawBayeux.error(g.bob().publish(g.channel(), data("type", "move")))).isEqualTo("400::Bad request");
        // bob in somebody else's game: a spectator, who may not move
        assertThat(RawBayeux.error(g.bob().publish(other.channel(), move(10, 10)))).isEqualTo("406::Not allowed");
        assertThat(RawBayeux.error(g.bob().publish(g.channel(), data("type", "gameover", "winner", 2)))).isEqualTo("406::Not allowed");
        assertThat(types(g.ann().poll())).as("the refused moves reached nobody").doesNotContain("move", "gameover");
        assertThat(types(other.ann().poll())).doesNotContain("move");
        // bob's real move still counts
        assertThat(RawBayeux.error(g.bob().publish(g.channel(), move(20, 20)))).isNull();
    }

    @Test
    void malformedJsonAndHugeBodiesAreRefusedAndTheServerCarriesOn() throws Exception {
        Game g = game();
        RawBayeux raw = new RawBayeux(server.base);
        HttpResponse<String> broken = raw.raw("[{\"channel\":\"/meta/handshake\",");
        assertThat(broken.statusCode()).isEqualTo(400);
        HttpResponse<String> notBayeux = raw.raw("\"hello\"");
        assertThat(notBayeux.statusCode()).isBetween(400, 499);
        String tenMegabytes = "[{\"channel\":\"/game/queue\",\"data\":\"" + "x".repeat(10 * 1024 * 1024) + "\"}]";
        assertThat(RawBayeux.postStatus(server.base, "/game", "application/json;charset=UTF-8", tenMegabytes)).isEqualTo(413);
        assertThat(RawBayeux.postStatus(server.base, "/register", "application/x-www-form-urlencoded",
                "name=big&password=" + "y".repeat(10 * 1024 * 1024))).isEqualTo(413);
        assertThat(RawBayeux.error(g.ann().publish(g.channel(), move(1, 2)))).isNull();
        assertThat(types(g.bob().poll())).contains("move");
    }

    @Test
    void aFloodingClientIsRefusedThenCutWhileOthersPlayOn() throws Exception {
        Map<String, Object> mallory = RawBayeux.account(server.base, "mallory" + NAMES.incrementAndGet());
        Game g = game();
        RawBayeux m = inLobby(mallory);
        int refused = 0;
        String lastError = null;
        for (int i = 0; i < 1_000; i++) {
            // one HTTP request carrying many publishes: 1,000 messages in well under a second
            List<Map<String, Object>> batch = new ArrayList<>();
            for (int k = 0; k < 10; k++) {
                batch.add(data("channel", "/game/queue", "clientId", m.clientId, "data", data("type", "heartbeat"), "auth", auth(mallory)));
            }
            @SuppressWarnings("unchecked")
            List<Map<String, Object>> answer = m.send(batch.toArray(new Map[0]));
            for (Map<String, Object> r : answer) {
                if (Boolean.FALSE.equals(r.get("successful"))) {
                    refused++;
                    lastError = String.valueOf(r.get("error"));
                }
            }
            if (lastError != null && !lastError.startsWith("429")) {
                break; // cut off: the server no longer knows this client
            }
        }
        assertThat(refused).isGreaterThan(500);
        assertThat(lastError).as("after 500 refusals in a row the flooder is disconnected").contains("402");
        assertThat(server.log).anyMatch(l -> l.contains("disconnecting") && l.contains("flooding"));
        assertThat(RawBayeux.error(g.ann().publish(g.channel(), move(4, 4)))).isNull();
        assertThat(types(g.bob().poll())).contains("move");
    }

    @Test
    void clientsThatSendTheirLoginFormSlowlyHoldUpNobody() throws Exception {
        // 150 connections each send a login's headers and the first bytes of its form, then nothing more: more than
        // the server has threads (32 on 2 cores), so a server that waited on a thread for each body would answer no one
        List<java.net.Socket> slow = new ArrayList<>();
        try {
            for (int i = 0; i < 150; i++) {
                java.net.Socket socket = new java.net.Socket("127.0.0.1", server.port());
                socket.getOutputStream().write(("POST " + (i % 2 == 0 ? "/auth" : "/register") + " HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                        + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 40\r\n\r\nname=slo")
                        .getBytes(java.nio.charset.StandardCharsets.US_ASCII));
                socket.getOutputStream().flush();
                slow.add(socket);
            }
            // meanwhile two players register, log in, meet in the lobby and play, long before the slow connections'
            // 120 s idle time-out would free the threads a server waiting on their bodies had given them
            org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
                Game g = game();
                assertThat(RawBayeux.error(g.ann().publish(g.channel(), move(2, 2)))).isNull();
                assertThat(waitFor(g.bob(), "move")).containsEntry("type", "move");
                assertThat(RawBayeux.error(g.bob().publish(g.channel(), move(3, 3)))).isNull();
                assertThat(waitFor(g.ann(), "move")).containsEntry("type", "move");
            });
        } finally {
            for (java.net.Socket socket : slow) {
                socket.close();
            }
        }
    }

    @Test
    void aBurstOfRegistrationsIsAnsweredBusyPastWhatWaitsForAHashAndTheServerCarriesOn() throws Exception {
        // 60 registrations at once: each costs a slow password hash, done one or a few at a time; past the waiting
        // room the server answers at once "503 Busy, try again" rather than letting them pile up
        int n = NAMES.incrementAndGet();
        java.net.http.HttpClient http = java.net.http.HttpClient.newHttpClient();
        List<java.util.concurrent.CompletableFuture<HttpResponse<String>>> answers = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            String name = "burst" + n + "x" + i;
            answers.add(http.sendAsync(java.net.http.HttpRequest.newBuilder(java.net.URI.create(server.base + "/register"))
                    .header("Content-Type", "application/x-www-form-urlencoded")
                    .POST(java.net.http.HttpRequest.BodyPublishers.ofString("name=" + name + "&password=secret-" + name)).build(),
                    HttpResponse.BodyHandlers.ofString()));
        }
        Map<String, Integer> byAnswer = new java.util.TreeMap<>();
        for (var a : answers) {
            HttpResponse<String> r = a.get(120, java.util.concurrent.TimeUnit.SECONDS);
            byAnswer.merge(r.statusCode() + " " + r.body(), 1, Integer::sum);
        }
        assertThat(byAnswer.keySet()).as(byAnswer.toString()).containsExactlyInAnyOrder("200 OK!", "503 Busy, try again");
        assertThat(byAnswer.get("503 Busy, try again")).isGreaterThanOrEqualTo(60 - WebHandler.WAITING_LOGINS
                - Runtime.getRuntime().availableProcessors());
        // once the hashes waiting are done, a registration goes through again, and the accounts made log in
        HttpResponse<String> later = null;
        for (int i = 0; i < 300 && (later == null || later.statusCode() == 503); i++) {
            later = RawBayeux.post(server.base, "/register", "name=after" + n + "&password=secret-after" + n);
            if (later.statusCode() == 503) {
                Thread.sleep(100);
            }
        }
        assertThat(later.statusCode()).isEqualTo(200);
        assertThat(RawBayeux.account(server.base, "after" + n)).containsKeys("id", "token");
    }

    @Test
    void aPlayerWhoLeavesLosesAndTheRatingsAreStored() throws Exception {
        Game g = game();
        assertThat(RawBayeux.error(g.ann().publish(g.channel(), move(1, 1)))).isNull();
        assertThat(RawBayeux.error(g.bob().publish(g.channel(), data("type", "quit")))).isNull();
        Map<String, Object> over = waitFor(g.ann(), "gameover");
        assertThat(over).containsEntry("winner", 1).containsEntry("score_1", "0").containsEntry("score_2", "0").containsEntry("id", 0);
        assertThat(RawBayeux.error(g.ann().publish(g.channel(), move(2, 2)))).isEqualTo("404::Game not found");
        long ann = Long.parseLong((String) g.annAccount().get("id"));
        long bob = Long.parseLong((String) g.bobAccount().get("id"));
        assertThat(server.accounts.account(ann).orElseThrow().rating()).isEqualTo(1613);
        assertThat(server.accounts.account(bob).orElseThrow().rating()).isEqualTo(1588);
        assertThat(server.results).anySatisfy(r -> assertThat(r.outcome().ending()).isEqualTo(MatchOutcome.Ending.ERROR));
    }

    @Test
    void aPlayerSilentInAGameLosesItAndSilentLobbyMembersLeaveTheQueue() throws Exception {
        Map<String, Object> watcherAccount = RawBayeux.account(server.base, "watcher" + NAMES.incrementAndGet());
        Map<String, Object> quietAccount = RawBayeux.account(server.base, "quiet" + NAMES.incrementAndGet());
        Map<String, Object>[] players = players();
        Game g = game(players);
        RawBayeux watcher = inLobby(watcherAccount);
        // ann keeps beating, bob says nothing: after 3 s (the tests' clock) bob loses. The watcher polls all along: a
        // client that sends no /meta/connect for 3 s is dropped by CometD, and with it what the lobby would tell it
        List<Object> quits = new ArrayList<>();
        Map<String, Object> over = null;
        for (int i = 0; i < 60 && over == null; i++) {
            g.ann().publish(g.channel(), data("type", "heartbeat"));
            watcher.publish("/game/queue", data("type", "heartbeat"));
            for (Map<String, Object> d : g.ann().poll()) {
                if ("gameover".equals(d.get("type"))) {
                    over = d;
                }
            }
            quits.addAll(quitsIn(watcher.poll()));
            Thread.sleep(200);
        }
        assertThat(over).as("bob lost for silence").isNotNull().containsEntry("winner", 1);
        assertThat(String.valueOf(over.get("reason"))).contains("sent nothing for 3.0 s");
        // ann and bob left the lobby when their game began; a lobby member who falls silent leaves it: the watcher,
        // who was shown him, is sent his quit
        List<Object> both = List.of(g.annAccount().get("id"), g.bobAccount().get("id"));
        assertThat(server.room().inLobby(Long.parseLong((String) both.get(0)))).isFalse();
        assertThat(server.room().inLobby(Long.parseLong((String) both.get(1)))).isFalse();
        RawBayeux quiet = inLobby(quietAccount);
        Object quietId = quietAccount.get("id");
        boolean shown = false;
        for (int i = 0; i < 60 && !quits.contains(quietId); i++) {
            watcher.publish("/game/queue", data("type", "heartbeat"));
            List<Map<String, Object>> heard = watcher.poll();
            shown |= heard.stream().anyMatch(d -> "heartbeat".equals(d.get("type")) && quietId.equals(d.get("id")));
            quits.addAll(quitsIn(heard));
            Thread.sleep(100);
        }
        assertThat(shown).as("the watcher was shown the quiet one").isTrue();
        assertThat(quits).contains(quietId);
        assertThat(server.room().inLobby(Long.parseLong((String) quietId))).isFalse();
        assertThat(quiet).isNotNull();
    }

    @Test
    void aSubscriberThatNeverPollsIsDroppedAloneAndNothingStoredIsLost() throws Exception {
        Map<String, Object> watcherAccount = RawBayeux.account(server.base, "wes" + NAMES.incrementAndGet());
        String ghostName = "ghost" + NAMES.incrementAndGet();
        Map<String, Object> ghostAccount = RawBayeux.account(server.base, ghostName);
        Map<String, Object>[] players = players();
        Game g = game(players);
        RawBayeux watcher = inLobby(watcherAccount);
        // the ghost handshakes, subscribes to the lobby and a game, joins the queue, and never sends /meta/connect
        RawBayeux ghost = new RawBayeux(server.base);
        ghost.auth = auth(ghostAccount);
        Map<String, Object> hs = ghost.send(data("channel", "/meta/handshake", "version", "1.0",
                "supportedConnectionTypes", List.of("long-polling"))).get(0);
        ghost.clientId = (String) hs.get("clientId");
        assertThat(RawBayeux.error(ghost.subscribe("/game/queue"))).isNull();
        assertThat(RawBayeux.error(ghost.subscribe(g.channel()))).isNull();
        assertThat(RawBayeux.error(ghost.publish("/game/queue", data("type", "heartbeat")))).isNull();
        // the others play and wait in the lobby meanwhile, well past the tests' 3 s
        int moves = 0;
        List<Map<String, Object>> bobHeard = new ArrayList<>();
        List<Map<String, Object>> watcherHeard = new ArrayList<>();
        long until = System.nanoTime() + 5_000_000_000L;
        while (System.nanoTime() < until) {
            RawBayeux mover = moves % 2 == 0 ? g.ann() : g.bob();
            assertThat(RawBayeux.error(mover.publish(g.channel(), move(moves, 3)))).isNull();
            moves++;
            g.ann().publish(g.channel(), data("type", "heartbeat"));
            g.bob().publish(g.channel(), data("type", "heartbeat"));
            watcher.publish("/game/queue", data("type", "heartbeat"));
            g.ann().poll();
            bobHeard.addAll(g.bob().poll());
            watcherHeard.addAll(watcher.poll());
            Thread.sleep(250);
        }
        assertThat(server.log).anyMatch(l -> l.contains("dots: dropped") && l.contains(ghostName) && l.contains("no /meta/connect"));
        // its end is clear to it: the server no longer knows it
        Map<String, Object> after = ghost.publish("/game/queue", data("type", "heartbeat"));
        assertThat(RawBayeux.error(after)).startsWith("402::");
        watcherHeard.addAll(watcher.poll());
        assertThat(watcherHeard).anySatisfy(d -> assertThat(d).containsEntry("type", "quit").containsEntry("id", ghostAccount.get("id")));
        // nobody else was touched: every move arrived, the game goes on and ends as it should, ratings stored
        bobHeard.addAll(g.bob().poll());
        long movesSeen = bobHeard.stream().filter(d -> "move".equals(d.get("type"))).count();
        assertThat(movesSeen).isEqualTo(moves);
        assertThat(RawBayeux.error(g.ann().publish(g.channel(), data("type", "quit")))).isNull();
        assertThat(waitFor(g.bob(), "gameover")).containsEntry("winner", 2);
        assertThat(server.accounts.account(Long.parseLong((String) g.bobAccount().get("id"))).orElseThrow().rating()).isEqualTo(1613);
        long ghostId = Long.parseLong((String) ghostAccount.get("id"));
        assertThat(server.accounts.account(ghostId).orElseThrow().rating()).isEqualTo(1600);
        assertThat(RawBayeux.post(server.base, "/auth", "name=" + ghostName + "&password=secret-" + ghostName).statusCode()).isEqualTo(200);
    }

    @Test
    void faye10sCrossOriginPostsAreReadAndItsPreflightIsAllowed() throws Exception {
        // the seed's page (Faye 1.0.1) from another origin: a preflight for its Pragma header, then message=<JSON> as text/plain
        HttpResponse<String> preflight = RawBayeux.HTTP.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(server.base + "/game"))
                .method("OPTIONS", java.net.http.HttpRequest.BodyPublishers.noBody()).header("Origin", "http://127.0.0.1:1")
                .header("Access-Control-Request-Method", "POST").header("Access-Control-Request-Headers", "pragma").build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(preflight.statusCode()).isEqualTo(200);
        assertThat(preflight.headers().firstValue("Access-Control-Allow-Headers").orElse("").toLowerCase()).contains("pragma");
        // the account first: making it takes two slow password hashes, which on a loaded machine outlasted the session
        // this test's short clocks keep for a client that has not polled yet (402::session_unknown on the subscribe)
        Map<String, Object> account = RawBayeux.account(server.base, "faye" + NAMES.incrementAndGet());
        String handshake = "[{\"channel\":\"/meta/handshake\",\"version\":\"1.0\",\"supportedConnectionTypes\":[\"cross-origin-long-polling\"]}]";
        HttpResponse<String> r = fayePost("message=" + java.net.URLEncoder.encode(handshake, java.nio.charset.StandardCharsets.UTF_8));
        assertThat(r.statusCode()).isEqualTo(200);
        Map<String, Object> reply = RawBayeux.parse(r.body()).get(0);
        assertThat(reply).containsEntry("channel", "/meta/handshake").containsEntry("successful", true);
        assertThat(r.headers().firstValue("Access-Control-Allow-Origin")).isPresent();
        // a subscribe the same way, with the seed's auth
        String subscribe = Json.write(List.of(data("channel", "/meta/subscribe", "clientId", reply.get("clientId"), "subscription", "/game/queue",
                "auth", auth(account))));
        Map<String, Object> subscribed = RawBayeux.parse(fayePost("message=" + java.net.URLEncoder.encode(subscribe,
                java.nio.charset.StandardCharsets.UTF_8)).body()).get(0);
        assertThat(subscribed).containsEntry("successful", true);
        // bad encodings: a clear 400, the server carries on
        assertThat(fayePost("message=%E0%A4%A").statusCode()).isEqualTo(400);
        assertThat(fayePost("message=" + "%5B%7B".repeat(3)).statusCode()).isEqualTo(400);
        assertThat(fayePost("nonsense").statusCode()).isEqualTo(400);
        Game g = game();
        assertThat(RawBayeux.error(g.ann().publish(g.channel(), move(2, 9)))).isNull();
        assertThat(types(g.bob().poll())).contains("move");
    }

    /**
     * The seed's page served from another origin makes its Faye 1.0.1 handshake by callback-polling
     * (JSONP): {@code GET /game?message=...&jsonp=...}, read as a script. Handshake, subscribe, a connect
     * that waits, and a publish all work that way; the answer is the callback called with CometD's JSON.
     */
    @Test
    void faye10sCallbackPollingIsAnsweredAsAScriptCallingItsCallback() throws Exception {
        String handshake = "[{\"channel\":\"/meta/handshake\",\"version\":\"1.0\",\"supportedConnectionTypes\":[\"callback-polling\"],\"id\":\"1\"}]";
        HttpResponse<String> r = jsonp(handshake, "__jsonp1__");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Content-Type").orElse("")).startsWith("text/javascript");
        Map<String, Object> reply = RawBayeux.parse(unwrap(r.body(), "__jsonp1__")).get(0);
        assertThat(reply).containsEntry("channel", "/meta/handshake").containsEntry("successful", true);
        Object clientId = reply.get("clientId");
        Map<String, Object> account = RawBayeux.account(server.base, "jsonp" + NAMES.incrementAndGet());
        Map<String, Object> subscribed = RawBayeux.parse(unwrap(jsonp(Json.write(List.of(data("channel", "/meta/subscribe",
                "clientId", clientId, "subscription", "/game/queue", "auth", auth(account)))), "__jsonp2__").body(), "__jsonp2__")).get(0);
        assertThat(subscribed).containsEntry("successful", true);
        // the first connect answers at once; the next waits for news, which another player's heartbeat brings
        jsonp(Json.write(List.of(data("channel", "/meta/connect", "clientId", clientId, "connectionType", "callback-polling"))), "__jsonp3__");
        java.util.concurrent.CompletableFuture<HttpResponse<String>> waiting = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
            try {
                return jsonp(Json.write(List.of(data("channel", "/meta/connect", "clientId", clientId, "connectionType", "callback-polling"))),
                        "Faye.jsonp4");
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        Map<String, Object> other = RawBayeux.account(server.base, "jsonp" + NAMES.incrementAndGet());
        RawBayeux b = RawBayeux.connected(server.base, auth(other));
        b.subscribe("/game/queue");
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(20);
        while (!waiting.isDone() && System.nanoTime() < deadline) {
            b.publish("/game/queue", data("type", "heartbeat"));
            Thread.sleep(200);
        }
        HttpResponse<String> news = waiting.get(25, java.util.concurrent.TimeUnit.SECONDS);
        List<Map<String, Object>> delivered = RawBayeux.parse(unwrap(news.body(), "Faye.jsonp4"));
        assertThat(delivered).anySatisfy(m -> assertThat(m).containsEntry("channel", "/game/queue"));
        // bad callbacks and a missing message: a clear 400, never a script that runs something else
        assertThat(jsonp(handshake, "alert(1)//").statusCode()).isEqualTo(400);
        assertThat(jsonp(handshake, "").statusCode()).isEqualTo(400);
        assertThat(RawBayeux.get(server.base, "/game?jsonp=cb").statusCode()).isEqualTo(400);
        assertThat(RawBayeux.get(server.base, "/game?message=%5B%7B%5B%7B&jsonp=cb").statusCode()).as("not JSON").isEqualTo(400);
    }

    /**
     * Faye 1.0's WebSocket transport (the seed's page) opens with {@code []} and sends it again as its
     * keep-alive: the socket stays open and the messages after it are answered.
     */
    @Test
    void faye10sEmptyBatchesOnAWebSocketAreTakenAsNothingToDo() throws Exception {
        java.util.concurrent.BlockingQueue<String> frames = new java.util.concurrent.LinkedBlockingQueue<>();
        java.util.concurrent.CompletableFuture<String> closed = new java.util.concurrent.CompletableFuture<>();
        java.net.http.WebSocket ws = RawBayeux.HTTP.newWebSocketBuilder().buildAsync(java.net.URI.create(server.base.replace("http:", "ws:")
                + "/game"), new java.net.http.WebSocket.Listener() {
                    private final StringBuilder text = new StringBuilder();

                    @Override
                    public java.util.concurrent.CompletionStage<?> onText(java.net.http.WebSocket w, CharSequence data, boolean last) {
                        text.append(data);
                        if (last) {
                            frames.add(text.toString());
                            text.setLength(0);
                        }
                        w.request(1);
                        return null;
                    }

                    @Override
                    public java.util.concurrent.CompletionStage<?> onClose(java.net.http.WebSocket w, int code, String reason) {
                        closed.complete(code + " " + reason);
                        return null;
                    }
                }).get(10, java.util.concurrent.TimeUnit.SECONDS);
        ws.sendText("[]", true).get(5, java.util.concurrent.TimeUnit.SECONDS);
        ws.sendText(" [ ] ", true).get(5, java.util.concurrent.TimeUnit.SECONDS);
        ws.sendText("[{\"channel\":\"/meta/handshake\",\"version\":\"1.0\",\"supportedConnectionTypes\":[\"websocket\"],\"id\":\"1\"}]", true)
                .get(5, java.util.concurrent.TimeUnit.SECONDS);
        String reply = frames.poll(10, java.util.concurrent.TimeUnit.SECONDS);
        assertThat(closed).as("the socket stays open").isNotDone();
        assertThat(reply).as("the handshake after the empty batches is answered").isNotNull();
        assertThat(RawBayeux.parse(reply).get(0)).containsEntry("channel", "/meta/handshake").containsEntry("successful", true);
        ws.sendText("[]", true).get(5, java.util.concurrent.TimeUnit.SECONDS); // a keep-alive later on
        ws.sendText("[{\"channel\":\"/meta/disconnect\",\"clientId\":\"" + RawBayeux.parse(reply).get(0).get("clientId")
                + "\",\"id\":\"2\"}]", true).get(5, java.util.concurrent.TimeUnit.SECONDS);
        assertThat(RawBayeux.parse(frames.poll(10, java.util.concurrent.TimeUnit.SECONDS)).get(0))
                .containsEntry("channel", "/meta/disconnect").containsEntry("successful", true);
        // anything else that is not Bayeux still closes that socket alone
        ws.sendText("{not json", true);
        assertThat(closed.get(10, java.util.concurrent.TimeUnit.SECONDS)).startsWith("1011");
    }

    /**
     * A browser's WebSocket (Chromium, the seed's page) offers {@code permessage-deflate}: the port declines it, as the
     * seed's Faye server did, so the socket's frames go uncompressed and the connection holds no compressor (with it,
     * Jetty keeps a zlib deflater for each socket from its first message on, 95 KB more of the server's memory a socket
     * measured, and deflates every message of the lobby and the games).
     */
    @Test
    void aBrowsersOfferToCompressItsWebSocketIsDeclined() throws Exception {
        try (RawWebSocket ws = new RawWebSocket(server.base, "/game", "Origin: " + server.base,
                "Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits")) {
            assertThat(ws.status()).as("the upgrade is taken: %s", ws.answer).isEqualTo(101);
            assertThat(ws.header("Sec-WebSocket-Extensions")).as("no extension agreed: %s", ws.answer).isNull();
            ws.send("[{\"channel\":\"/meta/handshake\",\"version\":\"1.0\",\"supportedConnectionTypes\":[\"websocket\"],\"id\":\"1\"}]");
            RawWebSocket.Frame reply = ws.read();
            assertThat(reply.rsv1()).as("the answer is not compressed").isFalse();
            assertThat(reply.opcode()).as("a text frame").isEqualTo(1);
            assertThat(RawBayeux.parse(reply.text()).get(0)).containsEntry("channel", "/meta/handshake").containsEntry("successful", true);
        }
    }

    /**
     * What the lobby and the games send a client on WebSocket is written by a few threads of the port's. CometD hands
     * each such delivery to its executor, by default a pool of its own of up to 128 threads (all 128 alive with 400
     * clients on WebSocket, session 21): here a client on WebSocket logs in as Faye does and is sent the echo of its
     * heartbeat, CometD's executor is the port's {@code boardlab-dots-send} pool (two threads a core, at least 4), and no thread of
     * a pool of CometD's own exists.
     */
    @Test
    void webSocketDeliveriesAreWrittenByAFewThreadsOfThePorts() throws Exception {
        Map<String, Object> account = RawBayeux.account(server.base, "wes" + NAMES.incrementAndGet());
        assertThat(server.web().bayeux().getExecutor()).as("CometD's executor").isInstanceOfSatisfying(
                org.eclipse.jetty.util.thread.QueuedThreadPool.class, pool -> {
                    assertThat(pool.getName()).isEqualTo("boardlab-dots-send");
                    assertThat(pool.getMaxThreads()).isEqualTo(Math.max(4, 2 * Runtime.getRuntime().availableProcessors()));
                    assertThat(pool.isRunning()).isTrue();
                });
        try (RawWebSocket ws = new RawWebSocket(server.base, "/game", "Origin: " + server.base)) {
            assertThat(ws.status()).isEqualTo(101);
            String clientId = handshakeAndConnect(ws);
            String auth = Json.write(auth(account));
            subscribeToLobby(ws, clientId, auth);
            // as every Bayeux client, its next connect (the server holds it; what it is sent comes with its answer)
            ws.send("[{\"channel\":\"/meta/connect\",\"clientId\":\"" + clientId + "\",\"connectionType\":\"websocket\",\"id\":\"5\"}]");
            ws.send("[{\"channel\":\"/game/queue\",\"clientId\":\"" + clientId + "\",\"data\":{\"type\":\"heartbeat\"},\"auth\":" + auth
                    + ",\"id\":\"4\"}]");
            List<Map<String, Object>> seen = new ArrayList<>();
            for (long until = System.nanoTime() + 10_000_000_000L; seen.stream().noneMatch(m -> m.get("data") instanceof Map<?, ?> d
                    && "heartbeat".equals(d.get("type")) && String.valueOf(account.get("id")).equals(d.get("id")));) {
                assertThat(System.nanoTime() - until).as("the echo of the heartbeat within 10 s: %s", seen).isNegative();
                seen.addAll(RawBayeux.parse(ws.read().text()));
            }
        }
        List<String> cometds = Thread.getAllStackTraces().keySet().stream().map(Thread::getName)
                .filter(n -> n.matches(".*-Executor-\\d+")).toList();
        assertThat(cometds).as("threads of a CometD executor of its own").isEmpty();
    }

    /**
     * A message the room refuses on a WebSocket (here Faye's {@code /meta/unsubscribe}, which the seed's page and npm
     * faye send without {@code auth}) is answered, and the socket reads on: the next message is answered too.
     */
    @Test
    void aRefusedMessageOnAWebSocketIsAnsweredAndTheSocketReadsOn() throws Exception {
        Map<String, Object> account = RawBayeux.account(server.base, "wur" + NAMES.incrementAndGet());
        try (RawWebSocket ws = new RawWebSocket(server.base, "/game", "Origin: " + server.base)) {
            ws.send("[{\"channel\":\"/meta/handshake\",\"version\":\"1.0\",\"supportedConnectionTypes\":[\"websocket\"],\"id\":\"1\"}]");
            String clientId = (String) untilReply(ws, "1").get("clientId");
            String auth = Json.write(auth(account));
            ws.send("[{\"channel\":\"/meta/subscribe\",\"clientId\":\"" + clientId + "\",\"subscription\":\"/game/queue\",\"auth\":" + auth
                    + ",\"id\":\"2\"}]");
            assertThat(untilReply(ws, "2")).containsEntry("successful", true);
            ws.send("[{\"channel\":\"/meta/unsubscribe\",\"clientId\":\"" + clientId + "\",\"subscription\":\"/game/queue\",\"id\":\"3\"}]");
            Map<String, Object> refused = untilReply(ws, "3");
            ws.send("[{\"channel\":\"/game/queue\",\"clientId\":\"" + clientId + "\",\"data\":{\"type\":\"heartbeat\"},\"auth\":" + auth
                    + ",\"id\":\"4\"}]");
            assertThat(untilReply(ws, "4")).as("after: %s", refused).containsEntry("successful", true);
        }
    }

    /**
     * A WebSocket client that sends only what Bayeux asks of it (a {@code /meta/connect}, held by the server up to 45 s,
     * then the next) keeps its socket: npm faye (the seed's bots) sends no keep-alive of its own. Jetty's WebSocket
     * default closed a socket after 30 s without a frame either way ({@code 1001 Connection Idle Timeout}), in the
     * middle of every held connect, and the client opened a new one each time. Here the client is silent for 35 s
     * with its connect held, then asks something and is answered on the same socket. It runs beside the class's other
     * tests (it waits, and touches nothing they look at), not 35 s after them, on a server of its own with the seed's
     * clocks: on the class's server (3 s of silence, CometD's maxInterval) a test thread that lost its core for 3 s
     * between the handshake and the first connect found its session dropped ({@code 402::session_unknown}, a run
     * at load 15, session 24); what it checks, the socket kept through 35 s of quiet, does not depend on that limit.
     */
    @Test
    @Execution(ExecutionMode.CONCURRENT)
    void aWebSocketWhoseConnectIsHeldIsNotClosedForBeingQuiet() throws Exception {
        try (DotsTestServer own = new DotsTestServer(DotsWire.Timers.SEED);
                RawWebSocket ws = new RawWebSocket(own.base, "/game", "Origin: " + own.base)) {
            String clientId = handshakeAndConnect(ws);
            // the second connect is held (the server's timeout: 45 s); the client has nothing else to say
            ws.send("[{\"channel\":\"/meta/connect\",\"clientId\":\"" + clientId + "\",\"connectionType\":\"websocket\",\"id\":\"3\"}]");
            Thread.sleep(35_000);
            ws.send("[{\"channel\":\"/meta/subscribe\",\"clientId\":\"" + clientId + "\",\"subscription\":\"/game/queue\",\"id\":\"4\"}]");
            RawWebSocket.Frame next = ws.read();
            assertThat(next.opcode()).as("the next frame after 35 s quiet (8: the server closed the socket: %s)", next.text())
                    .isEqualTo(1);
            assertThat(RawBayeux.parse(next.text())).as("the answer to the subscription without auth")
                    .anySatisfy(m -> assertThat(m).containsEntry("id", "4").containsEntry("successful", false));
        }
    }

    /**
     * Over WebSocket, what the server sends a client whose {@code /meta/connect} it holds goes with the answer to that
     * connect, as the seed's Faye server does (its connection is flushed when a message is queued for it): the connect is
     * answered with the message, not held the whole 45 s beside it. Faye's clients give up on any message not answered
     * within 1.2 times the advised timeout (54 s; npm faye 1.4.1 then closes the socket), so a connect held 45 s from when
     * it was read leaves 9 s for everything before it on the socket: while a class paired, 1,910 of 5,000 clients'
     * sockets were closed so (session 22). Here a client's connect is held, it sends its lobby heartbeat, and the echo and
     * the connect's answer come within the 10 s the test reads for.
     */
    @Test
    void aMessageForAWebSocketClientWhoseConnectIsHeldEndsTheConnect() throws Exception {
        Map<String, Object> account = RawBayeux.account(server.base, "wcd" + NAMES.incrementAndGet());
        try (RawWebSocket ws = new RawWebSocket(server.base, "/game", "Origin: " + server.base)) {
            String clientId = handshakeAndConnect(ws);
            String auth = Json.write(auth(account));
            subscribeToLobby(ws, clientId, auth);
            ws.send("[{\"channel\":\"/meta/connect\",\"clientId\":\"" + clientId + "\",\"connectionType\":\"websocket\",\"id\":\"4\"}]");
            ws.send("[{\"channel\":\"/game/queue\",\"clientId\":\"" + clientId + "\",\"data\":{\"type\":\"heartbeat\"},\"auth\":" + auth
                    + ",\"id\":\"5\"}]");
            List<Map<String, Object>> seen = new ArrayList<>();
            boolean echoed = false;
            boolean answered = false;
            while (!(echoed && answered)) { // each read fails after 10 s without a frame: a connect held 45 s fails here
                for (Map<String, Object> m : RawBayeux.parse(ws.read().text())) {
                    seen.add(m);
                    echoed |= m.get("data") instanceof Map<?, ?> d && "heartbeat".equals(d.get("type"))
                            && String.valueOf(account.get("id")).equals(d.get("id"));
                    answered |= "4".equals(m.get("id")) && Boolean.TRUE.equals(m.get("successful"));
                }
            }
            assertThat(seen).as("the held connect's answer").anySatisfy(m -> assertThat(m).containsEntry("channel", "/meta/connect")
                    .containsEntry("id", "4"));
        }
    }

    /** A Faye client's first steps on a WebSocket: its handshake (id 1) and its first connect (id 2), each answered; its client id. */
    private static String handshakeAndConnect(RawWebSocket ws) throws Exception {
        ws.send("[{\"channel\":\"/meta/handshake\",\"version\":\"1.0\",\"supportedConnectionTypes\":[\"websocket\"],\"id\":\"1\"}]");
        String clientId = (String) untilReply(ws, "1").get("clientId");
        ws.send("[{\"channel\":\"/meta/connect\",\"clientId\":\"" + clientId + "\",\"connectionType\":\"websocket\",\"id\":\"2\"}]");
        assertThat(untilReply(ws, "2")).containsEntry("successful", true);
        return clientId;
    }

    /** The client's subscription to the lobby's channel with {@code auth} (id 3), answered successfully. */
    private static void subscribeToLobby(RawWebSocket ws, String clientId, String auth) throws Exception {
        ws.send("[{\"channel\":\"/meta/subscribe\",\"clientId\":\"" + clientId + "\",\"subscription\":\"/game/queue\",\"auth\":" + auth
                + ",\"id\":\"3\"}]");
        assertThat(untilReply(ws, "3")).containsEntry("successful", true);
    }

    /** The messages read from {@code ws} until the reply whose id is {@code id}, which is returned. */
    private static Map<String, Object> untilReply(RawWebSocket ws, String id) throws Exception {
        for (;;) {
            for (Map<String, Object> m : RawBayeux.parse(ws.read().text())) {
                if (id.equals(m.get("id")) && m.containsKey("successful")) {
                    return m;
                }
            }
        }
    }

    private static HttpResponse<String> jsonp(String message, String callback) throws Exception {
        return RawBayeux.get(server.base, "/game?message=" + java.net.URLEncoder.encode(message, java.nio.charset.StandardCharsets.UTF_8)
                + "&jsonp=" + java.net.URLEncoder.encode(callback, java.nio.charset.StandardCharsets.UTF_8));
    }

    /** The JSON inside {@code /**}{@code /callback(JSON);}, failing if the body is not that call. */
    private static String unwrap(String script, String callback) {
        String prefix = "/**/" + callback + "(";
        assertThat(script).startsWith(prefix).endsWith(");");
        return script.substring(prefix.length(), script.length() - 2);
    }

    private static HttpResponse<String> fayePost(String body) throws Exception {
        return RawBayeux.HTTP.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(server.base + "/game"))
                .header("Origin", "http://127.0.0.1:1").header("Pragma", "no-cache").header("Content-Type", "text/plain;charset=UTF-8")
                .POST(java.net.http.HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void oneRequestAtATimeAndALapsedInvitationCannotBeAccepted() throws Exception {
        Map<String, Object> a = RawBayeux.account(server.base, "ida" + NAMES.incrementAndGet());
        Map<String, Object> b = RawBayeux.account(server.base, "ivo" + NAMES.incrementAndGet());
        Map<String, Object> c = RawBayeux.account(server.base, "ike" + NAMES.incrementAndGet());
        RawBayeux ca = inLobby(a);
        RawBayeux cb = inLobby(b);
        RawBayeux cc = inLobby(c);
        assertThat(RawBayeux.error(ca.publish("/game/queue", data("type", "request", "target", b.get("id"))))).isNull();
        assertThat(RawBayeux.error(ca.publish("/game/queue", data("type", "request", "target", c.get("id")))))
                .isEqualTo("406::Already exists");
        // c may not accept an invitation made to b, nor decline it
        assertThat(RawBayeux.error(cc.publish("/game/queue", data("type", "accept", "target", a.get("id"))))).isEqualTo("406::Not allowed");
        assertThat(RawBayeux.error(cc.publish("/game/queue", data("type", "decline", "init", a.get("id"), "target", b.get("id")))))
                .isEqualTo("406::Not allowed");
        Thread.sleep(2_300); // past the tests' 2 s request life
        for (RawBayeux x : List.of(ca, cb, cc)) {
            x.publish("/game/queue", data("type", "heartbeat"));
        }
        assertThat(RawBayeux.error(cb.publish("/game/queue", data("type", "accept", "target", a.get("id"))))).isEqualTo("406::Not allowed");
        // a new invitation, declined by the invitee, is gone
        assertThat(RawBayeux.error(ca.publish("/game/queue", data("type", "request", "target", c.get("id"))))).isNull();
        assertThat(RawBayeux.error(cc.publish("/game/queue", data("type", "decline", "init", a.get("id"), "target", c.get("id"))))).isNull();
        assertThat(types(ca.poll())).contains("decline");
        assertThat(RawBayeux.error(cc.publish("/game/queue", data("type", "accept", "target", a.get("id"))))).isEqualTo("406::Not allowed");
    }

    /**
     * Two players invite each other: ann first, then bob, before either answers (each publish waits for its reply, so
     * the server has ann's invitation when bob's arrives, however slow the machine: the requests here stand 60 s).
     * Bob's invitation is taken as accepting ann's: everybody hears bob's accept and one newgame, ann player 1; no
     * second game can be made of the two invitations. Before, the server delivered bob's invitation as a request, and
     * two clients that each ignore an invitation while their own stands (the seed's page, {@code client dots --invite})
     * waited for ever. Also: accepting an invitation withdraws one's own invitation to a third, who cannot accept it.
     */
    @Test
    void invitationsThatCrossMakeOneGameAndAcceptingWithdrawsOnesOwnInvitation() throws Exception {
        try (DotsTestServer slow = new DotsTestServer(new DotsWire.Timers(Duration.ofSeconds(10),
                Duration.ofSeconds(60), Duration.ofMillis(100), Duration.ofMinutes(10)))) {
            int n = NAMES.incrementAndGet();
            Map<String, Object> a = RawBayeux.account(slow.base, "cross" + n);
            Map<String, Object> b = RawBayeux.account(slow.base, "cris" + n);
            Map<String, Object> c = RawBayeux.account(slow.base, "cleo" + n);
            Map<String, Object> d = RawBayeux.account(slow.base, "dora" + n);
            Map<String, Object> e = RawBayeux.account(slow.base, "eve" + n);
            RawBayeux ca = inLobby(slow, a);
            RawBayeux cb = inLobby(slow, b);
            RawBayeux cc = inLobby(slow, c);
            RawBayeux cd = inLobby(slow, d);
            RawBayeux ce = inLobby(slow, e);
            assertThat(RawBayeux.error(ca.publish("/game/queue", data("type", "request", "target", b.get("id"))))).isNull();
            assertThat(RawBayeux.error(cb.publish("/game/queue", data("type", "request", "target", a.get("id"))))).isNull();
            List<Map<String, Object>> heard = new ArrayList<>();
            for (int i = 0; i < 100 && heard.stream().noneMatch(m -> "newgame".equals(m.get("type"))); i++) {
                heard.addAll(ca.poll());
                Thread.sleep(50);
            }
            List<Map<String, Object>> lobby = heard.stream().filter(m -> !"heartbeat".equals(m.get("type")) && !"quit".equals(m.get("type"))).toList();
            assertThat(lobby).as("what ann heard").hasSize(3);
            assertThat(lobby.get(0)).containsEntry("type", "request").containsEntry("id", a.get("id")).containsEntry("target", b.get("id"));
            assertThat(lobby.get(1)).isEqualTo(data("type", "accept", "target", a.get("id"), "id", b.get("id")));
            assertThat(lobby.get(2)).containsEntry("type", "newgame").containsEntry("player_1", a.get("id"))
                    .containsEntry("player_2", b.get("id"));
            // cleo, in the lobby all along, was sent none of it; if she was shown them, she was sent their quits too
            // (they left the lobby for their game)
            Thread.sleep(400);
            List<Map<String, Object>> third = cc.poll();
            assertThat(third).noneMatch(m -> List.of("request", "accept", "decline", "newgame").contains(m.get("type")));
            for (Object id : List.of(a.get("id"), b.get("id"))) {
                long shown = third.stream().filter(m -> "heartbeat".equals(m.get("type")) && id.equals(m.get("id"))).count();
                assertThat(quitsIn(third).stream().filter(id::equals).count()).as("quits of %s sent to cleo", id).isEqualTo(shown);
            }
            // neither invitation makes another game, and bob's counts as his one request of its life
            assertThat(RawBayeux.error(ca.publish("/game/queue", data("type", "accept", "target", b.get("id"))))).isEqualTo("406::Not allowed");
            assertThat(RawBayeux.error(cb.publish("/game/queue", data("type", "accept", "target", a.get("id"))))).isEqualTo("406::Not allowed");
            assertThat(RawBayeux.error(cb.publish("/game/queue", data("type", "request", "target", c.get("id"))))).isEqualTo("406::Already exists");

            // dora invites eve; cleo invites dora, who accepts: dora's invitation to eve is withdrawn, and eve cannot
            // accept it (dora would be in two games)
            assertThat(RawBayeux.error(cd.publish("/game/queue", data("type", "request", "target", e.get("id"))))).isNull();
            assertThat(RawBayeux.error(cc.publish("/game/queue", data("type", "request", "target", d.get("id"))))).isNull();
            ce.poll();
            assertThat(RawBayeux.error(cd.publish("/game/queue", data("type", "accept", "target", c.get("id"))))).isNull();
            assertThat(waitFor(ce, "decline")).isEqualTo(data("type", "decline", "init", d.get("id"), "target", e.get("id"), "id", d.get("id")));
            assertThat(RawBayeux.error(ce.publish("/game/queue", data("type", "accept", "target", d.get("id"))))).isEqualTo("406::Not allowed");
        }
    }

    static RawBayeux inLobby(DotsTestServer on, Map<String, Object> account) throws Exception {
        RawBayeux c = RawBayeux.connected(on.base, auth(account));
        assertThat(RawBayeux.error(c.subscribe("/game/queue"))).isNull();
        assertThat(RawBayeux.error(c.publish("/game/queue", data("type", "heartbeat")))).isNull();
        return c;
    }

    @Test
    void theHttpRoutesAnswerWithTheSeedsCodesAndTexts() throws Exception {
        String base = server.base;
        assertThat(RawBayeux.post(base, "/register", "name=&password=secret1").statusCode()).isEqualTo(400);
        assertThat(RawBayeux.post(base, "/register", "name=shorty&password=12345").body()).isEqualTo("Password too short");
        HttpResponse<String> ok = RawBayeux.post(base, "/register", "name=dora&password=secret1");
        assertThat(ok.statusCode()).isEqualTo(200);
        assertThat(ok.body()).isEqualTo("OK!");
        assertThat(ok.headers().firstValue("access-control-allow-origin")).hasValue("*");
        HttpResponse<String> again = RawBayeux.post(base, "/register", "name=dora&password=another1");
        assertThat(again.statusCode()).isEqualTo(406);
        assertThat(again.body()).isEqualTo("Already exists");
        HttpResponse<String> wrong = RawBayeux.post(base, "/auth", "name=dora&password=wrong-one");
        assertThat(wrong.statusCode()).isEqualTo(401);
        assertThat(wrong.body()).isEqualTo("Invalid username/password");
        assertThat(RawBayeux.post(base, "/auth", "name=dora").statusCode()).isEqualTo(400);
        HttpResponse<String> auth = RawBayeux.post(base, "/auth?name=dora&password=secret1", "");
        assertThat(auth.statusCode()).as("parameters in the query string work too").isEqualTo(200);
        assertThat(auth.headers().firstValue("content-type").orElse("")).startsWith("application/json");
        assertThat(auth.body()).matches("\\{\"id\":\"\\d+\",\"token\":\"[0-9a-f]{20}\"}");
        assertThat(RawBayeux.get(base, "/queue?id=1&token=nope").statusCode()).isEqualTo(401);
        assertThat(RawBayeux.get(base, "/queue?id=1&token=nope").body()).isEqualTo("Invalid token!");
        assertThat(RawBayeux.get(base, "/queue").statusCode()).isEqualTo(400);
        // the view's filter: ratings that are not whole numbers are a bad request, and make no view
        Map<String, Object> token = Json.MAPPER.readValue(auth.body(), new com.fasterxml.jackson.core.type.TypeReference<Map<String, Object>>() {
        });
        String mine = "/queue?id=" + token.get("id") + "&token=" + token.get("token");
        for (String bad : List.of("&min=abc", "&max=1e3", "&min=99999999999", "&max=%20")) {
            HttpResponse<String> r = RawBayeux.get(base, mine + bad);
            assertThat(r.statusCode()).as(bad).isEqualTo(400);
            assertThat(r.body()).isEqualTo("Bad request");
        }
        assertThat(RawBayeux.get(base, mine + "&min=1500&max=1400&name=%00x").statusCode()).as("an empty range is no error").isEqualTo(200);
        assertThat(RawBayeux.get(base, "/gamedata?id=1&token=x").statusCode()).isEqualTo(400);
        // ten failed logins a minute per name: then even the right password waits
        for (int i = 0; i < 10; i++) {
            RawBayeux.post(base, "/auth", "name=dora&password=bad-guess" + i);
        }
        HttpResponse<String> limited = RawBayeux.post(base, "/auth", "name=dora&password=secret1");
        assertThat(limited.statusCode()).isEqualTo(429);
        assertThat(limited.body()).isEqualTo("Too many attempts");
    }

    /**
     * The lobby at scale (the README's "Lobby at scale"): an invitation, its answer and the newgame reach those they
     * concern and no third client; a waiting user's heartbeat reaches another subscriber once, when he enters his view,
     * not every time he beats; a second invitation to somebody whose first one stands is echoed to its sender only.
     */
    @Test
    void lobbyNewsReachesOnlyThoseItConcernsAndAHeartbeatOnlyWhenItsUserEntersTheView() throws Exception {
        int n = NAMES.incrementAndGet();
        Map<String, Object> a = RawBayeux.account(server.base, "lia" + n);
        Map<String, Object> b = RawBayeux.account(server.base, "lou" + n);
        Map<String, Object> c = RawBayeux.account(server.base, "lee" + n);
        Map<String, Object> d = RawBayeux.account(server.base, "lin" + n);
        RawBayeux cc = inLobby(c);
        RawBayeux ca = inLobby(a);
        RawBayeux cb = inLobby(b);
        RawBayeux cd = inLobby(d);
        List<Map<String, Object>> third = new ArrayList<>();
        for (int i = 0; i < 4; i++) { // 4 heartbeats each, as 20 s of the seed's clients
            for (RawBayeux x : List.of(ca, cb, cc, cd)) {
                assertThat(RawBayeux.error(x.publish("/game/queue", data("type", "heartbeat")))).isNull();
            }
            third.addAll(cc.poll());
            Thread.sleep(150);
        }
        third.addAll(cc.poll());
        for (Object id : List.of(a.get("id"), b.get("id"), d.get("id"))) {
            assertThat(third.stream().filter(m -> "heartbeat".equals(m.get("type")) && id.equals(m.get("id"))))
                    .as("heartbeats of %s sent to lee", id).hasSize(1);
        }
        // lee's own heartbeats come back to him, every one (the seed's clients read their rating there)
        assertThat(third.stream().filter(m -> "heartbeat".equals(m.get("type")) && c.get("id").equals(m.get("id")))).hasSize(5);
        assertThat(RawBayeux.error(ca.publish("/game/queue", data("type", "request", "target", b.get("id"))))).isNull();
        Map<String, Object> invitation = waitFor(cb, "request");
        assertThat(invitation).containsEntry("id", a.get("id")).containsEntry("target", b.get("id"));
        // lin invites lou too while lia's invitation stands: lin is answered and sent his own invitation, lou is not sent it
        assertThat(RawBayeux.error(cd.publish("/game/queue", data("type", "request", "target", b.get("id"))))).isNull();
        assertThat(waitFor(cd, "request")).containsEntry("id", d.get("id"));
        assertThat(RawBayeux.error(cb.publish("/game/queue", data("type", "decline", "init", a.get("id"), "target", b.get("id"))))).isNull();
        assertThat(waitFor(ca, "decline")).containsEntry("init", a.get("id"));
        List<Map<String, Object>> bobHeard = cb.poll();
        assertThat(bobHeard).noneMatch(m -> "request".equals(m.get("type")) && d.get("id").equals(m.get("id")));
        assertThat(RawBayeux.error(cd.publish("/game/queue", data("type", "decline", "init", d.get("id"), "target", b.get("id"))))).isNull();
        Thread.sleep(300);
        third.addAll(cc.poll());
        assertThat(third).noneMatch(m -> List.of("request", "accept", "decline", "newgame").contains(m.get("type")));
    }

    @Test
    void theQueueIsSortedByRatingWithoutTheCallerAndFiltersByRatingAndName() throws Exception {
        Game played = game(); // ann wins nothing yet: both at 1600
        assertThat(RawBayeux.error(played.bob().publish(played.channel(), data("type", "quit")))).isNull();
        waitFor(played.ann(), "gameover"); // ann 1613, bob 1588
        Map<String, Object> zed = RawBayeux.account(server.base, "zed" + NAMES.incrementAndGet());
        RawBayeux z = inLobby(zed);
        RawBayeux annAgain = inLobby(played.annAccount());
        RawBayeux bobAgain = inLobby(played.bobAccount());
        String q = "/queue?id=" + zed.get("id") + "&token=" + zed.get("token");
        List<Map<String, Object>> all = queue(q);
        assertThat(all).noneMatch(p -> p.get("id").equals(zed.get("id")));
        List<Integer> ratings = all.stream().map(p -> Integer.parseInt((String) p.get("rating"))).toList();
        assertThat(ratings).isSorted();
        assertThat(all).anySatisfy(p -> assertThat(p).containsEntry("id", played.annAccount().get("id")).containsEntry("rating", "1613"));
        assertThat(queue(q + "&min=1610&max=1620")).allSatisfy(p -> assertThat((String) p.get("rating")).isEqualTo("1613"));
        String bobName = (String) queue(q).stream().filter(p -> p.get("id").equals(played.bobAccount().get("id"))).findFirst()
                .orElseThrow().get("name");
        assertThat(queue(q + "&name=" + bobName.toUpperCase())).extracting(p -> p.get("id")).containsExactly(played.bobAccount().get("id"));
        assertThat(annAgain).isNotNull();
        assertThat(bobAgain).isNotNull();
        assertThat(z).isNotNull();
    }

    private static List<Map<String, Object>> queue(String pathAndQuery) throws Exception {
        HttpResponse<String> r = RawBayeux.get(server.base, pathAndQuery);
        assertThat(r.statusCode()).isEqualTo(200);
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> list = (List<Map<String, Object>>) Json.MAPPER.readValue(r.body(), Map.class).get("queue");
        return list;
    }

    static Map<String, Object> waitFor(RawBayeux c, String type) throws Exception {
        for (int i = 0; i < 100; i++) {
            for (Map<String, Object> d : c.poll()) {
                if (type.equals(d.get("type"))) {
                    return d;
                }
            }
            Thread.sleep(50);
        }
        throw new AssertionError("no " + type + " within 5 s");
    }
}
