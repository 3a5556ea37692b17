package org.boardlab.protocol.othello.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetSocketAddress;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.api.Player;
import org.boardlab.core.EventBus;
import org.boardlab.game.othello.Othello;
import org.boardlab.protocol.othello.Square;
import org.boardlab.server.EmbeddedServer;
import org.boardlab.server.LobbySeat;
import org.boardlab.server.ServerSettings;
import org.boardlab.server.Table;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A loaded player in the lobby, played by a client over the Othello protocol. */
class LobbySeatTest {

    private final Othello othello = new Othello();
    private final EmbeddedServer server = new EmbeddedServer(id -> othello, new EventBus(), ServerSettings.defaults(), l -> { });

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void aClientInvitesTheSeatAndPlaysAWholeGameAgainstIt() throws Exception {
        server.addProtocol(new OthelloServerProtocol(new OthelloProtocol()));
        InetSocketAddress address = server.start("othello", "127.0.0.1", 0);
        Player firstLegal = request -> request.state().legalMoves().get(0);
        List<Table> games = new CopyOnWriteArrayList<>();
        try (LobbySeat seat = LobbySeat.open(server.lobby(), "house", "othello", "othello", false, () -> firstLegal, games::add);
                LineClient ann = new LineClient(address)) {
            ann.send("CNAME~ann");
            ann.await("SNAMEOK");
            assertThat(ann.await("SADDP")).isEqualTo("SADDP~house");
            ann.send("CREQ~house");
            assertThat(ann.await("SRES")).isEqualTo("SRES~house~ACCEPT");
            assertThat(ann.await("SSTARTG")).isEqualTo("SSTARTG~house~BLACK");
            GameState state = othello.newGame();
            Random random = new Random(11);
            String end = null;
            while (end == null) {
                if (state.legalMoves().get(0).notation().equals("pass")) {
                    state = state.apply(state.legalMoves().get(0));
                    continue;
                }
                if (state.sideToMove().index() == 0) {
                    List<Move> legal = state.legalMoves();
                    Move move = legal.get(random.nextInt(legal.size()));
                    Square s = Square.of(move.notation());
                    ann.send("CMOV~" + s.x() + "~" + s.y());
                }
                String line = ann.await("S");
                while (!line.startsWith("SMOV") && !line.startsWith("SENDG")) {
                    line = ann.await("S");
                }
                if (line.startsWith("SENDG")) {
                    end = line;
                    break;
                }
                String[] f = line.split("~");
                state = state.apply(state.parseMove(new Square(Integer.parseInt(f[1]), Integer.parseInt(f[2])).notation()));
                if (f[4].equals("NONE")) {
                    end = ann.await("SENDG");
                }
            }
            assertThat(end).endsWith("~NORMAL");
            assertThat(state.isTerminal()).isTrue();
            assertThat(games).hasSize(1);
            assertThat(games.get(0).names()).containsExactly("ann", "house");
        }
    }
}
