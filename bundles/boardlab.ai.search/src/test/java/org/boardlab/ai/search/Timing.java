package org.boardlab.ai.search;

/**
 * Runs a deadline check up to five times. The machine that runs the tests may be shared: another
 * build, the JIT compiler or a garbage collection can stop the test thread for longer than the
 * player's safety margin, which is not the player's fault. A player that ignores the clock is late
 * in every attempt and still fails; an illegal move or any other failure fails at once.
 */
final class Timing {

    private static final int ATTEMPTS = 5;

    interface Check {
        void run() throws Exception;
    }

    private Timing() {
    }

    static void retryIfLate(Check check) throws Exception {
        for (int attempt = 1; ; attempt++) {
            try {
                check.run();
                return;
            } catch (AssertionError e) {
                boolean late = e.getMessage() != null && e.getMessage().contains(" ms allowed");
                if (!late || attempt == ATTEMPTS) {
                    throw e;
                }
                System.err.println("attempt " + attempt + " of " + ATTEMPTS + " was late (" + e.getMessage()
                        + "); trying again");
            }
        }
    }
}
