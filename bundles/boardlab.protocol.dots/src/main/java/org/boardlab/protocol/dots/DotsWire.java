package org.boardlab.protocol.dots;

import java.time.Duration;

/**
 * The names, sizes and time rules of seed 002's web protocol, shared by the server, the clients and the
 * tests. Every error a client gets from the Bayeux side reads {@code <code>::<text>} (for example
 * {@code 406::Point is busy}), as the original server's errors do.
 */
public final class DotsWire {

    /** The Bayeux endpoint's path (long-polling POSTs and the WebSocket upgrade). */
    public static final String BAYEUX_PATH = "/game";

    /** The lobby's channel. */
    public static final String QUEUE_CHANNEL = "/game/queue";

    /** The prefix of a game's channel; the rest is 10 lowercase hex digits (40 random bits). */
    public static final String GAME_CHANNEL_PREFIX = "/game/";

    /** The board of the seed: 39 points wide (the wire's {@code y}), 32 high (the wire's {@code x}). */
    public static final int WIDTH = 39;
    public static final int HEIGHT = 32;

    /** The shortest password the server takes. */
    public static final int MIN_PASSWORD = 6;

    /** The longest name the server takes. */
    public static final int MAX_NAME = 32;

    public static final String AUTH_REQUIRED = "403::Authentication required";
    public static final String BAD_REQUEST = "400::Bad request";
    public static final String NOT_ALLOWED = "406::Not allowed";
    public static final String ALREADY_EXISTS = "406::Already exists";
    public static final String POINT_BUSY = "406::Point is busy";
    public static final String GAME_NOT_FOUND = "404::Game not found";
    public static final String UNKNOWN_CHANNEL = "404::Unknown channel";
    public static final String TOO_MANY = "429::Too many messages";

    private DotsWire() {
    }

    /**
     * The server's clocks. The seed's values are {@link #SEED}; tests use shorter ones.
     *
     * @param silence      a player silent this long (no heartbeat, no message) leaves the lobby, or loses his game once
     *                     he has reached it (sent it a first message: his subscription to its channel counts)
     * @param reach        how long from a game's start a player may take to reach it (boardlab's rule: a class told
     *                     "start now" makes a busy server, and the seed's page makes three round trips between its
     *                     {@code newgame} and its first message on the game's channel); one who has not reached it by then
     *                     loses it. At least {@code silence}
     * @param requestLife  how long an invitation or an offer stands, and how long a user waits before the next one
     * @param sweepEvery   how often the server looks for silent players and old requests
     * @param tokenLife    how long a login token is good for after its last use
     */
    public record Timers(Duration silence, Duration reach, Duration requestLife, Duration sweepEvery, Duration tokenLife) {

        /** boardlab's reach time: 30 s from a game's start, as long as the seed's page may need on a busy server. */
        public static final Duration REACH = Duration.ofSeconds(30);

        /** Seed 002: 10 s of silence, 15 s requests, a look every second, tokens good for 24 h; boardlab's 30 s to reach a game. */
        public static final Timers SEED = new Timers(Duration.ofSeconds(10), REACH, Duration.ofSeconds(15), Duration.ofSeconds(1),
                Duration.ofHours(24));

        /**
         * @throws IllegalArgumentException if a time is not positive, or {@code reach} is shorter than {@code silence}
         */
        public Timers {
            for (Duration d : new Duration[] {silence, reach, requestLife, sweepEvery, tokenLife}) {
                if (d.isNegative() || d.isZero()) {
                    throw new IllegalArgumentException("every time rule must be positive, not " + d);
                }
            }
            if (reach.compareTo(silence) < 0) {
                throw new IllegalArgumentException("the time to reach a game (" + reach.toMillis() / 1000.0
                        + " s) must be at least the silence limit (" + silence.toMillis() / 1000.0 + " s)");
            }
        }

        /** The clocks with the reach time {@link #REACH}, or {@code silence} if that is longer. */
        public Timers(Duration silence, Duration requestLife, Duration sweepEvery, Duration tokenLife) {
            this(silence, silence.compareTo(REACH) > 0 ? silence : REACH, requestLife, sweepEvery, tokenLife);
        }
    }
}
