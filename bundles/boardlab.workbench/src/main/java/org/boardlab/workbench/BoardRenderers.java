package org.boardlab.workbench;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import javax.inject.Inject;
import javax.inject.Named;
import javax.inject.Singleton;
import org.boardlab.api.Game;
import org.boardlab.workbench.internal.TextBoard;
import org.eclipse.sisu.BeanEntry;
import org.eclipse.sisu.Mediator;
import org.eclipse.sisu.inject.BeanLocator;
import org.eclipse.swt.widgets.Composite;
import org.osgi.annotation.versioning.ProviderType;

import com.google.inject.Key;

/**
 * The board renderers of the games' UI bundles, followed as those bundles come and go: where a view
 * (the Match view, the inspector's board at a message) gets a game's board. One per workbench;
 * inject it.
 */
@Named
@Singleton
@ProviderType
public final class BoardRenderers {

    private final Map<String, BoardRenderer> renderers = new ConcurrentHashMap<>();

    @Inject
    public BoardRenderers(BeanLocator locator) {
        locator.watch(Key.get(BoardRenderer.class, Named.class), new Feed(), this);
    }

    /** Keeps the map of renderers up to date as UI bundles come and go. */
    private static final class Feed implements Mediator<Named, BoardRenderer, BoardRenderers> {
        @Override
        public void add(BeanEntry<Named, BoardRenderer> entry, BoardRenderers all) {
            all.renderers.put(entry.getValue().gameId(), entry.getValue());
        }

        @Override
        public void remove(BeanEntry<Named, BoardRenderer> entry, BoardRenderers all) {
            all.renderers.remove(entry.getValue().gameId(), entry.getValue());
        }
    }

    /**
     * A board of {@code game} inside {@code parent} (UI thread): its renderer's, or the position as
     * text when the game has no board view (tic-tac-toe).
     */
    public BoardWidget create(Composite parent, Game game) {
        BoardRenderer renderer = renderers.get(game.id());
        return renderer != null ? renderer.create(parent) : new TextBoard(parent);
    }
}
