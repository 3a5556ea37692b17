package org.boardlab.server;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;
import java.util.function.Consumer;

/**
 * The lobby all protocols share: who is logged in, who is ready or busy, invitations and their
 * answers, and the tables that start when an invitation is accepted (the inviter, seed 000's host,
 * plays the first side). Members of different games see each other's names (names are unique) but
 * can only invite members of their own game.
 *
 * <p>Thread-safe. Listener calls are made while the lobby is locked, in the order things happen: an
 * answer or a withdrawal first, then the status changes it causes. Listeners must only write to
 * their connection.
 */
public final class Lobby {

    private final Map<String, Member> members = new LinkedHashMap<>();
    /** inviter name → invitee name */
    private final Map<String, String> invitations = new HashMap<>();
    private final Map<String, ScheduledFuture<?>> lapses = new HashMap<>();
    private final Map<String, Deque<Member>> waiting = new HashMap<>();
    private final BiFunction<Member, Member, Table> tables;
    private final ScheduledExecutorService timer;
    private final ServerSettings settings;
    private final Consumer<String> log;

    /**
     * @param tables   starts a table for (first side, second side)
     * @param timer    runs invitation time-outs
     * @param settings the time rules
     * @param log      where lobby events are reported (the server's log)
     */
    public Lobby(BiFunction<Member, Member, Table> tables, ScheduledExecutorService timer, ServerSettings settings,
            Consumer<String> log) {
        this.tables = tables;
        this.timer = timer;
        this.settings = settings;
        this.log = log;
    }

    /**
     * Logs {@code name} in. A member who dropped out of a game and logs in again through the same
     * protocol before the reconnect window closes gets its seat back (the returned member has a
     * {@link Member#table()}).
     *
     * @throws LobbyException if the name is taken
     */
    public synchronized Member login(String name, String gameId, String protocolId, MemberListener listener)
            throws LobbyException {
        Member existing = members.get(name);
        if (existing != null) {
            Table table = existing.table();
            if (!existing.isConnected() && table != null && existing.protocolId().equals(protocolId)) {
                existing.listener(listener);
                existing.connected(true);
                for (Member other : members.values()) {
                    if (other != existing && other.gameId().equals(gameId) && other.isConnected()) {
                        listener.memberJoined(other);
                        if (hearsLobby(other)) {
                            other.listener().memberJoined(existing);
                        }
                    }
                }
                log.accept(name + " came back to table " + table.id());
                table.reconnected(existing);
                return existing;
            }
            throw new LobbyException("the name '" + name + "' is taken");
        }
        Member member = new Member(name, gameId, protocolId, listener);
        for (Member other : members.values()) {
            if (other.gameId().equals(gameId) && other.isConnected()) {
                listener.memberJoined(other);
                if (hearsLobby(other)) {
                    other.listener().memberJoined(member);
                }
            }
        }
        members.put(name, member);
        log.accept(name + " logged in (" + protocolId + ")");
        return member;
    }

    /**
     * The member's connection is gone (or it said goodbye). A member in a game keeps its seat for the
     * reconnect window; anybody else leaves the lobby at once.
     */
    public synchronized void connectionLost(Member member) {
        if (members.get(member.name()) != member) {
            return;
        }
        Table table = member.table();
        if (table != null && !table.isOver()) {
            member.connected(false);
            log.accept(member.name() + " dropped out of table " + table.id());
            for (Member other : members.values()) {
                if (other != member && other.gameId().equals(member.gameId()) && hearsLobby(other)) {
                    other.listener().memberLeft(member.name());
                }
            }
            table.disconnected(member);
            return;
        }
        remove(member);
    }

    /** Removes a member for good: its invitations lapse and everybody is told. */
    synchronized void remove(Member member) {
        if (members.remove(member.name()) != member) {
            return;
        }
        String invitee = invitations.remove(member.name());
        if (invitee != null) {
            cancelLapse(member.name());
            Member to = members.get(invitee);
            if (to != null) {
                to.listener().invitationWithdrawn(member.name());
                setStatus(to, Member.Status.READY);
            }
        }
        for (Map.Entry<String, String> e : new ArrayList<>(invitations.entrySet())) {
            if (e.getValue().equals(member.name())) {
                invitations.remove(e.getKey());
                cancelLapse(e.getKey());
                Member from = members.get(e.getKey());
                if (from != null) {
                    from.listener().invitationAnswered(member.name(), false);
                    setStatus(from, Member.Status.READY);
                }
            }
        }
        Deque<Member> queue = waiting.get(member.gameId());
        if (queue != null) {
            queue.remove(member);
        }
        if (member.isConnected()) {
            for (Member other : members.values()) {
                if (other.gameId().equals(member.gameId()) && hearsLobby(other)) {
                    other.listener().memberLeft(member.name());
                }
            }
        }
        log.accept(member.name() + " left");
    }

    /**
     * {@code from} invites {@code toName}.
     *
     * @throws LobbyException if {@code toName} is unknown, of another game, busy, or {@code from} itself, or
     *         {@code from} is busy
     */
    public synchronized void invite(Member from, String toName) throws LobbyException {
        Member to = members.get(toName);
        if (to == null) {
            throw new LobbyException("no player '" + toName + "' is in the lobby");
        }
        if (to == from) {
            throw new LobbyException("you cannot invite yourself");
        }
        if (!to.gameId().equals(from.gameId())) {
            throw new LobbyException(toName + " plays " + to.gameId() + ", not " + from.gameId());
        }
        if (from.status() != Member.Status.READY) {
            throw new LobbyException("you are busy: answer or withdraw your invitation, or finish your game, first");
        }
        if (to.status() != Member.Status.READY || !to.isConnected()) {
            throw new LobbyException(toName + " is busy");
        }
        invitations.put(from.name(), toName);
        setStatus(from, Member.Status.BUSY);
        setStatus(to, Member.Status.BUSY);
        to.listener().invited(from);
        lapses.put(from.name(), timer.schedule(() -> lapse(from.name(), toName),
                settings.invitationTimeout().toMillis(), TimeUnit.MILLISECONDS));
        log.accept(from.name() + " invited " + toName);
    }

    private synchronized void lapse(String fromName, String toName) {
        if (!toName.equals(invitations.get(fromName))) {
            return;
        }
        invitations.remove(fromName);
        lapses.remove(fromName);
        Member from = members.get(fromName);
        Member to = members.get(toName);
        if (to != null) {
            to.listener().invitationWithdrawn(fromName);
        }
        if (from != null) {
            from.listener().invitationAnswered(toName, false);
        }
        if (to != null) {
            setStatus(to, Member.Status.READY);
        }
        if (from != null) {
            setStatus(from, Member.Status.READY);
        }
        log.accept("the invitation from " + fromName + " to " + toName + " lapsed");
    }

    /**
     * {@code from} withdraws its invitation to {@code toName}.
     *
     * @throws LobbyException if there is no such invitation
     */
    public synchronized void withdraw(Member from, String toName) throws LobbyException {
        if (!toName.equals(invitations.get(from.name()))) {
            throw new LobbyException("you have not invited " + toName);
        }
        invitations.remove(from.name());
        cancelLapse(from.name());
        Member to = members.get(toName);
        if (to != null) {
            to.listener().invitationWithdrawn(from.name());
        }
        setStatus(from, Member.Status.READY);
        if (to != null) {
            setStatus(to, Member.Status.READY);
        }
        log.accept(from.name() + " withdrew the invitation to " + toName);
    }

    /**
     * {@code to} answers the invitation of {@code fromName}. Accepting starts a table at which the
     * inviter plays the first side.
     *
     * @throws LobbyException if {@code fromName} has not invited {@code to}
     */
    public synchronized Table answer(Member to, String fromName, boolean accept) throws LobbyException {
        if (!to.name().equals(invitations.get(fromName))) {
            throw new LobbyException(fromName + " has not invited you");
        }
        invitations.remove(fromName);
        cancelLapse(fromName);
        Member from = members.get(fromName);
        if (!accept) {
            from.listener().invitationAnswered(to.name(), false);
            setStatus(from, Member.Status.READY);
            setStatus(to, Member.Status.READY);
            log.accept(to.name() + " declined " + fromName);
            return null;
        }
        from.listener().invitationAnswered(to.name(), true);
        log.accept(to.name() + " accepted " + fromName);
        return seat(from, to);
    }

    /**
     * Pairs {@code member} with the member of its game that has waited longest, as a two-player
     * server without a lobby does (seed 003); the first to come plays the first side.
     *
     * @return the table, or {@code null} if {@code member} now waits
     */
    public synchronized Table pair(Member member) {
        Deque<Member> queue = waiting.computeIfAbsent(member.gameId(), g -> new ArrayDeque<>());
        while (!queue.isEmpty()) {
            Member first = queue.pollFirst();
            if (first != member && members.get(first.name()) == first && first.isConnected()
                    && first.status() == Member.Status.READY) {
                return seat(first, member);
            }
        }
        queue.addLast(member);
        return null;
    }

    private Table seat(Member first, Member second) {
        setStatus(first, Member.Status.BUSY);
        setStatus(second, Member.Status.BUSY);
        Table table = tables.apply(first, second);
        first.table(table);
        second.table(table);
        table.start();
        return table;
    }

    /**
     * Called by a table when its game is over: its members are ready again (or leave, if gone), and
     * each one back in the lobby is given the lobby as it is now (it heard no lobby news while it
     * played).
     */
    synchronized void tableEnded(Table table) {
        List<Member> back = new ArrayList<>();
        for (Member m : new Member[] {table.member(org.boardlab.api.Side.FIRST), table.member(org.boardlab.api.Side.SECOND)}) {
            if (m.table() != table) {
                continue;
            }
            m.table(null);
            if (m.isConnected()) {
                back.add(m);
            } else {
                remove(m);
            }
        }
        for (Member m : back) {
            setStatus(m, Member.Status.READY);
        }
        for (Member m : back) {
            List<Member> lobbyNow = new ArrayList<>();
            for (Member other : members.values()) {
                if (other != m && other.gameId().equals(m.gameId()) && other.isConnected()) {
                    lobbyNow.add(other);
                }
            }
            m.listener().lobbyChanged(List.copyOf(lobbyNow));
        }
    }

    /**
     * Whether {@code member} is told lobby news as it happens: members playing a game are not (a
     * lobby of thousands would drown their game's messages); they get the lobby as it is when their
     * game ends ({@link MemberListener#lobbyChanged}).
     */
    private static boolean hearsLobby(Member member) {
        return member.isConnected() && member.table() == null;
    }

    private void setStatus(Member member, Member.Status status) {
        if (member.status() == status) {
            return;
        }
        member.status(status);
        for (Member other : members.values()) {
            if (other.gameId().equals(member.gameId()) && hearsLobby(other)) {
                other.listener().statusChanged(member);
            }
        }
    }

    private void cancelLapse(String fromName) {
        ScheduledFuture<?> lapse = lapses.remove(fromName);
        if (lapse != null) {
            lapse.cancel(false);
        }
    }

    /** Everybody logged in, in login order. */
    public synchronized List<Member> members() {
        return List.copyOf(members.values());
    }

    /** The member with this name, if logged in. */
    public synchronized Member member(String name) {
        return members.get(name);
    }

    /** Who {@code member} has invited, or {@code null}. */
    public synchronized String invitationOf(Member member) {
        return invitations.get(member.name());
    }
}
