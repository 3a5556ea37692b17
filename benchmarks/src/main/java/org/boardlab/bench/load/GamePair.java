package org.boardlab.bench.load;

/**
 * Two clients that play each other, game after game: the inviter (black) and the invited (white).
 * It carries what crosses from one to the other inside this JVM: the send times of the moves whose
 * {@code SMOV} the opponent has not read yet, so the opponent can time each {@code SMOV}, and the
 * counts that give the lost moves.
 *
 * <p>Usually one move is in flight, but not always: when the opponent must pass, the mover reads
 * its own {@code SMOV} and the {@code SPASS} and may send its next move before the opponent has
 * read the first {@code SMOV}. So the send times are a first-in first-out queue: the server sends
 * the moves of a game in order, and the opponent reads them in that order. Thread-safe (the two
 * clients may run on different event loops).
 */
final class GamePair {

    /** More moves in flight than this would mean the opponent stopped reading: the oldest is then forgotten. */
    private static final int MAX_IN_FLIGHT = 64;

    final String inviter;
    final String invited;
    private final long[] sendTimes = new long[MAX_IN_FLIGHT];
    private int first;
    private int inFlight;
    private long sent;
    private long seen;
    private long refused;
    private boolean lastMoveAfterPass;
    private String lastMover = "nobody";
    private long lastSentAt;
    /** The inviter's last {@code SENDG} line, for the report of a pair with lost moves. */
    private String lastEnd = "none";
    private int games;

    GamePair(String inviter, String invited) {
        this.inviter = inviter;
        this.invited = invited;
    }

    /**
     * {@code mover} writes a move now.
     *
     * @param nanos     {@link System#nanoTime()} right before the write
     * @param afterPass the move answers an {@code SPASS} (the opponent had no move)
     */
    synchronized void moveSent(String mover, long nanos, boolean afterPass) {
        if (inFlight == MAX_IN_FLIGHT) {
            first = (first + 1) % MAX_IN_FLIGHT;
            inFlight--;
        }
        sendTimes[(first + inFlight) % MAX_IN_FLIGHT] = nanos;
        inFlight++;
        sent++;
        lastMover = mover;
        lastSentAt = nanos;
        lastMoveAfterPass = afterPass;
    }

    /**
     * The opponent of the mover read the {@code SMOV} of the oldest move in flight.
     *
     * @return the send time of that move, or {@code -1} if no move was in flight (the server sent
     *         an {@code SMOV} for a move nobody sent)
     */
    synchronized long moveSeen() {
        seen++;
        if (inFlight == 0) {
            return -1;
        }
        long at = sendTimes[first];
        first = (first + 1) % MAX_IN_FLIGHT;
        inFlight--;
        return at;
    }

    /**
     * The server answered the latest move with {@code SMOVERR}, or forfeited the game for it
     * ({@code SENDG~...~OUTOFTURN}): no {@code SMOV} will come for it.
     */
    synchronized void moveRefused() {
        refused++;
        if (inFlight > 0) {
            inFlight--;
        }
    }

    /** {@code true} if the latest move answered an {@code SPASS}. */
    synchronized boolean lastMoveAfterPass() {
        return lastMoveAfterPass;
    }

    /** Moves sent whose {@code SMOV} has not reached the opponent and that were not refused or forfeited. */
    synchronized long unanswered() {
        return sent - seen - refused;
    }

    /** The inviter starts a game. */
    synchronized void gameStarted() {
        games++;
    }

    /** The inviter read the end of a game. */
    synchronized void gameEnded(String line) {
        lastEnd = line;
    }

    @Override
    public synchronized String toString() {
        return inviter + " vs " + invited + ": " + sent + " moves sent, " + seen + " seen by the opponent, " + refused
                + " refused or forfeited; game " + games + ", last move " + (sent == 0 ? "none"
                : (System.nanoTime() - lastSentAt) / 1_000_000 + " ms ago by " + lastMover
                + (lastMoveAfterPass ? " (after SPASS)" : "")) + ", last end " + lastEnd;
    }
}
