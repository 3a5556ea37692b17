package org.boardlab.conform;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * How a kit runs.
 *
 * @param fast       shorten what the kit waits for by itself, and run the scenarios that wait for the
 *                   component's own time limits only when those limits are given here
 * @param moveTime   the time per move the component under test was started with (a server's limit),
 *                   empty for the protocol's default
 * @param idleTime   the silence after which the component closes a connection, empty for the
 *                   protocol's default
 * @param answerTime how long to wait for an answer that must come
 * @param clientWait how long a client kit waits for the client under test to connect
 */
public record KitSettings(boolean fast, Optional<Duration> moveTime, Optional<Duration> idleTime, Duration answerTime, Duration clientWait) {

    /** Checks the values. */
    public KitSettings {
        Objects.requireNonNull(moveTime, "moveTime");
        Objects.requireNonNull(idleTime, "idleTime");
        Objects.requireNonNull(answerTime, "answerTime");
        Objects.requireNonNull(clientWait, "clientWait");
    }

    /** Not fast, the protocol's own limits, 5 s for an answer, 120 s for a client to connect. */
    public static KitSettings defaults() {
        return new KitSettings(false, Optional.empty(), Optional.empty(), Duration.ofSeconds(5), Duration.ofSeconds(120));
    }

    /** With {@code --fast}. */
    public KitSettings withFast(boolean f) {
        return new KitSettings(f, moveTime, idleTime, answerTime, clientWait);
    }

    /** With the component's time per move. */
    public KitSettings withMoveTime(Duration d) {
        return new KitSettings(fast, Optional.ofNullable(d), idleTime, answerTime, clientWait);
    }

    /** With the component's silence limit. */
    public KitSettings withIdleTime(Duration d) {
        return new KitSettings(fast, moveTime, Optional.ofNullable(d), answerTime, clientWait);
    }

    /** With how long to wait for an answer. */
    public KitSettings withAnswerTime(Duration d) {
        return new KitSettings(fast, moveTime, idleTime, d, clientWait);
    }

    /** With how long to wait for a client to connect. */
    public KitSettings withClientWait(Duration d) {
        return new KitSettings(fast, moveTime, idleTime, answerTime, d);
    }

    /**
     * How long the kit watches for something that must not come (a frame after a refusal, a move
     * out of turn): 1.5 s, or 0.4 s with {@code --fast}.
     */
    public Duration quiet() {
        return fast ? Duration.ofMillis(400) : Duration.ofMillis(1500);
    }
}
