package org.boardlab.conform.ui.internal;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.boardlab.conform.CheckResult;
import org.boardlab.conform.Frame;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.Font;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableItem;
import org.eclipse.swt.widgets.Text;

/**
 * The selected scenario: its failure in words (the check, its rule, expected against received),
 * its frames decoded (those that show the failure marked {@code >>} and red), and the raw bytes of
 * the frame selected. A failed scenario opens at the first frame of its failure.
 */
final class ScenarioPane {

    private final ConformanceModel model;
    private final Composite root;
    private final Text failure;
    private final Table frames;
    private final Text raw;
    private final Color evidenceColour;
    private final Font mono;
    private int index;
    private int shownFrames = -1;
    private ScenarioRow.State shownState;
    private List<Frame> list = List.of();

    ScenarioPane(Composite parent, ConformanceModel model) {
        this.model = model;
        root = new Composite(parent, SWT.NONE);
        root.setLayout(new GridLayout(1, false));
        failure = new Text(root, SWT.MULTI | SWT.READ_ONLY | SWT.WRAP | SWT.V_SCROLL | SWT.BORDER);
        failure.setData(Widgets.ID, "failure");
        GridData failureData = new GridData(SWT.FILL, SWT.TOP, true, false);
        failureData.heightHint = 64;
        failure.setLayoutData(failureData);
        SashForm sash = new SashForm(root, SWT.HORIZONTAL);
        sash.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        frames = Widgets.table(sash, "frames", new String[][] {{"", "28"}, {"#", "48"}, {"Time", "64"}, {"Connection", "90"}, {"", "28"},
            {"Decoded", "460"}});
        frames.setToolTipText("-> sent by the kit, <- received from the component under test, -- a connection's event; >> shows the failure");
        frames.addListener(SWT.Selection, e -> showRaw());
        raw = new Text(sash, SWT.MULTI | SWT.READ_ONLY | SWT.H_SCROLL | SWT.V_SCROLL | SWT.BORDER);
        raw.setData(Widgets.ID, "raw");
        mono = new Font(parent.getDisplay(), "Monospace", 9, SWT.NORMAL);
        raw.setFont(mono);
        sash.setWeights(64, 36);
        evidenceColour = new Color(parent.getDisplay(), 176, 0, 32);
    }

    Control control() {
        return root;
    }

    /** Shows scenario {@code i} (from 1; 0: none); a failure opens at its first frame. */
    void show(int i) {
        index = i;
        shownFrames = -1;
        refresh();
        if (index > 0) {
            model.failureFrame(index).ifPresent(f -> {
                for (int r = 0; r < list.size(); r++) {
                    if (list.get(r).seq() == f.seq()) {
                        frames.setSelection(r);
                        frames.showSelection();
                        showRaw();
                        return;
                    }
                }
            });
        }
    }

    /** Takes the frames that came since (while the scenario runs). */
    void refresh() {
        if (index <= 0 || index > model.rows().size()) {
            failure.setText("");
            frames.removeAll();
            raw.setText("");
            list = List.of();
            return;
        }
        String text = model.failureText(index);
        if (!text.equals(failure.getText())) {
            failure.setText(text);
        }
        List<Frame> now = model.frames(index);
        ScenarioRow row = model.rows().get(index - 1);
        if (now.size() == shownFrames && row.state() == shownState) {
            return;
        }
        shownFrames = now.size();
        shownState = row.state();
        list = now;
        Optional<CheckResult> failed = row.failure();
        List<Long> evidence = failed.map(CheckResult::evidence).orElse(List.of());
        frames.setItemCount(list.size());
        for (int r = 0; r < list.size(); r++) {
            Frame f = list.get(r);
            boolean shows = evidence.contains(f.seq());
            TableItem item = frames.getItem(r);
            item.setText(new String[] {shows ? ">>" : "", Long.toString(f.seq()), String.format(Locale.ROOT, "%.3f", f.nanos() / 1e9), f.connection(),
                f.direction().arrow(), f.decoded()});
            item.setForeground(shows ? evidenceColour : null);
        }
    }

    private void showRaw() {
        int r = frames.getSelectionIndex();
        raw.setText(r < 0 || r >= list.size() ? "" : dump(list.get(r)));
    }

    /** A frame's bytes, 16 a line: offset, hex, ASCII. */
    static String dump(Frame f) {
        byte[] b = f.raw();
        if (b.length == 0) {
            return f.decoded() + "\n(an event: no bytes)";
        }
        StringBuilder out = new StringBuilder("#" + f.seq() + " " + f.connection() + " " + f.direction().arrow() + ", " + b.length + " bytes\n");
        for (int line = 0; line < Math.min(b.length, 64 * 1024); line += 16) {
            out.append(String.format(Locale.ROOT, "%04x  ", line));
            StringBuilder ascii = new StringBuilder();
            for (int i = line; i < line + 16; i++) {
                if (i < b.length) {
                    int c = b[i] & 0xFF;
                    out.append(String.format(Locale.ROOT, "%02x ", c));
                    ascii.append(c >= 0x20 && c < 0x7F ? (char) c : '.');
                } else {
                    out.append("   ");
                }
            }
            out.append(' ').append(ascii).append('\n');
        }
        return out.toString();
    }

    void dispose() {
        evidenceColour.dispose();
        mono.dispose();
    }
}
