package org.boardlab.sandbox;

import org.boardlab.api.Game;
import org.boardlab.api.Player;

/**
 * An engine protocol (Gomocup, NBoard, seed 001's AI interface): makes the player of an engine
 * described by an {@link EngineDescriptor}. Implemented by the adapter bundles as {@code @Named}
 * components; the sandbox finds the one whose {@link #id()} a descriptor names.
 */
public interface EngineProtocol {

    /** The id a descriptor's {@code protocol = ...} names, e.g. {@code gomocup}. */
    String id();

    /** Whether engines of this protocol can play {@code game}. */
    boolean supports(Game game);

    /**
     * A player for one game of {@code engine}; it starts the engine's process through {@code engines}
     * when it is first asked (or told its limits).
     */
    Player player(EngineDescriptor engine, Engines engines);
}
