package org.boardlab.server;

import java.util.List;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.boardlab.api.Game;
import org.boardlab.api.GameOptions;
import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.api.MoveRequest;
import org.boardlab.api.Player;
import org.boardlab.api.Side;
import org.boardlab.api.event.MatchEvent;
import org.boardlab.api.event.MatchOutcome;
import org.boardlab.api.event.MatchOutcome.Ending;
import org.boardlab.core.EventBus;
import org.boardlab.core.GameResult;
import org.boardlab.core.Match;
import org.boardlab.core.MatchJournal;
import org.boardlab.core.MatchSettings;
import org.boardlab.core.PlayerSeat;
import org.boardlab.core.SubmittingPlayer;
import org.boardlab.core.Referee;

/**
 * One game between two networked members, played through the core's referee, so the server stays
 * authoritative: the table relays each member's move to the referee ({@link Match#submit}), which
 * checks it by the game's rules, applies it and writes it in the game's journal; the table then
 * sends it to both. The table keeps no history and checks no move itself; forced moves (a pass) are
 * played by the referee. No thread waits for a member's move.
 *
 * <p>Time rules: each move has {@link ServerSettings#timePerMove()}; no move in time loses. A member
 * who drops out gets {@link ServerSettings#reconnectWindow()} to log in again (its clock is held);
 * after that the game is decided by the scores as they stand (seed 000). If both drop out, the game
 * is abandoned.
 */
public final class Table {

    /** What became of a move a member sent. */
    public enum Submission {
        /** Legal, on turn: the referee applies it. */
        ACCEPTED,
        /** Not legal here, or not a move of the game; the member may send another (see {@link MemberListener#moveRefused}). */
        REFUSED,
        /** The member is not to move (or already moved this turn). The session decides: most protocols forfeit. */
        OUT_OF_TURN,
        /** The game is over. */
        GAME_OVER
    }

    private final long id;
    private final Game game;
    private final Member[] seats;
    private final Remote[] remotes = new Remote[2];
    private final Lobby lobby;
    private final ServerSettings settings;
    private final ScheduledExecutorService timer;
    private final Match match;
    private final EventBus events;
    private final java.util.function.Function<GameResult, java.util.concurrent.CompletionStage<?>> onResult;
    private final ScheduledFuture<?>[] reconnectTimers = new ScheduledFuture<?>[2];
    private final AtomicBoolean over = new AtomicBoolean();

    /**
     * @param first    the member playing the first side (the inviter)
     * @param second   the other member
     * @param onResult called with the game's result when it ends, on the game's thread (the server
     *                 records it); the players are told the result, and are free again in the lobby,
     *                 when the stage it returns completes (the game is committed)
     */
    public Table(Game game, GameOptions options, Member first, Member second, Lobby lobby, ServerSettings settings,
            Referee referee, EventBus events, ScheduledExecutorService timer,
            java.util.function.Function<GameResult, java.util.concurrent.CompletionStage<?>> onResult) {
        this.game = game;
        this.seats = new Member[] {first, second};
        this.lobby = lobby;
        this.settings = settings;
        this.timer = timer;
        this.events = events;
        this.onResult = onResult;
        remotes[0] = new Remote(Side.FIRST);
        remotes[1] = new Remote(Side.SECOND);
        this.match = new Match(referee, game, options, seat(first, Side.FIRST), seat(second, Side.SECOND),
                MatchSettings.defaults().withTimePerMove(settings.timePerMove()).withAlternateSides(false), events);
        this.id = match.id();
    }

    /**
     * The referee's seat for {@code member}: its loaded player if it is played in this process
     * ({@link MemberListener#seatedPlayer}), else the table's relay of its network moves. A loaded
     * player is the server's own (seed 001's PvE opponent, a player seated in the lobby): it thinks on
     * the referee's house pool, sized to the cores ({@link Referee#housePlayer}).
     */
    private PlayerSeat seat(Member member, Side side) {
        MemberListener listener = member.listener();
        java.util.function.Supplier<Player> own = listener == null ? null : listener.seatedPlayer();
        if (own == null) {
            return new PlayerSeat(member.name(), () -> remotes[side.index()]);
        }
        return new PlayerSeat(member.name(), () -> {
            Player p = own.get();
            if (p == null) {
                throw new PlayerSeat.Unavailable(member.name() + "'s player is not loaded");
            }
            return Referee.housePlayer(p);
        });
    }

    /** The table's id: the id of its match in events. */
    public long id() {
        return id;
    }

    public Game game() {
        return game;
    }

    /**
     * The game's journal: its start position, every move (passes included) with its times, the
     * clocks and the outcome, as the referee wrote them. The table keeps no history of its own.
     */
    public MatchJournal journal() {
        return match.journal();
    }

    /** The position the game started from (the journal's). */
    public GameState startPosition() {
        return match.journal().start();
    }

    /** The current position. */
    public GameState state() {
        GameState state = match.state();
        return state == null ? match.journal().start() : state;
    }

    /** The member playing {@code side}. */
    public Member member(Side side) {
        return seats[side.index()];
    }

    /** The side {@code member} plays, or {@code null}. */
    public Side sideOf(Member member) {
        return seats[0] == member ? Side.FIRST : seats[1] == member ? Side.SECOND : null;
    }

    /** The other member. */
    public Member opponentOf(Member member) {
        return seats[0] == member ? seats[1] : seats[0];
    }

    /** {@code true} once the game has ended. */
    public boolean isOver() {
        return over.get();
    }

    /** Completed once the end of the game has been told to the players still connected (after it was stored). */
    private final java.util.concurrent.CompletableFuture<Void> endTold = new java.util.concurrent.CompletableFuture<>();

    void start() {
        match.onEvent(event -> {
            if (event instanceof MatchEvent.Started) {
                // told from inside the match's start, so before the first side is asked for a move
                for (Side side : Side.values()) {
                    seats[side.index()].tell(l -> l.gameStarted(this, side));
                }
            } else if (event instanceof MatchEvent.Moved moved) {
                for (Member m : seats) {
                    if (m.isConnected()) {
                        m.tell(l -> l.moved(this, moved.side(), moved.move(), moved.after()));
                    }
                }
            }
        });
        match.onGameResult(this::ended);
        match.start();
    }

    /** Whether both players have been told how the game ended (the end is queued on their connections). */
    boolean endTold() {
        return endTold.isDone();
    }

    private void ended(GameResult result) {
        over.set(true);
        synchronized (reconnectTimers) {
            for (ScheduledFuture<?> t : reconnectTimers) {
                if (t != null) {
                    t.cancel(false);
                }
            }
        }
        MatchOutcome outcome = result.outcome();
        java.util.concurrent.CompletionStage<?> recorded;
        try {
            recorded = onResult.apply(result);
        } catch (RuntimeException e) {
            recorded = java.util.concurrent.CompletableFuture.failedFuture(e);
        }
        // recorded first: told once committed (on the store's writer thread, or here if it is done)
        recorded.whenComplete((x, e) -> {
            for (Member m : seats) {
                if (m.isConnected()) {
                    m.tell(l -> l.gameEnded(this, outcome));
                }
            }
            lobby.tableEnded(this); // then both are ready again
            endTold.complete(null);
        });
    }

    /**
     * A move from {@code member}, as text in the game's notation, relayed to the referee.
     *
     * @return what became of it; a refused move has already been reported to the member
     */
    public Submission move(Member member, String notation) {
        long arrived = System.nanoTime();
        Side side = sideOf(member);
        if (side == null || over.get()) {
            return Submission.GAME_OVER;
        }
        Member other = opponentOf(member);
        if (!other.isConnected()) {
            String reason = "the game is paused: " + other.name() + " lost the connection";
            member.tell(l -> l.moveRefused(this, notation, reason));
            return Submission.REFUSED;
        }
        org.boardlab.core.Submission answer = match.submit(side, notation, arrived);
        return switch (answer.verdict()) {
            case ACCEPTED -> Submission.ACCEPTED;
            case OUT_OF_TURN -> Submission.OUT_OF_TURN;
            case GAME_OVER -> Submission.GAME_OVER;
            case REFUSED -> {
                member.tell(l -> l.moveRefused(this, notation, answer.reason()));
                yield Submission.REFUSED;
            }
        };
    }

    /** Makes {@code member} lose at once (out of turn, left the game, broke the protocol). */
    public void forfeit(Member member, Ending ending, String detail) {
        Side side = sideOf(member);
        if (side != null && !over.get()) {
            match.forfeit(side, ending, detail);
        }
    }

    /** Ends the game at once without a result (a player asked to cancel it). */
    public void cancel(Member member) {
        if (sideOf(member) != null && !over.get()) {
            match.abortGame(member.name() + " cancelled the game");
        }
    }

    /** Ends the game now, decided by the scores (the server is shutting down). */
    public void adjudicate(String detail) {
        match.adjudicate(detail);
    }

    void disconnected(Member member) {
        Side side = sideOf(member);
        Member other = opponentOf(member);
        if (!other.isConnected()) {
            match.abortGame("both players lost the connection");
            return;
        }
        long held = System.nanoTime() + settings.reconnectWindow().toNanos() + settings.timePerMove().toNanos();
        match.setDeadline(side, held); // nobody's clock runs while the game is paused
        match.setDeadline(side.other(), held);
        other.tell(l -> l.opponentAway(this, true));
        synchronized (reconnectTimers) {
            if (over.get()) {
                return; // the game ended meanwhile (a forfeit crossed the lost connection): nothing to wait for
            }
            reconnectTimers[side.index()] = timer.schedule(() -> {
                if (!member.isConnected()) {
                    long ms = settings.reconnectWindow().toMillis();
                    match.adjudicate(member.name() + " left and did not come back within "
                            + (ms % 1000 == 0 ? ms / 1000 + " s" : ms + " ms"));
                }
            }, settings.reconnectWindow().toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    void reconnected(Member member) {
        Side side = sideOf(member);
        ScheduledFuture<?> t;
        synchronized (reconnectTimers) {
            t = reconnectTimers[side.index()];
        }
        if (t != null) {
            t.cancel(false);
        }
        long fresh = System.nanoTime() + settings.timePerMove().toNanos();
        match.setDeadline(side, fresh);
        match.setDeadline(side.other(), fresh);
        Member other = opponentOf(member);
        if (other.isConnected()) {
            other.tell(l -> l.opponentAway(this, false));
        }
        MatchJournal.Turn turn = match.journal().snapshot().turn();
        if (turn != null && turn.side() == side) {
            GameState state = state();
            member.tell(l -> l.yourTurn(this, state, fresh));
        }
    }

    /**
     * The referee's player for one seat: the member's moves arrive over the network and are submitted
     * ({@link #move}); the referee only tells it when it is its turn, and no thread waits for it.
     */
    private final class Remote implements SubmittingPlayer {
        private final Side side;

        Remote(Side side) {
            this.side = side;
        }

        @Override
        public void yourTurn(MoveRequest request) {
            Member member = seats[side.index()];
            if (member.isConnected() && hearsTurns(member.listener())) {
                GameState state = request.state();
                long deadline = request.deadlineNanos();
                member.tell(l -> l.yourTurn(Table.this, state, deadline));
            }
        }

        @Override
        public String description() {
            return "a client on the network";
        }
    }

    /**
     * Whether a listener of this class does something with {@link MemberListener#yourTurn} (seed 000's
     * and GMKU's sessions do not: their clients know their turn from the moves). Those that do not are
     * not called: a call is a task on the member's event loop, one a move for nothing.
     */
    private static final ClassValue<Boolean> HEARS_TURNS = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
            try {
                return type.getMethod("yourTurn", Table.class, GameState.class, long.class).getDeclaringClass()
                        != MemberListener.class;
            } catch (NoSuchMethodException | SecurityException e) {
                return true;
            }
        }
    };

    private static boolean hearsTurns(MemberListener listener) {
        return listener != null && HEARS_TURNS.get(listener.getClass());
    }

    @Override
    public String toString() {
        return "table " + id + " (" + game.id() + "): " + seats[0].name() + " vs " + seats[1].name();
    }

    /** Names of both members, first side first. */
    public List<String> names() {
        return List.of(seats[0].name(), seats[1].name());
    }
}
