package org.boardlab.conform.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.boardlab.conform.Check;
import org.boardlab.conform.CheckResult;
import org.boardlab.conform.ConformanceKit;
import org.boardlab.conform.ConformanceRunner;
import org.boardlab.conform.KitSettings;
import org.boardlab.conform.Report;
import org.boardlab.conform.Reports;
import org.boardlab.conform.Scenario;

/**
 * What every kit's test does: run the server kit against a real server (or a relay in front of it),
 * run the client kit with a real client (through a relay if given), and assert that a run passed,
 * or that exactly one check failed with the frames that show it, and that every check has a broken
 * component that makes it fail.
 */
public final class KitHarness {

    private KitHarness() {
    }

    /**
     * How the kits' tests run a kit: {@code --fast}, the component's time per move, 3 s for an answer,
     * 10 s for a client to connect.
     */
    public static KitSettings settings(Duration moveTime) {
        return KitSettings.defaults().withFast(true).withMoveTime(moveTime).withAnswerTime(Duration.ofSeconds(3))
                .withClientWait(Duration.ofSeconds(10));
    }

    /**
     * A client under test run as a student's script runs one in a loop: a new connection each time
     * the last one closed, at most {@code times} in all; closing it ends the loop and the connection.
     */
    public static final class Looping implements AutoCloseable {

        /** Makes one connection's client, hands it to {@code made} before it connects, and connects it. */
        @FunctionalInterface
        public interface Connection {
            void open(Runnable closed, Consumer<AutoCloseable> made) throws Exception;
        }

        private final int times;
        private final Connection connection;
        private final AtomicInteger count = new AtomicInteger();
        private final AtomicReference<AutoCloseable> current = new AtomicReference<>();
        private volatile boolean closing;

        public Looping(int times, Connection connection) {
            this.times = times;
            this.connection = connection;
        }

        /** Opens the next connection (called again when it closes). */
        public Looping start() {
            if (closing || count.incrementAndGet() > times) {
                return this;
            }
            try {
                connection.open(this::start, current::set);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
            return this;
        }

        @Override
        public void close() throws Exception {
            closing = true;
            AutoCloseable c = current.get();
            if (c != null) {
                c.close();
            }
        }
    }

    /** Starts the client under test against {@code port}; what it returns is closed after the run. */
    @FunctionalInterface
    public interface ClientUnderTest {
        AutoCloseable start(int port) throws Exception;
    }

    /** The server kit against {@code 127.0.0.1} on {@code ports}; the summary is printed. */
    public static Report runServer(ConformanceKit kit, List<Integer> ports, KitSettings settings, Predicate<String> only) {
        Report r = ConformanceRunner.runServer(kit, "127.0.0.1", ports, settings, only, new ConformanceRunner.Listener() { });
        System.out.println("[conform] " + Reports.summary(r));
        return r;
    }

    /** {@link #runServer(ConformanceKit, List, KitSettings, Predicate)} on one port. */
    public static Report runServer(ConformanceKit kit, int port, KitSettings settings, Predicate<String> only) {
        return runServer(kit, List.of(port), settings, only);
    }

    /**
     * The client kit, listening on a free loopback port: when it listens, the client under test is
     * started against it, through a {@link MutatingRelay} with {@code mutation} unless that is
     * {@code null}; the client and the relay are closed after the run. The summary is printed.
     */
    public static Report runClient(ConformanceKit kit, KitSettings settings, MutatingRelay.Mutation mutation, ClientUnderTest client)
            throws Exception {
        List<AutoCloseable> open = new ArrayList<>();
        try {
            Report r = ConformanceRunner.runClient(kit, null, 0, settings, s -> true, new ConformanceRunner.Listener() {
                @Override
                public void listening(int port) {
                    try {
                        int target = port;
                        if (mutation != null) {
                            MutatingRelay relay = new MutatingRelay("127.0.0.1", port, kit.codec(), mutation);
                            open.add(relay);
                            target = relay.port();
                        }
                        open.add(0, client.start(target));
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                }
            });
            System.out.println("[conform] " + Reports.summary(r));
            return r;
        } finally {
            for (AutoCloseable c : open) {
                c.close();
            }
        }
    }

    /** The run failed nothing, and every check but those named passed (the others were not reached: skipped). */
    public static void assertPassed(Report r, String... notPassed) {
        assertThat(r.failed()).as(Reports.failures(r)).isFalse();
        List<String> not = r.results().stream().flatMap(s -> s.checks().stream()).filter(c -> c.outcome() != CheckResult.Outcome.PASSED)
                .map(c -> c.check().id()).toList();
        assertThat(not).as(Reports.failures(r)).containsExactlyInAnyOrder(notPassed);
    }

    /**
     * Exactly {@code check} failed (besides {@code setup}, which scenarios that need the broken rule
     * to get going report), no scenario ended in error, and the failure shows its frames.
     */
    public static void assertExactly(Report r, Check check, Check setup) {
        String why = Reports.failures(r);
        List<String> failed = r.failedChecks().stream().map(c -> c.check().id()).distinct().toList();
        assertThat(failed).as(why).contains(check.id());
        assertThat(failed).as(why).isSubsetOf(check.id(), setup.id());
        assertThat(r.results()).as(why).noneMatch(s -> s.status() == Report.Status.ERROR);
        CheckResult failure = r.failedChecks().stream().filter(c -> c.check().equals(check)).findFirst().orElseThrow();
        assertThat(failure.evidence()).as("the frames that show it: " + why).isNotEmpty();
        assertThat(why).contains(">> #" + failure.evidence().get(0));
    }

    /** Every check of {@code scenarios} but {@code setup} has a broken component in {@code broken}, and no other check has. */
    public static void assertEveryCheckBroken(Stream<Check> broken, List<Scenario> scenarios, Check setup) {
        Set<String> ids = new HashSet<>(broken.map(Check::id).toList());
        Set<String> all = new HashSet<>();
        scenarios.forEach(s -> s.checks().forEach(c -> all.add(c.id())));
        all.remove(setup.id());
        assertThat(ids).containsExactlyInAnyOrderElementsOf(all);
    }
}
