package org.boardlab.api.event;

/** Any boardlab event. */
public sealed interface BoardlabEvent permits MatchEvent, RegistryEvent {

    /** When it happened, in microseconds since the epoch. */
    long timeMicros();
}
