package org.boardlab.protocol.gomoku;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.boardlab.protocol.gomoku.GomokuMessage.Color;
import org.boardlab.protocol.gomoku.GomokuMessage.FullUpdate;
import org.boardlab.protocol.gomoku.GomokuMessage.Place;
import org.boardlab.protocol.gomoku.GomokuMessage.Refused;
import org.boardlab.protocol.gomoku.GomokuMessage.Update;
import org.boardlab.protocol.gomoku.GomokuMessage.Win;

/**
 * The JSON texts the original program sends, each with the message it stands for. The texts of
 * hello, color, the opening full update, place, update, win and new are copied from the TCP capture
 * in seed 003; join, the spectator's colour and the draw follow the same writer
 * ({@code QJsonDocument::toJson(Compact)}: keys sorted, no spaces); refused is boardlab's own.
 */
final class Golden {

    /** One row of the empty 15x15 board as the original writes it. */
    static final String EMPTY_ROW = "[" + String.join(",", Collections.nCopies(15, "\" \"")) + "]";
    /** The empty 15x15 board. */
    static final String EMPTY_BOARD = "[" + String.join(",", Collections.nCopies(15, EMPTY_ROW)) + "]";

    /** Every message type from the server, in the order of a short round. */
    static final Map<String, GomokuMessage> FROM_SERVER = new LinkedHashMap<>();
    /** Every message type from a client. */
    static final Map<String, GomokuMessage> FROM_CLIENT = new LinkedHashMap<>();

    static {
        FROM_SERVER.put("{\"type\":\"hello\"}", GomokuMessage.HELLO);
        FROM_SERVER.put("{\"data\":\"B\",\"type\":\"color\"}", new Color(Role.BLACK));
        FROM_SERVER.put("{\"data\":\"W\",\"type\":\"color\"}", new Color(Role.WHITE));
        FROM_SERVER.put("{\"data\":\"V\",\"type\":\"color\"}", new Color(Role.SPECTATOR));
        FROM_SERVER.put("{\"data\":{\"board\":" + EMPTY_BOARD + ",\"col\":-1,\"row\":-1,\"turn\":\"B\"},\"type\":\"update\"}",
                new FullUpdate(-1, -1, Stone.BLACK, WireBoard.empty(15, 15)));
        FROM_SERVER.put("{\"data\":{\"col\":7,\"row\":7,\"turn\":\"W\"},\"type\":\"update\"}", new Update(7, 7, Stone.WHITE));
        FROM_SERVER.put("{\"data\":{\"col\":8,\"row\":6,\"turn\":\"B\"},\"type\":\"update\"}", new Update(6, 8, Stone.BLACK));
        FROM_SERVER.put("{\"data\":{\"col\":10,\"row\":4,\"turn\":\"W\"},\"type\":\"update\"}", new Update(4, 10, Stone.WHITE));
        FROM_SERVER.put("{\"data\":{\"col\":3,\"reason\":\"d2 is taken by black\",\"row\":1},\"type\":\"refused\"}",
                new Refused(1, 3, "d2 is taken by black"));
        FROM_SERVER.put("{\"data\":\"B\",\"type\":\"win\"}", new Win(Winner.BLACK));
        FROM_SERVER.put("{\"data\":\"W\",\"type\":\"win\"}", new Win(Winner.WHITE));
        FROM_SERVER.put("{\"data\":\"-\",\"type\":\"win\"}", new Win(Winner.DRAW));

        FROM_CLIENT.put("{\"type\":\"join\"}", GomokuMessage.JOIN);
        FROM_CLIENT.put("{\"type\":\"hello\"}", GomokuMessage.HELLO);
        FROM_CLIENT.put("{\"data\":{\"col\":7,\"row\":7},\"type\":\"place\"}", new Place(7, 7));
        FROM_CLIENT.put("{\"data\":{\"col\":10,\"row\":4},\"type\":\"place\"}", new Place(4, 10));
        FROM_CLIENT.put("{\"type\":\"new\"}", GomokuMessage.NEW_ROUND);
    }

    private Golden() {
    }
}
