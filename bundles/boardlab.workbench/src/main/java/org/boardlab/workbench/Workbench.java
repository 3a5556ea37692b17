package org.boardlab.workbench;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.eclipse.swt.widgets.Shell;
import org.osgi.annotation.versioning.ProviderType;

/** The running workbench window. Implemented by the workbench bundle. */
@ProviderType
public interface Workbench {

    /** Completes with the main window once it is open. */
    CompletableFuture<Shell> opened();

    /** Ids of the views shown, in tab order. Call on the UI thread. */
    List<String> viewIds();

    /** Brings the view with this id to the front; {@code false} if there is none. Call on the UI thread. */
    boolean showView(String id);

    /** The text of the status line. Call on the UI thread. */
    String status();

    /** Closes the window (from any thread); {@code run} then returns. */
    void close();
}
