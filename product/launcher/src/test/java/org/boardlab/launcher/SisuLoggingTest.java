package org.boardlab.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.felix.framework.Felix;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.namespace.PackageNamespace;
import org.osgi.framework.wiring.BundleWiring;
import org.osgi.framework.wiring.FrameworkWiring;

/**
 * The resolver hook that keeps Sisu off SLF4J (a start-up cost of every command since the product
 * carries Jetty: SLF4J's classes are woven by SPI Fly as they load), in a real Felix with bundles
 * that import and export what the product's do: Sisu's optional import of {@code org.slf4j} stays
 * unwired, while any other bundle's import of it (Jetty's, CometD's) is wired as before.
 */
class SisuLoggingTest {

    @TempDir
    Path dir;

    @Test
    void sisuIsNotWiredToSlf4jButOtherBundlesAre() throws Exception {
        Map<String, List<String>> wired = resolve(true);
        assertThat(wired.get(SisuLogging.SISU)).as("Sisu's package wires").contains("org.boardlab.test.api").doesNotContain("org.slf4j",
                "org.slf4j.spi");
        assertThat(wired.get("test.jetty")).as("another bundle's optional import of SLF4J").contains("org.slf4j");
    }

    @Test
    void withoutTheHookSisuWouldBeWiredToSlf4j() throws Exception {
        // the situation the hook changes: Felix wires an optional import whenever an exporter is installed
        Map<String, List<String>> wired = resolve(false);
        assertThat(wired.get(SisuLogging.SISU)).contains("org.slf4j", "org.boardlab.test.api");
    }

    /** Installs the four bundles into a new Felix, resolves them, and gives each bundle's wired packages. */
    private Map<String, List<String>> resolve(boolean hook) throws Exception {
        Felix felix = new Felix(Map.of(Constants.FRAMEWORK_STORAGE, dir.resolve(hook ? "with" : "without").toString(),
                Constants.FRAMEWORK_STORAGE_CLEAN, Constants.FRAMEWORK_STORAGE_CLEAN_ONFIRSTINIT));
        felix.init();
        try {
            BundleContext context = felix.getBundleContext();
            if (hook) {
                SisuLogging.install(context);
            }
            Bundle api = TestBundles.install(context, "test.api", Map.of(Constants.EXPORT_PACKAGE, "org.boardlab.test.api;version=1.0"));
            Bundle slf4j = TestBundles.install(context, "slf4j.api", Map.of(Constants.EXPORT_PACKAGE, "org.slf4j;version=2.0.17,org.slf4j.spi;version=2.0.17"));
            Bundle sisu = TestBundles.install(context, SisuLogging.SISU, Map.of(Constants.IMPORT_PACKAGE,
                    "org.boardlab.test.api,org.slf4j;resolution:=optional,org.slf4j.spi;resolution:=optional"));
            Bundle jetty = TestBundles.install(context, "test.jetty", Map.of(Constants.IMPORT_PACKAGE, "org.slf4j;resolution:=optional"));
            felix.start();
            assertThat(felix.adapt(FrameworkWiring.class).resolveBundles(List.of(api, slf4j, sisu, jetty))).as("all resolved").isTrue();
            return Map.of(SisuLogging.SISU, packages(sisu), "test.jetty", packages(jetty));
        } finally {
            felix.stop();
            felix.waitForStop(10_000);
        }
    }

    private static List<String> packages(Bundle b) {
        return b.adapt(BundleWiring.class).getRequiredWires(PackageNamespace.PACKAGE_NAMESPACE).stream()
                .map(w -> (String) w.getCapability().getAttributes().get(PackageNamespace.PACKAGE_NAMESPACE)).toList();
    }
}
