package org.boardlab.itest;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.boardlab.core.Application;
import org.boardlab.workbench.Workbench;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.graphics.ImageLoader;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Spinner;
import org.eclipse.swt.widgets.Text;
import org.eclipse.swt.widgets.Widget;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableItem;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The workbench window inside the real framework (under Xvfb in CI): it opens, its Bundles view
 * lists the loaded players, a player bundle dropped into the folder appears in the view, and closing
 * the window ends the application. A screenshot is saved under target/screenshots/.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class WorkbenchTest {

    private Workbench workbench;
    private Shell shell;
    private Display display;
    private final CompletableFuture<Integer> exit = new CompletableFuture<>();
    private Thread ui;

    @BeforeAll
    void open() throws Exception {
        System.setProperty("boardlab.server", "off");
        Application application = Lab.bean(Application.class, "workbench");
        workbench = Lab.bean(Workbench.class);
        ui = new Thread(() -> {
            try {
                exit.complete(application.run(List.of()));
            } catch (Throwable t) {
                exit.completeExceptionally(t);
            }
        }, "itest-ui");
        ui.start();
        shell = workbench.opened().get(30, TimeUnit.SECONDS);
        display = shell.getDisplay();
        Lab.await("the views", Duration.ofSeconds(10),
                () -> onUi(display, () -> workbench.viewIds().containsAll(List.of("bundles", "match"))));
    }

    @AfterAll
    void closeWindow() throws Exception {
        workbench.close();
        assertThat(exit.get(20, TimeUnit.SECONDS)).isZero();
        ui.join(5_000);
        assertThat(ui.isAlive()).isFalse();
    }

    @Test
    void theBundlesViewListsPlayersAndFollowsAHotDrop() throws Exception {
        onUi(display, () -> workbench.showView("bundles"));
        try {
            List<String> ids = onUi(display, () -> firstColumn(shell, 1));
            assertThat(ids).contains("random", "first-legal", "tictactoe");
            assertThat(ids).doesNotContain("greedy");
            assertThat(onUi(display, workbench::status)).contains("players", "loaded");

            Lab.drop(Lab.fixture("greedy.jar"), "greedy.jar");
            Duration shown = Lab.await("greedy in the table", Duration.ofSeconds(15),
                    () -> onUi(display, () -> firstColumn(shell, 1)).contains("greedy"));
            System.out.printf("[itest] a dropped player appeared in the Bundles view after %d ms%n", shown.toMillis());
            assertThat(onUi(display, workbench::status)).contains("added: player greedy");

            Path png = Lab.screenshots().resolve("workbench-bundles.png");
            onUi(display, () -> screenshot(shell, png));
            assertThat(Files.size(png)).isGreaterThan(10_000);
        } finally {
            Files.deleteIfExists(Lab.players().resolve("greedy.jar"));
        }
    }

    @Test
    void theMatchControllerPlaysAGameBetweenTwoPlayers() throws Exception {
        onUi(display, () -> {
            workbench.showView("match");
            select(shell, "game", "tictactoe");
            select(shell, "first", "random");
            select(shell, "second", "first-legal");
            ((Spinner) find(shell, "delay")).setSelection(0);
            press(shell, "start");
            return true;
        });
        Lab.await("the game's end", Duration.ofSeconds(20), () -> onUi(display, () -> text(shell, "status")).contains("Game Master"));
        String status = onUi(display, () -> text(shell, "status"));
        int moves = onUi(display, () -> ((org.eclipse.swt.widgets.List) find(shell, "moves")).getItemCount());
        assertThat(moves).isBetween(5, 9);
        assertThat(status).containsAnyOf("wins", "no winner");
        assertThat(onUi(display, () -> text(shell, "first-clock"))).startsWith("X: random");
        Path png = Lab.screenshots().resolve("match-controller.png");
        onUi(display, () -> screenshot(shell, png));
    }

    @Test
    void aPersonPlaysByTypingMovesAndTheRecordReplays() throws Exception {
        onUi(display, () -> {
            workbench.showView("match");
            select(shell, "game", "tictactoe");
            select(shell, "first", "a person at this board");
            select(shell, "second", "first-legal");
            ((Spinner) find(shell, "delay")).setSelection(0);
            press(shell, "start");
            return true;
        });
        // first-legal answers a1 with b1, then c1 ...; X plays the middle column: b2 b3? a2 a3 wins down column a
        for (String move : new String[] {"a1", "a2", "a3"}) {
            Lab.await("my turn", Duration.ofSeconds(10), () -> onUi(display, () -> {
                var list = (org.eclipse.swt.widgets.List) find(shell, "moves");
                return list.getItemCount() % 2 == 0;
            }));
            onUi(display, () -> {
                Text field = (Text) find(shell, "move");
                field.setText(move);
                field.notifyListeners(SWT.DefaultSelection, new Event());
                return true;
            });
            Thread.sleep(100);
        }
        Lab.await("the game's end", Duration.ofSeconds(10), () -> onUi(display, () -> text(shell, "status")).contains("Game Master"));
        assertThat(onUi(display, () -> text(shell, "status"))).contains("you (X) wins");
        Path record = Lab.screenshots().resolve("tictactoe-record.txt");
        onUi(display, () -> {
            matchView().writeRecord(record);
            return true;
        });
        assertThat(Files.readString(record)).contains("game: tictactoe", "moves: a1 b1 a2 c1 a3", "result: you (X) wins", "first: you");
        onUi(display, () -> {
            matchView().readRecord(record);
            var list = (org.eclipse.swt.widgets.List) find(shell, "moves");
            list.select(1);
            list.notifyListeners(SWT.Selection, new Event());
            return true;
        });
        assertThat(onUi(display, () -> text(shell, "status"))).contains("replay: position after move 2");
    }

    private static org.boardlab.workbench.WorkbenchView matchViewBean() {
        return Lab.bean(org.boardlab.workbench.WorkbenchView.class, "match");
    }

    private static MatchViewAccess matchView() {
        return new MatchViewAccess(matchViewBean());
    }

    private static <T> T onUi(Display display, Supplier<T> task) {
        AtomicReference<T> result = new AtomicReference<>();
        display.syncExec(() -> result.set(task.get()));
        return result.get();
    }

    /** Finds the widget tagged {@code id} (the key {@code boardlab.id}) in the window. */
    static Widget find(Control control, String id) {
        if (id.equals(control.getData("boardlab.id"))) {
            return control;
        }
        if (control instanceof Composite composite) {
            for (Control child : composite.getChildren()) {
                Widget found = find(child, id);
                if (found != null) {
                    return found;
                }
            }
        }
        return null;
    }

    private static void select(Shell shell, String id, String item) {
        Combo combo = (Combo) find(shell, id);
        int index = List.of(combo.getItems()).indexOf(item);
        assertThat(index).as(item + " in " + id).isNotNegative();
        combo.select(index);
        combo.notifyListeners(SWT.Selection, new Event());
    }

    private static void press(Shell shell, String id) {
        ((Button) find(shell, id)).notifyListeners(SWT.Selection, new Event());
    }

    private static String text(Shell shell, String id) {
        Widget w = find(shell, id);
        return w instanceof Label l ? l.getText() : ((Text) w).getText();
    }

    /** The texts of column {@code column} of every table in the window. */
    private static List<String> firstColumn(Shell shell, int column) {
        List<String> texts = new ArrayList<>();
        collect(shell, column, texts);
        return texts;
    }

    private static void collect(Control control, int column, List<String> texts) {
        if (control instanceof Table table) {
            for (TableItem item : table.getItems()) {
                texts.add(item.getText(column));
            }
        }
        if (control instanceof Composite composite) {
            for (Control child : composite.getChildren()) {
                collect(child, column, texts);
            }
        }
    }

    private static boolean screenshot(Shell shell, Path png) {
        Display display = shell.getDisplay();
        while (display.readAndDispatch()) {
            // let the window paint
        }
        Rectangle bounds = shell.getBounds();
        Image image = new Image(display, bounds.width, bounds.height);
        GC gc = new GC(display);
        try {
            gc.copyArea(image, bounds.x, bounds.y);
            ImageLoader loader = new ImageLoader();
            loader.data = new ImageData[] {image.getImageData()};
            loader.save(png.toString(), SWT.IMAGE_PNG);
        } finally {
            gc.dispose();
            image.dispose();
        }
        return true;
    }
}
