package org.boardlab.cli.internal;

/**
 * A command line that asks for something impossible ({@code --time-per-move -1}, {@code --games 0},
 * a {@code --port} without its {@code --protocol}): boardlab prints the message and exits with 2,
 * the exit code of wrong usage, as for an unknown option.
 */
public final class UsageException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    public UsageException(String message) {
        super(message);
    }
}
