package org.boardlab.tournament;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import org.boardlab.api.Game;
import org.boardlab.api.GameOptions;
import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.api.MoveRequest;
import org.boardlab.api.Player;
import org.boardlab.api.Side;
import org.boardlab.api.event.MatchOutcome;
import org.boardlab.api.event.MatchOutcome.Ending;
import org.boardlab.core.Component;
import org.boardlab.core.EventBus;
import org.boardlab.core.LimitedPlayer;
import org.boardlab.core.MatchJournal;
import org.boardlab.core.PlayerLimits;
import org.boardlab.core.PlayerSeat;
import org.boardlab.core.Referee;
import org.boardlab.core.Registry;

/**
 * Plays one scheduled game through the referee: the opening applied, the players taken from the
 * registry (a player that cannot be created forfeits with the reason), the time control kept (with a
 * clock, each move's deadline is what is left on the side's clock), and a player that runs in a
 * process of its own ({@link LimitedPlayer}: a student's jar, an engine) told the tournament's
 * limits before its first move, as a match tells them. The same code plays a game for
 * {@code boardlab tournament} and for {@code boardlab worker}.
 */
public final class ScheduledGamePlayer {

    /** What decides, before each move, whether the game may go on (pause, stop). */
    public interface Control {
        /** {@code true}: end the game now as aborted (it is played again later). */
        boolean stopped();

        /** {@code true}: hold the game before its next move; call {@link Playing#wake()} to go on. */
        boolean paused(Playing game);
    }

    /** A control that never holds or stops. */
    public static final Control FREE = new Control() {
        @Override
        public boolean stopped() {
            return false;
        }

        @Override
        public boolean paused(Playing game) {
            return false;
        }
    };

    /**
     * A game being played.
     *
     * @param game    the scheduled game
     * @param run     the referee's game
     * @param result  completes with the played game, or {@code null} if it was aborted (stopped)
     */
    public record Playing(ScheduledGame game, Referee.GameRun run, CompletableFuture<PlayedGame> result) {

        /** The referee's match id of this game (for the Match view). */
        public long matchId() {
            return run.journal().matchId();
        }

        /** Lets a held game ask its gate again. */
        public void wake() {
            run.wake();
        }

        /** Ends the game now, without a result. */
        public void abort(String why) {
            run.abort(why);
        }
    }

    private final Referee referee;
    private final Registry registry;
    private final EventBus events;

    public ScheduledGamePlayer(Referee referee, Registry registry, EventBus events) {
        this.referee = referee;
        this.registry = registry;
        this.events = events;
    }

    /**
     * Starts game {@code g} and returns at once.
     *
     * @param limits what a player in a process of its own may use (the tournament's); its CPU time
     *               per move, when not set, is the time control's time for a move (with a clock: the
     *               base plus one increment)
     * @throws IllegalArgumentException if the game is not loaded or the opening is illegal
     */
    public Playing start(ScheduledGame g, String gameId, GameOptions options, TimeControl tc, PlayerLimits limits, Control control) {
        Game game = registry.requireGame(gameId);
        GameState start = Openings.play(game.newGame(options), g.opening());
        long matchId = Referee.newMatchId();
        List<Player> players = new ArrayList<>(2);
        List<Component<?>> components = new ArrayList<>(2);
        String[] failure = new String[2];
        for (String id : List.of(g.first(), g.second())) {
            int side = players.size();
            components.add(registry.player(id).orElse(null));
            try {
                Player p = PlayerSeat.of(registry, id).players().get();
                if (p instanceof LimitedPlayer limited) {
                    limited.limit(limits, tc.refereeTimePerMove());
                    limited.match(matchId);
                }
                players.add(p);
            } catch (PlayerSeat.Unavailable | IllegalArgumentException e) {
                failure[side] = "player " + id + " is not available: " + e.getMessage();
                players.add(refusing());
            } catch (RuntimeException | LinkageError e) {
                failure[side] = "player " + id + " could not be created: " + e.getClass().getSimpleName()
                        + (e.getMessage() == null ? "" : ": " + e.getMessage());
                players.add(refusing());
            }
        }
        Referee.GameRun run = referee.newGame(matchId, start, players, List.of(g.first(), g.second()),
                tc.refereeTimePerMove(), g.seed(), events);
        for (int s = 0; s < 2; s++) {
            if (failure[s] != null) {
                run.forfeit(s == 0 ? Side.FIRST : Side.SECOND, Ending.ERROR, failure[s]);
            }
        }
        CompletableFuture<PlayedGame> result = new CompletableFuture<>();
        Playing playing = new Playing(g, run, result);
        Instant started = Instant.now();
        run.start(gate(playing, tc, control)).whenComplete((outcome, error) -> {
            if (error != null) {
                result.completeExceptionally(error);
            } else if (outcome.ending() == Ending.ABORTED) {
                result.complete(null);
            } else {
                result.complete(new PlayedGame(g, score(g, outcome, tc), run.journal(), outcome, components, started, Instant.now()));
            }
        });
        return playing;
    }

    private static Player refusing() {
        return new Player() {
            @Override
            public Move chooseMove(MoveRequest request) {
                throw new IllegalStateException("this player could not be created");
            }
        };
    }

    /** Pause and stop; with a clock, each move's deadline is what is left on the side's clock. */
    private static Referee.Gate gate(Playing playing, TimeControl tc, Control control) {
        return run -> {
            if (control.stopped()) {
                return Referee.Gate.Decision.STOP;
            }
            if (control.paused(playing)) {
                return Referee.Gate.Decision.WAIT;
            }
            if (tc.isClock()) {
                Side side = run.state().sideToMove();
                MatchJournal.Snapshot s = run.journal().snapshot();
                long used = s.entries().isEmpty() ? 0 : s.entries().get(s.entries().size() - 1).clockNanos(side);
                long moves = s.entries().stream().filter(e -> e.side() == side && !e.forced()).count();
                long left = tc.base().toNanos() + moves * tc.increment().toNanos() - used;
                run.setDeadline(side, System.nanoTime() + Math.max(1_000_000, left));
            }
            return Referee.Gate.Decision.GO;
        };
    }

    /** The standings' view of a game's outcome. */
    public static GameScore score(ScheduledGame g, MatchOutcome o, TimeControl tc) {
        double first = o.winner() == null ? 0.5 : o.winner() == Side.FIRST ? 1 : 0;
        String loser = o.loser() == null ? null : o.loser() == Side.FIRST ? g.first() : g.second();
        String detail = o.detail();
        if (o.ending() == Ending.TIMEOUT && tc.isClock() && loser != null) {
            detail = loser + " ran out of time on its clock (" + tc + ")";
        }
        return new GameScore(g.number(), first, o.ending().name().toLowerCase(Locale.ROOT), loser, detail, o.moves().size());
    }

}
