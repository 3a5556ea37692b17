package org.boardlab.workbench.inspector;

import java.nio.file.Path;
import java.util.function.Consumer;
import java.util.function.Function;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.RowLayout;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.FileDialog;
import org.eclipse.swt.widgets.Widget;

/**
 * The inspector's bar of actions above the message list: Pause, Clear, Save trace, Load trace (with
 * their file dialogs), Follow connection, Show all, the auto-scroll box, and the {@link FilterBar}.
 * What each does is the view's, given as {@link Commands}.
 */
final class InspectorActions {

    /** What the buttons do: the view's commands. */
    record Commands(Runnable pause, Runnable clear, Consumer<Path> save, Consumer<Path> load, Runnable follow, Runnable showAll) {
    }

    private final Button pauseButton;
    private final Button autoScroll;
    private final FilterBar filters;

    /**
     * @param remoteOf      the remote address of a connection, for the connection filter's choices
     * @param filterChanged told when a filter was changed
     */
    InspectorActions(Composite root, Commands commands, Function<Long, String> remoteOf, Runnable filterChanged) {
        Composite actions = new Composite(root, SWT.NONE);
        RowLayout layout = new RowLayout(SWT.HORIZONTAL);
        layout.center = true;
        actions.setLayout(layout);
        actions.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        pauseButton = button(actions, "pause", "Pause", commands.pause());
        button(actions, "clear", "Clear", commands.clear());
        button(actions, "save", "Save trace…", () -> file(root, SWT.SAVE, commands.save()));
        button(actions, "load", "Load trace…", () -> file(root, SWT.OPEN, commands.load()));
        button(actions, "follow", "Follow connection", commands.follow());
        button(actions, "show-all", "Show all", commands.showAll());
        autoScroll = tag(new Button(actions, SWT.CHECK), "auto-scroll");
        autoScroll.setText("Scroll to new messages (End)");
        autoScroll.setToolTipText("Keep the newest message in view. Scrolling up or selecting a message stops it; End or this box starts it again.");
        autoScroll.setSelection(true);
        filters = new FilterBar(actions, root, remoteOf, filterChanged);
    }

    /** The auto-scroll box drives {@code messages}' following, and shows it. */
    void bindScroll(MessageList messages) {
        autoScroll.addListener(SWT.Selection, e -> messages.setFollowing(autoScroll.getSelection()));
        messages.onFollowing(() -> {
            if (!autoScroll.isDisposed()) {
                autoScroll.setSelection(messages.following());
            }
        });
    }

    FilterBar filters() {
        return filters;
    }

    /** Shows capture paused (the button then resumes) or not. */
    void showPaused(boolean paused) {
        pauseButton.setText(paused ? "Resume" : "Pause");
        pauseButton.getParent().layout(true);
    }

    private static void file(Composite root, int style, Consumer<Path> then) {
        FileDialog dialog = new FileDialog(root.getShell(), style);
        dialog.setText(style == SWT.SAVE ? "Save the messages shown as a trace" : "Load a trace");
        dialog.setFilterExtensions(style == SWT.SAVE ? new String[] {"*.jsonl", "*.*"} : new String[] {"*.jsonl;*.json;*.txt", "*.*"});
        if (style == SWT.SAVE) {
            dialog.setFileName("trace.jsonl");
            dialog.setOverwrite(true);
        }
        String file = dialog.open();
        if (file != null) {
            then.accept(Path.of(file));
        }
    }

    private static Button button(Composite parent, String role, String text, Runnable action) {
        Button button = tag(new Button(parent, SWT.PUSH), role);
        button.setText(text);
        button.addListener(SWT.Selection, e -> action.run());
        return button;
    }

    /** Gives {@code widget} its role under {@link InspectorView#ID}, for UI tests. */
    static <T extends Widget> T tag(T widget, String role) {
        widget.setData(InspectorView.ID, role);
        return widget;
    }
}
