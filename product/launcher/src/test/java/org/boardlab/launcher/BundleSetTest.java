package org.boardlab.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;

/**
 * Which bundles a command's framework keeps in its cache, judged by Felix's own resolver on bundles
 * that import and export what the product's do: a {@code match} keeps boardlab's bundles and the
 * libraries they are wired to, but not the protocols, CometD and Jetty (only the Dots protocol
 * uses them), SWT, the views, the shell, or a library only an optional import would use; {@code list}
 * keeps the protocols and what they use, and still no SWT.
 */
class BundleSetTest {

    @RegisterExtension
    final TestFramework framework = new TestFramework();

    @BeforeEach
    void install() throws Exception {
        BundleContext context = framework.context();
        Map<String, Map<String, String>> bundles = new LinkedHashMap<>();
        bundles.put("boardlab.api", Map.of(Constants.EXPORT_PACKAGE, "org.boardlab.api"));
        bundles.put("boardlab.core", Map.of(Constants.EXPORT_PACKAGE, "org.boardlab.core", Constants.IMPORT_PACKAGE,
                "org.boardlab.api,com.google.inject", Constants.BUNDLE_ACTIVATOR, "org.boardlab.core.internal.CoreActivator"));
        bundles.put("com.google.inject", Map.of(Constants.EXPORT_PACKAGE, "com.google.inject"));
        bundles.put("boardlab.cli", Map.of(Constants.IMPORT_PACKAGE,
                "org.boardlab.core,org.boardlab.server,picocli,org.apache.felix.service.command;resolution:=optional"));
        bundles.put("picocli", Map.of(Constants.EXPORT_PACKAGE, "picocli"));
        bundles.put("boardlab.server", Map.of(Constants.EXPORT_PACKAGE, "org.boardlab.server", Constants.IMPORT_PACKAGE, "io.netty.channel"));
        bundles.put("io.netty.transport", Map.of(Constants.EXPORT_PACKAGE, "io.netty.channel", Constants.IMPORT_PACKAGE,
                "org.slf4j;resolution:=optional"));
        bundles.put("io.netty.transport.fragment", Map.of(Constants.FRAGMENT_HOST, "io.netty.transport"));
        bundles.put("slf4j.api", Map.of(Constants.EXPORT_PACKAGE, "org.slf4j"));
        bundles.put("boardlab.store", Map.of(Constants.IMPORT_PACKAGE, "org.h2.jdbcx"));
        bundles.put("com.h2database", Map.of(Constants.EXPORT_PACKAGE, "org.h2.jdbcx", Constants.BUNDLE_ACTIVATOR, "org.h2.util.DbDriverActivator",
                Constants.IMPORT_PACKAGE, "jakarta.servlet;resolution:=optional"));
        bundles.put("jakarta.servlet-api", Map.of(Constants.EXPORT_PACKAGE, "jakarta.servlet"));
        bundles.put("boardlab.protocol.dots", Map.of(Constants.IMPORT_PACKAGE, "org.boardlab.server,org.cometd.bayeux,org.eclipse.jetty.client"));
        // Jetty's HTTP client loads its compression through an optional import; the gzip provider is a
        // service-loader provider (a root): without it, `client dots` and `conform dots` failed with
        // NoClassDefFoundError: org/eclipse/jetty/compression/Compression
        bundles.put("org.eclipse.jetty.client", Map.of(Constants.EXPORT_PACKAGE, "org.eclipse.jetty.client", Constants.IMPORT_PACKAGE,
                "org.eclipse.jetty.util,org.eclipse.jetty.compression;resolution:=optional"));
        bundles.put("org.eclipse.jetty.compression.common", Map.of(Constants.EXPORT_PACKAGE, "org.eclipse.jetty.compression"));
        bundles.put("org.eclipse.jetty.compression.gzip", Map.of(Constants.IMPORT_PACKAGE, "org.eclipse.jetty.compression",
                Constants.PROVIDE_CAPABILITY, "osgi.serviceloader;osgi.serviceloader=\"org.eclipse.jetty.compression.Compression\""));
        bundles.put("cometd-java-api-common", Map.of(Constants.EXPORT_PACKAGE, "org.cometd.bayeux", Constants.IMPORT_PACKAGE,
                "org.eclipse.jetty.util"));
        bundles.put("org.eclipse.jetty.util", Map.of(Constants.EXPORT_PACKAGE, "org.eclipse.jetty.util"));
        bundles.put("org.apache.felix.fileinstall", Map.of(Constants.BUNDLE_ACTIVATOR, "org.apache.felix.fileinstall.internal.FileInstall"));
        bundles.put("org.apache.felix.gogo.runtime", Map.of(Constants.EXPORT_PACKAGE, "org.apache.felix.service.command",
                Constants.BUNDLE_ACTIVATOR, "org.apache.felix.gogo.runtime.activator.Activator"));
        bundles.put("org.apache.aries.spifly.dynamic.bundle", Map.of(Constants.IMPORT_PACKAGE, "org.objectweb.asm",
                Constants.BUNDLE_ACTIVATOR, "org.apache.aries.spifly.dynamic.DynamicWeavingActivator"));
        bundles.put("org.objectweb.asm", Map.of(Constants.EXPORT_PACKAGE, "org.objectweb.asm"));
        bundles.put("slf4j.jdk14", Map.of(Constants.IMPORT_PACKAGE, "org.slf4j", Constants.PROVIDE_CAPABILITY,
                "osgi.serviceloader;osgi.serviceloader=\"org.slf4j.spi.SLF4JServiceProvider\""));
        bundles.put("org.eclipse.swt", Map.of(Constants.EXPORT_PACKAGE, "org.eclipse.swt.widgets"));
        bundles.put("org.eclipse.swt.gtk.linux.x86_64", Map.of(Constants.FRAGMENT_HOST, "org.eclipse.swt"));
        bundles.put("boardlab.workbench", Map.of(Constants.IMPORT_PACKAGE, "org.boardlab.server,org.eclipse.swt.widgets",
                Constants.BUNDLE_ACTIVATOR, "org.boardlab.workbench.internal.WorkbenchActivator"));
        bundles.put("boardlab.game.othello.ui", Map.of(Constants.IMPORT_PACKAGE, "org.eclipse.swt.widgets"));
        bundles.put("com.example.unused", Map.of(Constants.EXPORT_PACKAGE, "com.example.unused"));
        for (Map.Entry<String, Map<String, String>> b : bundles.entrySet()) {
            TestBundles.install(context, b.getKey(), b.getValue());
        }
    }

    @Test
    void aMatchKeepsBoardlabsBundlesAndTheLibrariesTheyAreWiredToButNoProtocolNoCometDNoSwtAndNoShell() {
        assertThat(Main.Mode.of(new String[] {"match", "tictactoe", "random", "random"}).profile()).isEqualTo("offline");
        assertThat(needed("match", "tictactoe", "random", "random")).containsExactlyInAnyOrder("boardlab.api", "boardlab.core",
                "com.google.inject", "boardlab.cli", "picocli", "boardlab.server", "io.netty.transport", "io.netty.transport.fragment",
                "boardlab.store", "com.h2database", "org.apache.felix.fileinstall");
    }

    @Test
    void listKeepsTheProtocolsAndWhatTheyUseAndTheNetworksLoggingButNoSwtAndNoShell() {
        assertThat(Main.Mode.of(new String[] {"list"}).profile()).isEqualTo("headless");
        assertThat(needed("list")).containsExactlyInAnyOrder("boardlab.api", "boardlab.core", "com.google.inject", "boardlab.cli", "picocli",
                "boardlab.server", "io.netty.transport", "io.netty.transport.fragment", "boardlab.store", "com.h2database",
                "org.apache.felix.fileinstall", "boardlab.protocol.dots", "cometd-java-api-common", "org.eclipse.jetty.util",
                "org.eclipse.jetty.client", "org.eclipse.jetty.compression.common", "org.eclipse.jetty.compression.gzip",
                "org.apache.aries.spifly.dynamic.bundle", "org.objectweb.asm", "slf4j.jdk14", "slf4j.api");
    }

    @Test
    void theShellWhenAskedForAndEveryBundleForTheWorkbench() {
        assertThat(Main.Mode.of(new String[] {"match", "--console"}).profile()).isEqualTo("offline-console");
        assertThat(needed("match", "--console")).contains("org.apache.felix.gogo.runtime", "boardlab.cli").doesNotContain("org.eclipse.swt");
        assertThat(Main.Mode.of(new String[0]).profile()).isEqualTo(FrameworkCache.ALL);
        assertThat(Main.Mode.of(new String[] {"workbench"}).profile()).isEqualTo(FrameworkCache.ALL);
        assertThat(Main.Mode.of(new String[] {"match", "--help"}).profile()).isEqualTo("headless");
    }

    private List<String> needed(String... args) {
        return BundleSet.needed(framework.context(), Main.Mode.of(args)).stream().map(Bundle::getSymbolicName).toList();
    }
}
