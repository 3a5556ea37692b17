package org.boardlab.workbench.internal;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import org.boardlab.api.Game;
import org.boardlab.api.GameOptions;
import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.api.Side;
import org.boardlab.api.event.MatchOutcome;
import org.boardlab.core.GameRecord;
import org.boardlab.core.MatchJournal;
import org.boardlab.core.MatchJournal.Entry;
import org.boardlab.core.Subscription;
import org.boardlab.workbench.TimeSplit;

/**
 * The game the Match view shows, without widgets: read from its {@link MatchJournal} (followed from
 * its first move: every move, the turn, the end) or made from a record, with the position replayed
 * while a move of the list is chosen, the move list's lines, the side titles and the clocks. It keeps
 * no history of its own: what it shows is the journal's latest snapshot.
 *
 * <p>Confined to the model's thread, as {@link MatchModel} is: the journal's news is handed to it
 * through the {@code owner} executor.
 */
final class ShownGame {

    /**
     * The longest time per move the Match view sets (its spinner's top, an hour): a game that gives more
     * has no clock that anybody plays against (seed 002's web games have none; the copy of a game a
     * server keeps the time of waits as long as it takes), and no time left is shown for it.
     */
    static final Duration LONGEST_CLOCK = Duration.ofHours(1);

    /** The time per move of a game without a clock (more than {@link #LONGEST_CLOCK}). */
    static final Duration NO_CLOCK = Duration.ofDays(1);

    private final Executor owner;
    private final Consumer<MatchModel.Part> changed;
    private final Consumer<MatchOutcome> ended;

    private Game game;
    private final String[] names = new String[2];
    /** The journal followed, or {@code null} (before a game, or an imported record). */
    private MatchJournal journal;
    private Subscription following;
    /** The game shown, as its journal had it when last told (or made from a record); {@code null} before a game. */
    private MatchJournal.Snapshot shown;
    private int viewing = -1;
    private String result = "";
    /** The options of an imported record. */
    private GameOptions recordOptions = GameOptions.DEFAULT;

    /**
     * @param owner   runs tasks on the model's thread, in order
     * @param changed told each part that changed (on the model's thread)
     * @param ended   told the outcome when the game followed ends, after {@link #result()} has it
     */
    ShownGame(Executor owner, Consumer<MatchModel.Part> changed, Consumer<MatchOutcome> ended) {
        this.owner = owner;
        this.changed = changed;
        this.ended = ended;
    }

    /** The game whose board is shown, or {@code null} when none is. */
    Game game() {
        return game;
    }

    /** The journal followed, or {@code null}. */
    MatchJournal journal() {
        return journal;
    }

    /** The game shown as its journal had it when last told, or {@code null}. */
    MatchJournal.Snapshot snapshot() {
        return shown;
    }

    String name(Side side) {
        return names[side.index()];
    }

    /** Names the players (of a game about to be followed). */
    void names(String first, String second) {
        names[0] = first;
        names[1] = second;
    }

    /** The game's result in words, or empty while it goes on. */
    String result() {
        return result;
    }

    void recordOptions(GameOptions options) {
        recordOptions = options;
    }

    /** Shows {@code start} of {@code g} with no moves, no times and no result, for a game about to be played. */
    void show(Game g, GameState start, String[] players) {
        boolean newBoard = game == null || !game.id().equals(g.id());
        game = g;
        names(players[0], players[1]);
        shown = new MatchJournal.Snapshot(start, List.of(), null, null);
        viewing = -1;
        result = "";
        if (newBoard) {
            changed.accept(MatchModel.Part.GAME);
        }
        changed.accept(MatchModel.Part.MOVES);
        changed.accept(MatchModel.Part.BOARD);
    }

    /** Shows a finished game made from a record (see {@link GameRecords}): {@code snapshot} with {@code result}. */
    void showRecord(Game g, MatchJournal.Snapshot snapshot, String[] players, String result, GameOptions options) {
        show(g, snapshot.start(), players);
        shown = snapshot;
        this.result = result;
        recordOptions = options;
        changed.accept(MatchModel.Part.MOVES);
        changed.accept(MatchModel.Part.BOARD);
    }

    /** Shows the game of {@code j} from its start and follows it: every move, the turn, the end. */
    void follow(MatchJournal j) {
        unfollow();
        journal = j;
        show(j.game(), j.start(), names.clone());
        shown = j.snapshot();
        MatchJournal.Follower follower = new MatchJournal.Follower() {
            @Override
            public void moved(Entry entry) {
                owner.execute(() -> journalChanged(j));
            }

            @Override
            public void turn(MatchJournal.Turn turn) {
                owner.execute(() -> journalChanged(j));
            }

            @Override
            public void ended(MatchOutcome outcome) {
                owner.execute(() -> journalChanged(j));
            }
        };
        following = j.follow(shown.ply(), follower);
        changed.accept(MatchModel.Part.MOVES);
        changed.accept(MatchModel.Part.BOARD);
        if (shown.isOver()) {
            end(shown.outcome());
        }
    }

    /** On the model's thread: the journal {@code j} has news (several may come at once; the latest snapshot has them all). */
    private void journalChanged(MatchJournal j) {
        if (j != journal) {
            return; // a game no longer shown
        }
        MatchJournal.Snapshot now = j.snapshot();
        boolean moved = now.ply() != shown.ply();
        boolean over = now.isOver() && !shown.isOver();
        shown = now;
        if (moved) {
            changed.accept(MatchModel.Part.MOVES);
            changed.accept(MatchModel.Part.BOARD);
        }
        if (over) {
            end(now.outcome());
        }
    }

    private void end(MatchOutcome o) {
        String who = o.winner() == null ? "no winner" : names[o.winner().index()] + " (" + game.sideName(o.winner()) + ") wins";
        result = switch (o.ending()) {
            case NORMAL -> who + ": " + o.detail();
            case ABORTED -> "stopped: " + o.detail();
            default -> who + " — " + o.ending().name().toLowerCase().replace('_', ' ') + ": " + o.detail();
        };
        ended.accept(o);
    }

    /** Stops following the journal (the game stays shown). */
    void unfollow() {
        if (following != null) {
            following.close();
            following = null;
        }
        journal = null;
    }

    // --- replay -----------------------------------------------------------------------------------

    /** Shows the position after move {@code ply} (0: the start); {@code false} if there is no such move. */
    boolean view(int ply) {
        if (shown == null || ply < 0 || ply > shown.ply()) {
            return false;
        }
        viewing = ply;
        return true;
    }

    /** Shows the live position again; {@code false} if it was shown already. */
    boolean live() {
        boolean was = viewing >= 0;
        viewing = -1;
        return was;
    }

    /** {@code true} while a position before the last is shown. */
    boolean replaying() {
        return viewing >= 0;
    }

    /** The position shown (the replayed one while {@link #view viewing}), or {@code null}. */
    GameState position() {
        return shown == null ? null : shown.positionAt(index());
    }

    /** The move that led to the position shown, or {@code null}. */
    Move lastMove() {
        int index = index();
        return index <= 0 ? null : shown.entries().get(index - 1).move();
    }

    private int index() {
        return shown == null ? -1 : viewing < 0 || viewing > shown.ply() ? shown.ply() : viewing;
    }

    // --- what is shown in words -------------------------------------------------------------------

    /** The moves of the game shown, oldest first, as its journal has them. */
    List<Entry> moveLines() {
        return shown == null ? List.of() : shown.entries();
    }

    /**
     * A move list line with the move's time split, e.g. {@code 12. d3  (black, 120 ms: thinking 118,
     * rest 2)} for a player in boardlab, {@code (white, 340 ms: network 338, rest 2)} for a network
     * client; {@code (black, played by the referee)} for a forced move; just {@code (black)} when the
     * times are not known (an imported record).
     */
    String moveText(Entry entry) {
        String split = TimeSplit.of(entry);
        return entry.ply() + ". " + entry.move().notation() + "  (" + game.sideName(entry.side()) + (split.isEmpty() ? "" : ", " + split) + ")";
    }

    /** A side's title, e.g. {@code black: alphabeta, 12 discs}; empty before a game. */
    String sideTitle(Side side) {
        String name = names[side.index()];
        if (game == null || name == null) {
            return "";
        }
        GameState at = position(); // while a move is clicked in the list, the score of that position, as the board shows
        return game.sideName(side) + ": " + name + (at == null ? "" : ", score " + at.score(side));
    }

    /**
     * A side's clock at {@code nowNanos}, e.g. {@code last 120 ms · total 3.4 s · 8.7 s left}; empty
     * before a game. The time left is shown only for a game with a clock (see {@link #LONGEST_CLOCK}).
     */
    String clock(Side side, long nowNanos) {
        if (game == null || names[side.index()] == null) {
            return "";
        }
        long last = 0;
        long total = 0;
        List<Entry> entries = moveLines();
        for (int k = entries.size() - 1; k >= 0; k--) {
            if (entries.get(k).side() == side) {
                last = Math.max(0, entries.get(k).times().elapsedNanos());
                total = entries.get(k).clockNanos(side);
                break;
            }
        }
        String text = "last " + TimeSplit.millis(last) + " · total " + TimeSplit.millis(total);
        MatchJournal.Turn turn = shown == null ? null : shown.turn();
        if (turn != null && turn.side() == side && journal != null && !journal.isOver() && journal.timePerMove().compareTo(LONGEST_CLOCK) <= 0) {
            text += " · " + Math.max(0, (turn.deadlineNanos() - nowNanos) / 100_000_000L) / 10.0 + " s left";
        }
        return text;
    }

    /** The game shown as a record, or {@code null} before a game. */
    GameRecord record() {
        if (game == null || names[0] == null) {
            return null;
        }
        return new GameRecord(game.id(), journal != null ? journal.options() : recordOptions, names[0], names[1],
                shown.moves().stream().map(Move::notation).toList(), result);
    }
}
