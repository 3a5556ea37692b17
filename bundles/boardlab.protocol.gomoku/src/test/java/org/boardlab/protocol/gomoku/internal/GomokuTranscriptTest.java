package org.boardlab.protocol.gomoku.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.boardlab.ai.basic.FirstLegalPlayer;
import org.boardlab.client.ClientListener;
import org.boardlab.client.ClientOptions;
import org.boardlab.client.SeatOptions;
import org.boardlab.core.EventBus;
import org.boardlab.game.gomoku.Gomoku;
import org.boardlab.protocol.gomoku.GomokuClient;
import org.boardlab.protocol.gomoku.GomokuJson;
import org.boardlab.protocol.gomoku.GomokuMessage;
import org.boardlab.protocol.gomoku.GomokuSeat;
import org.boardlab.protocol.gomoku.ProtocolViolation;
import org.boardlab.server.EmbeddedServer;
import org.boardlab.server.ServerSettings;
import org.boardlab.testkit.GoldenFile;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The golden transcript of seed 003's GMKU protocol ({@code src/test/resources/transcripts/gomoku.txt}):
 * two clients join boardlab's server one after the other and two first-legal players play a
 * round; every frame's JSON each client sent and received, in order, per client (heartbeats left
 * out). A change to any frame either side writes shows here as a diff; regenerate with
 * {@code scripts/update-golden-files.sh} when it is meant.
 */
class GomokuTranscriptTest {

    private static final long WAIT_SECONDS = 30;

    private final Gomoku gomoku = new Gomoku();
    private final List<GomokuClient> clients = new ArrayList<>();
    private EmbeddedServer server;

    @AfterEach
    void stop() {
        clients.forEach(GomokuClient::close);
        if (server != null) {
            server.close();
        }
    }

    /** A client that writes every frame it sends and receives (heartbeats aside) to {@code lines}. */
    private GomokuClient recording(List<String> lines) {
        ClientOptions options = GomokuClient.defaults().withKeepAlive(Duration.ZERO).withPipeline(p -> p.addLast(
                new ChannelOutboundHandlerAdapter() {
                    @Override
                    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) throws Exception {
                        if (msg instanceof GomokuMessage m && m != GomokuMessage.HEARTBEAT) {
                            lines.add("> " + GomokuJson.encodeToString(m));
                        }
                        super.write(ctx, msg, promise);
                    }
                }));
        GomokuClient client = new GomokuClient(new ClientListener<GomokuMessage, ProtocolViolation>() {
            @Override
            public void message(GomokuMessage m) {
                if (m != GomokuMessage.HEARTBEAT) {
                    lines.add("< " + GomokuJson.encodeToString(m));
                }
            }
        }, options);
        clients.add(client);
        return client;
    }

    @Test
    void aWholeRoundBetweenTwoClientsIsTheGoldenTranscript() throws Exception {
        server = new EmbeddedServer(id -> gomoku, new EventBus(), ServerSettings.defaults(), line -> { });
        server.addProtocol(new GomokuServerProtocol(new GomokuProtocol()));
        int port = server.start("gomoku", "127.0.0.1", 0).getPort();

        List<String> firstLines = new CopyOnWriteArrayList<>();
        GomokuClient first = recording(firstLines);
        first.connect("127.0.0.1", port).get(WAIT_SECONDS, TimeUnit.SECONDS);
        GomokuSeat firstSeat = GomokuSeat.start(first, new FirstLegalPlayer(), gomoku,
                SeatOptions.defaults().withGames(1).withNewGames(false), null);
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
        while (first.phase() != GomokuClient.Phase.WAITING) { // joined before the second client comes
            assertThat(System.nanoTime()).as("the first client's join answered").isLessThan(until);
            Thread.sleep(5);
        }
        List<String> secondLines = new CopyOnWriteArrayList<>();
        GomokuClient second = recording(secondLines);
        second.connect("127.0.0.1", port).get(WAIT_SECONDS, TimeUnit.SECONDS);
        GomokuSeat secondSeat = GomokuSeat.start(second, new FirstLegalPlayer(), gomoku,
                SeatOptions.defaults().withGames(1).withNewGames(false), null);

        assertThat(firstSeat.finished().get(WAIT_SECONDS, TimeUnit.SECONDS)).isEqualTo(1);
        assertThat(secondSeat.finished().get(WAIT_SECONDS, TimeUnit.SECONDS)).isEqualTo(1);

        String transcript = "# seed 003's GMKU protocol: two clients join, two first-legal players play a round\n"
                + "# > a frame's JSON the client sent, < one it received; heartbeats left out\n"
                + "# regenerate with scripts/update-golden-files.sh\n"
                + "\nfirst to join\n" + String.join("\n", firstLines) + "\n"
                + "\nsecond to join\n" + String.join("\n", secondLines) + "\n";
        GoldenFile.assertMatches("transcripts/gomoku.txt", transcript);
    }
}
