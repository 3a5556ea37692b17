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
 * Which bundles the launcher starts for a command line, judged on bundles installed in a real Felix
 * with the headers the product's own carry: the commands that never open a connection leave the
 * server, the protocols and the network's logging unstarted; {@code list} and a help page start the
 * protocols but not the network's logging and service-loader mediator; every other command starts them; only
 * the workbench starts what needs a display.
 */
class ModeTest {

    @RegisterExtension
    final TestFramework framework = new TestFramework();

    private final Map<String, Bundle> bundles = new LinkedHashMap<>();

    @BeforeEach
    void install() throws Exception {
        BundleContext context = framework.context();
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
        for (String command : List.of("serve", "client", "conform", "proxy", "gc")) {
            assertThat(started(command)).as(command).containsExactly("boardlab.core", "boardlab.game.othello", "boardlab.store",
                    "boardlab.cli", "boardlab.server", "boardlab.protocol.othello", "org.apache.aries.spifly.dynamic.bundle",
                    "slf4j.jdk14");
        }
        // list names the protocols and connects nowhere: the network's service-loader mediator and log provider stay unstarted
        assertThat(started("list")).containsExactly("boardlab.core", "boardlab.game.othello", "boardlab.store", "boardlab.cli",
                "boardlab.server", "boardlab.protocol.othello");
        assertThat(started("serve", "--help")).doesNotContain("org.apache.aries.spifly.dynamic.bundle", "slf4j.jdk14");
    }

    @Test
    void listSharesItsBundleSetWithTheCommandsThatConnect() {
        // so whichever of them fills the set first, it holds what serve and client start
        for (String command : List.of("list", "serve", "client")) {
            Main.Mode mode = Main.Mode.of(new String[] {command});
            assertThat(mode.profile()).as(command).isEqualTo("headless");
            assertThat(bundles.values().stream().filter(mode::wants).map(Bundle::getSymbolicName).toList()).as(command)
                    .contains("org.apache.aries.spifly.dynamic.bundle", "slf4j.jdk14");
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
        framework.felix().start();
        install(framework.context(), "test.later", "");
        Bundle protocol = bundles.get("test.later");
        Thread starter = Main.startWhenTheWindowIsShown(framework.context(), List.of(protocol), 600_000);
        assertThat(starter.isAlive()).as("waiting for the window").isTrue();
        assertThat(protocol.getState()).isNotEqualTo(Bundle.ACTIVE);
        java.util.Hashtable<String, Object> shown = new java.util.Hashtable<>();
        shown.put("boardlab.window", "shown");
        framework.context().registerService(Object.class, new Object(), shown);
        starter.join(60_000);
        assertThat(protocol.getState()).isEqualTo(Bundle.ACTIVE);
    }

    @Test
    void withoutAWindowTheyStartAfterTheWait() throws Exception {
        framework.felix().start();
        install(framework.context(), "test.later", "");
        Bundle protocol = bundles.get("test.later");
        Main.startWhenTheWindowIsShown(framework.context(), List.of(protocol), 0).join(60_000);
        assertThat(protocol.getState()).isEqualTo(Bundle.ACTIVE);
    }

    @Test
    void theExtenderStartsFirstThenTheOthersOnTwoThreadsAndOneThatCannotStartStopsNoOther() throws Exception {
        framework.felix().start();
        BundleContext context = framework.context();
        for (Bundle b : bundles.values()) {
            b.uninstall(); // they import packages no bundle here exports: they would not resolve
        }
        bundles.clear();
        for (String name : List.of("boardlab.game.a", "boardlab.game.b", "test.unresolvable", "boardlab.core", "boardlab.game.c",
                "slf4j.jdk14", "boardlab.game.d", "org.apache.aries.spifly.dynamic.bundle", "boardlab.cli", "boardlab.game.e")) {
            install(context, name, name.equals("test.unresolvable") ? "org.nobody.exports.this" : "");
        }
        List<String> starting = java.util.Collections.synchronizedList(new java.util.ArrayList<>());
        context.addBundleListener((org.osgi.framework.SynchronousBundleListener) e -> {
            if (e.getType() == org.osgi.framework.BundleEvent.STARTING) {
                starting.add(e.getBundle().getSymbolicName());
            }
        });
        List<Bundle> ordered = Main.inStartOrder(bundles.values().toArray(Bundle[]::new));
        assertThat(ordered).extracting(Bundle::getSymbolicName).startsWith("org.apache.aries.spifly.dynamic.bundle", "slf4j.jdk14",
                Main.CLI, Main.EXTENDER, "boardlab.game.a", "boardlab.game.b");

        Main.startAll(ordered, 2, null);

        // the command line's bundle before the extender: its threads (the picocli model, the database) work while the first injector is made
        assertThat(starting.subList(0, 4)).containsExactly("org.apache.aries.spifly.dynamic.bundle", "slf4j.jdk14", Main.CLI, Main.EXTENDER);
        assertThat(starting).hasSize(ordered.size() - 1).doesNotContain("test.unresolvable");
        for (Bundle b : ordered) {
            assertThat(b.getState()).as(b.getSymbolicName())
                    .isEqualTo(b.getSymbolicName().equals("test.unresolvable") ? Bundle.INSTALLED : Bundle.ACTIVE);
        }
    }

    @Test
    void theWorkbenchsDisplayIsMadeOnTheCallersThreadWhileTheOtherBundlesStart() throws Exception {
        framework.felix().start();
        BundleContext context = framework.context();
        for (Bundle b : bundles.values()) {
            b.uninstall();
        }
        bundles.clear();
        for (String name : List.of("boardlab.game.a", "boardlab.game.b", Main.WORKBENCH, "boardlab.game.c", Main.EXTENDER)) {
            install(context, name, "");
        }
        // stands for the workbench's activator, which offers its display's making as it starts
        java.util.concurrent.atomic.AtomicReference<Thread> ranOn = new java.util.concurrent.atomic.AtomicReference<>();
        context.addBundleListener((org.osgi.framework.SynchronousBundleListener) e -> {
            if (e.getType() == org.osgi.framework.BundleEvent.STARTING && e.getBundle().getSymbolicName().equals(Main.WORKBENCH)) {
                java.util.Hashtable<String, Object> props = new java.util.Hashtable<>();
                props.put(Main.PREPARE, "true");
                context.registerService(Runnable.class, () -> ranOn.set(Thread.currentThread()), props);
            }
        });
        List<Bundle> ordered = Main.inStartOrder(bundles.values().toArray(Bundle[]::new));
        assertThat(ordered).extracting(Bundle::getSymbolicName).startsWith(Main.EXTENDER, Main.WORKBENCH);

        Main.startAll(ordered, 2, context);

        assertThat(ranOn.get()).isSameAs(Thread.currentThread());
        assertThat(ordered).allSatisfy(b -> assertThat(b.getState()).as(b.getSymbolicName()).isEqualTo(Bundle.ACTIVE));
    }

    private List<String> started(String... args) {
        Main.Mode mode = Main.Mode.of(args);
        return bundles.values().stream().filter(mode::starts).map(Bundle::getSymbolicName).toList();
    }

    private void install(BundleContext context, String name, String imports) throws Exception {
        bundles.put(name, TestBundles.install(context, name, imports.isEmpty() ? Map.of() : Map.of(Constants.IMPORT_PACKAGE, imports)));
    }
}
