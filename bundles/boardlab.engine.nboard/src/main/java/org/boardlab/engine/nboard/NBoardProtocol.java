package org.boardlab.engine.nboard;

import javax.inject.Named;
import javax.inject.Singleton;
import org.boardlab.api.Game;
import org.boardlab.api.Player;
import org.boardlab.game.othello.Othello;
import org.boardlab.sandbox.EngineDescriptor;
import org.boardlab.sandbox.EngineProtocol;
import org.boardlab.sandbox.Engines;

/** The NBoard protocol: Othello engines such as Edax, as NBoard runs them. See the bundle's README. */
@Named("nboard")
@Singleton
public final class NBoardProtocol implements EngineProtocol {

    @Override
    public String id() {
        return "nboard";
    }

    @Override
    public boolean supports(Game game) {
        return game instanceof Othello;
    }

    @Override
    public Player player(EngineDescriptor engine, Engines engines) {
        return new NBoardPlayer(engine, engines);
    }
}
