package org.boardlab.itest;

import java.lang.reflect.Method;
import java.nio.file.Path;

/**
 * Calls the match controller's record export and import without their file dialogs (which a test
 * cannot click): the same code the Export and Import buttons run after the dialog.
 */
final class MatchViewAccess {

    private final Object view;

    MatchViewAccess(Object view) {
        this.view = view;
    }

    void writeRecord(Path file) {
        call("writeRecord", file);
    }

    void readRecord(Path file) {
        call("readRecord", file);
    }

    private void call(String name, Path file) {
        try {
            Method m = view.getClass().getDeclaredMethod(name, Path.class);
            m.setAccessible(true);
            m.invoke(view, file);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError("the match view (" + view.getClass() + ") has no " + name + "(Path): " + (e.getCause() == null ? e : e.getCause()), e);
        }
    }
}
