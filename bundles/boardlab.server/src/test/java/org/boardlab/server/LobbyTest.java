package org.boardlab.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.boardlab.api.GameOptions;
import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.api.Side;
import org.boardlab.api.event.MatchOutcome;
import org.boardlab.api.event.MatchOutcome.Ending;
import org.boardlab.core.EventBus;
import org.boardlab.core.GameResult;
import org.boardlab.core.Referee;
import org.boardlab.game.tictactoe.TicTacToe;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The lobby and tables without any network: what sessions are told, and when. */
class LobbyTest {

    private final TicTacToe game = new TicTacToe();
    private final EventBus events = new EventBus();
    private final Referee referee = new Referee();
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
    private final List<GameResult> results = new CopyOnWriteArrayList<>();
    private ServerSettings settings = ServerSettings.defaults().withTimePerMove(Duration.ofSeconds(5))
            .withReconnectWindow(Duration.ofSeconds(1));
    private Lobby lobby = newLobby();

    private Lobby newLobby() {
        Lobby[] holder = new Lobby[1];
        holder[0] = new Lobby((a, b) -> new Table(game, GameOptions.DEFAULT, a, b, holder[0], settings, referee, events, timer,
                r -> {
                    results.add(r);
                    return java.util.concurrent.CompletableFuture.completedFuture(null);
                }), timer, settings, line -> { });
        return holder[0];
    }

    @AfterEach
    void close() {
        referee.close();
        timer.shutdownNow();
    }

    /** Records every call as a line of text. */
    static class Recorder implements MemberListener {
        final BlockingQueue<String> calls = new LinkedBlockingQueue<>() {
            @Override
            public boolean add(String call) {
                all.add(call);
                return super.add(call);
            }
        };
        /** every call, never consumed */
        final List<String> all = new CopyOnWriteArrayList<>();
        volatile Table table;

        @Override
        public void memberJoined(Member other) {
            calls.add("joined " + other.name());
        }

        @Override
        public void memberLeft(String name) {
            calls.add("left " + name);
        }

        @Override
        public void statusChanged(Member other) {
            calls.add("status " + other.name() + " " + other.status());
        }

        @Override
        public void lobbyChanged(List<Member> members) {
            calls.add("lobby " + members.stream().map(m -> m.name() + " " + m.status()).sorted().toList());
        }

        @Override
        public void invited(Member from) {
            calls.add("invited by " + from.name());
        }

        @Override
        public void invitationWithdrawn(String from) {
            calls.add("withdrawn " + from);
        }

        @Override
        public void invitationAnswered(String to, boolean accepted) {
            calls.add("answered " + to + " " + accepted);
        }

        @Override
        public void gameStarted(Table t, Side side) {
            table = t;
            calls.add("started " + side);
        }

        @Override
        public void yourTurn(Table t, GameState state, long deadlineNanos) {
            calls.add("your turn " + state.ply());
        }

        @Override
        public void moved(Table t, Side side, Move move, GameState after) {
            calls.add("moved " + side + " " + move.notation());
        }

        @Override
        public void moveRefused(Table t, String move, String reason) {
            calls.add("refused " + move + ": " + reason);
        }

        @Override
        public void opponentAway(Table t, boolean away) {
            calls.add(away ? "opponent away" : "opponent back");
        }

        @Override
        public void gameEnded(Table t, MatchOutcome outcome) {
            calls.add("ended " + outcome.ending() + " " + (outcome.winner() == null ? "-" : outcome.winner()));
        }

        /** Waits for a call that starts with {@code prefix}, skipping others. */
        String await(String prefix) throws InterruptedException {
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (true) {
                String call = calls.poll(until - System.nanoTime(), TimeUnit.NANOSECONDS);
                if (call == null) {
                    throw new AssertionError("no call starting with '" + prefix + "'");
                }
                if (call.startsWith(prefix)) {
                    return call;
                }
            }
        }
    }

    @Test
    void membersSeeEachOtherAndNamesAreUnique() throws Exception {
        Recorder a = new Recorder();
        Recorder b = new Recorder();
        lobby.login("ann", "tictactoe", "p", a);
        lobby.login("bob", "tictactoe", "p", b);
        assertThat(a.await("joined")).isEqualTo("joined bob");
        assertThat(b.await("joined")).isEqualTo("joined ann");
        assertThatThrownBy(() -> lobby.login("ann", "tictactoe", "p", new Recorder()))
                .isInstanceOf(LobbyException.class).hasMessage("the name 'ann' is taken");
    }

    /**
     * A client may not log in under a name the store would record as a loaded player (its id, or its id with #N):
     * its games would be stored with that player's bundle and rated on that player's ladder. The server's own seats
     * may; a name that only begins like a player's is free.
     */
    @Test
    void aClientMayNotTakeTheNameOfAPlayerTheServerRunsButTheServersOwnSeatMay() throws Exception {
        lobby.reserveNames(name -> name.replaceFirst("#\\d+$", "").equals("alphabeta"));
        for (String name : List.of("alphabeta", "alphabeta#7")) {
            assertThatThrownBy(() -> lobby.login(name, "tictactoe", "p", new Recorder())).isInstanceOf(LobbyException.class)
                    .hasMessage("the name '" + name + "' is reserved: it names a player this server runs (its games would be"
                            + " stored and rated as that player's); choose another name");
        }
        assertThat(lobby.login("alphabetas", "tictactoe", "p", new Recorder()).name()).isEqualTo("alphabetas");
        LobbySeat seat = LobbySeat.open(lobby, "alphabeta#1", "tictactoe", "p", false, () -> {
            throw new AssertionError("no game is played here");
        }, table -> { });
        assertThat(seat.member().name()).isEqualTo("alphabeta#1");
    }

    /**
     * The workbench closes the server before its views let go of their seats (so a network client hears that the server
     * is shutting down): a member leaving after the server's timer stopped is removed without an exception.
     */
    @Test
    void aMemberLeavingAfterTheServerShutDownIsRemovedQuietly() throws Exception {
        Recorder a = new Recorder();
        Member ann = lobby.login("ann", "tictactoe", "p", a);
        Member bob = lobby.login("bob", "tictactoe", "p", new Recorder());
        assertThat(a.await("joined")).isEqualTo("joined bob"); // the news about bob is out: none is due
        timer.shutdownNow();
        lobby.connectionLost(bob);
        lobby.connectionLost(ann);
        assertThat(lobby.members()).isEmpty();
    }

    @Test
    void declinedInvitationMakesBothReadyAgain() throws Exception {
        Recorder a = new Recorder();
        Recorder b = new Recorder();
        Member ann = lobby.login("ann", "tictactoe", "p", a);
        Member bob = lobby.login("bob", "tictactoe", "p", b);
        lobby.invite(ann, "bob");
        assertThat(b.await("invited")).isEqualTo("invited by ann");
        assertThat(ann.status()).isEqualTo(Member.Status.BUSY);
        assertThat(bob.status()).isEqualTo(Member.Status.BUSY);
        assertThatThrownBy(() -> lobby.invite(lobby.login("cid", "tictactoe", "p", new Recorder()), "bob"))
                .hasMessage("bob is busy");
        lobby.answer(bob, "ann", false);
        assertThat(a.await("answered")).isEqualTo("answered bob false");
        assertThat(ann.status()).isEqualTo(Member.Status.READY);
        assertThat(bob.status()).isEqualTo(Member.Status.READY);
    }

    @Test
    void lobbyNewsIsGatheredAndOnlyTheNetChangeIsTold() throws Exception {
        settings = settings.withLobbyNewsDelay(Duration.ofMillis(300));
        lobby = newLobby();
        Recorder a = new Recorder();
        Recorder b = new Recorder();
        Recorder c = new Recorder();
        Member ann = lobby.login("ann", "tictactoe", "p", a);
        Member bob = lobby.login("bob", "tictactoe", "p", b);
        lobby.login("cid", "tictactoe", "p", c);
        assertThat(c.await("joined")).isEqualTo("joined ann"); // what was there when cid came
        assertThat(c.await("joined")).isEqualTo("joined bob");
        assertThat(a.await("joined")).as("news, after the delay").isEqualTo("joined bob");
        assertThat(a.await("joined")).isEqualTo("joined cid");
        assertThat(a.calls).as("ann is not told of her own arrival").isEmpty();
        // an invitation declined within the delay: ann and bob were busy and are ready again
        lobby.invite(ann, "bob");
        lobby.answer(bob, "ann", false);
        // a change that stands is told once the delay is over
        lobby.login("dan", "tictactoe", "p", new Recorder());
        assertThat(c.await("joined")).isEqualTo("joined dan");
        assertThat(c.calls).as("a change undone within the delay is no news").isEmpty();
        lobby.invite(ann, "bob");
        assertThat(c.await("status")).isEqualTo("status ann BUSY");
        assertThat(c.await("status")).isEqualTo("status bob BUSY");
        assertThat(a.await("status")).as("a member hears its own status").isEqualTo("status ann BUSY");
    }

    @Test
    void theLobbyListIsBoundedAndWhoWaitedLongestTakesAFreePlace() throws Exception {
        settings = settings.withLobbyListSize(2);
        lobby = newLobby();
        Recorder a = new Recorder();
        Member ann = lobby.login("ann", "tictactoe", "p", a);
        Member bob = lobby.login("bob", "tictactoe", "p", new Recorder());
        Member cid = lobby.login("cid", "tictactoe", "p", new Recorder());
        Member dan = lobby.login("dan", "tictactoe", "p", new Recorder());
        assertThat(List.of(ann, bob, cid, dan)).extracting(Member::isListed).containsExactly(true, true, false, false);
        Recorder e = new Recorder();
        lobby.login("eve", "tictactoe", "p", e);
        assertThat(e.await("joined")).isEqualTo("joined ann");
        assertThat(e.await("joined")).isEqualTo("joined bob");
        assertThat(a.await("joined")).as("ann hears of the listed bob").isEqualTo("joined bob");
        // cid and dan are not listed: their changes are no news, but they hear their own
        lobby.invite(cid, "dan");
        lobby.connectionLost(bob);
        assertThat(java.util.Set.of(a.await(""), a.await(""))).as("cid waited longest and takes bob's place")
                .containsExactlyInAnyOrder("left bob", "joined cid");
        assertThat(cid.isListed()).isTrue();
        assertThat(dan.isListed()).isFalse();
        assertThat(a.all).noneMatch(call -> call.contains("dan")).noneMatch(call -> call.contains("eve"));
        assertThat(e.all).noneMatch(call -> call.contains("dan"));
    }

    @Test
    void aListenerThatDoesNotHearTheLobbyIsToldOnlyItsOwnStatus() throws Exception {
        Recorder quiet = new Recorder() {
            @Override
            public boolean hearsLobby() {
                return false;
            }
        };
        Recorder a = new Recorder();
        Member ann = lobby.login("ann", "tictactoe", "p", a);
        lobby.login("bob", "tictactoe", "p", new Recorder());
        Member gus = lobby.login("gus", "tictactoe", "p", quiet);
        assertThat(a.await("joined")).isEqualTo("joined bob");
        assertThat(a.await("joined")).isEqualTo("joined gus");
        lobby.invite(ann, "gus");
        assertThat(quiet.await("invited")).isEqualTo("invited by ann");
        assertThat(quiet.await("status")).isEqualTo("status gus BUSY");
        lobby.answer(gus, "ann", false);
        assertThat(quiet.await("status")).isEqualTo("status gus READY");
        assertThat(quiet.all).as("no joined, left or lobby calls, nor anybody else's status")
                .allMatch(call -> call.startsWith("invited") || call.startsWith("status gus"));
    }

    @Test
    void withdrawnAndLapsedInvitationsAreReported() throws Exception {
        settings = new ServerSettings(10, 1024, Duration.ofMinutes(1), Duration.ofSeconds(5), Duration.ofSeconds(1),
                Duration.ofMillis(200), Duration.ofMillis(20));
        lobby = newLobby();
        Recorder a = new Recorder();
        Recorder b = new Recorder();
        Member ann = lobby.login("ann", "tictactoe", "p", a);
        lobby.login("bob", "tictactoe", "p", b);
        lobby.invite(ann, "bob");
        lobby.withdraw(ann, "bob");
        assertThat(b.await("withdrawn")).isEqualTo("withdrawn ann");
        lobby.invite(ann, "bob");
        assertThat(b.await("withdrawn")).as("lapsed after 200 ms").isEqualTo("withdrawn ann");
        assertThat(a.await("answered")).isEqualTo("answered bob false");
        assertThat(a.await("status ann")).isEqualTo("status ann READY");
    }

    @Test
    void anAcceptedInvitationPlaysAGameThroughTheReferee() throws Exception {
        Recorder a = new Recorder();
        Recorder b = new Recorder();
        Member ann = lobby.login("ann", "tictactoe", "p", a);
        Member bob = lobby.login("bob", "tictactoe", "p", b);
        lobby.invite(ann, "bob");
        Table table = lobby.answer(bob, "ann", true);
        assertThat(a.await("started")).isEqualTo("started FIRST");
        assertThat(b.await("started")).isEqualTo("started SECOND");
        assertThat(a.await("your turn")).isEqualTo("your turn 0");
        // bob is not to move
        assertThat(table.move(bob, "b2")).isEqualTo(Table.Submission.OUT_OF_TURN);
        // a taken square is refused, and ann may try again
        assertThat(table.move(ann, "a1")).isEqualTo(Table.Submission.ACCEPTED);
        assertThat(b.await("moved")).isEqualTo("moved FIRST a1");
        assertThat(b.await("your turn")).isEqualTo("your turn 1");
        assertThat(table.move(bob, "a1")).isEqualTo(Table.Submission.REFUSED);
        assertThat(b.await("refused")).isEqualTo("refused a1: square a1 is taken");
        assertThat(table.move(bob, "zz")).isEqualTo(Table.Submission.REFUSED);
        assertThat(table.move(bob, "b1")).isEqualTo(Table.Submission.ACCEPTED);
        for (String[] move : new String[][] {{"a", "a2"}, {"b", "b2"}, {"a", "a3"}}) {
            Member who = move[0].equals("a") ? ann : bob;
            Recorder rec = move[0].equals("a") ? a : b;
            rec.await("your turn");
            assertThat(table.move(who, move[1])).isEqualTo(Table.Submission.ACCEPTED);
        }
        assertThat(a.await("ended")).isEqualTo("ended NORMAL FIRST");
        assertThat(b.await("ended")).isEqualTo("ended NORMAL FIRST");
        assertThat(results).hasSize(1);
        assertThat(results.get(0).winnerName()).isEqualTo("ann");
        assertThat(a.await("status ann")).isEqualTo("status ann READY");
        assertThat(ann.table()).isNull();
        assertThat(ann.status()).isEqualTo(Member.Status.READY);
    }

    @Test
    void aMemberBackFromAGameCatchesUpWithTheNextNews() throws Exception {
        Recorder a = new Recorder();
        Recorder b = new Recorder();
        Recorder c = new Recorder();
        Table table = startedGame(a, b);
        Member ann = table.member(Side.FIRST);
        Member bob = table.member(Side.SECOND);
        lobby.login("cid", "tictactoe", "p", c);
        assertThat(c.await("joined")).isEqualTo("joined ann");
        a.calls.clear();
        for (String[] move : new String[][] {{"a", "a1"}, {"b", "b1"}, {"a", "a2"}, {"b", "b2"}, {"a", "a3"}}) {
            if (!move[1].equals("a1")) {
                (move[0].equals("a") ? a : b).await("your turn");
            }
            assertThat(table.move(move[0].equals("a") ? ann : bob, move[1])).isEqualTo(Table.Submission.ACCEPTED);
        }
        assertThat(a.await("ended")).isEqualTo("ended NORMAL FIRST");
        List<String> all = List.copyOf(a.all);
        assertThat(all.subList(all.indexOf("started FIRST"), all.indexOf("ended NORMAL FIRST")))
                .as("no lobby news during the game").noneMatch(call -> call.contains("cid"));
        assertThat(a.await("status")).isEqualTo("status ann READY");
        assertThat(a.await("lobby")).isEqualTo("lobby [ann READY, bob READY, cid READY]");
        assertThat(c.await("status")).startsWith("status ");
    }

    private Table startedGame(Recorder a, Recorder b) throws Exception {
        Member ann = lobby.login("ann", "tictactoe", "p", a);
        Member bob = lobby.login("bob", "tictactoe", "p", b);
        lobby.invite(ann, "bob");
        Table table = lobby.answer(bob, "ann", true);
        a.await("your turn");
        return table;
    }

    @Test
    void aPlayerWhoComesBackInTimeGetsItsSeatAndTurnBack() throws Exception {
        Recorder a = new Recorder();
        Recorder b = new Recorder();
        Table table = startedGame(a, b);
        Member ann = table.member(Side.FIRST);
        lobby.connectionLost(ann);
        assertThat(b.await("opponent")).isEqualTo("opponent away");
        Recorder again = new Recorder();
        Member back = lobby.login("ann", "tictactoe", "p", again);
        assertThat(back).isSameAs(ann);
        assertThat(back.table()).isSameAs(table);
        assertThat(b.await("opponent")).isEqualTo("opponent back");
        assertThat(again.await("your turn")).isEqualTo("your turn 0");
        assertThat(table.move(back, "b2")).isEqualTo(Table.Submission.ACCEPTED);
        assertThat(b.await("moved")).isEqualTo("moved FIRST b2");
    }

    @Test
    void aPlayerWhoDoesNotComeBackLosesOnTheScoresAfterTheWindow() throws Exception {
        Recorder a = new Recorder();
        Recorder b = new Recorder();
        Table table = startedGame(a, b);
        lobby.connectionLost(table.member(Side.FIRST));
        assertThat(b.await("ended")).isEqualTo("ended ADJUDICATED -"); // tic-tac-toe scores 0-0: a draw
        assertThat(results.get(0).outcome().detail()).startsWith("ann left and did not come back within 1 s");
        // ann is gone from the lobby, bob is ready
        assertThat(b.await("status bob")).isEqualTo("status bob READY");
        assertThat(lobby.member("ann")).isNull();
        assertThat(lobby.member("bob").status()).isEqualTo(Member.Status.READY);
    }

    @Test
    void whenBothDropTheGameIsRemoved() throws Exception {
        Recorder a = new Recorder();
        Recorder b = new Recorder();
        Table table = startedGame(a, b);
        lobby.connectionLost(table.member(Side.FIRST));
        lobby.connectionLost(table.member(Side.SECOND));
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(3);
        while (results.isEmpty() && System.nanoTime() < until) {
            Thread.sleep(10);
        }
        assertThat(results.get(0).outcome().ending()).isEqualTo(Ending.ABORTED);
        // the result is recorded first, then both leave the lobby
        while (!lobby.members().isEmpty() && System.nanoTime() < until) {
            Thread.sleep(10);
        }
        assertThat(lobby.members()).isEmpty();
    }

    @Test
    void pairingSeatsTheLongestWaiting() throws Exception {
        Recorder a = new Recorder();
        Recorder b = new Recorder();
        Member ann = lobby.login("ann", "tictactoe", "p", a);
        Member bob = lobby.login("bob", "tictactoe", "p", b);
        assertThat(lobby.pair(ann)).isNull();
        Table table = lobby.pair(bob);
        assertThat(table.member(Side.FIRST)).isSameAs(ann);
        assertThat(a.await("started")).isEqualTo("started FIRST");
    }
}
