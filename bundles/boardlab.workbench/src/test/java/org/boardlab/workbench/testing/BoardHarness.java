package org.boardlab.workbench.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Random;
import java.util.function.Function;
import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.workbench.BoardCanvas;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.graphics.ImageLoader;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.graphics.RGB;
import org.eclipse.swt.layout.FillLayout;
import org.eclipse.swt.widgets.Canvas;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Shell;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Puts one board widget on the screen for a UI test and drives it as a person would: the JUnit 5
 * extension that the board-view bundles' tests share (it comes to them in the workbench's test-jar,
 * never in the product).
 *
 * <p>Register it on a {@code static} field of the test class:
 * <pre>{@code
 * @RegisterExtension
 * static final BoardHarness<OthelloBoardWidget> board =
 *         new BoardHarness<>(shell -> (OthelloBoardWidget) new OthelloRenderer().create(shell), 520, 600);
 * }</pre>
 * Before all tests of the class it opens a {@link Display}, and disposes it after them. Before each
 * test it opens a {@link Shell} with a {@link FillLayout} of the given size, makes the widget in it,
 * records every move the widget reports ({@link #reported()}) and runs the event loop until it is
 * idle; after each test it disposes the shell unless the test did. So every test starts with a fresh
 * widget, laid out and painted, and no move reported.
 *
 * <p>What it does for the test, on the thread that made the display (SWT's UI thread; the tests of
 * a class run one at a time):
 * <ul>
 *   <li>mouse events fired straight at the widget's {@link BoardCanvas#canvas() canvas} with
 *       {@link Control#notifyListeners}, as the widget's own listeners get them from a person
 *       ({@link #click}, {@link #fire}); {@link #clickAsTold} makes a move by the clicks the widget
 *       gives for it ({@link BoardCanvas#clicksFor});</li>
 *   <li>{@link #screenshot}: the canvas (or any control) drawn into an image with
 *       {@link Control#print}, read by {@link #pixel} and written as a PNG by {@link #save} under
 *       {@code target/screenshots/};</li>
 *   <li>positions to show: {@link #play} and {@link #positionsOfRandomGames}.</li>
 * </ul>
 *
 * @param <W> the board widget's class
 */
public final class BoardHarness<W extends BoardCanvas<?, ?>>
        implements BeforeAllCallback, AfterAllCallback, BeforeEachCallback, AfterEachCallback {

    /** The folder {@link #save} writes to, relative to the module being tested. */
    public static final Path SCREENSHOTS = Path.of("target", "screenshots");

    /** How far {@link #assertClose} lets two colours be apart: the sum of the red, green and blue differences. */
    public static final int COLOUR_TOLERANCE = 24;

    private final Function<Composite, W> create;
    private final int width;
    private final int height;
    private final List<Move> reported = new ArrayList<>();

    private Display display;
    private Shell shell;
    private W widget;

    /**
     * A harness that shows the widget {@code create} makes in a shell of {@code width} x
     * {@code height} pixels.
     *
     * @param create makes the widget in the shell it is given (e.g. with the game's renderer)
     * @param width  the shell's width in pixels
     * @param height the shell's height in pixels
     */
    public BoardHarness(Function<Composite, W> create, int width, int height) {
        this.create = Objects.requireNonNull(create, "create");
        this.width = width;
        this.height = height;
    }

    /** {@inheritDoc} Opens the display. */
    @Override
    public void beforeAll(ExtensionContext context) {
        display = new Display();
    }

    /** {@inheritDoc} Disposes the display. */
    @Override
    public void afterAll(ExtensionContext context) {
        if (display != null && !display.isDisposed()) {
            display.dispose();
        }
        display = null;
    }

    /**
     * {@inheritDoc} Opens the shell with a new widget in it and runs the event loop until it is idle.
     *
     * @throws IllegalStateException if the harness is on an instance field (no display was opened)
     */
    @Override
    public void beforeEach(ExtensionContext context) {
        if (display == null) {
            throw new IllegalStateException("BoardHarness opens the display before all tests: register it on a static field");
        }
        reported.clear();
        shell = new Shell(display);
        shell.setLayout(new FillLayout());
        widget = create.apply(shell);
        widget.onMove(reported::add);
        shell.setSize(width, height);
        shell.open();
        settle();
    }

    /** {@inheritDoc} Disposes the shell, and with it the widget, unless the test did. */
    @Override
    public void afterEach(ExtensionContext context) {
        if (shell != null && !shell.isDisposed()) {
            shell.dispose();
        }
        shell = null;
        widget = null;
    }

    // ---- what is on the screen ----

    /** The display, open while the test class runs. */
    public Display display() {
        return display;
    }

    /** The shell of the running test; tests may make more widgets in it, resize or dispose it. */
    public Shell shell() {
        return shell;
    }

    /** The widget of the running test. */
    public W widget() {
        return widget;
    }

    /** The canvas the widget draws on and that gets its mouse events. */
    public Canvas canvas() {
        return widget.canvas();
    }

    /**
     * The moves the widget of the running test has reported, in order; a live, read-only view that
     * starts empty in every test and is emptied by {@link #clickAsTold}.
     */
    public List<Move> reported() {
        return Collections.unmodifiableList(reported);
    }

    /** Runs the event loop until no event is waiting: pending layouts and paints are done. */
    public void settle() {
        while (display.readAndDispatch()) {
            // run pending layout and paint events
        }
    }

    /** Gives the shell a new size, lays it out and {@link #settle settles}. */
    public void resize(int newWidth, int newHeight) {
        shell.setSize(newWidth, newHeight);
        shell.layout(true);
        settle();
    }

    // ---- the mouse ----

    /**
     * Fires one mouse event of {@code type} ({@link SWT#MouseDown}, {@link SWT#MouseUp},
     * {@link SWT#MouseMove}, ...) with button 1 at canvas pixel {@code (x, y)}.
     */
    public void fire(int type, int x, int y) {
        Event event = new Event();
        event.x = x;
        event.y = y;
        event.button = 1;
        canvas().notifyListeners(type, event);
    }

    /** Fires one mouse event of {@code type} with button 1 at canvas pixel {@code at}. */
    public void fire(int type, Point at) {
        fire(type, at.x, at.y);
    }

    /** A click: button 1 pressed and released at canvas pixel {@code (x, y)}. */
    public void click(int x, int y) {
        fire(SWT.MouseDown, x, y);
        fire(SWT.MouseUp, x, y);
    }

    /** A click: button 1 pressed and released at canvas pixel {@code at}. */
    public void click(Point at) {
        click(at.x, at.y);
    }

    /**
     * Makes {@code move} the way the widget says a person makes it: forgets the moves reported so
     * far, clicks at each of {@link BoardCanvas#clicksFor clicksFor(move)} in order (points of the
     * widget's {@link BoardCanvas#control() control}, mapped to the canvas), and returns the moves
     * reported by these clicks. The position shown stays as it is.
     *
     * @throws IllegalArgumentException if {@code move} is not legal in the position shown
     */
    public List<Move> clickAsTold(Move move) {
        reported.clear();
        for (Point p : widget.clicksFor(move)) {
            click(display.map(widget.control(), canvas(), p));
        }
        return List.copyOf(reported);
    }

    // ---- screenshots ----

    /** The canvas as it is drawn now, after the event loop has {@link #settle settled}. */
    public ImageData screenshot() {
        return screenshot(canvas());
    }

    /**
     * {@code control} as it is drawn now, after the event loop has {@link #settle settled}: an image
     * of its size with {@link Control#print} drawn into it (pixels from its top left corner).
     */
    public ImageData screenshot(Control control) {
        settle();
        Point size = control.getSize();
        Image image = new Image(display, size.x, size.y);
        try {
            GC gc = new GC(image);
            try {
                control.print(gc);
            } finally {
                gc.dispose();
            }
            return image.getImageData();
        } finally {
            image.dispose();
        }
    }

    /** The colour of pixel {@code (x, y)} of {@code image}. */
    public static RGB pixel(ImageData image, int x, int y) {
        return image.palette.getRGB(image.getPixel(x, y));
    }

    /** The colour of pixel {@code at} of {@code image}. */
    public static RGB pixel(ImageData image, Point at) {
        return pixel(image, at.x, at.y);
    }

    /**
     * Checks that {@code actual} is {@code expected} give or take anti-aliasing: the red, green and
     * blue differences add up to at most {@link #COLOUR_TOLERANCE}.
     *
     * @throws AssertionError if they are further apart
     */
    public static void assertClose(RGB actual, RGB expected) {
        int distance = Math.abs(actual.red - expected.red) + Math.abs(actual.green - expected.green)
                + Math.abs(actual.blue - expected.blue);
        if (distance > COLOUR_TOLERANCE) {
            throw new AssertionError("colour " + actual + " should be close to " + expected + ": they are "
                    + distance + " apart, more than " + COLOUR_TOLERANCE);
        }
    }

    /**
     * Writes {@code image} as the PNG file {@code name} in {@link #SCREENSHOTS}, making the folder
     * if need be, and returns its path.
     *
     * @throws IOException    if the folder cannot be made
     * @throws AssertionError if the file is empty after writing
     */
    public static Path save(ImageData image, String name) throws IOException {
        Files.createDirectories(SCREENSHOTS);
        Path file = SCREENSHOTS.resolve(name);
        ImageLoader loader = new ImageLoader();
        loader.data = new ImageData[] {image};
        loader.save(file.toString(), SWT.IMAGE_PNG);
        if (Files.size(file) == 0) {
            throw new AssertionError(file + " is empty after saving the screenshot");
        }
        return file;
    }

    // ---- positions ----

    /**
     * The position after {@code moves}, in the game's notation, are played from {@code start}.
     *
     * @param type  the positions' class, e.g. {@code OthelloPosition.class}
     * @param start the position to play from
     * @param moves the moves, in order
     * @throws IllegalArgumentException if a move cannot be parsed or is illegal
     * @throws ClassCastException       if a position reached is not a {@code type}
     */
    public static <S extends GameState> S play(Class<S> type, GameState start, String... moves) {
        GameState state = start;
        for (String m : moves) {
            state = state.apply(state.parseMove(m));
        }
        return type.cast(state);
    }

    /**
     * Positions of {@code games} random games from {@code start}, one every {@code every} plies of
     * each game (ply 0, {@code every}, {@code 2 * every}, ...), each game played to its end or for
     * {@code maxPlies} plies. The moves are drawn uniformly from the legal moves with one
     * {@link Random} seeded with {@code seed}, so the same arguments give the same positions.
     *
     * @param type  the positions' class, e.g. {@code OthelloPosition.class}
     * @param start the position every game starts from
     * @param seed  the seed of the random moves
     * @param games how many games, at least 1
     * @param maxPlies the most plies a game is played for
     * @param every     how many plies apart the positions are taken, at least 1
     * @return a new, modifiable list
     * @throws ClassCastException if a position reached is not a {@code type}
     */
    public static <S extends GameState> List<S> positionsOfRandomGames(Class<S> type, GameState start, long seed,
            int games, int maxPlies, int every) {
        Random random = new Random(seed);
        List<S> positions = new ArrayList<>();
        for (int g = 0; g < games; g++) {
            GameState state = start;
            for (int ply = 0; !state.isTerminal() && ply < maxPlies; ply++) {
                if (ply % every == 0) {
                    positions.add(type.cast(state));
                }
                List<Move> legal = state.legalMoves();
                state = state.apply(legal.get(random.nextInt(legal.size())));
            }
        }
        return positions;
    }

    /**
     * Positions of one random game from {@code start} played to its end, one every {@code every}
     * plies: {@link #positionsOfRandomGames} with one game and no limit on plies.
     */
    public static <S extends GameState> List<S> positionsOfARandomGame(Class<S> type, GameState start, long seed,
            int every) {
        return positionsOfRandomGames(type, start, seed, 1, Integer.MAX_VALUE, every);
    }
}
