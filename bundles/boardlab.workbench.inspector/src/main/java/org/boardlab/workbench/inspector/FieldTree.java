package org.boardlab.workbench.inspector;

import java.util.List;
import java.util.function.Function;
import org.boardlab.api.event.WireEvent;
import org.eclipse.jface.viewers.ColumnLabelProvider;
import org.eclipse.jface.viewers.ITreeContentProvider;
import org.eclipse.jface.viewers.TreeViewer;
import org.eclipse.jface.viewers.TreeViewerColumn;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Tree;

/**
 * The selected message's decoded fields as a tree (a JFace {@link TreeViewer} of {@link FieldNode}s):
 * its error or the violation it reports first, in red; what it refuses in orange; the raw frame
 * last, folded.
 */
final class FieldTree {

    private final TreeViewer viewer;
    private final Color errorText;
    private final Color refusedText;

    /** @param errorText and {@code refusedText}: the colours of errors and refusals (the caller frees them) */
    FieldTree(Composite parent, Color errorText, Color refusedText) {
        this.errorText = errorText;
        this.refusedText = refusedText;
        viewer = new TreeViewer(parent, SWT.BORDER | SWT.FULL_SELECTION | SWT.V_SCROLL | SWT.H_SCROLL);
        viewer.getTree().setHeaderVisible(true);
        viewer.setContentProvider(new ITreeContentProvider() {
            @Override
            @SuppressWarnings("unchecked")
            public Object[] getElements(Object input) {
                return ((List<FieldNode>) input).toArray();
            }

            @Override
            public Object[] getChildren(Object node) {
                return ((FieldNode) node).children.toArray();
            }

            @Override
            public Object getParent(Object node) {
                return null;
            }

            @Override
            public boolean hasChildren(Object node) {
                return !((FieldNode) node).children.isEmpty();
            }
        });
        column("Field", 170, n -> n.name);
        column("Value", 320, n -> n.value);
        viewer.setInput(List.of());
    }

    Tree tree() {
        return viewer.getTree();
    }

    private void column(String title, int width, Function<FieldNode, String> text) {
        TreeViewerColumn column = new TreeViewerColumn(viewer, SWT.NONE);
        column.getColumn().setText(title);
        column.getColumn().setWidth(width);
        column.setLabelProvider(new ColumnLabelProvider() {
            @Override
            public String getText(Object element) {
                return text.apply((FieldNode) element);
            }

            @Override
            public Color getForeground(Object element) {
                return switch (((FieldNode) element).kind) {
                    case ERROR -> errorText;
                    case REFUSED -> refusedText;
                    default -> null;
                };
            }
        });
    }

    /** Shows the fields of {@code e}, all unfolded but the raw frame; {@code null} shows none. */
    void show(WireEvent e) {
        viewer.getTree().setRedraw(false);
        try {
            viewer.setInput(e == null ? List.of() : FieldNode.of(e));
            viewer.expandAll();
            if (e != null) {
                @SuppressWarnings("unchecked")
                List<FieldNode> top = (List<FieldNode>) viewer.getInput();
                viewer.setExpandedState(top.get(top.size() - 1), false);
            }
        } finally {
            viewer.getTree().setRedraw(true);
        }
    }
}
