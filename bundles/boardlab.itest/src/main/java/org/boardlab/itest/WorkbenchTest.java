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
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableItem;
import org.junit.jupiter.api.Test;

/**
 * The workbench window inside the real framework (under Xvfb in CI): it opens, its Bundles view
 * lists the loaded players, a player bundle dropped into the folder appears in the view, and closing
 * the window ends the application. A screenshot is saved under target/screenshots/.
 */
class WorkbenchTest {

    @Test
    void theBundlesViewListsPlayersAndFollowsAHotDrop() throws Exception {
        Application application = Lab.bean(Application.class, "workbench");
        Workbench workbench = Lab.bean(Workbench.class);
        CompletableFuture<Integer> exit = new CompletableFuture<>();
        Thread ui = new Thread(() -> {
            try {
                exit.complete(application.run(List.of()));
            } catch (Throwable t) {
                exit.completeExceptionally(t);
            }
        }, "itest-ui");
        ui.start();
        Shell shell = workbench.opened().get(30, TimeUnit.SECONDS);
        Display display = shell.getDisplay();
        try {
            Lab.await("the bundles view", Duration.ofSeconds(10), () -> onUi(display, () -> workbench.viewIds().contains("bundles")));
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
            workbench.close();
        }
        assertThat(exit.get(20, TimeUnit.SECONDS)).isZero();
        ui.join(5_000);
        assertThat(ui.isAlive()).isFalse();
    }

    private static <T> T onUi(Display display, Supplier<T> task) {
        AtomicReference<T> result = new AtomicReference<>();
        display.syncExec(() -> result.set(task.get()));
        return result.get();
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
