package org.boardlab.launcher;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.felix.framework.Felix;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;

/**
 * A real Felix for one test of the launcher, in which the test installs {@link TestBundles}: made
 * and initialised (not started) on a folder of its own before each test (before the test class's
 * own {@code @BeforeEach}), stopped and its folder deleted after it. Registered as a field:
 * {@code @RegisterExtension final TestFramework framework = new TestFramework();}
 */
final class TestFramework implements BeforeEachCallback, AfterEachCallback {

    private Path dir;
    private Felix felix;

    @Override
    public void beforeEach(ExtensionContext context) throws Exception {
        dir = Files.createTempDirectory("boardlab-launcher-test-");
        felix = new Felix(Map.of(Constants.FRAMEWORK_STORAGE, dir.toString(), Constants.FRAMEWORK_STORAGE_CLEAN,
                Constants.FRAMEWORK_STORAGE_CLEAN_ONFIRSTINIT));
        felix.init();
    }

    @Override
    public void afterEach(ExtensionContext context) throws Exception {
        try {
            felix.stop();
            felix.waitForStop(10_000);
        } finally {
            delete(dir);
        }
    }

    /** The framework, initialised; a test may start it. */
    Felix felix() {
        return felix;
    }

    /** The system bundle's context. */
    BundleContext context() {
        return felix.getBundleContext();
    }

    private static void delete(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
