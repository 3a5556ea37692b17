package org.boardlab.itest;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;
import org.osgi.framework.BundleActivator;
import org.osgi.framework.BundleContext;

/**
 * The bnd tester prints only an error count; this listener, registered as a service the tester
 * picks up, prints each test's outcome with the seconds it took, each failure, and Surefire-style
 * totals so that people and CI can read them.
 */
public final class TestReport implements BundleActivator, TestExecutionListener {

    private final AtomicLong run = new AtomicLong();
    private final AtomicLong failures = new AtomicLong();
    private final AtomicLong errors = new AtomicLong();
    private final AtomicLong skipped = new AtomicLong();
    private final Map<String, Long> started = new ConcurrentHashMap<>();

    @Override
    public void start(BundleContext context) {
        context.registerService(TestExecutionListener.class, this, null);
    }

    @Override
    public void stop(BundleContext context) {
        // the registration goes with the bundle
    }

    @Override
    public void executionSkipped(TestIdentifier test, String reason) {
        if (test.isTest()) {
            skipped.incrementAndGet();
        }
    }

    @Override
    public void executionStarted(TestIdentifier test) {
        if (test.isTest()) {
            started.put(test.getUniqueId(), System.nanoTime());
        }
    }

    @Override
    public void executionFinished(TestIdentifier test, TestExecutionResult result) {
        if (!test.isTest()) {
            return;
        }
        run.incrementAndGet();
        Long start = started.remove(test.getUniqueId());
        String took = start == null ? "" : String.format(" (%.1f s)", (System.nanoTime() - start) / 1e9);
        switch (result.getStatus()) {
            case SUCCESSFUL -> System.out.println("[itest] passed: " + test.getDisplayName() + took);
            case FAILED -> {
                Throwable t = result.getThrowable().orElse(null);
                if (t instanceof AssertionError) {
                    failures.incrementAndGet();
                } else {
                    errors.incrementAndGet();
                }
                System.out.println("[itest] FAILED: " + test.getDisplayName() + took + ": " + t);
                if (t != null) {
                    t.printStackTrace(System.out);
                }
            }
            case ABORTED -> {
                skipped.incrementAndGet();
                System.out.println("[itest] aborted: " + test.getDisplayName());
            }
        }
    }

    @Override
    public void testPlanExecutionFinished(TestPlan plan) {
        System.out.printf("Tests run: %d, Failures: %d, Errors: %d, Skipped: %d (in-framework tests, boardlab.itest)%n",
                run.get(), failures.get(), errors.get(), skipped.get());
        System.out.flush();
    }
}
