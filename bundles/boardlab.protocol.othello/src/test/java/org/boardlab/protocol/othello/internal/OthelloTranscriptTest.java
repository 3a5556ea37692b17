package org.boardlab.protocol.othello.internal;

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
import org.boardlab.game.othello.Othello;
import org.boardlab.protocol.othello.ClientMessage;
import org.boardlab.protocol.othello.OthelloClient;
import org.boardlab.protocol.othello.OthelloSeat;
import org.boardlab.protocol.othello.ProtocolViolation;
import org.boardlab.protocol.othello.ServerMessage;
import org.boardlab.server.EmbeddedServer;
import org.boardlab.server.ServerSettings;
import org.boardlab.testkit.GoldenFile;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The golden transcript of seed 000's protocol ({@code src/test/resources/transcripts/othello.txt}):
 * two clients log in, one invites the other, and a whole game is played by two first-legal
 * players on boardlab's server; every line each client sent and received, in order, per client.
 * The lobby news ({@code SADDP}, {@code SDELP}, {@code SUPS}) is left out: the server gathers it
 * every 20 ms, so where it falls among the other lines depends on timing. A change to any other
 * line the server or the client writes shows here as a diff; regenerate with
 * {@code scripts/update-golden-files.sh} when it is meant.
 */
class OthelloTranscriptTest {

    private static final long WAIT_SECONDS = 30;

    private final Othello othello = new Othello();
    private final List<OthelloClient> clients = new ArrayList<>();
    private EmbeddedServer server;

    @AfterEach
    void stop() {
        clients.forEach(OthelloClient::close);
        if (server != null) {
            server.close();
        }
    }

    /** A client that writes every line it sends and receives (lobby news aside) to {@code lines}. */
    private OthelloClient recording(List<String> lines) {
        ClientOptions options = OthelloClient.defaults().withKeepAlive(Duration.ZERO).withPipeline(p -> p.addLast(
                new ChannelOutboundHandlerAdapter() {
                    @Override
                    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) throws Exception {
                        if (msg instanceof ClientMessage m) {
                            lines.add("> " + m.encode());
                        }
                        super.write(ctx, msg, promise);
                    }
                }));
        OthelloClient client = new OthelloClient(new ClientListener<ServerMessage, ProtocolViolation>() {
            @Override
            public void message(ServerMessage m) {
                if (!(m instanceof ServerMessage.SAddP || m instanceof ServerMessage.SDelP || m instanceof ServerMessage.SUps)) {
                    lines.add("< " + m.encode());
                }
            }
        }, options);
        clients.add(client);
        return client;
    }

    @Test
    void aWholeGameBetweenTwoClientsIsTheGoldenTranscript() throws Exception {
        server = new EmbeddedServer(id -> othello, new EventBus(), ServerSettings.defaults(), line -> { });
        server.addProtocol(new OthelloServerProtocol(new OthelloProtocol()));
        int port = server.start("othello", "127.0.0.1", 0).getPort();

        List<String> bobLines = new CopyOnWriteArrayList<>();
        OthelloClient bob = recording(bobLines);
        bob.connect("127.0.0.1", port).get(WAIT_SECONDS, TimeUnit.SECONDS);
        bob.login("bob").get(WAIT_SECONDS, TimeUnit.SECONDS);
        OthelloSeat bobSeat = OthelloSeat.start(bob, new FirstLegalPlayer(), othello, SeatOptions.defaults().withGames(1), null);

        List<String> annLines = new CopyOnWriteArrayList<>();
        OthelloClient ann = recording(annLines);
        ann.connect("127.0.0.1", port).get(WAIT_SECONDS, TimeUnit.SECONDS);
        OthelloSeat annSeat = OthelloSeat.start(ann, new FirstLegalPlayer(), othello,
                SeatOptions.defaults().withInvite("bob").withGames(1), null);
        ann.login("ann").get(WAIT_SECONDS, TimeUnit.SECONDS);

        assertThat(annSeat.finished().get(WAIT_SECONDS, TimeUnit.SECONDS)).isEqualTo(1);
        assertThat(bobSeat.finished().get(WAIT_SECONDS, TimeUnit.SECONDS)).isEqualTo(1);

        String transcript = "# seed 000's Othello protocol: ann invites bob, two first-legal players play a game\n"
                + "# > a line the client sent, < a line it received; lobby news (SADDP, SDELP, SUPS) left out\n"
                + "# regenerate with scripts/update-golden-files.sh\n"
                + "\nann\n" + String.join("\n", annLines) + "\n"
                + "\nbob\n" + String.join("\n", bobLines) + "\n";
        GoldenFile.assertMatches("transcripts/othello.txt", transcript);
    }
}
