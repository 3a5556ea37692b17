package org.boardlab.protocol.dots.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.boardlab.core.EventBus;
import org.boardlab.game.dots.Dots;
import org.boardlab.server.EmbeddedServer;
import org.boardlab.server.ServerSettings;
import org.boardlab.store.Stores;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code boardlab serve --protocol dots} shows each subscriber of the lobby at most {@link DotsRoom#VIEW} other waiting
 * users, or what {@code -Dboardlab.dots.view=N} gives: from the property to {@code GET /queue}'s answer.
 */
class DotsViewSizeTest {

    @AfterEach
    void clear() {
        System.clearProperty("boardlab.dots.view");
    }

    @Test
    void theViewIsTheRoomsUnlessTheServerIsToldAnother() {
        assertThat(DotsServerProtocol.view()).isEqualTo(DotsRoom.VIEW);
        System.setProperty("boardlab.dots.view", " 100 ");
        assertThat(DotsServerProtocol.view()).isEqualTo(100);
        assertThat(DotsWeb.Options.SERVER.withView(DotsServerProtocol.view()).view()).isEqualTo(100);
        assertThat(DotsWeb.Options.SERVER.withView(7).webSocket()).isTrue();
    }

    @Test
    void aViewThatIsNotAWholeNumberOfUsersIsRefused() {
        for (String bad : new String[] {"0", "-3", "ten", "2.5", "1001"}) {
            System.setProperty("boardlab.dots.view", bad);
            assertThatThrownBy(DotsServerProtocol::view).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("boardlab.dots.view must be a whole number of users from 1 to 1000, not '" + bad + "'");
        }
    }

    @Test
    void aBadViewStopsTheDotsPortFromOpeningNotTheProtocolFromLoading() {
        System.setProperty("boardlab.dots.view", "none");
        // what every command that loads the protocols does (the workbench too): nothing is read yet
        DotsServerProtocol protocol = new DotsServerProtocol(new DotsProtocol(), new Stores());
        Dots dots = new Dots();
        EmbeddedServer server = new EmbeddedServer(id -> dots, new EventBus(), ServerSettings.defaults(), line -> { });
        try {
            server.addProtocol(protocol);
            // serve prints it as "boardlab: " and the message
            assertThatThrownBy(() -> server.start("dots", "127.0.0.1", 0)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("boardlab.dots.view must be a whole number of users from 1 to 1000, not 'none'");
        } finally {
            server.close();
        }
    }

    @Test
    void aServerToldAViewOfTwoShowsTwoOfTheFourOthersWaiting() throws Exception {
        System.setProperty("boardlab.dots.view", "2");
        try (DotsTestServer server = new DotsTestServer(DotsTestServer.FAST, "h2",
                DotsWeb.Options.SERVER.withView(DotsServerProtocol.view()))) {
            assertThat(server.room().viewSize()).isEqualTo(2);
            // all accounts first: a client that does not poll for the test server's 3 s of silence is dropped
            List<Map<String, Object>> accounts = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                accounts.add(RawBayeux.account(server.base, "viewer" + i));
            }
            List<RawBayeux> waiting = new ArrayList<>();
            for (Map<String, Object> a : accounts) {
                waiting.add(DotsBayeuxTest.inLobby(server, a));
            }
            assertThat(server.room().waiting()).isEqualTo(5);
            Map<String, Object> me = accounts.get(0);
            HttpResponse<String> r = RawBayeux.get(server.base, "/queue?id=" + me.get("id") + "&token=" + me.get("token"));
            assertThat(r.statusCode()).isEqualTo(200);
            @SuppressWarnings("unchecked")
            List<Map<String, Object>> queue = (List<Map<String, Object>>) Json.MAPPER.readValue(r.body(), Map.class).get("queue");
            assertThat(queue).hasSize(2).noneMatch(p -> p.get("id").equals(me.get("id")));
            assertThat(waiting).hasSize(5);
        }
    }
}
