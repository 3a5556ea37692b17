package org.boardlab.conform.ui.internal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.boardlab.store.Bug;
import org.boardlab.store.BugLog;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.FileDialog;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableItem;
import org.eclipse.swt.widgets.Text;

/**
 * The bug log (seed 004: every communication bug found in another team's component): the store's
 * bugs listed, the last run's failures recorded as bugs of a named component and version, and the
 * log exported as Markdown (a report for the other team) or CSV, as {@code boardlab bugs} writes them.
 * The store is read and written off the UI thread.
 */
final class BugLogPane {

    private final ConformanceModel model;
    private final Composite root;
    private final Table table;
    private final Text component;
    private final Text version;
    private final Label status;
    private volatile List<Bug> bugs = List.of();

    BugLogPane(Composite parent, ConformanceModel model) {
        this.model = model;
        root = new Composite(parent, SWT.NONE);
        root.setLayout(new GridLayout(1, false));
        Composite bar = new Composite(root, SWT.NONE);
        bar.setLayout(new GridLayout(8, false));
        bar.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        new Label(bar, SWT.NONE).setText("Component:");
        component = text(bar, "bug-component", "the other team's name");
        new Label(bar, SWT.NONE).setText("Version:");
        version = text(bar, "bug-version", "its version string");
        Widgets.button(bar, "record", "Record the run's failures", this::record);
        Widgets.button(bar, "bugs-refresh", "Refresh", this::refresh);
        Widgets.button(bar, "export-markdown", "Export Markdown...", () -> exportAs("markdown", "bugs.md"));
        Widgets.button(bar, "export-csv", "Export CSV...", () -> exportAs("csv", "bugs.csv"));
        table = Widgets.table(root, "bugs", new String[][] {{"ID", "44"}, {"Found (UTC)", "140"}, {"Component", "120"}, {"Version", "80"},
            {"Address", "140"}, {"Protocol", "70"}, {"Scenario", "120"}, {"Check", "260"}, {"Received", "300"}});
        table.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        status = new Label(root, SWT.NONE);
        status.setData(Widgets.ID, "bugs-status");
        status.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
    }

    private static Text text(Composite parent, String id, String hint) {
        Text t = new Text(parent, SWT.BORDER);
        t.setData(Widgets.ID, id);
        t.setMessage(hint);
        GridData d = new GridData(SWT.LEFT, SWT.CENTER, false, false);
        d.widthHint = 150;
        t.setLayoutData(d);
        return t;
    }

    Control control() {
        return root;
    }

    /** Reads the bug log from the store again (off the UI thread) and lists it. */
    void refresh() {
        background(() -> {
            bugs = model.bugs();
            return bugs.size() + (bugs.size() == 1 ? " bug" : " bugs") + " in the bug log";
        });
    }

    private void record() {
        String c = component.getText();
        String v = version.getText();
        background(() -> {
            int n = model.record(c, v);
            bugs = model.bugs();
            return "recorded " + n + (n == 1 ? " bug" : " bugs") + " of " + c.trim() + " " + v.trim() + "; " + bugs.size() + " in the bug log";
        });
    }

    /** Runs {@code work} off the UI thread, then lists the bugs and says its result (or its error). */
    private void background(java.util.concurrent.Callable<String> work) {
        status.setText("reading the store ...");
        CompletableFuture.supplyAsync(() -> {
            try {
                return work.call();
            } catch (Exception e) {
                return "the bug log: " + (e.getMessage() == null ? e.toString() : e.getMessage());
            }
        }).thenAccept(line -> {
            if (!root.isDisposed()) {
                root.getDisplay().asyncExec(() -> show(line));
            }
        });
    }

    private void show(String line) {
        if (root.isDisposed()) {
            return;
        }
        List<Bug> list = bugs;
        table.setItemCount(list.size());
        for (int r = 0; r < list.size(); r++) {
            Bug b = list.get(r);
            TableItem item = table.getItem(r);
            item.setText(new String[] {Long.toString(b.id()), BugLog.WHEN.format(b.foundAt()), b.component(), b.version(), b.address(), b.protocol(),
                b.scenario(), b.checkId(), b.received()});
        }
        status.setText(line);
    }

    private void exportAs(String format, String name) {
        FileDialog dialog = new FileDialog(root.getShell(), SWT.SAVE);
        dialog.setText("Export the bug log as " + (format.equals("csv") ? "CSV" : "Markdown"));
        dialog.setFileName(name);
        dialog.setOverwrite(true);
        String file = dialog.open();
        if (file != null) {
            status.setText(export(Path.of(file), format));
        }
    }

    /** Writes the bugs listed to {@code file} as {@code markdown} or {@code csv}; what happened, in words. Also used by tests. */
    String export(Path file, String format) {
        List<Bug> list = bugs;
        try {
            Files.writeString(file, format.equals("csv") ? BugLog.csv(list) : BugLog.markdown(list, null), StandardCharsets.UTF_8);
            return "wrote " + list.size() + (list.size() == 1 ? " bug" : " bugs") + " to " + file;
        } catch (IOException e) {
            return "cannot write " + file + ": " + e.getMessage();
        }
    }
}
