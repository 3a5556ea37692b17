package org.boardlab.conform;

import java.util.Objects;

/**
 * One rule of a protocol that a scenario checks.
 *
 * @param id          a stable name, dotted, e.g. {@code othello.login.duplicate-refused}; never {@code null}
 * @param rule        where the rule is written, e.g. {@code README §4 Sessions: logging in}; never {@code null}
 * @param description the rule in one sentence, as a student reads it; never {@code null}
 */
public record Check(String id, String rule, String description) {

    /** Checks the values. */
    public Check {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(rule, "rule");
        Objects.requireNonNull(description, "description");
        if (!id.matches("[a-z0-9][a-z0-9.\\-]*")) {
            throw new IllegalArgumentException("a check's id is lower-case words joined by . and -, not '" + id + "'");
        }
    }

    @Override
    public String toString() {
        return id;
    }
}
