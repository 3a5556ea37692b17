package org.boardlab.workbench;

import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * A view in the workbench window's view area (one tab). Implemented by UI bundles in a class
 * annotated {@code @javax.inject.Named("<id>")}; the view appears when its bundle starts and goes
 * when it stops.
 *
 * <p>All methods are called on the UI thread. A view must not block it: long work runs on another
 * thread and comes back with {@code Display.asyncExec}, checking {@code isDisposed()} first.
 */
@ConsumerType
public interface WorkbenchView {

    /** The view's unique id, e.g. {@code bundles}. */
    String id();

    /** The tab's title, e.g. {@code "Bundles & players"}. */
    String title();

    /** Where the tab goes: lower first. */
    default int order() {
        return 100;
    }

    /**
     * Builds the view's widgets.
     *
     * @param parent the tab's composite; the returned control is its only child
     * @return the view's top control
     */
    Control createControl(Composite parent);

    /** Frees what {@link #createControl} took (listeners, images, colours). The widgets are disposed by the workbench. */
    void dispose();
}
