package org.boardlab.protocol.dots.internal;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.boardlab.api.Game;
import org.boardlab.api.GameOptions;
import org.boardlab.api.MoveRequest;
import org.boardlab.api.Side;
import org.boardlab.api.event.MatchOutcome;
import org.boardlab.core.GameResult;
import org.boardlab.core.Match;
import org.boardlab.core.MatchSettings;
import org.boardlab.core.PlayerSeat;
import org.boardlab.core.Submission;
import org.boardlab.core.SubmittingPlayer;
import org.boardlab.game.dots.DotsPosition;
import org.boardlab.game.dots.Point;
import org.boardlab.game.dots.Zone;
import org.boardlab.protocol.dots.DotsWire;
import org.boardlab.server.GroupHost;

/**
 * One game on the web: its channel, its two players (player 1 = the inviter, red, moves first) and
 * its core {@link Match}, through which every move goes to the referee. All of it runs under the
 * game's lock, so what the players are sent keeps the order of what happened.
 */
final class DotsGame {

    /** What ended the game, when the server decides it rather than the rules. */
    enum Agreement { DRAW, SCORE }

    private final DotsRoom room;
    final String channel;
    final long[] users;
    final String[] names;
    private final Match match;
    /** When the game began, on the time rules' clock ({@link DotsRoom#now}). */
    private final long started;
    /** When each player's last message on the game's channel came, on the time rules' clock; valid once he reached it. */
    private final long[] lastSeen = new long[2];
    /** Whether each player has reached the game: sent a first message on its channel (his subscription counts). */
    private final boolean[] reached = new boolean[2];
    private final GroupHost host;
    private volatile boolean over;
    private volatile Agreement agreement;
    /** The zones and captured points as the wire's JSON text, made again only when the zones change. */
    private final WireBoard board = new WireBoard();

    /** A seat whose moves arrive as Bayeux messages: the referee tells it nothing, the wire does. */
    private record WebPlayer(String name) implements SubmittingPlayer {
        @Override
        public void yourTurn(MoveRequest request) {
        }

        @Override
        public String description() {
            return name + " (web)";
        }
    }

    /** A game that began at {@code started} on the time rules' clock ({@link DotsRoom#now}). */
    DotsGame(DotsRoom room, GroupHost host, Game game, String channel, long[] users, String[] names, long started) {
        this.room = room;
        this.host = host;
        this.channel = channel;
        this.users = users.clone();
        this.names = names.clone();
        this.started = started;
        GameOptions options = GameOptions.DEFAULT.with("size", DotsWire.WIDTH + "x" + DotsWire.HEIGHT);
        // the seed has no clock on a move: a player who is there may think as long as he likes; one who
        // is gone is found by the heartbeats
        MatchSettings settings = MatchSettings.defaults().withTimePerMove(Duration.ofDays(1)).withSwapGrace(Duration.ZERO);
        this.match = host.newMatch(game, options, new PlayerSeat(names[0], () -> new WebPlayer(names[0])),
                new PlayerSeat(names[1], () -> new WebPlayer(names[1])), settings);
        match.onGameResult(this::finished);
    }

    void start() {
        match.start();
    }

    long matchId() {
        return match.id();
    }

    boolean isOver() {
        return over;
    }

    /** 1 or 2 for a player of this game, 0 for anybody else (a spectator). */
    int playerOf(long user) {
        return users[0] == user ? 1 : users[1] == user ? 2 : 0;
    }

    long userOf(int player) {
        return users[player - 1];
    }

    /**
     * {@code player} (1 or 2; 0, a spectator, counts for nothing) sent a message on the game's channel at {@code now} on
     * the time rules' clock: a subscription, a heartbeat, a move, anything. His first reaches the game.
     */
    synchronized void seen(int player, long now) {
        if (player > 0) {
            lastSeen[player - 1] = now;
            reached[player - 1] = true;
        }
    }

    /** A player who has lost for silence: {@code player} 1 or 2, and whether he had reached the game. */
    record Silent(int player, boolean reached) {
    }

    /**
     * The player who has lost for silence at {@code now} (the time rules' clock: {@link Arrivals}), or {@code null}: one
     * who has reached the game and sent nothing for longer than {@code silenceNanos}, or one who has not reached it
     * more than {@code reachNanos} after its start. A player has not gone silent in a game he has not yet reached: the
     * seed's page makes three round trips between its {@code newgame} and its first message on the game's channel,
     * each answered late by a busy server.
     */
    synchronized Silent silent(long now, long silenceNanos, long reachNanos) {
        for (int p = 0; p < 2; p++) {
            if (reached[p] ? now - lastSeen[p] > silenceNanos : now - started > reachNanos) {
                return new Silent(p + 1, reached[p]);
            }
        }
        return null;
    }

    DotsPosition position() {
        return (DotsPosition) match.state();
    }

    /** The player (1 or 2) to move. */
    int toMove() {
        return position().sideToMove() == Side.FIRST ? 1 : 2;
    }

    /**
     * Plays a move of {@code player} at the wire's {@code row}/{@code col}: on success publishes it with
     * the zones, the captured points and the score (and the gameover if it filled the board) and returns
     * {@code null}; otherwise returns the error for the sender.
     */
    synchronized String move(int player, int row, int col, Map<String, Object> data) {
        if (over) {
            return DotsWire.GAME_NOT_FOUND;
        }
        if (row < 0 || row >= DotsWire.HEIGHT || col < 0 || col >= DotsWire.WIDTH) {
            return DotsWire.BAD_REQUEST;
        }
        Side side = player == 1 ? Side.FIRST : Side.SECOND;
        {
            Submission s = match.submit(side, col + "," + row, System.nanoTime());
            switch (s.verdict()) {
                case ACCEPTED -> {
                }
                case REFUSED -> {
                    return DotsWire.POINT_BUSY;
                }
                case OUT_OF_TURN -> {
                    return DotsWire.NOT_ALLOWED;
                }
                default -> {
                    return DotsWire.GAME_NOT_FOUND;
                }
            }
            room.publish(DotsWire.GAME_CHANNEL_PREFIX + channel, board.move(position(), player, row, col, data.get("id")), match.id());
        }
        return null;
    }

    /** Publishes a message on this game's channel, after any the game holds back. */
    synchronized void publish(Map<String, Object> data) {
        room.publish(DotsWire.GAME_CHANNEL_PREFIX + channel, data, match.id());
    }

    /** Ends the game by the players' agreement: a draw, or decided by the score as it stands. */
    synchronized void agree(Agreement how) {
        if (over) {
            return;
        }
        agreement = how;
        if (how == Agreement.DRAW) {
            match.abortGame("a draw agreed by both players");
        } else {
            match.adjudicate("ended by agreement at the current score");
        }
    }

    /** {@code player} (1 or 2) loses: he left the game, or fell silent. */
    synchronized void forfeit(int player, MatchOutcome.Ending ending, String why) {
        if (over) {
            return;
        }
        match.forfeit(player == 1 ? Side.FIRST : Side.SECOND, ending, why);
    }

    /**
     * Called by the match when the game ended, on whatever thread ended it (perhaps with the referee's
     * lock held): the gameover goes out from the server's timer, under the game's lock, so after the
     * move that ended the game.
     */
    private void finished(GameResult result) {
        over = true;
        host.timer().execute(() -> announce(result));
    }

    private synchronized void announce(GameResult result) {
        MatchOutcome outcome = result.outcome();
        DotsPosition position = (DotsPosition) outcome.finalState();
        int winner;
        if (agreement == Agreement.DRAW || outcome.winner() == null) {
            winner = 0;
        } else {
            winner = outcome.winner() == Side.FIRST ? 1 : 2;
        }
        room.rated(this, winner);
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("type", "gameover");
        out.put("id", 0);
        out.put("score_1", String.valueOf(position.score(Side.FIRST)));
        out.put("score_2", String.valueOf(position.score(Side.SECOND)));
        out.put("winner", winner);
        out.put("reason", outcome.detail());
        room.publish(DotsWire.GAME_CHANNEL_PREFIX + channel, out, match.id());
        room.ended(this);
    }

    /** The original's whole game hash for {@code GET /gamedata} (every value a string, {@code field} a JSON text). */
    synchronized Map<String, Object> gameData() {
        DotsPosition position = position();
        Map<String, Object> field = new LinkedHashMap<>();
        field.put("width", DotsWire.WIDTH);
        field.put("height", DotsWire.HEIGHT);
        field.put("color", colors(position));
        field.put("captured", captured(position));
        field.put("zones", zones(position));
        field.put("score_1", position.score(Side.FIRST));
        field.put("score_2", position.score(Side.SECOND));
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("channel", channel);
        out.put("field", Json.write(field));
        out.put("player_1", String.valueOf(users[0]));
        out.put("score_1", String.valueOf(position.score(Side.FIRST)));
        out.put("player_2", String.valueOf(users[1]));
        out.put("score_2", String.valueOf(position.score(Side.SECOND)));
        out.put("current_player", String.valueOf(toMove()));
        out.put("name_1", names[0]);
        out.put("name_2", names[1]);
        return out;
    }

    /**
     * A game's {@code move} messages. Most moves capture nothing, and then the zones and the captured
     * points (32 x 39 numbers, most of a move message's bytes) are those of the move before: their JSON
     * text is kept and sent again as it is ({@link RawJson}), and made again only when the zones change.
     * The text is the one the plain lists and arrays give ({@code WireBoardTest} checks it byte for byte
     * through CometD's own JSON), so the seed's clients read exactly what they read before.
     */
    static final class WireBoard {

        private List<Zone> zones;
        private RawJson zonesJson;
        private RawJson capturedJson;

        /** The {@code move} message of {@code player}'s dot at {@code row}/{@code col}, which led to {@code position}. */
        Map<String, Object> move(DotsPosition position, int player, int row, int col, Object id) {
            List<Zone> now = position.zones();
            if (zones == null || !zones.equals(now)) {
                zones = now;
                zonesJson = RawJson.of(zones(position));
                capturedJson = RawJson.of(captured(position));
            }
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("type", "move");
            out.put("point", point(row, col));
            out.put("id", id);
            out.put("player", player);
            out.put("zones", zonesJson);
            out.put("captured", capturedJson);
            out.put("score", List.of(0, position.score(Side.FIRST), position.score(Side.SECOND)));
            return out;
        }
    }

    static Map<String, Object> point(int row, int col) {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("x", row);
        p.put("y", col);
        return p;
    }

    /**
     * The zones as the original sends them: each a closed border line of {x: row, y: col} points that
     * ends with its first point in reading order (the original's walk starts there and lists it last).
     */
    static List<List<Map<String, Object>>> zones(DotsPosition position) {
        List<List<Map<String, Object>>> zones = new ArrayList<>();
        for (Zone zone : position.zones()) {
            List<Point> border = zone.border();
            List<Map<String, Object>> line = new ArrayList<>(border.size());
            for (int i = 1; i <= border.size(); i++) {
                Point p = border.get(i % border.size());
                line.add(point(p.y(), p.x()));
            }
            zones.add(line);
        }
        return zones;
    }

    /** 32 rows of 39: the player (1 or 2) whose zone covers the point, border included, else 0. */
    static int[][] captured(DotsPosition position) {
        int[][] m = new int[position.height()][position.width()];
        for (int r = 0; r < m.length; r++) {
            for (int c = 0; c < m[r].length; c++) {
                m[r][c] = position.zoneOwnerAt(new Point(c, r)).map(s -> s == Side.FIRST ? 1 : 2).orElse(0);
            }
        }
        return m;
    }

    /** 32 rows of 39: whose dot stands on the point (1 or 2), else 0. */
    static int[][] colors(DotsPosition position) {
        int[][] m = new int[position.height()][position.width()];
        for (int r = 0; r < m.length; r++) {
            for (int c = 0; c < m[r].length; c++) {
                m[r][c] = position.dotAt(new Point(c, r)).map(s -> s == Side.FIRST ? 1 : 2).orElse(0);
            }
        }
        return m;
    }
}
