package org.boardlab.workbench.internal;

import java.util.Hashtable;
import org.eclipse.swt.widgets.Display;
import org.osgi.framework.BundleActivator;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;

/**
 * Offers the product's launcher a task for its main thread, {@link #prepareDisplay()}: a
 * {@code Runnable} service with the property {@code main.thread.prepare=true}. The launcher of the
 * workbench runs it while the other bundles are still starting, so that SWT's display (its native
 * libraries, GTK's start and the connection to the X server) is made at the same time on the
 * second core, not after them; the window then opens on that display ({@link WorkbenchWindow#run}).
 */
public final class WorkbenchActivator implements BundleActivator {

    /** The property the launcher looks for. */
    public static final String PREPARE = "main.thread.prepare";

    @Override
    public void start(BundleContext context) {
        Hashtable<String, Object> props = new Hashtable<>();
        props.put(PREPARE, "true");
        props.put(Constants.SERVICE_DESCRIPTION, "makes the workbench's SWT display on the launcher's main thread");
        context.registerService(Runnable.class, WorkbenchActivator::prepareDisplay, props);
    }

    @Override
    public void stop(BundleContext context) {
        // the service goes with the bundle
    }

    /**
     * The calling thread's display, made if it has none (the thread that makes it is the only one that
     * may use it: the window's). The application's name and SWT's D-Bus switch are set before it is
     * made, as SWT reads them then.
     */
    static Display prepareDisplay() {
        Display current = Display.getCurrent();
        if (current != null) {
            return current;
        }
        if (failed != null) {
            throw failed; // GTK is not asked twice: a second try only adds a Gdk-CRITICAL line
        }
        if (System.getenv("DBUS_SESSION_BUS_ADDRESS") == null) {
            // no desktop session (Xvfb, ssh -X): SWT would try to start a D-Bus session for its session
            // manager hook and print two lines of failure on every start
            System.setProperty("org.eclipse.swt.internal.SessionManagerDBus.disable", "true");
        }
        Display.setAppName("boardlab");
        try {
            return new Display();
        } catch (org.eclipse.swt.SWTError e) {
            String display = System.getenv("DISPLAY");
            failed = new IllegalStateException("cannot open the workbench's window: " + e.getMessage()
                    + (display == null || display.isBlank() ? " (no X display: DISPLAY is not set)" : " (X display " + display + ")")
                    + "; the commands without a window still work: boardlab --help", e);
            throw failed;
        }
    }

    /** Why the display could not be made, once it could not: a command line error, not an Error that ends only the main thread. */
    private static volatile IllegalStateException failed;
}
