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

    /**
     * Checks an option whose value is one of a few words: {@code --format is text, csv or json, not xml}.
     *
     * @throws UsageException saying which words {@code option} takes, if {@code value} is none of {@code allowed}
     */
    public static void requireOneOf(String option, String value, String... allowed) {
        for (String a : allowed) {
            if (a.equals(value)) {
                return;
            }
        }
        int last = allowed.length - 1;
        String words = last == 0 ? allowed[0] : String.join(", ", java.util.Arrays.copyOf(allowed, last)) + " or " + allowed[last];
        throw new UsageException(option + " is " + words + ", not " + value);
    }
}
