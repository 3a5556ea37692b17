package org.boardlab.protocol.othello.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.ref.WeakReference;
import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.core.EventBus;
import org.boardlab.game.othello.Othello;
import org.boardlab.protocol.othello.Square;
import org.boardlab.server.Connection;
import org.boardlab.server.EmbeddedServer;
import org.boardlab.server.Member;
import org.boardlab.server.ServerSettings;
import org.boardlab.server.Table;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A server for a whole school: the lobby list each client is shown is bounded (so what it is sent
 * does not grow with the lobby), and once the games and the clients are gone the server keeps
 * nothing of them.
 */
class OthelloScaleTest {

    private final Othello othello = new Othello();
    private EmbeddedServer server;
    private InetSocketAddress address;

    private void start(ServerSettings settings) {
        server = new EmbeddedServer(id -> othello, new EventBus(), settings, line -> { });
        server.addProtocol(new OthelloServerProtocol(new OthelloProtocol()));
        address = server.start("othello", "127.0.0.1", 0);
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    private LineClient login(String name) throws IOException {
        LineClient c = new LineClient(address);
        c.send("CNAME~" + name);
        assertThat(c.next()).isEqualTo("SNAMEOK");
        return c;
    }

    /** Sends CPING and reads up to its SPONG: every line sent before that has been read. */
    private static void sync(LineClient c) throws IOException {
        c.send("CPING");
        c.await("SPONG");
    }

    @Test
    void aClientIsShownTheLobbyListOnlyAndCanStillInviteAnybody() throws Exception {
        start(ServerSettings.defaults().withLobbyListSize(3));
        List<LineClient> all = new ArrayList<>();
        for (String name : List.of("ann", "bob", "cat", "dan", "eve")) {
            all.add(login(name));
        }
        LineClient fay = login("fay");
        // fay is told the three listed players, not dan and eve (who wait for room on the list)
        assertThat(fay.await("SADDP")).isEqualTo("SADDP~ann");
        assertThat(fay.await("SADDP")).isEqualTo("SADDP~bob");
        assertThat(fay.await("SADDP")).isEqualTo("SADDP~cat");
        // ann leaves: dan, who waited longest, takes her place on the list
        all.get(0).send("CEXIT");
        assertThat(java.util.Set.of(fay.await("S"), fay.await("S"))).containsExactlyInAnyOrder("SDELP~ann", "SADDP~dan");
        sync(fay);
        assertThat(fay.seen).noneMatch(line -> line.contains("eve")).noneMatch(line -> line.startsWith("SADDP~fay"));

        // eve is not listed, but anybody may invite her by name, and she may invite anybody
        LineClient eve = all.get(4);
        eve.send("CREQ~fay");
        // fay has not been told of eve: she is told just before the invitation, as the spec says
        assertThat(fay.await("S")).isEqualTo("SADDP~eve");
        assertThat(fay.await("SUPS~eve")).isEqualTo("SUPS~eve~BUSY");
        assertThat(fay.await("SREQ")).isEqualTo("SREQ~eve");
        fay.send("CRES~eve~DECLINE");
        // the invitation over, eve leaves fay's list again: fay's list is the lobby list
        assertThat(fay.await("SDELP")).isEqualTo("SDELP~eve");
        assertThat(eve.await("SRES")).isEqualTo("SRES~fay~DECLINE");
        // and a listed player's changes still reach fay
        all.get(1).send("CREQ~cat");
        assertThat(fay.await("SUPS~bob")).isEqualTo("SUPS~bob~BUSY");
        for (LineClient c : all) {
            c.close();
        }
        fay.close();
    }

    @Test
    void afterTheGamesAndTheClientsHaveGoneTheServerKeepsNothingOfThem() throws Exception {
        start(ServerSettings.defaults().withLobbyListSize(10));
        long idle = usedHeapAfterGc();
        List<WeakReference<Object>> kept = new ArrayList<>();
        int pairs = 30;
        List<LineClient[]> games = new ArrayList<>();
        for (int i = 0; i < pairs; i++) {
            games.add(new LineClient[] {login("p" + (2 * i)), login("p" + (2 * i + 1))});
        }
        for (Connection c : server.connections()) {
            kept.add(new WeakReference<>(c));
        }
        for (Member m : server.lobby().members()) {
            kept.add(new WeakReference<>(m));
        }
        assertThat(kept).hasSize(4 * pairs);
        Random random = new Random(5);
        for (int i = 0; i < pairs; i++) {
            games.get(i)[0].send("CREQ~p" + (2 * i + 1));
        }
        for (int i = 0; i < pairs; i++) {
            LineClient[] g = games.get(i);
            g[1].await("SREQ~p" + (2 * i));
            g[1].send("CRES~p" + (2 * i) + "~ACCEPT");
            g[0].await("SSTARTG");
            g[1].await("SSTARTG");
        }
        for (Table t : server.tables()) {
            kept.add(new WeakReference<>(t));
        }
        assertThat(kept).hasSize(5 * pairs);
        for (LineClient[] g : games) {
            playToTheEnd(g, random);
        }
        for (LineClient[] g : games) {
            for (LineClient c : g) {
                c.send("CEXIT");
                c.close();
            }
        }
        games.clear();
        for (int i = 0; i < 200 && (!server.connections().isEmpty() || !server.lobby().members().isEmpty()
                || !server.tables().isEmpty()); i++) {
            Thread.sleep(25);
        }
        assertThat(server.connections()).isEmpty();
        assertThat(server.lobby().members()).isEmpty();
        assertThat(server.tables()).isEmpty();

        for (int i = 0; i < 50 && kept.stream().anyMatch(r -> r.get() != null); i++) {
            System.gc();
            Thread.sleep(20);
        }
        assertThat(kept.stream().filter(r -> r.get() != null).map(r -> String.valueOf(r.get())).toList())
                .as("connections, members and tables still referenced").isEmpty();
        long after = usedHeapAfterGc();
        System.out.printf("[scale] heap used: %,d bytes idle, %,d after %d clients played and left%n", idle, after, 2 * pairs);
        assertThat(after - idle).as("heap used after the clients left (%d bytes) against idle (%d bytes)", after, idle)
                .isLessThan(16L << 20);
    }

    /** Plays random legal moves for both sides (g[0] is black) until SENDG. */
    private void playToTheEnd(LineClient[] g, Random random) throws IOException {
        GameState state = othello.newGame();
        while (!state.isTerminal()) {
            List<Move> legal = state.legalMoves();
            Move move = legal.get(random.nextInt(legal.size()));
            if (!move.notation().equals("pass")) {
                Square s = Square.of(move.notation());
                g[state.sideToMove().index()].send("CMOV~" + s.x() + "~" + s.y());
                g[0].await("SMOV");
                g[1].await("SMOV");
            }
            state = state.apply(move);
        }
        g[0].await("SENDG");
        g[1].await("SENDG");
    }

    private static long usedHeapAfterGc() throws InterruptedException {
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(20);
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }
}
