package org.boardlab.server;

/**
 * How one name's lobby entry changed since the last lobby news: who had the name and in what status
 * before, and now. {@code before} is {@code null} for a name that joined, {@code now} for one that
 * left; both are set for a status change, and when a name left and was taken again by a new member
 * (then the members differ).
 *
 * @param name   the member's name
 * @param before the entry as the lobby's members were last told it, or {@code null}
 * @param now    the entry now, or {@code null}
 */
public record LobbyChange(String name, Entry before, Entry now) {

    /**
     * One member and its status at one moment.
     *
     * @param member the member
     * @param status its status then
     */
    public record Entry(Member member, Member.Status status) {
    }
}
