package org.boardlab.sandbox;

import java.time.Duration;
import java.util.List;
import org.boardlab.api.DecodedMessage;
import org.boardlab.core.PlayerLimits;

/** Starts engines' processes, confined like every student's player (implemented by the sandbox). */
public interface Engines {

    /**
     * Starts {@code engine}'s command (with {@code extraArguments} after it) in a process of its own,
     * under {@code limits}, with a scratch folder of its own as its working folder. Every line to and
     * from it is shown in the message inspector, described by {@code describer} (from the engine:
     * {@code true}).
     *
     * @throws IllegalStateException if the process cannot be started (the message says why)
     */
    default EngineProcess start(EngineDescriptor engine, PlayerLimits limits, List<String> extraArguments,
            Describer describer) {
        return start(engine, limits, extraArguments, describer, 0);
    }

    /**
     * {@link #start(EngineDescriptor, PlayerLimits, List, Describer)} for a player of match
     * {@code matchId}: its lines are shown in the inspector under that match from the first
     * ({@link EngineProcess#match} changes it later).
     */
    EngineProcess start(EngineDescriptor engine, PlayerLimits limits, List<String> extraArguments,
            Describer describer, long matchId);

    /** Turns one line of an engine's traffic into the inspector's fields. */
    @FunctionalInterface
    interface Describer {
        /** @param fromEngine {@code true} for a line the engine wrote */
        DecodedMessage describe(String line, boolean fromEngine);
    }

    /** A plain describer: the first word is the type, the line the summary. */
    Describer PLAIN = (line, fromEngine) -> {
        String t = line.trim();
        int space = t.indexOf(' ');
        return new DecodedMessage(space < 0 ? t : t.substring(0, space), t, List.of(), null);
    };

    /** Seconds in words: {@code 10 s}, {@code 2.5 s}. */
    static String seconds(Duration d) {
        long ms = d.toMillis();
        return ms % 1000 == 0 ? ms / 1000 + " s" : String.format(java.util.Locale.ROOT, "%.1f s", ms / 1000.0);
    }

}
