package org.boardlab.workbench.inspector;

import java.util.Arrays;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.Cursor;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Canvas;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.ScrollBar;

/**
 * The inspector's message list: rows of text in columns, drawn on a canvas, fully virtual. Only
 * the rows on the screen are asked for and drawn, so a list of a million rows costs no more than a
 * list of forty, and adding rows costs nothing until they are scrolled into view. (A GTK table
 * costs a few microseconds for every row added and more for every row removed, which at tens of
 * thousands of messages a second takes the whole UI thread.)
 *
 * <p>What a person can do: drag a column's right edge in the header to resize it; scroll with the
 * scroll bars or the wheel; click a row to select it; move the selection with Up, Down, Page Up,
 * Page Down, Home and End. The list <em>follows</em> the newest row (keeps the last row in view as
 * rows come) until the person scrolls up or selects a row; End, scrolling to the bottom, or
 * {@link #setFollowing} make it follow again.
 *
 * <p>Rows are numbered from 0; which message a row shows is the {@link Source}'s business. UI thread only.
 */
final class MessageList {

    /** Where the rows come from; asked only for the rows being drawn. */
    interface Source {

        /** How many rows there are. */
        int rowCount();

        /**
         * Fills {@code cells} (one per column) with the texts of row {@code row}.
         *
         * @return the row's severity, which gives its colour; {@code null} for a row whose message is gone
         */
        Severity row(int row, String[] cells);

        /** A source whose row count is {@code count}'s and whose rows {@code rows} fills. */
        static Source of(java.util.function.IntSupplier count, Rows rows) {
            return new Source() {
                @Override
                public int rowCount() {
                    return count.getAsInt();
                }

                @Override
                public Severity row(int row, String[] cells) {
                    return rows.row(row, cells);
                }
            };
        }

        /** Fills a row's cells, as {@link Source#row}. */
        @FunctionalInterface
        interface Rows {
            Severity row(int row, String[] cells);
        }
    }

    /** Pixels left and right of a cell's text. */
    private static final int PAD = 4;

    /** Pixels either side of a column's edge where a drag resizes it. */
    private static final int GRIP = 4;

    /** The narrowest a column can be dragged. */
    private static final int MIN_WIDTH = 24;

    private final Canvas canvas;
    private final String[] titles;
    private final int[] widths;
    private final Source source;
    private final String[] cells;
    private final int rowHeight;
    private final int headerHeight;
    private final int textOffset;
    private final Color violation;
    private final Color refusal;
    private final Color fault;
    private final Color grid;
    private final Cursor resizeCursor;

    private int count;
    private int top;
    private int selection = -1;
    private boolean following = true;
    private int scrollX;
    private int resizing = -1;
    private Runnable onSelection = () -> { };
    private Runnable onFollowing = () -> { };
    private long paints;
    private long paintNanos;
    private long longestPaintNanos;

    /**
     * @param parent the parent composite
     * @param titles the columns' titles
     * @param widths the columns' widths in pixels (the last column also fills what is left)
     * @param source the rows
     */
    MessageList(Composite parent, String[] titles, int[] widths, Source source) {
        if (titles.length != widths.length || titles.length == 0) {
            throw new IllegalArgumentException("one width per title, and at least one column");
        }
        this.titles = titles.clone();
        this.widths = widths.clone();
        this.source = source;
        this.cells = new String[titles.length];
        canvas = new Canvas(parent, SWT.BORDER | SWT.V_SCROLL | SWT.H_SCROLL | SWT.DOUBLE_BUFFERED | SWT.NO_BACKGROUND);
        Display display = canvas.getDisplay();
        violation = new Color(display, 255, 176, 176);
        refusal = new Color(display, 255, 214, 153);
        fault = new Color(display, 222, 206, 255);
        grid = new Color(display, 224, 224, 224);
        resizeCursor = new Cursor(display, SWT.CURSOR_SIZEWE);
        GC gc = new GC(canvas);
        int fontHeight;
        try {
            fontHeight = gc.getFontMetrics().getHeight();
        } finally {
            gc.dispose();
        }
        rowHeight = fontHeight + 5;
        headerHeight = fontHeight + 9;
        textOffset = 2;

        canvas.addListener(SWT.Paint, this::paint);
        canvas.addListener(SWT.Resize, e -> layoutChanged());
        canvas.addListener(SWT.MouseDown, this::mouseDown);
        canvas.addListener(SWT.MouseMove, this::mouseMove);
        canvas.addListener(SWT.MouseUp, e -> resizing = -1);
        canvas.addListener(SWT.MouseVerticalWheel, this::wheel);
        canvas.addListener(SWT.KeyDown, this::keyDown);
        canvas.addListener(SWT.Traverse, e -> e.doit = e.detail == SWT.TRAVERSE_TAB_NEXT || e.detail == SWT.TRAVERSE_TAB_PREVIOUS);
        canvas.addListener(SWT.FocusIn, e -> canvas.redraw());
        canvas.addListener(SWT.FocusOut, e -> canvas.redraw());
        canvas.addListener(SWT.Dispose, e -> {
            violation.dispose();
            refusal.dispose();
            fault.dispose();
            grid.dispose();
            resizeCursor.dispose();
        });
        canvas.getVerticalBar().addListener(SWT.Selection, e -> scrolledTo(canvas.getVerticalBar().getSelection()));
        canvas.getHorizontalBar().addListener(SWT.Selection, e -> {
            scrollX = canvas.getHorizontalBar().getSelection();
            canvas.redraw();
        });
        count = source.rowCount();
        updateScrollBars();
    }

    /** The canvas. */
    Canvas control() {
        return canvas;
    }

    /** Calls {@code listener} when the person selects a row (by mouse or key; not on {@link #setSelection}). */
    void onSelection(Runnable listener) {
        onSelection = listener;
    }

    /** Calls {@code listener} whenever {@link #following()} changes. */
    void onFollowing(Runnable listener) {
        onFollowing = listener;
    }

    // --- the rows -----------------------------------------------------------------------------------

    /**
     * Takes the source's new row count. Rows were added at the end and {@code removedAtTop} rows were
     * taken off the top (their messages left the store): when not following, the rows on the screen
     * stay on the screen. Draws again only when what is on the screen changed.
     */
    void rowsChanged(int removedAtTop) {
        int before = count;
        int topBefore = top;
        count = source.rowCount();
        if (following) {
            top = maxTop();
        } else {
            top = clamp(top - removedAtTop, 0, maxTop());
        }
        updateScrollBars();
        if (removedAtTop > 0 || top != topBefore || count < before || (count > before && before <= top + visibleRows())) {
            canvas.redraw();
        }
    }

    /** Every row may show something else (a filter changed, the list was cleared): draws all again. */
    void contentsChanged() {
        count = source.rowCount();
        top = following ? maxTop() : clamp(top, 0, maxTop());
        selection = selection < count ? selection : -1;
        updateScrollBars();
        canvas.redraw();
    }

    /** How many rows the list has (as of the last {@link #rowsChanged} or {@link #contentsChanged}). */
    int rowCount() {
        return count;
    }

    /** The texts the list shows in row {@code row}, one per column (asked of the source, as when drawing). */
    String[] row(int row) {
        if (row < 0 || row >= count) {
            throw new IndexOutOfBoundsException("row " + row + " of " + count);
        }
        String[] texts = new String[cells.length];
        source.row(row, texts);
        return texts;
    }

    /** The colour row {@code row} is drawn in when not selected. */
    Color background(int row) {
        Severity severity = source.row(row, new String[cells.length]);
        return severity == Severity.VIOLATION ? violation : severity == Severity.REFUSAL ? refusal
                : severity == Severity.FAULT ? fault : canvas.getDisplay().getSystemColor(SWT.COLOR_LIST_BACKGROUND);
    }

    // --- selection and scrolling ----------------------------------------------------------------------

    /** The selected row, or -1. */
    int selection() {
        return selection;
    }

    /** Selects {@code row} (-1 for none) without telling the selection listener and without scrolling. */
    void setSelection(int row) {
        int next = row >= 0 && row < count ? row : -1;
        if (next != selection) {
            redrawRow(selection);
            selection = next;
            redrawRow(selection);
        }
    }

    /** The first row on the screen. */
    int topIndex() {
        return top;
    }

    /** How many rows fit on the screen whole (at least 1). */
    int visibleRows() {
        int height = canvas.getClientArea().height - headerHeight;
        return Math.max(1, height / rowHeight);
    }

    /** Scrolls so that {@code row} is on the screen; stops following if that means leaving the end. */
    void reveal(int row) {
        if (row < 0 || row >= count) {
            return;
        }
        int next = top;
        if (row < top) {
            next = row;
        } else if (row >= top + visibleRows()) {
            next = row - visibleRows() + 1;
        }
        scrollTo(next);
    }

    /** {@code true} while the list keeps its last row in view as rows come. */
    boolean following() {
        return following;
    }

    /** Follows the newest row (and scrolls to it), or stops following. */
    void setFollowing(boolean follow) {
        if (follow != following) {
            following = follow;
            onFollowing.run();
        }
        if (follow) {
            scrollTo(maxTop());
        }
    }

    private void scrollTo(int row) {
        int next = clamp(row, 0, maxTop());
        if (next != top) {
            top = next;
            canvas.getVerticalBar().setSelection(top);
            canvas.redraw();
        }
        if (following && top < maxTop()) {
            following = false;
            onFollowing.run();
        }
    }

    /** The person moved the scroll bar or the wheel to {@code row}: following stops above the end and starts at it. */
    private void scrolledTo(int row) {
        int next = clamp(row, 0, maxTop());
        if (next != top) {
            top = next;
            canvas.redraw();
        }
        canvas.getVerticalBar().setSelection(top);
        boolean atEnd = top >= maxTop();
        if (atEnd != following) {
            following = atEnd;
            onFollowing.run();
        }
    }

    private int maxTop() {
        return Math.max(0, count - visibleRows());
    }

    private static int clamp(int value, int min, int max) {
        return Math.max(min, Math.min(max, value));
    }

    private void updateScrollBars() {
        ScrollBar v = canvas.getVerticalBar();
        int visible = visibleRows();
        v.setValues(top, 0, Math.max(1, count), Math.max(1, Math.min(visible, count)), 1, Math.max(1, visible - 1));
        ScrollBar h = canvas.getHorizontalBar();
        int width = Math.max(1, canvas.getClientArea().width);
        int total = Arrays.stream(widths).sum();
        scrollX = clamp(scrollX, 0, Math.max(0, total - width));
        h.setValues(scrollX, 0, Math.max(total, width), width, 16, Math.max(16, width - 32));
    }

    private void layoutChanged() {
        top = following ? maxTop() : clamp(top, 0, maxTop());
        updateScrollBars();
        canvas.redraw();
    }

    private void redrawRow(int row) {
        if (row >= top && row < top + visibleRows() + 1) {
            Rectangle area = canvas.getClientArea();
            canvas.redraw(0, headerHeight + (row - top) * rowHeight, area.width, rowHeight, false);
        }
    }

    /** The row at {@code y} (canvas pixels), or -1 for the header or below the last row. */
    int rowAt(int y) {
        if (y < headerHeight) {
            return -1;
        }
        int row = top + (y - headerHeight) / rowHeight;
        return row < count ? row : -1;
    }

    /** Where row {@code row} is drawn, in canvas pixels (it may be off the screen). */
    Rectangle rowBounds(int row) {
        return new Rectangle(0, headerHeight + (row - top) * rowHeight, canvas.getClientArea().width, rowHeight);
    }

    /** The person selects {@code row} (clamped to the rows there are): scrolls to it and tells the listener. */
    private void select(int row) {
        if (count == 0) {
            return;
        }
        int next = clamp(row, 0, count - 1);
        setSelection(next);
        reveal(next);
        onSelection.run();
    }

    // --- input ---------------------------------------------------------------------------------------

    private void mouseDown(Event e) {
        if (e.button != 1) {
            return;
        }
        canvas.setFocus();
        if (e.y < headerHeight) {
            resizing = columnEdgeAt(e.x);
            return;
        }
        int row = rowAt(e.y);
        if (row >= 0) {
            stopFollowing();
            select(row);
        }
    }

    private void mouseMove(Event e) {
        if (resizing >= 0) {
            int start = columnStart(resizing);
            widths[resizing] = Math.max(MIN_WIDTH, e.x - start);
            updateScrollBars();
            canvas.redraw();
            return;
        }
        canvas.setCursor(e.y < headerHeight && columnEdgeAt(e.x) >= 0 ? resizeCursor : null);
    }

    /** The column whose right edge is at {@code x}, or -1. */
    private int columnEdgeAt(int x) {
        int edge = -scrollX;
        for (int c = 0; c < widths.length - 1; c++) {
            edge += widths[c];
            if (Math.abs(x - edge) <= GRIP) {
                return c;
            }
        }
        return -1;
    }

    private int columnStart(int column) {
        int x = -scrollX;
        for (int c = 0; c < column; c++) {
            x += widths[c];
        }
        return x;
    }

    /** A column's width (as dragged). */
    int columnWidth(int column) {
        return widths[column];
    }

    private void wheel(Event e) {
        e.doit = false;
        scrolledTo(top - e.count);
    }

    private void keyDown(Event e) {
        int page = Math.max(1, visibleRows() - 1);
        int at = selection;
        switch (e.keyCode) {
            case SWT.ARROW_UP -> {
                stopFollowing();
                select(at < 0 ? top : at - 1);
            }
            case SWT.ARROW_DOWN -> {
                stopFollowing();
                select(at < 0 ? top : at + 1);
            }
            case SWT.PAGE_UP -> {
                stopFollowing();
                select(at < 0 ? top : at - page);
            }
            case SWT.PAGE_DOWN -> {
                stopFollowing();
                select(at < 0 ? top : at + page);
            }
            case SWT.HOME -> {
                stopFollowing();
                select(0);
            }
            case SWT.END -> {
                select(count - 1);
                setFollowing(true);
            }
            default -> {
                return;
            }
        }
        e.doit = false;
    }

    private void stopFollowing() {
        if (following) {
            following = false;
            onFollowing.run();
        }
    }

    // --- drawing -------------------------------------------------------------------------------------

    private void paint(Event e) {
        long start = System.nanoTime();
        draw(e);
        long took = System.nanoTime() - start;
        paints++;
        paintNanos += took;
        longestPaintNanos = Math.max(longestPaintNanos, took);
    }

    /**
     * How long drawing took since the last call: {@code {paints, nanoseconds in all, longest}}; the
     * counts start again from zero.
     */
    long[] takePaintTimes() {
        long[] times = {paints, paintNanos, longestPaintNanos};
        paints = 0;
        paintNanos = 0;
        longestPaintNanos = 0;
        return times;
    }

    private void draw(Event e) {
        GC gc = e.gc;
        Display display = canvas.getDisplay();
        Rectangle area = canvas.getClientArea();
        Color background = display.getSystemColor(SWT.COLOR_LIST_BACKGROUND);
        Color foreground = display.getSystemColor(SWT.COLOR_LIST_FOREGROUND);
        Color selectedBackground = display.getSystemColor(SWT.COLOR_LIST_SELECTION);
        Color selectedForeground = display.getSystemColor(SWT.COLOR_LIST_SELECTION_TEXT);
        int[] starts = new int[widths.length + 1];
        starts[0] = -scrollX;
        for (int c = 0; c < widths.length; c++) {
            starts[c + 1] = starts[c] + widths[c];
        }
        starts[widths.length] = Math.max(starts[widths.length], area.width);

        int firstRow = top + Math.max(0, (e.y - headerHeight) / rowHeight);
        int lastRow = Math.min(count - 1, top + Math.max(0, (e.y + e.height - headerHeight) / rowHeight));
        int y = headerHeight + (firstRow - top) * rowHeight;
        for (int row = firstRow; row <= lastRow; row++, y += rowHeight) {
            Arrays.fill(cells, "");
            Severity severity = source.row(row, cells);
            boolean selected = row == selection;
            gc.setBackground(selected ? selectedBackground
                    : severity == Severity.VIOLATION ? violation : severity == Severity.REFUSAL ? refusal
                    : severity == Severity.FAULT ? fault : background);
            gc.fillRectangle(0, y, area.width, rowHeight);
            gc.setForeground(selected ? selectedForeground : foreground);
            for (int c = 0; c < cells.length; c++) {
                if (starts[c + 1] <= 0 || starts[c] >= area.width || cells[c] == null || cells[c].isEmpty()) {
                    continue;
                }
                gc.setClipping(starts[c] + PAD, y, starts[c + 1] - starts[c] - 2 * PAD, rowHeight);
                gc.drawString(cells[c], starts[c] + PAD, y + textOffset, true);
            }
            gc.setClipping((Rectangle) null);
        }
        if (y < area.height) {
            gc.setBackground(background);
            gc.fillRectangle(0, Math.max(y, headerHeight), area.width, area.height - Math.max(y, headerHeight));
        }
        gc.setForeground(grid);
        for (int c = 1; c < widths.length; c++) {
            gc.drawLine(starts[c] - 1, headerHeight, starts[c] - 1, area.height);
        }

        gc.setBackground(display.getSystemColor(SWT.COLOR_WIDGET_BACKGROUND));
        gc.fillRectangle(0, 0, area.width, headerHeight);
        gc.setForeground(display.getSystemColor(SWT.COLOR_WIDGET_NORMAL_SHADOW));
        gc.drawLine(0, headerHeight - 1, area.width, headerHeight - 1);
        for (int c = 1; c < widths.length; c++) {
            gc.drawLine(starts[c] - 1, 3, starts[c] - 1, headerHeight - 4);
        }
        gc.setForeground(display.getSystemColor(SWT.COLOR_WIDGET_FOREGROUND));
        for (int c = 0; c < titles.length; c++) {
            if (starts[c + 1] <= 0 || starts[c] >= area.width) {
                continue;
            }
            gc.setClipping(starts[c] + PAD, 0, starts[c + 1] - starts[c] - 2 * PAD, headerHeight);
            gc.drawString(titles[c], starts[c] + PAD, (headerHeight - rowHeight) / 2 + textOffset, true);
        }
        gc.setClipping((Rectangle) null);
    }
}
