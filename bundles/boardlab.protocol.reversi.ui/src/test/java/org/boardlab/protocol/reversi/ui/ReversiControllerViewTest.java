package org.boardlab.protocol.reversi.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.boardlab.api.Side;
import org.boardlab.core.EventBus;
import org.boardlab.game.othello.Othello;
import org.boardlab.game.othello.OthelloMove;
import org.boardlab.game.othello.ui.OthelloRenderer;
import org.boardlab.protocol.reversi.Cells;
import org.boardlab.protocol.reversi.ReversiClient;
import org.boardlab.protocol.reversi.ReversiMessage;
import org.boardlab.protocol.reversi.ReversiPositions;
import org.boardlab.server.EmbeddedServer;
import org.boardlab.server.ServerSettings;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The graphic Game Controller against boardlab's Game Master, with two first-legal players. */
class ReversiControllerViewTest {

    private EmbeddedServer server;
    private List<InetSocketAddress> gm;

    @BeforeEach
    void open() {
        server = new EmbeddedServer(id -> new Othello(), new EventBus(), ServerSettings.defaults(), l -> { });
        server.addProtocol(new org.boardlab.protocol.reversi.internal.ReversiServerProtocol(
                new org.boardlab.protocol.reversi.internal.ReversiProtocol()));
        gm = server.startGroup("reversi", "127.0.0.1", 0);
    }

    @AfterEach
    void close() {
        server.close();
    }

    /** A player on the wire that plays the first legal move, until End. */
    private CompletableFuture<ReversiMessage.End> firstLegal(int port, String name) {
        CompletableFuture<ReversiMessage.End> end = new CompletableFuture<>();
        ReversiClient[] self = new ReversiClient[1];
        Side side = port == 0 ? Side.FIRST : Side.SECOND;
        self[0] = new ReversiClient(new ReversiClient.Listener() {
            @Override
            public void nextTurn(ReversiMessage.Board board) {
                OthelloMove m = ReversiPositions.position(board, side).placements().get(0);
                self[0].move(m.col(), m.row());
            }

            @Override
            public void end(ReversiMessage.End e) {
                end.complete(e);
            }
        });
        self[0].connect("127.0.0.1", gm.get(port).getPort()).thenRun(() -> self[0].connectAs(name));
        return end;
    }

    private static void until(Display display, BooleanSupplier condition, String what) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("waited 30 s for " + what);
            }
            if (!display.readAndDispatch()) {
                display.sleep();
            }
        }
    }

    /** The view with one loaded player, {@code first-legal}: the first legal move. */
    private static ReversiControllerView view() {
        return new ReversiControllerView(OthelloRenderer::new, () -> List.of("first-legal"),
                id -> id.equals("first-legal") ? request -> request.state().legalMoves().get(0) : null);
    }

    /**
     * The view seats a loaded player on the GM's black port and a person on its white port; the
     * person plays by clicking the board when white is to move (a click on an occupied square is not
     * sent), and the game runs to End on boardlab's GM, shown by the GC on the same view.
     */
    @Test
    void itSeatsALoadedPlayerAndAPersonWhoPlaysByClicking() throws Exception {
        Display display = Display.getDefault();
        Shell shell = new Shell(display);
        shell.setLayout(new org.eclipse.swt.layout.FillLayout());
        try {
            ReversiControllerView view = view();
            view.createControl(shell);
            shell.setSize(1000, 760);
            shell.open();
            view.model().connect("127.0.0.1", gm.get(2).getPort()).get(10, TimeUnit.SECONDS);
            RemoteSeat black = view.seat(0, "first-legal", "127.0.0.1", gm.get(0).getPort());
            RemoteSeat white = view.seat(1, ReversiControllerView.PERSON, "127.0.0.1", gm.get(1).getPort());
            until(display, () -> white.view().turn() != null, "the person's first turn");
            assertEquals(Side.SECOND, white.view().colour());
            assertEquals(Side.FIRST, black.view().colour());
            screenshot(display, shell, "reversi-gc-person-to-move.png");
            view.clicked(OthelloMove.at(3, 3)); // d4 holds a disc from the start
            assertTrue(white.view().message().contains("not a legal move"), white.view().message());
            assertTrue(white.view().turn() != null, "still the person's turn after a refused click");
            int clicks = 0;
            while (!white.view().over()) {
                ReversiMessage.Board turn = white.view().turn();
                if (turn != null) {
                    OthelloMove m = ReversiPositions.position(turn, Side.SECOND).placements().get(0);
                    view.clicked(m);
                    clicks++;
                }
                until(display, () -> white.view().over() || (white.view().turn() != null && white.view().turn() != turn),
                        "the person's next turn or the end");
            }
            assertTrue(clicks >= 2, clicks + " moves clicked");
            until(display, () -> view.model().view().end() != null, "End at the GC");
            until(display, () -> black.view().over(), "End at the black seat");
            assertTrue(white.view().message().startsWith("end: scores black "), white.view().message());
            ReversiMessage.End end = view.model().view().end();
            assertEquals("end: scores black " + end.blackScore() + ", white " + end.whiteScore(), white.view().message());
            screenshot(display, shell, "reversi-gc-seats-game-over.png");
        } finally {
            shell.dispose();
        }
    }

    @Test
    void itShowsAWholeGameAndStepsASecondOneOnANewSize() throws Exception {
        Display display = Display.getDefault();
        Shell shell = new Shell(display);
        try {
            ReversiControllerView view = view();
            shell.setLayout(new org.eclipse.swt.layout.FillLayout()); // as the workbench's tab folder holds a view
            view.createControl(shell);
            shell.setSize(900, 700);
            shell.open();
            RemoteController model = view.model();
            model.connect("127.0.0.1", gm.get(2).getPort()).get(10, TimeUnit.SECONDS);
            display.timerExec(100, () -> { });
            until(display, () -> view.shown().contains("connected to"), "connected");

            CompletableFuture<ReversiMessage.End> black = firstLegal(0, "Philip Blake");
            CompletableFuture<ReversiMessage.End> white = firstLegal(1, "Rick Grimes");
            ReversiMessage.End end = black.get(30, TimeUnit.SECONDS);
            until(display, () -> end.equals(model.view().end()) && view.shown().contains("Scores : White=" + end.whiteScore()),
                    "the scores");
            assertEquals(end, white.get(10, TimeUnit.SECONDS));
            String shown = view.shown();
            assertTrue(shown.contains("Scores : White=" + end.whiteScore() + " Black=" + end.blackScore()), shown);
            assertTrue(shown.startsWith("Philip Blake|Last Move:"), shown);
            assertTrue(shown.contains("\nRick Grimes|Last Move:"), shown);
            RemoteController.View v = model.view();
            assertTrue(shown.contains("Points: " + v.board().count(Cells.BLACK)), shown);
            screenshot(display, shell, "reversi-gc-game-over.png");
            assertTrue(ReversiPositions.position(v.board(), Side.FIRST).isTerminal());

            // Board Size 6 and Step by Step Mode, then a new game: one move per press
            view.model().boardSize(6);
            until(display, () -> model.view().message().equals("OK"), "OK to Board Size");
            view.model().step();
            until(display, () -> model.view().message().equals("OK"), "OK to Step");
            CompletableFuture<ReversiMessage.End> black2 = firstLegal(0, "b2");
            CompletableFuture<ReversiMessage.End> white2 = firstLegal(1, "w2");
            until(display, () -> model.view().board() != null && model.view().board().sizeX() == 6, "a 6x6 game");
            assertEquals(4, model.view().board().count(Cells.BLACK) + model.view().board().count(Cells.WHITE));
            view.model().step();
            until(display, () -> model.view().board().count(Cells.BLACK) + model.view().board().count(Cells.WHITE) == 5,
                    "one move after one step");
            until(display, () -> view.shown().startsWith("b2|Last Move:"), "the new game's names shown");
            screenshot(display, shell, "reversi-gc-step-6x6.png");
            view.model().continuous();
            ReversiMessage.End end2 = black2.get(30, TimeUnit.SECONDS);
            assertEquals(end2, white2.get(10, TimeUnit.SECONDS));
            until(display, () -> end2.equals(model.view().end())
                    && view.shown().contains("Scores : White=" + end2.whiteScore() + " Black=" + end2.blackScore()),
                    "the second game's scores");
            view.model().disconnect();
            until(display, () -> !model.view().connected(), "Quit");
        } finally {
            shell.dispose();
        }
    }

    /** The shell as drawn, to {@code target/screenshots/NAME} (looked at by people, not compared). */
    private static void screenshot(Display display, Shell shell, String name) throws java.io.IOException {
        long until = System.nanoTime() + 300_000_000L; // let pending paints run
        while (System.nanoTime() < until) {
            if (!display.readAndDispatch()) {
                Thread.onSpinWait();
            }
        }
        org.eclipse.swt.graphics.Point size = shell.getSize();
        org.eclipse.swt.graphics.Image image = new org.eclipse.swt.graphics.Image(display, size.x, size.y);
        try {
            org.eclipse.swt.graphics.GC gc = new org.eclipse.swt.graphics.GC(image);
            try {
                shell.print(gc);
            } finally {
                gc.dispose();
            }
            java.nio.file.Path dir = java.nio.file.Path.of("target", "screenshots");
            java.nio.file.Files.createDirectories(dir);
            org.eclipse.swt.graphics.ImageLoader loader = new org.eclipse.swt.graphics.ImageLoader();
            loader.data = new org.eclipse.swt.graphics.ImageData[] {image.getImageData()};
            loader.save(dir.resolve(name).toString(), org.eclipse.swt.SWT.IMAGE_PNG);
        } finally {
            image.dispose();
        }
    }
}
