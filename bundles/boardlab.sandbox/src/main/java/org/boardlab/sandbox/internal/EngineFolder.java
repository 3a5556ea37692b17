package org.boardlab.sandbox.internal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Logger;
import javax.inject.Inject;
import javax.inject.Named;
import org.boardlab.api.Player;
import org.boardlab.api.event.RegistryEvent.Kind;
import org.boardlab.api.event.WireEvent;
import org.boardlab.core.Component;
import org.boardlab.core.EventBus;
import org.boardlab.core.PlayerLimits;
import org.boardlab.core.PlayerSeat;
import org.boardlab.core.Registry;
import org.boardlab.sandbox.EngineDescriptor;
import org.boardlab.sandbox.EngineProcess;
import org.boardlab.sandbox.EngineProtocol;
import org.boardlab.sandbox.Engines;
import org.eclipse.sisu.EagerSingleton;
import org.eclipse.sisu.inject.BeanLocator;
import org.osgi.framework.Bundle;
import org.osgi.framework.FrameworkUtil;

import com.google.inject.Key;

/**
 * Engines in the players folder: every {@code *.engine} descriptor there is a player in the
 * {@link Registry} (its id the file's name), added, replaced and removed as the file is (looked at
 * every {@value #PERIOD_MILLIS} ms; a file is read once it has stayed the same for one look). A
 * descriptor that cannot be read is refused by name with the reason. The player comes from the
 * {@link EngineProtocol} the descriptor names, when that adapter bundle is loaded; its process from
 * {@link Engines}, whose every line the message inspector shows.
 */
@Named
@EagerSingleton
public final class EngineFolder implements Engines {

    private static final Logger LOG = Logger.getLogger(EngineFolder.class.getName());

    /** How often the folder is looked at, in ms. */
    static final long PERIOD_MILLIS = 250;

    private static final DateTimeFormatter VERSION = DateTimeFormatter.ofPattern("yyyy.MM.dd-HHmmss").withZone(ZoneOffset.UTC);

    private record Seen(long size, long modified) {
    }

    private final Registry registry;
    private final EventBus events;
    private final BeanLocator locator;
    private final SandboxHosting hosting;
    private final Path folder;
    private final long bundleId;
    private final Map<Path, Seen> seen = new HashMap<>();
    private final Map<Path, Seen> judged = new HashMap<>();
    private final Map<Path, Component<?>> added = new HashMap<>();
    private final AtomicLong connections = new AtomicLong(1L << 40);
    private final AtomicLong sequence = new AtomicLong();

    @Inject
    public EngineFolder(Registry registry, EventBus events, BeanLocator locator, SandboxHosting hosting) {
        this.registry = registry;
        this.events = events;
        this.locator = locator;
        this.hosting = hosting;
        Bundle bundle = FrameworkUtil.getBundle(EngineFolder.class);
        String dir = bundle == null || bundle.getBundleContext() == null ? null
                : bundle.getBundleContext().getProperty("felix.fileinstall.dir");
        this.folder = dir == null ? null : Path.of(dir).toAbsolutePath().normalize();
        this.bundleId = bundle == null ? 0 : bundle.getBundleId();
        if (folder == null) {
            return;
        }
        look(true);
        Thread thread = new Thread(this::run, "boardlab-engines-folder");
        thread.setDaemon(true);
        thread.start();
    }

    private void run() {
        while (true) {
            try {
                Thread.sleep(PERIOD_MILLIS);
            } catch (InterruptedException e) {
                return;
            }
            look(false);
        }
    }

    /** Adds, replaces or removes the engines whose descriptors changed. */
    synchronized void look(boolean now) {
        Set<Path> present = new HashSet<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(folder, "*" + EngineDescriptor.SUFFIX)) {
            for (Path file : files) {
                present.add(file);
                Seen s;
                try {
                    s = new Seen(Files.size(file), Files.getLastModifiedTime(file).toMillis());
                } catch (IOException e) {
                    continue;
                }
                Seen before = seen.put(file, s);
                if ((now || s.equals(before)) && !s.equals(judged.get(file))) {
                    judged.put(file, s);
                    load(file, s);
                }
            }
        } catch (IOException e) {
            // no folder (yet)
        }
        for (Path gone : List.copyOf(added.keySet())) {
            if (!present.contains(gone)) {
                Component<?> component = added.remove(gone);
                registry.remove(component);
                hosting.engineLimits(component.id(), null);
            }
        }
        seen.keySet().retainAll(present);
        judged.keySet().retainAll(present);
    }

    private void load(Path file, Seen s) {
        Component<?> old = added.remove(file);
        if (old != null) {
            registry.remove(old);
            hosting.engineLimits(old.id(), null);
        }
        EngineDescriptor engine;
        try {
            engine = EngineDescriptor.read(file);
        } catch (IOException | IllegalArgumentException e) {
            registry.refuseFile(file.getFileName().toString(), file + " cannot be loaded: " + e.getMessage());
            return;
        }
        Component<Player> component = new Component<>(Kind.PLAYER, engine.id(),
                engine.description() + " (an engine speaking " + engine.protocol() + ", in its own process: "
                        + hosting.describe(engine.limits()).replaceFirst("^heap", "memory") + ")",
                "engine " + file.getFileName(), VERSION.format(Instant.ofEpochMilli(s.modified())), bundleId,
                () -> player(engine));
        if (registry.add(component)) {
            added.put(file, component);
            hosting.engineLimits(engine.id(), engine.limits());
        }
    }

    private Player player(EngineDescriptor engine) {
        Iterator<? extends org.eclipse.sisu.BeanEntry<?, EngineProtocol>> it = locator.locate(Key.get(EngineProtocol.class)).iterator();
        while (it.hasNext()) {
            EngineProtocol protocol = it.next().getValue();
            if (protocol.id().equals(engine.protocol())) {
                return protocol.player(engine, this);
            }
        }
        throw new PlayerSeat.Unavailable("no adapter for the engine protocol '" + engine.protocol()
                + "' is loaded (the protocols are gomocup, nboard and seed001)");
    }

    @Override
    public EngineProcess start(EngineDescriptor engine, PlayerLimits limits, List<String> extra, Describer describer,
            long matchId) {
        long connection = connections.incrementAndGet();
        String[] remote = {"engine " + engine.id()};
        try {
            EngineProcessImpl p = new EngineProcessImpl(engine, limits, extra, hosting.confinement(), hosting.scratch(), matchId,
                    (line, fromEngine, match) -> tap(connection, remote[0], engine, line, fromEngine, describer, match));
            remote[0] = "engine " + engine.id() + " (pid " + p.pid() + ")";
            return p;
        } catch (IOException | RuntimeException e) {
            throw new IllegalStateException("its engine could not be started: " + e.getMessage(), e);
        }
    }

    private void tap(long connection, String remote, EngineDescriptor engine, String line, boolean fromEngine, Describer describer,
            long matchId) {
        if (!events.hasListeners(WireEvent.class)) {
            return;
        }
        byte[] raw = (line + "\n").getBytes(StandardCharsets.UTF_8);
        events.publish(new WireEvent(EventBus.nowMicros(), sequence.incrementAndGet(), connection, remote, engine.id(),
                engine.protocol(), fromEngine, raw, () -> describer.describe(line, fromEngine), matchId));
    }
}
