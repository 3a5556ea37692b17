package org.boardlab.api.event;

/**
 * A game, player or protocol arrived, left, was replaced by a new version of its bundle, or was
 * refused because its id is already taken.
 *
 * @param timeMicros    when, in microseconds since the epoch
 * @param change        what happened
 * @param kind          what kind of component
 * @param id            the component's id
 * @param bundle        symbolic name of the bundle that provides it
 * @param bundleVersion version of that bundle
 * @param message       a sentence for people (why it was refused, for instance)
 */
public record RegistryEvent(long timeMicros, Change change, Kind kind, String id, String bundle,
        String bundleVersion, String message) implements BoardlabEvent {

    /** What happened to a component. */
    public enum Change { ADDED, REPLACED, REMOVED, REFUSED }

    /** The kinds of plug-in component. */
    public enum Kind { GAME, PLAYER, PROTOCOL }
}
