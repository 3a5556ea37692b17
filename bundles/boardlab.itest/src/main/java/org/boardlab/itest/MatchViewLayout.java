package org.boardlab.itest;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.graphics.ImageLoader;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Shell;

/**
 * What a person sees of the Match view's layout, measured on its widgets (UI thread only): the
 * control bars in one line each, labels centred on their fields, and the side panel holding still.
 */
final class MatchViewLayout {

    private MatchViewLayout() {
    }

    /**
     * Checks that the bar holding the widget tagged {@code role} shows all its widgets on one line,
     * inside the window, and that each label is centred on the field after it (within a pixel).
     */
    static void assertOneLine(Shell shell, String role) {
        Control tagged = (Control) WorkbenchTest.find(shell, role);
        Composite bar = tagged.getParent();
        Rectangle area = bar.getClientArea();
        Control[] children = bar.getChildren();
        int centre = middle(children[0]);
        for (int i = 0; i < children.length; i++) {
            Control c = children[i];
            Rectangle b = c.getBounds();
            assertThat(b.x + b.width).as(describe(c) + " ends inside the bar (" + area.width + " px wide)").isLessThanOrEqualTo(area.width);
            assertThat(middle(c)).as(describe(c) + " on the line of " + describe(children[0])).isBetween(centre - 1, centre + 1);
            if (c instanceof Label && i + 1 < children.length) {
                assertThat(middle(c)).as(describe(c) + " centred on " + describe(children[i + 1]))
                        .isBetween(middle(children[i + 1]) - 1, middle(children[i + 1]) + 1);
            }
        }
    }

    private static int middle(Control c) {
        Rectangle b = c.getBounds();
        return b.y + b.height / 2;
    }

    private static String describe(Control c) {
        Object role = c.getData("boardlab.id");
        return c.getClass().getSimpleName() + (role != null ? " '" + role + "'" : c instanceof Label l ? " '" + l.getText() + "'" : "");
    }

    /** The bounds of every widget of the side panel (the parent of the status line), in order. */
    static List<Rectangle> sidePanel(Shell shell) {
        Control status = (Control) WorkbenchTest.find(shell, "status");
        List<Rectangle> bounds = new ArrayList<>();
        bounds.add(status.getParent().getBounds());
        for (Control c : status.getParent().getChildren()) {
            bounds.add(c.getBounds());
        }
        return bounds;
    }

    /**
     * Saves the window as {@code png}, drawn by the widgets themselves (so a window wider than the
     * X screen is saved whole).
     */
    static boolean screenshot(Shell shell, Path png) {
        Display display = shell.getDisplay();
        while (display.readAndDispatch()) {
            // let the window paint
        }
        Point size = shell.getSize();
        Image image = new Image(display, size.x, size.y);
        GC gc = new GC(image);
        try {
            shell.print(gc);
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
