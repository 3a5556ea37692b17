package org.boardlab.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.boardlab.client.ClientSeatTest.eventually;
import static org.boardlab.client.ScriptServer.WAIT_SECONDS;

import io.netty.channel.ChannelPipeline;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.boardlab.ai.basic.FirstLegalPlayer;
import org.boardlab.api.Game;
import org.boardlab.api.Player;
import org.boardlab.api.Side;
import org.boardlab.game.tictactoe.TicTacToe;
import org.junit.jupiter.api.Test;

/** {@link SeatRemotePlay} on the test protocol of {@link LineClient} and {@link LineSeat}, against a scripted server. */
class SeatRemotePlayTest {

    private final Game tictactoe = new TicTacToe();
    /** What the events heard, one line each. */
    private final List<String> told = new CopyOnWriteArrayList<>();
    /** The options each seat was started with. */
    private final List<SeatOptions> seated = new CopyOnWriteArrayList<>();

    /** The test protocol's remote play: it logs in with {@code HELLO name} and tells START, MOVE and END. */
    private final class LineRemotePlay extends SeatRemotePlay<LineClient, String, LineClient.TooLong> {
        LineRemotePlay() {
            super("line", "tictactoe", LineClient::new, ClientOptions.keepAliveEvery(Duration.ZERO), (client, player, game, options, listener) -> {
                seated.add(options);
                return LineSeat.start(client, player, game, options, listener);
            });
        }

        @Override
        protected Consumer<String> teller(Request request, Events events) {
            int[] moves = {0};
            return line -> {
                if (line.startsWith("START ")) {
                    events.started(line.endsWith("X") ? Side.FIRST : Side.SECOND, "the script");
                } else if (line.startsWith("MOVE ")) {
                    events.moved(moves[0]++ % 2 == 0 ? Side.FIRST : Side.SECOND, line.substring(5));
                } else if (line.equals("END")) {
                    events.ended("over");
                }
            };
        }

        @Override
        protected String malformed(LineClient.TooLong violation) {
            return violation.reason();
        }

        @Override
        protected void joined(LineClient client, Request request) {
            client.send("HELLO " + request.name());
        }
    }

    private RemotePlay.Events events() {
        return new RemotePlay.Events() {
            @Override
            public void started(Side mine, String opponent) {
                told.add("started " + mine + " against " + opponent);
            }

            @Override
            public void moved(Side side, String move) {
                told.add("moved " + side + " " + move);
            }

            @Override
            public void ended(String result) {
                told.add("ended " + result);
            }

            @Override
            public void said(String text) {
                told.add("said " + text);
            }

            @Override
            public void closed(String why) {
                told.add("closed " + why);
            }
        };
    }

    @Test
    void aSessionConnectsThroughTheRequestsPipelineSeatsThePlayerForOneGameLogsInAndTellsTheGame() throws Exception {
        try (ScriptServer server = new ScriptServer()) {
            CompletableFuture<ChannelPipeline> tapped = new CompletableFuture<>();
            RemotePlay.Request request = new RemotePlay.Request("127.0.0.1", server.port(), "ann", "  bob ", new FirstLegalPlayer(),
                    tictactoe, Duration.ofSeconds(7), tapped::complete);
            RemotePlay.Session session = new LineRemotePlay().open(request, events());
            server.accept();
            session.connected().get(WAIT_SECONDS, TimeUnit.SECONDS);
            assertThat(tapped).isDone();
            assertThat(server.next()).isEqualTo("HELLO ann"); // once the seat has started
            assertThat(seated).hasSize(1);
            assertThat(seated.get(0).games()).isEqualTo(1);
            assertThat(seated.get(0).timePerMove()).isEqualTo(Duration.ofSeconds(7));
            assertThat(seated.get(0).invite()).isEqualTo("bob");

            server.send("START X");
            assertThat(server.next()).isEqualTo("MOVE a1"); // the player's move
            server.send("MOVE a1");
            server.send("END");
            eventually(() -> told.contains("ended over"), "the end told");
            session.close();
            assertThat(server.next()).as("no AGAIN after the one game: the client closes").isNull();
            eventually(() -> told.size() == 4, "the close told");
            assertThat(told).containsExactly("started FIRST against the script", "moved FIRST a1", "ended over",
                    "closed closed by this client");
        }
    }

    @Test
    void aServerThatCannotBeReachedFailsTheSessionAndNothingIsTold() throws Exception {
        int port;
        try (ScriptServer gone = new ScriptServer()) {
            port = gone.port();
        }
        RemotePlay.Session session = new LineRemotePlay().open(new RemotePlay.Request("127.0.0.1", port, "ann", null,
                new FirstLegalPlayer(), tictactoe, Duration.ofSeconds(1), null), events());
        assertThatThrownBy(() -> session.connected().get(WAIT_SECONDS, TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class);
        session.close();
        assertThat(told).isEmpty();
        assertThat(seated).isEmpty();
    }

    @Test
    void aPlayerThatCannotPlayTheGameFailsTheSessionAndTheClientLeaves() throws Exception {
        Player othelloOnly = ClientSeatTest.othelloOnly();
        try (ScriptServer server = new ScriptServer()) {
            RemotePlay.Session session = new LineRemotePlay().open(new RemotePlay.Request("127.0.0.1", server.port(), "ann", null,
                    othelloOnly, tictactoe, Duration.ofSeconds(1), null), events());
            server.accept();
            assertThatThrownBy(() -> session.connected().get(WAIT_SECONDS, TimeUnit.SECONDS))
                    .isInstanceOf(ExecutionException.class).hasRootCauseMessage("the player an Othello player cannot play tictactoe");
            assertThat(server.next()).as("closed without logging in").isNull();
            eventually(() -> told.size() == 1, "the close told");
            assertThat(told).containsExactly("closed closed by this client");
        }
    }
}
