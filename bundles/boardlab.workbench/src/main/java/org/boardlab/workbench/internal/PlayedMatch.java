package org.boardlab.workbench.internal;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.function.Function;
import java.util.function.LongConsumer;
import org.boardlab.api.Game;
import org.boardlab.api.GameOptions;
import org.boardlab.api.GameState;
import org.boardlab.api.IllegalMoveException;
import org.boardlab.api.Move;
import org.boardlab.api.Side;
import org.boardlab.core.EventBus;
import org.boardlab.core.Match;
import org.boardlab.core.MatchJournal;
import org.boardlab.core.MatchSettings;
import org.boardlab.core.PlayerSeat;
import org.boardlab.core.Referee;

/**
 * The match of the Match view, without widgets: the core {@link Match} played here through the
 * referee (or the local copy of a game on somebody's server), its people's moves, pause, step and
 * restart, and the storing of its game when it ends; or the id of the game of someone else that is
 * watched. What is shown of it is read from its journal by {@link ShownGame}.
 *
 * <p>Confined to the model's thread, as {@link MatchModel} is.
 */
final class PlayedMatch {

    private final Referee referee;
    private final EventBus events;
    private final Executor owner;
    private final ShownGame shown;
    private final Runnable storedChanged;
    private Match match;
    private final HumanPlayer[] humans = new HumanPlayer[2];
    /** The match whose events are followed: ours, or a server game's (0: none). */
    private long followed;
    private boolean paused;
    private boolean stepMode;
    private volatile Function<MatchJournal, CompletionStage<Long>> recorder;
    /** What the last recording said ("stored as game 12", or why not), shown after the result. */
    private String stored = "";

    /** @param storedChanged told (on the model's thread) when {@link #stored()} changed */
    PlayedMatch(Referee referee, EventBus events, Executor owner, ShownGame shown, Runnable storedChanged) {
        this.referee = referee;
        this.events = events;
        this.owner = owner;
        this.shown = shown;
        this.storedChanged = storedChanged;
    }

    /** See {@link MatchModel#recordWith}. */
    void recordWith(Function<MatchJournal, CompletionStage<Long>> recorder) {
        this.recorder = recorder;
    }

    /** What the last recording said, or {@code ""}. */
    String stored() {
        return stored;
    }

    void forgetStored() {
        stored = "";
    }

    /** The match played here, or {@code null}. */
    Match match() {
        return match;
    }

    /** The id of the game followed (played here or watched), or {@code 0}. */
    long followed() {
        return followed;
    }

    /** {@code true} while a game is played here or watched. */
    boolean any() {
        return match != null || followed != 0;
    }

    /**
     * Plays a match of {@code g} between {@code seats} here, followed from its first move.
     *
     * @param copy    {@code true} for the local copy of a server's game: played at the server's pace
     *                (continuous) and not stored
     * @param created told the match's id before it starts
     */
    void play(Game g, GameOptions options, PlayerSeat[] seats, HumanPlayer[] people, MatchSettings settings, boolean copy, LongConsumer created) {
        System.arraycopy(people, 0, humans, 0, 2);
        match = new Match(referee, g, options, seats[0], seats[1], settings, events);
        created.accept(match.id());
        if (!copy) {
            stored = "";
            storeWhenOver(match);
        }
        followed = match.id();
        shown.follow(match.journal());
        match.setMode(stepMode && !copy ? Match.Mode.STEP : Match.Mode.CONTINUOUS);
        paused = false;
        match.start();
    }

    /** Stores the game of {@code started} when it ends, and says so (or why not) after the result. */
    private void storeWhenOver(Match started) {
        Function<MatchJournal, CompletionStage<Long>> store = recorder;
        if (store == null) {
            return;
        }
        started.onGameResult(r -> {
            CompletionStage<Long> saved;
            try {
                saved = store.apply(started.journal());
            } catch (RuntimeException e) {
                saved = CompletableFuture.failedFuture(e);
            }
            saved.whenComplete((id, e) -> {
                Throwable why = e instanceof CompletionException && e.getCause() != null ? e.getCause() : e;
                String note = why == null ? "stored as game " + id : "not stored: " + why.getMessage();
                owner.execute(() -> {
                    stored = note;
                    storedChanged.run();
                });
            });
        });
    }

    /** Follows game {@code matchId} of someone else (the match played here ends). */
    void watch(long matchId) {
        if (match != null) {
            match.stop();
            match = null;
        }
        humans[0] = humans[1] = null;
        followed = matchId;
    }

    /** {@code true} unless the match played here is over. */
    boolean goesOn() {
        return match == null || !match.results().isDone();
    }

    /** Stops the match played here, if it goes on. */
    void stopIfGoesOn() {
        if (match != null && !match.results().isDone()) {
            match.stop();
        }
    }

    /** Stops the match played here (its game ends, stopped). */
    void stop() {
        if (match != null) {
            match.stop();
        }
    }

    /** Lets go of the match and the game followed (stopping the match). */
    void end() {
        followed = 0;
        humans[0] = humans[1] = null;
        if (match != null) {
            match.stop();
            match = null;
        }
    }

    /** Lets go of the match and the game followed, which are over. */
    void forget() {
        match = null;
        followed = 0;
        humans[0] = humans[1] = null;
    }

    /** {@code true} while the match played here goes on. */
    boolean running() {
        return match != null && !match.results().isDone();
    }

    /** Restarts the game of the match played here (it {@linkplain #running runs}) with {@code options}; returns what the status line says. */
    String restart(GameOptions options) {
        try {
            match.restart(options);
            return "restarted";
        } catch (IllegalArgumentException e) {
            return "cannot restart: " + e.getMessage();
        }
    }

    void step() {
        if (match != null) {
            match.step();
        }
    }

    boolean paused() {
        return paused;
    }

    /** Told by the match's events. */
    void paused(boolean paused) {
        this.paused = paused;
    }

    /** Pauses or resumes the match played here; {@code false} if there is none. */
    boolean togglePause() {
        if (match == null) {
            return false;
        }
        paused = !paused;
        if (paused) {
            match.pause();
        } else {
            match.resume();
        }
        return true;
    }

    boolean stepMode() {
        return stepMode;
    }

    void setStepMode(boolean step) {
        stepMode = step;
        if (match != null) {
            match.setMode(step ? Match.Mode.STEP : Match.Mode.CONTINUOUS);
        }
    }

    /** The side a person plays and must move now (while the live position is shown); else {@code null}. */
    Side clickable() {
        if (shown.replaying()) {
            return null;
        }
        for (int i = 0; i < 2; i++) {
            if (humans[i] != null && humans[i].waitingFor() != null) {
                return Side.of(i);
            }
        }
        return null;
    }

    /** A move made on the board; taken if a person is to move now. */
    void boardMove(Move move) {
        Side side = clickable();
        if (side != null) {
            humans[side.index()].offer(move);
        }
    }

    /**
     * A move typed in notation by the person to move.
     *
     * @return {@code null} if it was taken; otherwise why not, for the status line
     */
    String typedMove(String text) {
        Side side = clickable();
        if (side == null) {
            return "it is not a person's turn at this board";
        }
        GameState state = humans[side.index()].waitingFor();
        String typed = text.trim();
        try {
            Move move = state.parseMove(typed);
            String why = state.whyIllegal(move);
            if (why != null) {
                return typed + " is illegal: " + why;
            }
            humans[side.index()].offer(move);
            return null;
        } catch (IllegalMoveException e) {
            return typed + ": " + e.reason();
        }
    }
}
