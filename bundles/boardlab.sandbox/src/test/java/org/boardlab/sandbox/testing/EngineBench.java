package org.boardlab.sandbox.testing;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.boardlab.api.event.WireEvent;
import org.boardlab.core.EventBus;
import org.boardlab.core.Referee;
import org.boardlab.core.Registry;
import org.boardlab.sandbox.EngineDescriptor;
import org.boardlab.sandbox.internal.EngineFolder;
import org.boardlab.sandbox.internal.SandboxHosting;
import org.eclipse.sisu.inject.DefaultBeanLocator;

/**
 * What an engine adapter's tests play on (the Gomocup, NBoard and seed 001 adapters'): an event bus whose wire events
 * are kept ({@link #traffic}, every line an engine exchanged), a referee, and the sandbox's engine folder, with engines
 * described from a test's own scripts ({@link #engine}). Close it after the tests.
 */
public final class EngineBench implements AutoCloseable {

    /** Where the matches and the engines' lines go. */
    public final EventBus events = new EventBus();
    /** Every wire event so far (clear it before a test that looks at it). */
    public final List<WireEvent> traffic = new CopyOnWriteArrayList<>();
    /** Plays the tests' matches. */
    public final Referee referee = new Referee();
    /** The sandbox's engines, confined as in boardlab. */
    public final EngineFolder engines;

    public EngineBench() {
        engines = new EngineFolder(new Registry(events), events, new DefaultBeanLocator(), new SandboxHosting(events, new Registry(events)));
        events.subscribe(e -> traffic.add((WireEvent) e), WireEvent.class);
    }

    /**
     * An engine from the test resource {@code /engines/SCRIPT} of {@code owner}: the script copied into {@code folder}
     * and described there by {@code ID.engine} (ID: the script's name without {@code .py}) with {@code protocol},
     * {@code command = python3 SCRIPT} and the descriptor's other {@code lines}.
     */
    public EngineDescriptor engine(Class<?> owner, Path folder, String protocol, String script, String... lines) throws IOException {
        try (InputStream in = owner.getResourceAsStream("/engines/" + script)) {
            if (in == null) {
                throw new IOException("no test resource /engines/" + script);
            }
            Files.copy(in, folder.resolve(script), StandardCopyOption.REPLACE_EXISTING);
        }
        String id = script.replace(".py", "");
        Path descriptor = folder.resolve(id + ".engine");
        StringBuilder text = new StringBuilder("protocol = " + protocol + "\ncommand = python3 " + script + "\n");
        for (String line : lines) {
            text.append(line).append('\n');
        }
        Files.writeString(descriptor, text);
        return EngineDescriptor.read(descriptor);
    }

    @Override
    public void close() {
        referee.close();
    }
}
