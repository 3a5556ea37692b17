package org.boardlab.protocol.dots.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.boardlab.api.DecodedMessage;
import org.boardlab.api.MessageField;
import org.junit.jupiter.api.Test;

/** The inspector's view of Bayeux frames: channel kind and type, the fields as a tree; bad frames never throw. */
class DotsProtocolTest {

    private final DotsProtocol protocol = new DotsProtocol();

    private DecodedMessage describe(String json, boolean fromClient) {
        return protocol.describe(json.getBytes(StandardCharsets.UTF_8), fromClient);
    }

    @Test
    void aMoveIsShownWithItsPointPlayerScoreAndTheCapturedMatrixByRows() {
        StringBuilder rows = new StringBuilder("[");
        for (int r = 0; r < 32; r++) {
            rows.append(r == 0 ? "" : ",").append("[").append("0,".repeat(38)).append(r == 6 ? "1" : "0").append("]");
        }
        rows.append("]");
        DecodedMessage m = describe("{\"channel\":\"/game/ae7fe6cd2e\",\"data\":{\"type\":\"move\",\"point\":{\"x\":5,\"y\":7},"
                + "\"id\":\"3\",\"player\":1,\"zones\":[],\"captured\":" + rows + ",\"score\":[0,1,0]}}", false);
        assertThat(m.type()).isEqualTo("game move");
        assertThat(m.summary()).contains("point x=5 y=7").contains("player=1").contains("score=[0,1,0]");
        MessageField data = m.fields().stream().filter(f -> f.name().equals("data")).findFirst().orElseThrow();
        MessageField captured = data.children().stream().filter(f -> f.name().equals("captured")).findFirst().orElseThrow();
        assertThat(captured.value()).isEqualTo("32 rows");
        assertThat(captured.children().get(6).value()).isEqualTo(".".repeat(38) + "1");
        assertThat(m.error()).isNull();
    }

    @Test
    void lobbyMetaAndRefusalsAreNamed() {
        assertThat(describe("{\"channel\":\"/game/queue\",\"data\":{\"type\":\"request\",\"target\":\"2\"}}", true).type())
                .isEqualTo("queue request");
        assertThat(describe("{\"channel\":\"/meta/handshake\",\"version\":\"1.0\"}", true).type()).isEqualTo("meta handshake");
        DecodedMessage refused = describe("{\"channel\":\"/game/ae7fe6cd2e\",\"successful\":false,\"error\":\"406::Point is busy\"}", false);
        assertThat(refused.refused()).isEqualTo("406::Point is busy");
        assertThat(refused.type()).isEqualTo("game refused");
        // the server's reply to a publish, with no data: it was "queue ?" in the inspector
        assertThat(describe("{\"channel\":\"/game/queue\",\"successful\":true,\"id\":\"7\"}", false).type()).isEqualTo("queue ok");
    }

    @Test
    void theConformanceKitsHttpExchangesAreShownAsRequestsAndAnswers() {
        DecodedMessage request = describe("POST /auth name=ann_k3f9&password=kit-ann_k3f9", true);
        assertThat(request.type()).isEqualTo("http POST /auth");
        assertThat(request.summary()).isEqualTo("POST /auth name=ann_k3f9&password=kit-ann_k3f9");
        assertThat(describe("GET /queue?id=3&token=0123", true).type()).isEqualTo("http GET /queue");
        // a browser's CORS preflight, as the client kit keeps it: a request, not a Bayeux message that is not JSON
        DecodedMessage preflight = describe("OPTIONS /game", true);
        assertThat(preflight.type()).isEqualTo("http OPTIONS /game");
        assertThat(preflight.error()).isNull();
        DecodedMessage answer = describe("HTTP/1.1 401\r\nContent-Type: text/html;charset=utf-8\r\nAccess-Control-Allow-Origin: *\r\n\r\n"
                + "Invalid username/password", false);
        assertThat(answer.type()).isEqualTo("http 401");
        assertThat(answer.summary()).isEqualTo("HTTP 401 Invalid username/password");
        assertThat(answer.fields()).extracting(MessageField::name).containsExactly("Content-Type", "Access-Control-Allow-Origin", "body");
        assertThat(answer.error()).isNull();
    }

    @Test
    void framesThatAreNotBayeuxAreReportedNotThrown() {
        assertThat(describe("{\"channel\":", true).error()).startsWith("not a Bayeux message");
        assertThat(describe("[1,2]", true).error()).isEqualTo("a Bayeux message is a JSON object");
        Random random = new Random(2002);
        for (int i = 0; i < 2_000; i++) {
            byte[] junk = new byte[random.nextInt(64)];
            random.nextBytes(junk);
            assertThat(protocol.describe(junk, random.nextBoolean())).isNotNull();
        }
    }
}
