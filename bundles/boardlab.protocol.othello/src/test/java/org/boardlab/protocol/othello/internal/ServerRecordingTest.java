package org.boardlab.protocol.othello.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.core.EventBus;
import org.boardlab.core.Registry;
import org.boardlab.game.othello.Othello;
import org.boardlab.protocol.othello.Square;
import org.boardlab.server.EmbeddedServer;
import org.boardlab.server.ServerSettings;
import org.boardlab.store.FinishedGame;
import org.boardlab.store.GameQuery;
import org.boardlab.store.Store;
import org.boardlab.store.StoredGame;
import org.boardlab.store.StoredMove;
import org.boardlab.store.testing.TestDatabases;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** A game between two network clients is stored, with every move, before either client hears that it ended. */
class ServerRecordingTest {

    @TempDir
    Path dir;

    static List<String> kinds() {
        return TestDatabases.kinds();
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void aServerGameIsCommittedBeforeItsPlayersHearTheEnd(String kind) throws Exception {
        Othello othello = new Othello();
        EventBus events = new EventBus();
        Registry registry = new Registry(events);
        try (Store store = Store.open(TestDatabases.fresh(kind, dir))) {
            EmbeddedServer server = new EmbeddedServer(id -> othello, events, ServerSettings.defaults(), line -> { });
            try {
                server.addProtocol(new OthelloServerProtocol(new OthelloProtocol()));
                server.onRecord((result, journal) -> store.recordLater(journal, "server", registry));
                InetSocketAddress address = server.start("othello", "127.0.0.1", 0);
                LineClient ann = new LineClient(address);
                String played = playToTheEnd(othello, address, ann);
                ann.await("SENDG");
                // ann has heard the end: the game must already be committed, with every move
                List<StoredGame> games = store.games(GameQuery.ALL);
                assertThat(games).hasSize(1);
                FinishedGame g = store.game(games.get(0).id()).orElseThrow().game();
                assertThat(g.origin()).isEqualTo("server");
                assertThat(g.first().name()).isEqualTo("ann");
                assertThat(g.second().name()).isEqualTo("bob");
                assertThat(String.join(" ", g.moves().stream().map(StoredMove::notation).toList())).isEqualTo(played);
                assertThat(g.moves()).allSatisfy(m -> assertThat(m.networkUs()).isGreaterThanOrEqualTo(-1));
            } finally {
                server.close();
            }
        }
    }

    /**
     * The store's writer commits later, off the game's thread: until the recorder's future
     * completes, neither player hears the end, no result listener is called and the log says
     * nothing; once it completes (committed), all three happen.
     */
    @ParameterizedTest
    @MethodSource("kinds")
    void theResultIsToldOnlyOnceTheRecordersFutureCompletes(String kind) throws Exception {
        Othello othello = new Othello();
        EventBus events = new EventBus();
        Registry registry = new Registry(events);
        try (Store store = Store.open(TestDatabases.fresh(kind, dir))) {
            java.util.List<String> log = new java.util.concurrent.CopyOnWriteArrayList<>();
            java.util.List<org.boardlab.core.GameResult> results = new java.util.concurrent.CopyOnWriteArrayList<>();
            java.util.concurrent.CompletableFuture<Void> gate = new java.util.concurrent.CompletableFuture<>();
            java.util.concurrent.atomic.AtomicLong committed = new java.util.concurrent.atomic.AtomicLong(-1);
            EmbeddedServer server = new EmbeddedServer(id -> othello, events, ServerSettings.defaults(), log::add);
            try {
                server.addProtocol(new OthelloServerProtocol(new OthelloProtocol()));
                // the writer is held back by the gate: the game is read now, handed to the store's writer when the gate opens
                server.onRecord((result, journal) -> {
                    FinishedGame g = FinishedGame.of(journal, "server", org.boardlab.store.Seat.named(result.first()),
                            org.boardlab.store.Seat.named(result.second()));
                    return gate.thenCompose(x -> store.saveLater(g)).thenAccept(committed::set);
                });
                server.onResult(results::add);
                InetSocketAddress address = server.start("othello", "127.0.0.1", 0);
                LineClient ann = new LineClient(address);
                playToTheEnd(othello, address, ann);
                assertThat(ann.sees("SENDG", 500)).as("ann hears the end before the game is committed").isFalse();
                assertThat(results).isEmpty();
                assertThat(log).noneMatch(line -> line.startsWith("game over"));
                assertThat(store.countGames()).isZero();
                gate.complete(null);
                ann.await("SENDG");
                assertThat(committed.get()).isPositive();
                assertThat(store.game(committed.get())).isPresent();
                long until = System.nanoTime() + 5_000_000_000L;
                while (results.isEmpty() && System.nanoTime() < until) {
                    Thread.sleep(5);
                }
                assertThat(results).hasSize(1);
                assertThat(log).anyMatch(line -> line.startsWith("game over"));
            } finally {
                server.close();
            }
        }
    }

    /**
     * What follows a game's record (its log line, its players told how it ended, their return to the lobby) does not
     * run on the thread that completes the record: in {@code boardlab serve} that is the store's writer, which runs at a
     * lower priority, and there it took the lobby's lock (and the network loops' selectors), which the network loops
     * wait for. Here the lobby's lock is held by another thread while "the writer" completes the record: the writer
     * goes on at once, and the players hear the end once the lobby is free.
     */
    @Test
    void theThreadThatCompletesTheRecordDoesNotWaitForTheLobby() throws Exception {
        Othello othello = new Othello();
        EventBus events = new EventBus();
        java.util.concurrent.CompletableFuture<Void> recorded = new java.util.concurrent.CompletableFuture<>();
        java.util.List<String> log = new java.util.concurrent.CopyOnWriteArrayList<>();
        EmbeddedServer server = new EmbeddedServer(id -> othello, events, ServerSettings.defaults(), log::add);
        try {
            server.addProtocol(new OthelloServerProtocol(new OthelloProtocol()));
            server.onRecord((result, journal) -> recorded);
            InetSocketAddress address = server.start("othello", "127.0.0.1", 0);
            LineClient ann = new LineClient(address);
            playToTheEnd(othello, address, ann);
            java.util.concurrent.CountDownLatch held = new java.util.concurrent.CountDownLatch(1);
            java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
            Thread lobbyBusy = new Thread(() -> {
                synchronized (server.lobby()) { // the lobby's methods lock the lobby itself
                    held.countDown();
                    try {
                        release.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
            }, "lobby-busy");
            lobbyBusy.start();
            held.await();
            Thread writer = new Thread(() -> recorded.complete(null), "store-writer");
            writer.start();
            writer.join(10_000);
            boolean writerWentOn = !writer.isAlive();
            release.countDown();
            lobbyBusy.join();
            writer.join();
            assertThat(writerWentOn).as("the thread that completed the record went on while the lobby was busy").isTrue();
            ann.await("SENDG");
            long until = System.nanoTime() + 5_000_000_000L;
            while (log.stream().noneMatch(line -> line.startsWith("game over")) && System.nanoTime() < until) {
                Thread.sleep(5);
            }
            assertThat(log).anyMatch(line -> line.startsWith("game over"));
            // and both are back in the lobby, ready for the next game
            for (String name : List.of("ann", "bob")) {
                org.boardlab.server.Member m = server.lobby().member(name);
                while ((m.table() != null || m.status() != org.boardlab.server.Member.Status.READY) && System.nanoTime() < until) {
                    Thread.sleep(5);
                }
                assertThat(m.table()).as(name + "'s table").isNull();
                assertThat(m.status()).as(name + "'s status").isEqualTo(org.boardlab.server.Member.Status.READY);
            }
        } finally {
            server.close();
        }
    }

    /** Logs ann and bob in, starts a game, plays random moves to its last; returns the moves played. */
    private static String playToTheEnd(Othello othello, InetSocketAddress address, LineClient ann) throws Exception {
        ann.send("CNAME~ann");
        LineClient bob = new LineClient(address);
        bob.send("CNAME~bob");
        ann.await("SADDP~bob");
        ann.send("CREQ~bob");
        bob.await("SREQ~ann");
        bob.send("CRES~ann~ACCEPT");
        ann.await("SSTARTG");
        LineClient[] c = {ann, bob};
        GameState state = othello.newGame();
        Random random = new Random(11);
        StringBuilder played = new StringBuilder();
        while (!state.isTerminal()) {
            List<Move> legal = state.legalMoves();
            Move move = legal.get(random.nextInt(legal.size()));
            played.append(played.length() == 0 ? "" : " ").append(move.notation());
            if (!move.notation().equals("pass")) { // the server plays a pass itself
                Square s = Square.of(move.notation());
                c[state.sideToMove().index()].send("CMOV~" + s.x() + "~" + s.y());
                ann.await("SMOV");
            }
            state = state.apply(move);
        }
        return played.toString();
    }
}
