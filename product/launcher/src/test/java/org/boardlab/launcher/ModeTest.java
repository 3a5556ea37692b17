package org.boardlab.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.felix.framework.Felix;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;

/**
 * Which bundles the launcher starts for a command line, judged on bundles installed in a real Felix
 * with the headers the product's own carry: the commands that never open a connection leave the
 * server, the protocols and the network's logging unstarted; every other command starts them; only
 * the workbench starts what needs a display.
 */
class ModeTest {

    @TempDir
    Path dir;

    private Felix felix;
    private final Map<String, Bundle> bundles = new LinkedHashMap<>();

    @BeforeEach
    void install() throws Exception {
        felix = new Felix(Map.of(Constants.FRAMEWORK_STORAGE, dir.toString(), Constants.FRAMEWORK_STORAGE_CLEAN,
                Constants.FRAMEWORK_STORAGE_CLEAN_ONFIRSTINIT));
        felix.init();
        BundleContext context = felix.getBundleContext();
        install(context, "boardlab.core", "org.boardlab.api");
        install(context, "boardlab.game.othello", "org.boardlab.api");
        install(context, "boardlab.store", "org.h2");
        install(context, "boardlab.cli", "io.netty.channel,org.boardlab.server,picocli");
        install(context, "boardlab.server", "io.netty.channel,org.boardlab.server");
        install(context, "boardlab.protocol.othello", "io.netty.channel,org.boardlab.client,org.boardlab.server");
        install(context, "org.apache.aries.spifly.dynamic.bundle", "org.objectweb.asm");
        install(context, "slf4j.jdk14", "org.slf4j");
        install(context, "boardlab.workbench", "org.boardlab.server,org.eclipse.swt.widgets");
        install(context, "org.apache.felix.gogo.shell", "org.apache.felix.service.command");
    }

    @AfterEach
    void stop() throws Exception {
        felix.stop();
        felix.waitForStop(10_000);
    }

    @Test
    void aMatchStartsNeitherTheServerNorTheProtocolsNorTheWindow() {
        assertThat(started("match", "othello", "random", "random")).containsExactly("boardlab.core", "boardlab.game.othello",
                "boardlab.store", "boardlab.cli");
        for (String command : Main.OFFLINE) {
            assertThat(started(command)).as(command).doesNotContain("boardlab.server", "boardlab.protocol.othello", "slf4j.jdk14");
        }
    }

    @Test
    void theCommandsThatListOrConnectStartTheProtocols() {
        for (String command : List.of("list", "serve", "client", "conform", "proxy", "gc")) {
            assertThat(started(command)).as(command).containsExactly("boardlab.core", "boardlab.game.othello", "boardlab.store",
                    "boardlab.cli", "boardlab.server", "boardlab.protocol.othello", "org.apache.aries.spifly.dynamic.bundle",
                    "slf4j.jdk14");
        }
    }

    @Test
    void theWorkbenchStartsEverythingButTheShellUnlessAskedAndHelpStartsNoWindow() {
        assertThat(started()).contains("boardlab.workbench", "boardlab.protocol.othello").doesNotContain("org.apache.felix.gogo.shell");
        assertThat(started("--console")).contains("org.apache.felix.gogo.shell");
        assertThat(started("match", "--help")).contains("boardlab.protocol.othello").doesNotContain("boardlab.workbench");
    }

    @Test
    void theWorkbenchStartsTheProtocolsAfterItsWindowButNotTheLoggingNettyNeedsAtOnce() {
        List<String> later = bundles.values().stream().filter(b -> Main.Mode.isProtocol(b, b.getSymbolicName()))
                .map(Bundle::getSymbolicName).toList();
        assertThat(later).containsExactly("boardlab.protocol.othello");
    }

    @Test
    void theBundlesAfterTheWindowStartWhenTheWorkbenchSaysItsWindowIsShown() throws Exception {
        felix.start();
        install(felix.getBundleContext(), "test.later", "");
        Bundle protocol = bundles.get("test.later");
        Thread starter = Main.startWhenTheWindowIsShown(felix.getBundleContext(), List.of(protocol), 600_000);
        assertThat(starter.isAlive()).as("waiting for the window").isTrue();
        assertThat(protocol.getState()).isNotEqualTo(Bundle.ACTIVE);
        java.util.Hashtable<String, Object> shown = new java.util.Hashtable<>();
        shown.put("boardlab.window", "shown");
        felix.getBundleContext().registerService(Object.class, new Object(), shown);
        starter.join(60_000);
        assertThat(protocol.getState()).isEqualTo(Bundle.ACTIVE);
    }

    @Test
    void withoutAWindowTheyStartAfterTheWait() throws Exception {
        felix.start();
        install(felix.getBundleContext(), "test.later", "");
        Bundle protocol = bundles.get("test.later");
        Main.startWhenTheWindowIsShown(felix.getBundleContext(), List.of(protocol), 0).join(60_000);
        assertThat(protocol.getState()).isEqualTo(Bundle.ACTIVE);
    }

    private List<String> started(String... args) {
        Main.Mode mode = Main.Mode.of(args);
        return bundles.values().stream().filter(mode::wants).map(Bundle::getSymbolicName).toList();
    }

    private void install(BundleContext context, String name, String imports) throws Exception {
        bundles.put(name, TestBundles.install(context, name, imports.isEmpty() ? Map.of() : Map.of(Constants.IMPORT_PACKAGE, imports)));
    }
}
