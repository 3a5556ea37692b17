package org.boardlab.client;

import java.util.Objects;

/**
 * Why a client's connection closed, in every protocol: who or what closed it, and one sentence for
 * people.
 *
 * @param kind   who or what closed it
 * @param detail one sentence for people, e.g. {@code the server reported a protocol error: ...}
 */
public record CloseReason(CloseKind kind, String detail) {

    /** Checks that nothing is {@code null}. */
    public CloseReason {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(detail, "detail");
    }
}
