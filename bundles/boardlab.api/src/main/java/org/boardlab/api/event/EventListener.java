package org.boardlab.api.event;

/**
 * Receives events. Called on the thread that published the event: return quickly and hand long
 * work (drawing, writing files) to another thread. An exception thrown here is logged and does not
 * disturb the publisher or other listeners.
 */
@FunctionalInterface
public interface EventListener {

    void onEvent(BoardlabEvent event);
}
