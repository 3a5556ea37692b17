package org.boardlab.protocol.onitama.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.boardlab.api.Player;
import org.boardlab.core.EventBus;
import org.boardlab.game.onitama.Onitama;
import org.boardlab.game.onitama.OnitamaMove;
import org.boardlab.game.onitama.ui.OnitamaBoardRenderer;
import org.boardlab.protocol.onitama.internal.OnitamaProtocol;
import org.boardlab.protocol.onitama.internal.OnitamaServerProtocol;
import org.boardlab.server.EmbeddedServer;
import org.boardlab.server.ServerSettings;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.graphics.ImageLoader;
import org.eclipse.swt.layout.FillLayout;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The Onitama online view against boardlab's own Onitama server, in PvE and PvP. */
class OnitamaOnlineViewTest {

    /** The first legal move: the server's AI and the view's loaded player in these tests. */
    private static final Player FIRST_LEGAL = request -> request.state().legalMoves().get(0);

    private EmbeddedServer server;
    private InetSocketAddress address;
    private Display display;
    private Shell shell;
    private OnitamaOnlineView view;

    @BeforeEach
    void open() {
        server = new EmbeddedServer(id -> new Onitama(), new EventBus(), ServerSettings.defaults(), l -> { });
        server.addProtocol(new OnitamaServerProtocol(new OnitamaProtocol(), id -> FIRST_LEGAL, 0, "onitama-normal", "onitama-hard"));
        address = server.start("onitama", "127.0.0.1", 0);
        display = Display.getDefault();
        shell = new Shell(display);
        shell.setLayout(new FillLayout());
        view = new OnitamaOnlineView(OnitamaBoardRenderer::new, () -> List.of("first-legal"),
                id -> id.equals("first-legal") ? FIRST_LEGAL : null);
        view.createControl(shell);
        shell.setSize(900, 760);
        shell.open();
    }

    @AfterEach
    void close() {
        view.dispose();
        shell.dispose();
        server.close();
    }

    private void until(BooleanSupplier condition, String what) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("waited 30 s for " + what + "; the view says: " + (view.game() == null ? "-" : view.game().view()));
            }
            if (!display.readAndDispatch()) {
                display.sleep();
            }
        }
    }

    @Test
    void aPersonPlaysAWholePveGameByChoosingMovesOnTheBoard() throws Exception {
        RemoteOnitama game = view.play("127.0.0.1", address.getPort(), "ann", false, 1, OnitamaOnlineView.PERSON);
        display.timerExec(100, () -> { });
        until(() -> game.view().position() != null, "the setup");
        int moves = 0;
        boolean shot = false;
        java.util.Random random = new java.util.Random(11);
        while (game.view().phase() != RemoteOnitama.Phase.OVER) {
            RemoteOnitama.View v = game.view();
            if (v.myTurn()) {
                if (!shot) {
                    screenshot("onitama-online-your-move.png");
                    shot = true;
                    // a step the rules refuse is not sent: the turn stays
                    OnitamaMove illegal = illegalMove(v);
                    if (illegal != null) {
                        view.clicked(illegal);
                        assertTrue(game.view().message().contains("not a legal move"), game.view().message());
                        assertTrue(game.view().myTurn());
                    }
                }
                List<org.boardlab.api.Move> legal = v.position().legalMoves();
                view.clicked(legal.get(random.nextInt(legal.size())));
                moves++;
            }
            until(() -> game.view().phase() == RemoteOnitama.Phase.OVER || (game.view().myTurn() && game.view().position() != v.position()),
                    "the person's next turn or the end");
        }
        assertTrue(moves >= 1, moves + " moves clicked");
        assertEnded(game.view());
        until(() -> !server.lobby().members().stream().anyMatch(m -> m.name().equals("ann")), "ann gone from the server");
        screenshot("onitama-online-game-over.png");
    }

    @Test
    void aLoadedPlayerPlaysPvpAgainstAPersonOnTheSameServer() throws Exception {
        // two views' worth of games on one server: the loaded player waits at table 2, a person joins it
        RemoteOnitama bot = new RemoteOnitama("bot", true, 2, () -> FIRST_LEGAL, OnitamaOnlineView.THINKING, () -> { });
        bot.connect("127.0.0.1", address.getPort()).get(10, TimeUnit.SECONDS);
        until(() -> bot.view().phase() == RemoteOnitama.Phase.WAITING, "the bot waiting at table 2");
        RemoteOnitama person = view.play("127.0.0.1", address.getPort(), "bob", true, 2, OnitamaOnlineView.PERSON);
        until(() -> person.view().position() != null && bot.view().position() != null, "both setups");
        assertTrue(person.view().colour() != bot.view().colour(), "one blue, one red");
        java.util.Random random = new java.util.Random(7); // not first-legal too: two first-legal players can repeat until the draw limit
        while (person.view().phase() != RemoteOnitama.Phase.OVER) {
            RemoteOnitama.View v = person.view();
            if (v.myTurn()) {
                List<org.boardlab.api.Move> legal = v.position().legalMoves();
                view.clicked(legal.get(random.nextInt(legal.size())));
            }
            until(() -> person.view().phase() == RemoteOnitama.Phase.OVER
                    || (person.view().myTurn() && person.view().position() != v.position()), "bob's next turn or the end");
        }
        until(() -> bot.view().phase() == RemoteOnitama.Phase.OVER, "the end at the bot");
        assertEnded(person.view());
        assertEnded(bot.view());
        if (person.view().position().isTerminal()) {
            assertTrue(person.view().message().contains("win") != bot.view().message().contains("win"),
                    person.view().message() + " / " + bot.view().message());
        }
        assertEquals(bot.view().position().ply(), person.view().position().ply(), "both followed every move");
    }

    /**
     * The game ended as the server ends one: by a winning move (the server then closes the
     * connection), or, when two players repeat until the server's draw limit of 1,000 plies, with BYE.
     */
    private static void assertEnded(RemoteOnitama.View v) {
        assertEquals(RemoteOnitama.Phase.OVER, v.phase());
        if (v.position().isTerminal()) {
            assertTrue(v.message().startsWith("game over: you "), v.message());
        } else {
            assertEquals("the game ended without a winning move (BYE)", v.message());
            assertTrue(v.position().ply() >= 1000, "BYE before the draw limit, at ply " + v.position().ply());
        }
    }

    /** A move of the side to move with one of its cards that is not legal, or {@code null}. */
    private static OnitamaMove illegalMove(RemoteOnitama.View v) {
        List<org.boardlab.api.Move> legal = v.position().legalMoves();
        OnitamaMove any = (OnitamaMove) legal.get(0);
        for (int i = 0; i < 25; i++) {
            OnitamaMove m = OnitamaMove.of(any.card(), any.from(), org.boardlab.game.onitama.Square.ofIndex(i));
            if (v.position().whyIllegal(m) != null) {
                return m;
            }
        }
        return null;
    }

    private void screenshot(String name) throws Exception {
        long until = System.nanoTime() + 300_000_000L;
        while (System.nanoTime() < until) {
            if (!display.readAndDispatch()) {
                Thread.onSpinWait();
            }
        }
        Image image = new Image(display, shell.getSize().x, shell.getSize().y);
        try {
            GC gc = new GC(image);
            try {
                shell.print(gc);
            } finally {
                gc.dispose();
            }
            Path dir = Files.createDirectories(Path.of("target", "screenshots"));
            ImageLoader loader = new ImageLoader();
            loader.data = new ImageData[] {image.getImageData()};
            loader.save(dir.resolve(name).toString(), SWT.IMAGE_PNG);
        } finally {
            image.dispose();
        }
    }
}
