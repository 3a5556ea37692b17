package org.boardlab.api.event;

/** Any boardlab event. */
public sealed interface BoardlabEvent permits MatchEvent, RegistryEvent, WireEvent {

    /** When it happened, in microseconds since the epoch. */
    long timeMicros();
}
