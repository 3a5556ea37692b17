package org.boardlab.engine.seed001;

import javax.inject.Named;
import javax.inject.Singleton;
import org.boardlab.api.Game;
import org.boardlab.api.Player;
import org.boardlab.game.onitama.Onitama;
import org.boardlab.sandbox.EngineDescriptor;
import org.boardlab.sandbox.EngineProtocol;
import org.boardlab.sandbox.Engines;

/** Seed 001's AI interface: an Onitama AI program run once a move. See the bundle's README. */
@Named("seed001")
@Singleton
public final class Seed001Protocol implements EngineProtocol {

    @Override
    public String id() {
        return "seed001";
    }

    @Override
    public boolean supports(Game game) {
        return Onitama.ID.equals(game.id());
    }

    @Override
    public Player player(EngineDescriptor engine, Engines engines) {
        return new Seed001Player(engine, engines);
    }
}
