package org.boardlab.server.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * How failed accepts are told, on a clock and a timer the test turns: once, then at most a line a minute, and once
 * when a client is accepted again. (That a real server out of files gets here, pauses and accepts again:
 * {@code org.boardlab.server.FileLimitTest}.)
 */
class AcceptErrorsTest {

    private static final String OUT_OF_FILES = "cannot accept new clients on 127.0.0.1:20000: the server has as many files open "
            + "as its limit allows (20000, ulimit -n), and each client takes one. New clients wait in the port's queue and are "
            + "accepted as others leave; accepting is tried again every second. To serve more clients at once, start the "
            + "server with a higher limit (ulimit -n N; at most 40000 without root) or let fewer clients connect (serve's "
            + "--max-clients).";

    private final List<String> log = new ArrayList<>();
    private final AtomicLong now = new AtomicLong(TimeUnit.HOURS.toNanos(5));
    /** The timer's tasks: when each is due, and the task. */
    private final List<Object[]> timer = new ArrayList<>();
    private final InetSocketAddress port = new InetSocketAddress("127.0.0.1", 20000);
    private final IOException emfile = new IOException("Too many open files");

    private AcceptErrors errors(long soft, long hard) {
        return new AcceptErrors(log::add, now::get, (task, nanos) -> timer.add(new Object[] {now.get() + nanos, task}), soft, hard);
    }

    private void seconds(int s) {
        now.addAndGet(TimeUnit.SECONDS.toNanos(s));
        for (Object[] t : List.copyOf(timer)) {
            if ((long) t[0] <= now.get()) {
                timer.remove(t);
                ((Runnable) t[1]).run();
            }
        }
    }

    @Test
    void outOfFilesIsOneLineWithTheLimitAndWhatToDoAndOneWhenAcceptingWorksAgain() {
        AcceptErrors errors = errors(20000, 40000);
        errors.failed(port, emfile);
        assertThat(log).containsExactly(OUT_OF_FILES);
        for (int i = 0; i < 3; i++) {
            seconds(1); // Netty's acceptor tries again a second later
            errors.failed(port, emfile);
        }
        assertThat(log).as("four failed accepts").hasSize(1);
        assertThat(errors.failing()).isTrue();
        errors.accepted();
        errors.accepted();
        assertThat(log).containsExactly(OUT_OF_FILES, "accepting new clients again, after 3 more failed accepts");
        assertThat(errors.failing()).isFalse();
        seconds(120);
        assertThat(log).as("nothing left to tell").hasSize(2);
    }

    @Test
    void failingForMinutesIsALineAMinuteWithTheCount() {
        AcceptErrors errors = errors(20000, 40000);
        errors.failed(port, emfile);
        for (int i = 0; i < 150; i++) {
            seconds(1);
            errors.failed(new InetSocketAddress("127.0.0.1", 20001), emfile);
        }
        assertThat(log).hasSize(3);
        assertThat(log.get(1)).isEqualTo("cannot accept new clients on 127.0.0.1:20001 (59 more failed accepts since the last "
                + "line about them)" + OUT_OF_FILES.substring(OUT_OF_FILES.indexOf(": the server has")));
        assertThat(log.get(2)).startsWith("cannot accept new clients on 127.0.0.1:20001 (59 more failed accepts since");
        errors.accepted();
        assertThat(log.get(3)).isEqualTo("accepting new clients again, after 30 more failed accepts");
    }

    /** A client leaves, one is accepted, the next accept fails, again and again: two lines a minute at most. */
    @Test
    void aServerAtItsLimitWritesAtMostTwoLinesAMinuteAndTheCountIsToldWhenTheMinuteIsOver() {
        AcceptErrors errors = errors(20000, 40000);
        for (int i = 0; i < 50; i++) {
            errors.failed(port, emfile);
            seconds(1);
            errors.accepted();
        }
        assertThat(log).containsExactly(OUT_OF_FILES, "accepting new clients again");
        seconds(10);
        assertThat(log).hasSize(3);
        assertThat(log.get(2)).isEqualTo("49 more failed accepts since the last line about them; accepting new clients works again");
        seconds(120);
        assertThat(log).hasSize(3);
    }

    @Test
    void otherFailuresAndUnknownLimitsAreSaidAsTheyAre() {
        errors(-1, -1).failed(port, emfile);
        assertThat(log.get(0)).contains("as many files open as its limit allows, and each client takes one")
                .contains("a higher limit (ulimit -n N)");
        AcceptErrors other = errors(1024, 1024);
        other.failed(port, new IOException("Software caused connection abort"));
        assertThat(log.get(1)).isEqualTo("cannot accept new clients on 127.0.0.1:20000: Software caused connection abort; "
                + "accepting is tried again every second.");
        other.failed(port, new IllegalStateException());
        assertThat(log).hasSize(2);
    }
}
