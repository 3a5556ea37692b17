package org.boardlab.game.dots.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.boardlab.api.Game;
import org.boardlab.api.IllegalMoveException;
import org.boardlab.api.Move;
import org.boardlab.api.Outcome;
import org.boardlab.api.Side;
import org.boardlab.game.dots.Dots;
import org.boardlab.game.dots.DotsPosition;
import org.boardlab.game.dots.Point;
import org.boardlab.game.dots.Zone;

/**
 * A Dots position: one byte per point of a padded grid (see {@link Cells}), the list of outermost
 * zones, both scores and the number of free points, all kept up to date move by move by
 * {@link Rules}. Immutable: {@link #apply} copies the cells (about 1.4 KB on the 39x32 board).
 */
public final class DotsState implements DotsPosition {

    private final Dots game;
    private final Geometry geo;
    private final byte[] cells;
    private final ZoneData[] zones;
    private final int scoreRed;
    private final int scoreBlue;
    private final int free;
    private final int ply;
    /** Array index of the last dot, -1 at the start. */
    private final int last;
    private final boolean agreed;

    private DotsState(Dots game, Geometry geo, byte[] cells, ZoneData[] zones, int scoreRed, int scoreBlue,
            int free, int ply, int last, boolean agreed) {
        this.game = game;
        this.geo = geo;
        this.cells = cells;
        this.zones = zones;
        this.scoreRed = scoreRed;
        this.scoreBlue = scoreBlue;
        this.free = free;
        this.ply = ply;
        this.last = last;
        this.agreed = agreed;
    }

    /** The empty board of {@code geometry}'s size, red to move. */
    public static DotsPosition start(Dots game, Geometry geometry) {
        return new DotsState(game, geometry, geometry.start.clone(), new ZoneData[0], 0, 0,
                geometry.width * geometry.height, 0, -1, false);
    }

    // ---- GameState ----------------------------------------------------------------------------

    @Override
    public Game game() {
        return game;
    }

    @Override
    public Side sideToMove() {
        return Side.of(ply & 1);
    }

    @Override
    public List<Move> legalMoves() {
        if (isTerminal()) {
            return List.of();
        }
        List<Move> moves = new ArrayList<>(free);
        for (int i : geo.order) {
            if (Cells.isFree(cells[i])) {
                moves.add(geo.points[i]);
            }
        }
        return Collections.unmodifiableList(moves);
    }

    @Override
    public String whyIllegal(Move move) {
        if (isTerminal()) {
            return "the game is over";
        }
        if (!(move instanceof Point point)) {
            return "not a Dots move: a move is a point x,y";
        }
        if (!geo.contains(point)) {
            return "point " + point + " is off the " + geo.width + "x" + geo.height + " board (x 0.."
                    + (geo.width - 1) + ", y 0.." + (geo.height - 1) + ")";
        }
        int cell = cells[geo.index(point.x(), point.y())];
        int colour = Cells.colour(cell);
        if (colour != Cells.EMPTY) {
            return "point " + point + " already has a " + colourName(colour) + " dot";
        }
        int owner = Cells.owner(cell);
        if (owner != 0) {
            return "point " + point + " is inside a zone of " + colourName(owner);
        }
        return null;
    }

    @Override
    public DotsPosition apply(Move move) {
        String why = whyIllegal(move);
        if (why != null) {
            throw new IllegalMoveException(move.notation(), why);
        }
        Point point = (Point) move;
        int index = geo.index(point.x(), point.y());
        byte[] next = cells.clone();
        Rules rules = new Rules(geo, next, zones, scoreRed, scoreBlue, free);
        rules.place(index, ply % 2 + 1);
        return new DotsState(game, geo, next, rules.zones(), rules.score[1], rules.score[2], rules.free, ply + 1,
                index, false);
    }

    @Override
    public Move parseMove(String notation) {
        String text = notation.trim();
        int comma = text.indexOf(',');
        if (comma > 0) {
            String xs = text.substring(0, comma).trim();
            String ys = text.substring(comma + 1).trim();
            if (isNumber(xs) && isNumber(ys)) {
                int x = Integer.parseInt(xs);
                int y = Integer.parseInt(ys);
                if (x < geo.width && y < geo.height) {
                    return geo.points[geo.index(x, y)];
                }
                throw new IllegalMoveException(notation, "point " + x + "," + y + " is off the " + geo.width + "x"
                        + geo.height + " board (x 0.." + (geo.width - 1) + ", y 0.." + (geo.height - 1) + ")");
            }
        }
        throw new IllegalMoveException(notation, "a point is written x,y with x 0.." + (geo.width - 1)
                + " from the left and y 0.." + (geo.height - 1) + " from the top, e.g. 12,7");
    }

    private static boolean isNumber(String s) {
        if (s.isEmpty() || s.length() > 3) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) < '0' || s.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    @Override
    public boolean isTerminal() {
        return agreed || free == 0;
    }

    @Override
    public Outcome outcome() {
        if (!isTerminal()) {
            throw new IllegalStateException("the game is not over");
        }
        String how = agreed ? "when both agreed to stop" : "on the full board";
        if (scoreRed == scoreBlue) {
            return Outcome.draw("equal captured dots (" + scoreRed + "-" + scoreBlue + ") " + how);
        }
        Side winner = scoreRed > scoreBlue ? Side.FIRST : Side.SECOND;
        int high = Math.max(scoreRed, scoreBlue);
        int low = Math.min(scoreRed, scoreBlue);
        return Outcome.win(winner, game.sideName(winner) + " captured more dots (" + high + "-" + low + ") " + how);
    }

    @Override
    public int score(Side side) {
        return side == Side.FIRST ? scoreRed : scoreBlue;
    }

    @Override
    public int ply() {
        return ply;
    }

    /**
     * One line per row, the top row first, after two header lines with the tens and units of the
     * column numbers ({@code x}); each row starts with its number ({@code y}). Symbols: {@code .} a
     * free point, {@code R} and {@code B} red and blue dots, {@code r} and {@code b} red and blue
     * dots that are captured, {@code +} an empty point inside a zone.
     */
    @Override
    public String boardText() {
        StringBuilder sb = new StringBuilder((geo.width + 4) * (geo.height + 2));
        if (geo.width > 10) {
            sb.append("   ");
            for (int x = 0; x < geo.width; x++) {
                sb.append(x < 10 ? ' ' : (char) ('0' + x / 10));
            }
            sb.append('\n');
        }
        sb.append("   ");
        for (int x = 0; x < geo.width; x++) {
            sb.append((char) ('0' + x % 10));
        }
        sb.append('\n');
        for (int y = 0; y < geo.height; y++) {
            sb.append(y < 10 ? " " : "").append(y).append(' ');
            for (int x = 0; x < geo.width; x++) {
                sb.append(symbol(cells[geo.index(x, y)]));
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    private static char symbol(int cell) {
        int colour = Cells.colour(cell);
        int owner = Cells.owner(cell);
        if (colour == Cells.EMPTY) {
            return owner == 0 ? '.' : '+';
        }
        boolean dead = owner != 0 && owner != colour;
        if (colour == Cells.RED) {
            return dead ? 'r' : 'R';
        }
        return dead ? 'b' : 'B';
    }

    /**
     * Game-specific facts, keys stable:
     * <ul>
     * <li>{@code width}, {@code height}: the grid's size in points;</li>
     * <li>{@code scores}: {@code {"red": n, "blue": n}}, each the number of the other player's dots
     *     inside the player's zones (as {@link #score});</li>
     * <li>{@code zones}: the outermost zones in the order they were made, each
     *     {@code {"owner": "red"|"blue", "border": ["x,y", ...], "captured": n}} with the border as a
     *     closed polygon (see {@link Zone});</li>
     * <li>{@code captured}: {@code {"red": n, "blue": n}}, each the number of the player's own dots
     *     that the other player has captured (so {@code captured.red == scores.blue});</li>
     * <li>{@code free}: the number of free points;</li>
     * <li>{@code agreed}: {@code true} when the game was ended by agreement.</li>
     * </ul>
     */
    @Override
    public Map<String, Object> details() {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("width", geo.width);
        map.put("height", geo.height);
        map.put("scores", redBlue(scoreRed, scoreBlue));
        List<Object> list = new ArrayList<>(zones.length);
        for (ZoneData z : zones) {
            Map<String, Object> zone = new LinkedHashMap<>();
            zone.put("owner", colourName(z.owner()));
            List<String> border = new ArrayList<>(z.border().length);
            for (int i : z.border()) {
                border.add(geo.points[i].notation());
            }
            zone.put("border", Collections.unmodifiableList(border));
            zone.put("captured", z.captured());
            list.add(Collections.unmodifiableMap(zone));
        }
        map.put("zones", Collections.unmodifiableList(list));
        map.put("captured", redBlue(scoreBlue, scoreRed));
        map.put("free", free);
        map.put("agreed", agreed);
        return Collections.unmodifiableMap(map);
    }

    private static Map<String, Object> redBlue(int red, int blue) {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("red", red);
        map.put("blue", blue);
        return Collections.unmodifiableMap(map);
    }

    private static String colourName(int player) {
        return player == Cells.RED ? "red" : "blue";
    }

    // ---- DotsPosition -------------------------------------------------------------------------

    @Override
    public int width() {
        return geo.width;
    }

    @Override
    public int height() {
        return geo.height;
    }

    private int cell(Point point) {
        if (!geo.contains(point)) {
            throw new IndexOutOfBoundsException("point " + point + " is off the " + geo.width + "x" + geo.height
                    + " board");
        }
        return cells[geo.index(point.x(), point.y())];
    }

    private static Optional<Side> side(int player) {
        return player == 0 ? Optional.empty() : Optional.of(Side.of(player - 1));
    }

    @Override
    public Optional<Side> dotAt(Point point) {
        return side(Cells.colour(cell(point)));
    }

    @Override
    public Optional<Side> zoneOwnerAt(Point point) {
        return side(Cells.owner(cell(point)));
    }

    @Override
    public Optional<Side> capturedBy(Point point) {
        int cell = cell(point);
        int colour = Cells.colour(cell);
        int owner = Cells.owner(cell);
        return colour != 0 && owner != 0 && owner != colour ? side(owner) : Optional.empty();
    }

    @Override
    public boolean isFree(Point point) {
        return Cells.isFree(cell(point));
    }

    @Override
    public int freePoints() {
        return free;
    }

    @Override
    public int dots(Side side) {
        int colour = side.index() + 1;
        int n = 0;
        for (int i : geo.order) {
            if ((cells[i] & Cells.COLOUR) == colour) {
                n++;
            }
        }
        return n;
    }

    @Override
    public int lost(Side side) {
        return score(side.other());
    }

    @Override
    public List<Zone> zones() {
        List<Zone> list = new ArrayList<>(zones.length);
        for (ZoneData z : zones) {
            List<Point> border = new ArrayList<>(z.border().length);
            for (int i : z.border()) {
                border.add(geo.points[i]);
            }
            list.add(new Zone(Side.of(z.owner() - 1), border, z.captured()));
        }
        return Collections.unmodifiableList(list);
    }

    @Override
    public Optional<Point> lastMove() {
        return last < 0 ? Optional.empty() : Optional.of(geo.points[last]);
    }

    @Override
    public boolean endedByAgreement() {
        return agreed;
    }

    @Override
    public DotsPosition endByAgreement() {
        if (isTerminal()) {
            return this;
        }
        return new DotsState(game, geo, cells, zones, scoreRed, scoreBlue, free, ply, last, true);
    }

    // ---- for the evaluation -------------------------------------------------------------------

    /** Free points inside empty enclosures of {@code side}: points the other side cannot use safely. */
    int enclosedFreePoints(Side side) {
        int bit = Cells.houseBit(side.index() + 1);
        int n = 0;
        for (int i : geo.order) {
            int cell = cells[i];
            if (Cells.isFree(cell) && (cell & bit) != 0) {
                n++;
            }
        }
        return n;
    }

    // ---- Object -------------------------------------------------------------------------------

    /** Equal when the board (dots and zones), the side to move and the agreed end are equal. */
    @Override
    public boolean equals(Object o) {
        if (!(o instanceof DotsState other) || other.geo.width != geo.width || other.geo.height != geo.height
                || other.sideToMove() != sideToMove() || other.agreed != agreed
                || other.zones.length != zones.length) {
            return false;
        }
        for (int i : geo.order) {
            if ((cells[i] & 0x0F) != (other.cells[i] & 0x0F)) {
                return false;
            }
        }
        for (int z = 0; z < zones.length; z++) {
            if (zones[z].owner() != other.zones[z].owner()
                    || !Arrays.equals(zones[z].border(), other.zones[z].border())) {
                return false;
            }
        }
        return true;
    }

    @Override
    public int hashCode() {
        int h = geo.width * 131 + geo.height;
        for (int i : geo.order) {
            h = h * 31 + (cells[i] & 0x0F);
        }
        return h * 2 + (ply & 1);
    }

    @Override
    public String toString() {
        return boardText();
    }
}
