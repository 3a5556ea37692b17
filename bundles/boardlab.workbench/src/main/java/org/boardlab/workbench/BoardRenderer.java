package org.boardlab.workbench;

import org.eclipse.swt.widgets.Composite;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * Draws the board of one game in the workbench. Implemented by a game's small UI bundle
 * ({@code boardlab.game.<name>.ui}, so the rules bundle stays headless) in a class annotated
 * {@code @javax.inject.Named("<game id>")}. The match controller and the server view ask the
 * renderer of a match's game for a {@link BoardWidget}.
 */
@ConsumerType
public interface BoardRenderer {

    /** The id of the game drawn, e.g. {@code othello}. */
    String gameId();

    /** Creates a board widget inside {@code parent}. Called on the UI thread. */
    BoardWidget create(Composite parent);
}
