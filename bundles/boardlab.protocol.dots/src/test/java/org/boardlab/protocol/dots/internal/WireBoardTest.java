package org.boardlab.protocol.dots.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.boardlab.api.Move;
import org.boardlab.api.Side;
import org.boardlab.game.dots.Dots;
import org.boardlab.game.dots.DotsPosition;
import org.boardlab.game.dots.Point;
import org.cometd.server.JettyJSONContextServer;
import org.cometd.server.ServerMessageImpl;
import org.junit.jupiter.api.Test;

/**
 * A game's {@code move} messages with the zones and the captured points kept as JSON text between
 * captures: on every move of whole random games to the full board (captures, zones inside zones,
 * recaptures), the message CometD's server JSON writes, and the inspector's copy, are byte for byte
 * those of the plain lists and arrays, as they were sent before the text was kept.
 */
class WireBoardTest {

    private final JettyJSONContextServer cometd = new JettyJSONContextServer();

    /** The move message as it was made before: zones and captured points as lists and arrays, made for every move. */
    private static Map<String, Object> plain(DotsPosition position, int player, int row, int col, Object id) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("type", "move");
        out.put("point", DotsGame.point(row, col));
        out.put("id", id);
        out.put("player", player);
        out.put("zones", DotsGame.zones(position));
        out.put("captured", DotsGame.captured(position));
        out.put("score", List.of(0, position.score(Side.FIRST), position.score(Side.SECOND)));
        return out;
    }

    private String wire(Map<String, Object> data) {
        ServerMessageImpl message = new ServerMessageImpl();
        message.setChannel("/game/ae7fe6cd2e");
        message.setData(data);
        return cometd.generate(message);
    }

    @Test
    void everyMoveMessageOfWholeGamesIsByteForByteThePlainOne() {
        Random random = new Random(2002);
        int zoneChanges = 0;
        int recaptured = 0;
        for (int game = 0; game < 3; game++) {
            DotsGame.WireBoard board = new DotsGame.WireBoard();
            DotsPosition position = new Dots().newGame();
            int zonesBefore = 0;
            List<?> lastZones = List.of();
            while (!position.isTerminal()) {
                int player = position.sideToMove() == Side.FIRST ? 1 : 2;
                List<Move> legal = position.legalMoves();
                position = (DotsPosition) position.apply(legal.get(random.nextInt(legal.size())));
                Point at = position.lastMove().orElseThrow();
                String id = String.valueOf(player + 40);
                Map<String, Object> kept = board.move(position, player, at.y(), at.x(), id);
                Map<String, Object> made = plain(position, player, at.y(), at.x(), id);
                assertThat(wire(kept)).as("move %d of game %d", position.ply(), game).isEqualTo(wire(made));
                assertThat(Json.write(kept)).isEqualTo(Json.write(made));
                if (!position.zones().equals(lastZones)) {
                    zoneChanges++;
                    if (position.zones().size() <= zonesBefore) {
                        recaptured++; // a zone that swallowed others, or a recapture
                    }
                    zonesBefore = position.zones().size();
                    lastZones = position.zones();
                }
            }
            assertThat(position.score(Side.FIRST) + position.score(Side.SECOND)).as("captures in game %d", game).isPositive();
        }
        assertThat(zoneChanges).as("moves that changed the zones").isGreaterThan(20);
        assertThat(recaptured).as("moves after which there were no more zones than before").isPositive();
    }

    @Test
    void theTextIsMadeAgainOnlyWhenTheZonesChange() {
        DotsGame.WireBoard board = new DotsGame.WireBoard();
        DotsPosition position = new Dots().newGame();
        // red 6,5 / blue 6,6 / red 5,6 / blue 20,20 / red 7,6 / blue 21,20 / red 6,7: red closes a zone around 6,6
        String[] moves = {"6,5", "6,6", "5,6", "20,20", "7,6", "21,20", "6,7"};
        Object zonesBefore = null;
        for (int i = 0; i < moves.length; i++) {
            position = (DotsPosition) position.apply(position.parseMove(moves[i]));
            Point at = position.lastMove().orElseThrow();
            Map<String, Object> m = board.move(position, i % 2 + 1, at.y(), at.x(), "1");
            if (i > 0 && i < moves.length - 1) {
                assertThat(m.get("zones")).as("no capture: the same text as before").isSameAs(zonesBefore);
            }
            if (i == moves.length - 1) {
                assertThat(m.get("zones")).isNotSameAs(zonesBefore);
                assertThat(m.get("zones").toString()).isEqualTo("[[{\"x\":6,\"y\":7},{\"x\":7,\"y\":6},{\"x\":6,\"y\":5},{\"x\":5,\"y\":6}]]");
                assertThat(m.get("captured").toString()).contains("[0,0,0,0,0,0,1,0,0,").startsWith("[[0,0,");
            }
            zonesBefore = m.get("zones");
        }
    }
}
