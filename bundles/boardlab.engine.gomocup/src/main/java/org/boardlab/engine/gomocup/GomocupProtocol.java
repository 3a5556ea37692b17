package org.boardlab.engine.gomocup;

import javax.inject.Named;
import javax.inject.Singleton;
import org.boardlab.api.Game;
import org.boardlab.api.Player;
import org.boardlab.game.gomoku.Gomoku;
import org.boardlab.sandbox.EngineDescriptor;
import org.boardlab.sandbox.EngineProtocol;
import org.boardlab.sandbox.Engines;

/** The Gomocup (pbrain) protocol: Gomoku engines, as Piskvork runs them. See the bundle's README. */
@Named("gomocup")
@Singleton
public final class GomocupProtocol implements EngineProtocol {

    @Override
    public String id() {
        return "gomocup";
    }

    @Override
    public boolean supports(Game game) {
        return game instanceof Gomoku;
    }

    @Override
    public Player player(EngineDescriptor engine, Engines engines) {
        return new GomocupPlayer(engine, engines);
    }
}
