package org.boardlab.server.faults;

/** Told of every fault injected, as it is decided (before the bytes it changed are passed on). */
@FunctionalInterface
public interface FaultReporter {

    /**
     * @param direction the way the bytes went
     * @param kind      the fault: {@code delay}, {@code bandwidth}, {@code drop}, {@code split}, {@code merge},
     *                  {@code flip}, {@code pause}
     * @param text      what was done, in one plain sentence
     * @param bytes     the bytes it changed, as they are passed on (or, for a drop, the bytes not sent); may be empty
     */
    void fault(Direction direction, String kind, String text, byte[] bytes);
}
