package org.boardlab.itest;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
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
 * totals so that people and CI can read them. The failures are named once more under the totals: a CI that keeps
 * only the end of the output (the stack traces push the early ones out of it) still says which test failed.
 */
public final class TestReport implements BundleActivator, TestExecutionListener {

    private final AtomicLong run = new AtomicLong();
    private final AtomicLong failures = new AtomicLong();
    private final AtomicLong errors = new AtomicLong();
    private final AtomicLong skipped = new AtomicLong();
    private final Map<String, Long> started = new ConcurrentHashMap<>();
    private final List<String> failed = new CopyOnWriteArrayList<>();

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
            // a class's @BeforeAll or @AfterAll that fails fails the class, not a test: say so too
            result.getThrowable().filter(t -> result.getStatus() == TestExecutionResult.Status.FAILED).ifPresent(t -> {
                System.out.println("[itest] FAILED: " + test.getDisplayName() + " (before or after its tests): " + t);
                failed.add(test.getDisplayName() + " (before or after its tests): " + oneLine(t));
                t.printStackTrace(System.out);
            });
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
                failed.add(test.getDisplayName() + took + ": " + oneLine(t));
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
        for (String f : failed) {
            System.out.println("[itest] failed: " + f);
        }
        System.out.flush();
    }

    /** The failure's class and its message on one line (its first 400 characters), and where the test threw it. */
    private static String oneLine(Throwable t) {
        if (t == null) {
            return "(no exception)";
        }
        String message = String.valueOf(t.getMessage()).strip().replaceAll("\\s+", " ");
        String text = t.getClass().getSimpleName() + ": "
                + (message.length() <= 400 ? message : message.substring(0, 400) + " ...");
        for (StackTraceElement e : t.getStackTrace()) {
            if (e.getClassName().startsWith("org.boardlab.itest.")) {
                return text + " at " + e.getFileName() + ":" + e.getLineNumber();
            }
        }
        return text;
    }
}
