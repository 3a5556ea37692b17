package org.boardlab.server;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Set;
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
 * <p>Thread-safe. Listener calls are handed to each member's executor (see {@link Member}) in the
 * order things happen: an answer or a withdrawal first, then what it causes. The lobby never waits
 * for a listener, so a slow or busy connection cannot hold up the others.
 *
 * <p><b>Lobby news is gathered.</b> That a member joined, left, or turned ready or busy is not sent
 * to the others at once: the lobby collects the changes for {@link ServerSettings#lobbyNewsDelay()}
 * and then hands every member who is in the lobby one {@link MemberListener#lobbyNews} with the net
 * change of each name. A member who turned ready and busy again within the delay, or dropped out and
 * came back, is no news at all. Without this, a hundred games ending together made every waiting
 * member hear about every other one twice, which grows with the square of the members and held up
 * the moves of the games still being played. Members at a table hear no lobby news; when the game
 * ends they get {@link MemberListener#lobbyChanged} with the whole lobby.
 *
 * <p><b>The lobby list is bounded.</b> Each game's lobby shows at most
 * {@link ServerSettings#lobbyListSize()} members (the <i>listed</i> ones, {@link Member#isListed()}):
 * the first to log in, and, as a listed member leaves, the member of that game that has waited
 * longest to be listed. Lobby news, the lobby given at login and the lobby given after a game are
 * about listed members only (and each member hears of its own status); everybody can still invite
 * anybody by name. So what one member is told grows with the list's size, never with the lobby's:
 * a school of 10,000 clients costs each of them what a class of a hundred does, and a member who
 * logs in is given at most that many names.
 */
public final class Lobby {

    private final Map<String, Member> members = new LinkedHashMap<>();
    /**
     * The members at no table, the only ones lobby news can be for: the news goes through these, not
     * through every member, so a server with thousands playing pays for the few in the lobby.
     */
    private final Set<Member> atNoTable = new LinkedHashSet<>();
    /** inviter name → invitee name */
    private final Map<String, String> invitations = new HashMap<>();
    private final Map<String, ScheduledFuture<?>> lapses = new HashMap<>();
    private final Map<String, Deque<Member>> waiting = new HashMap<>();
    /** name → how it was when it first changed since the last news, and when */
    private final Map<String, Noted> changed = new LinkedHashMap<>();
    /** members given the whole lobby since the last news, and what they were given */
    private final Map<Member, Arrival> arrivals = new HashMap<>();
    /** one background lane per event loop of the members' connections */
    private final Map<java.util.concurrent.Executor, BackgroundLane> lanes = new java.util.concurrent.ConcurrentHashMap<>();
    /** members back from a game since the last news: they are given the whole lobby with it */
    private final Set<Member> returning = new LinkedHashSet<>();
    private long changes;
    private ScheduledFuture<?> newsDue;

    /** Each game's lobby list: who is listed, and who waits to be, in the order they came. */
    private final Map<String, GameList> lists = new HashMap<>();

    private static final class GameList {
        final Set<Member> listed = new LinkedHashSet<>();
        final Set<Member> unlisted = new LinkedHashSet<>();
    }

    /** @param listed whether the member who had the name was listed then */
    private record Noted(LobbyChange.Entry before, boolean listed, long seq) {
    }

    /** When a member was given the lobby, and how it was given the names that had changed by then. */
    private record Arrival(long seq, Map<String, LobbyChange.Entry> seen) {
    }
    private final TableFactory tables;
    private final ScheduledExecutorService timer;
    private final ServerSettings settings;
    private final Consumer<String> log;

    /** Makes the table for two members: the first side, the second side, and the game's options. */
    @FunctionalInterface
    public interface TableFactory {
        Table open(Member first, Member second, org.boardlab.api.GameOptions options);
    }

    /**
     * @param tables   starts a table for (first side, second side), with the game's default options
     * @param timer    runs invitation time-outs
     * @param settings the time rules
     * @param log      where lobby events are reported (the server's log)
     */
    public Lobby(BiFunction<Member, Member, Table> tables, ScheduledExecutorService timer, ServerSettings settings,
            Consumer<String> log) {
        this((first, second, options) -> tables.apply(first, second), timer, settings, log);
    }

    /**
     * @param tables   starts a table for (first side, second side, the game's options)
     * @param timer    runs invitation time-outs
     * @param settings the time rules
     * @param log      where lobby events are reported (the server's log): a client's login and leaving, a
     *                 member dropping out of a table and coming back, invitations; not the comings and goings of
     *                 the server's own players ({@link LobbySeat}: seed 001's PvE opponent sits down for each
     *                 game, two lines a game that told a teacher nothing the game's own line does not)
     */
    public Lobby(TableFactory tables, ScheduledExecutorService timer, ServerSettings settings, Consumer<String> log) {
        this.tables = tables;
        this.timer = timer;
        this.settings = settings;
        this.log = log;
    }

    private volatile java.util.function.Predicate<String> reserved = name -> false;

    /**
     * Names no client may log in with, only the server's own seats ({@link LobbySeat}): the names the store
     * records as a loaded player (its id, or its id with {@code #N}: {@code org.boardlab.store.Seats#namesAPlayer}),
     * with that player's bundle and on its ladder. Without this a client calling itself {@code alphabeta} would
     * play, and be rated, as the lab's {@code alphabeta}.
     */
    public void reserveNames(java.util.function.Predicate<String> names) {
        this.reserved = java.util.Objects.requireNonNull(names);
    }

    /**
     * What the server adds to the name of a client it cannot refuse (a group's seat: seed 004's Game Master must accept
     * any name) when that name is reserved ({@link #reserveNames}): {@code alphabeta (a client)}.
     */
    public static final String CLIENT_MARK = " (a client)";

    /** Whether {@code name} is one no client may log in with ({@link #reserveNames}). */
    public boolean isReserved(String name) {
        return reserved.test(name);
    }

    /**
     * Logs {@code name} in. A member who dropped out of a game and logs in again through the same
     * protocol before the reconnect window closes gets its seat back (the returned member has a
     * {@link Member#table()}).
     *
     * @throws LobbyException if the name is taken
     */
    public Member login(String name, String gameId, String protocolId, MemberListener listener) throws LobbyException {
        return login(name, gameId, protocolId, listener, Runnable::run);
    }

    /**
     * Logs {@code name} in, with an executor for the calls to its listener (a network session passes
     * its connection's event loop, so its listener runs on the connection's own thread).
     *
     * @throws LobbyException if the name is taken
     */
    public Member login(String name, String gameId, String protocolId, MemberListener listener,
            java.util.concurrent.Executor executor) throws LobbyException {
        return login(name, gameId, protocolId, listener, executor, null);
    }

    /**
     * Logs {@code name} in from a client at {@code host} (its IP address, without the port; network
     * sessions pass {@link Connection#remoteHost()}). A member who dropped out of a game gets its seat
     * back only from the host it played from, unless the server's settings say
     * {@link ServerSettings#reconnectAnyAddress()}: from another host the name is taken, as long as the
     * reconnect window is open. With {@code host} {@code null} (a member in this process) the seat goes
     * back to any login with the name.
     *
     * @throws LobbyException if the name is taken
     */
    public synchronized Member login(String name, String gameId, String protocolId, MemberListener listener,
            java.util.concurrent.Executor executor, String host) throws LobbyException {
        if (!(listener instanceof LobbySeat) && isReserved(name)) {
            log.accept("a client was refused the name " + name + ": it names a player this server runs");
            throw new LobbyException("the name '" + name + "' is reserved: it names a player this server runs (its games"
                    + " would be stored and rated as that player's); choose another name");
        }
        Member existing = members.get(name);
        if (existing != null) {
            Table table = existing.table();
            if (!existing.isConnected() && table != null && existing.protocolId().equals(protocolId)) {
                if (!settings.reconnectAnyAddress() && existing.host() != null && !existing.host().equals(host)) {
                    log.accept(name + " was refused its seat at table " + table.id() + " from " + host
                            + ": only the address it played from may take it back");
                    throw new LobbyException("the name '" + name + "' is taken: its player dropped out of a game and"
                            + " only the address it played from may take the seat back");
                }
                noteChange(existing);
                existing.listener(listener, executor, laneFor(executor));
                existing.connected(true);
                if (listener.hearsLobby()) {
                    List<Member> others = lobbyOf(existing);
                    arrived(existing, others);
                    existing.tellWhenIdle(l -> others.forEach(l::memberJoined));
                }
                log.accept(name + " came back to table " + table.id());
                table.reconnected(existing);
                return existing;
            }
            throw new LobbyException("the name '" + name + "' is taken");
        }
        Member member = new Member(name, gameId, protocolId, listener, executor, host);
        member.listener(listener, executor, laneFor(executor));
        noteChange(name, null, false);
        if (listener.hearsLobby()) {
            // what it was given, for its news (sendNews reads arrivals only for members that hear the lobby)
            List<Member> others = lobbyOf(member);
            arrived(member, others);
            member.tellWhenIdle(l -> others.forEach(l::memberJoined));
        }
        members.put(name, member);
        atNoTable.add(member);
        enterList(member);
        if (!(listener instanceof LobbySeat)) {
            log.accept(name + " logged in (" + protocolId + ")");
        }
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
            noteChange(member);
            member.connected(false);
            log.accept(member.name() + " dropped out of table " + table.id());
            table.disconnected(member);
            return;
        }
        remove(member);
    }

    /** Removes a member for good: its invitations lapse and everybody is told. */
    synchronized void remove(Member member) {
        if (members.get(member.name()) != member) {
            return;
        }
        noteChange(member);
        members.remove(member.name());
        atNoTable.remove(member);
        leaveList(member);
        String invitee = invitations.remove(member.name());
        if (invitee != null) {
            cancelLapse(member.name());
            Member to = members.get(invitee);
            if (to != null) {
                to.tell(l -> l.invitationWithdrawn(member.name()));
                setStatus(to, Member.Status.READY);
            }
        }
        for (Map.Entry<String, String> e : new ArrayList<>(invitations.entrySet())) {
            if (e.getValue().equals(member.name())) {
                invitations.remove(e.getKey());
                cancelLapse(e.getKey());
                Member from = members.get(e.getKey());
                if (from != null) {
                    from.tell(l -> l.invitationAnswered(member.name(), false));
                    setStatus(from, Member.Status.READY);
                }
            }
        }
        Deque<Member> queue = waiting.get(member.gameId());
        if (queue != null) {
            queue.remove(member);
        }
        if (!(member.listener() instanceof LobbySeat)) {
            log.accept(member.name() + " left");
        }
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
        to.tell(l -> l.invited(from));
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
            to.tell(l -> l.invitationWithdrawn(fromName));
        }
        if (from != null) {
            from.tell(l -> l.invitationAnswered(toName, false));
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
            to.tell(l -> l.invitationWithdrawn(from.name()));
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
            from.tell(l -> l.invitationAnswered(to.name(), false));
            setStatus(from, Member.Status.READY);
            setStatus(to, Member.Status.READY);
            log.accept(to.name() + " declined " + fromName);
            return null;
        }
        from.tell(l -> l.invitationAnswered(to.name(), true));
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

    /**
     * Seats two members of the same game at a new table at once, {@code first} on the first side,
     * with the game's {@code options}: for protocols whose clients neither invite nor queue, but are
     * paired by the protocol itself (seed 001's numbered tables, a client against a loaded player).
     *
     * @throws LobbyException if either is not logged in, away, busy, or of another game, or both are the same
     */
    public synchronized Table play(Member first, Member second, org.boardlab.api.GameOptions options)
            throws LobbyException {
        for (Member m : new Member[] {first, second}) {
            if (members.get(m.name()) != m || !m.isConnected()) {
                throw new LobbyException(m.name() + " is not in the lobby");
            }
            if (m.status() != Member.Status.READY) {
                throw new LobbyException(m.name() + " is busy");
            }
        }
        if (first == second) {
            throw new LobbyException("a member cannot play itself");
        }
        if (!first.gameId().equals(second.gameId())) {
            throw new LobbyException(second.name() + " plays " + second.gameId() + ", not " + first.gameId());
        }
        return seat(first, second, options);
    }

    private Table seat(Member first, Member second) {
        return seat(first, second, org.boardlab.api.GameOptions.DEFAULT);
    }

    private Table seat(Member first, Member second, org.boardlab.api.GameOptions options) {
        setStatus(first, Member.Status.BUSY);
        setStatus(second, Member.Status.BUSY);
        Table table = tables.open(first, second, options);
        first.table(table);
        second.table(table);
        atNoTable.remove(first);
        atNoTable.remove(second);
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
            if (members.get(m.name()) == m) {
                atNoTable.add(m);
            }
            if (m.isConnected()) {
                back.add(m);
            } else {
                remove(m);
            }
        }
        for (Member m : back) {
            setStatus(m, Member.Status.READY);
            returning.add(m);
        }
        scheduleNews();
    }

    /**
     * Whether {@code member} is told lobby news as it happens: members playing a game are not (a
     * lobby of thousands would drown their game's messages); they get the lobby as it is with the
     * next news after their game ends ({@link MemberListener#lobbyChanged}), unless they are at a
     * table again by then: then they catch up when that game ends.
     */
    private static boolean inTheLobby(Member member) {
        return member.isConnected() && member.table() == null;
    }

    private void setStatus(Member member, Member.Status status) {
        if (member.status() == status) {
            return;
        }
        noteChange(member);
        member.status(status);
    }

    /** The listed, connected members of {@code member}'s game, but not {@code member} itself. */
    private List<Member> lobbyOf(Member member) {
        return listedIn(member.gameId(), member);
    }

    /**
     * The listed, connected members of game {@code gameId}, but not {@code except} (which may be
     * {@code null}): at most {@link ServerSettings#lobbyListSize()}, whatever the lobby's size.
     */
    private List<Member> listedIn(String gameId, Member except) {
        GameList list = lists.get(gameId);
        if (list == null) {
            return List.of();
        }
        List<Member> found = new ArrayList<>(list.listed.size());
        for (Member other : list.listed) {
            if (other != except && other.isConnected()) {
                found.add(other);
            }
        }
        return found;
    }

    /** A member who just logged in is listed if its game's list has room, else it waits for room. */
    private void enterList(Member member) {
        GameList list = lists.computeIfAbsent(member.gameId(), g -> new GameList());
        if (list.listed.size() < settings.lobbyListSize()) {
            list.listed.add(member);
            member.listed(true);
        } else {
            list.unlisted.add(member);
        }
    }

    /** A member leaves for good: its place in the list goes to the member that has waited longest. */
    private void leaveList(Member member) {
        GameList list = lists.get(member.gameId());
        if (list == null) {
            return;
        }
        if (list.listed.remove(member)) {
            member.listed(false);
            java.util.Iterator<Member> next = list.unlisted.iterator();
            if (next.hasNext()) {
                Member promoted = next.next();
                next.remove();
                noteChange(promoted); // news: the promoted member joins the list
                promoted.listed(true);
                list.listed.add(promoted);
            }
        } else {
            list.unlisted.remove(member);
        }
        if (list.listed.isEmpty() && list.unlisted.isEmpty()) {
            lists.remove(member.gameId());
        }
    }

    /** Notes, before it changes, how {@code member}'s lobby entry is now. */
    private void noteChange(Member member) {
        noteChange(member.name(), entryOf(member), member.isListed());
    }

    private static LobbyChange.Entry entryOf(Member member) {
        return member == null || !member.isConnected() ? null : new LobbyChange.Entry(member, member.status());
    }

    private void noteChange(String name, LobbyChange.Entry before, boolean listed) {
        if (changed.containsKey(name)) {
            return; // the first change since the last news is what the others still believe
        }
        changed.put(name, new Noted(before, listed, ++changes));
        scheduleNews();
    }

    /** Lobby news waits on a background lane of the connection's event loop, never in front of a move. */
    private BackgroundLane laneFor(java.util.concurrent.Executor executor) {
        return executor instanceof io.netty.util.concurrent.EventExecutor ? lanes.computeIfAbsent(executor, BackgroundLane::new)
                : null;
    }

    private void scheduleNews() {
        if (newsDue == null && !timer.isShutdown()) {
            // never at once: the change itself is made after the note. A server that has shut down (its timer with it)
            // has nobody to tell: a seat let go after it (the workbench's views, which close after the server on quit) is
            // removed quietly, not with a RejectedExecutionException
            newsDue = timer.schedule(this::sendNews, settings.lobbyNewsDelay().toNanos(), TimeUnit.NANOSECONDS);
        }
    }

    /**
     * Notes that {@code member} was just given {@code lobby} whole: its news until the next is what
     * changed from that, not from what the others were last told.
     */
    private void arrived(Member member, List<Member> lobby) {
        Map<String, LobbyChange.Entry> seen = new HashMap<>();
        if (changed.containsKey(member.name())) {
            seen.put(member.name(), entryOf(member));
        }
        for (Member other : lobby) {
            if (changed.containsKey(other.name())) {
                seen.put(other.name(), entryOf(other));
            }
        }
        arrivals.put(member, new Arrival(changes, seen));
    }

    /** One name's change since the last news; {@code before} and {@code now} may be equal. */
    private record Change(String name, LobbyChange.Entry before, LobbyChange.Entry now, long seq) {
        LobbyChange told() {
            return new LobbyChange(name, before, now);
        }
    }

    /**
     * Hands every member in the lobby the net change of each listed name of its game since the last
     * news, and its own change of status; a member whose listener does not hear the lobby
     * ({@link MemberListener#hearsLobby()}) is only told its own change.
     */
    private synchronized void sendNews() {
        newsDue = null;
        Map<String, List<Change>> byGame = new HashMap<>();
        Map<Member, LobbyChange> own = new HashMap<>();
        for (Map.Entry<String, Noted> e : changed.entrySet()) {
            String name = e.getKey();
            Noted noted = e.getValue();
            Member holder = members.get(name);
            LobbyChange.Entry now = entryOf(holder);
            if (now != null && noted.before() != null && noted.before().member() == holder
                    && noted.before().status() != now.status()) {
                own.put(holder, new LobbyChange(name, noted.before(), now));
            }
            // as the lists show it: a member who is not listed is no news to the others
            LobbyChange.Entry before = noted.listed() ? noted.before() : null;
            if (now != null && !holder.isListed()) {
                now = null;
            }
            long seq = noted.seq();
            if (before != null && now != null && !before.member().gameId().equals(now.member().gameId())) {
                // the name now plays another game: it left this one's lobby and joined the other's
                byGame.computeIfAbsent(before.member().gameId(), g -> new ArrayList<>())
                        .add(new Change(name, before, null, seq));
                before = null;
            }
            if (before != null || now != null) {
                String gameId = (now != null ? now : before).member().gameId();
                byGame.computeIfAbsent(gameId, g -> new ArrayList<>()).add(new Change(name, before, now, seq));
            }
        }
        Map<String, List<LobbyChange>> shared = new HashMap<>();
        byGame.forEach((g, list) -> shared.put(g, list.stream().filter(c -> !java.util.Objects.equals(c.before(), c.now()))
                .map(Change::told).toList()));
        Map<String, List<Member>> lobbies = new HashMap<>();
        for (Member m : returning) {
            if (inTheLobby(m) && members.get(m.name()) == m) {
                if (!m.listener().hearsLobby()) {
                    m.tellWhenIdle(l -> l.statusChanged(m));
                    continue;
                }
                List<Member> lobby = lobbies.computeIfAbsent(m.gameId(), g -> List.copyOf(listedIn(g, null)));
                m.tellWhenIdle(l -> {
                    l.statusChanged(m);
                    l.lobbyChanged(lobby);
                });
            }
        }
        for (Member m : atNoTable) {
            if (!inTheLobby(m) || returning.contains(m)) {
                continue;
            }
            LobbyChange ownChange = own.get(m);
            if (!m.listener().hearsLobby()) {
                if (ownChange != null) {
                    m.tellWhenIdle(l -> l.lobbyNews(List.of(ownChange)));
                }
                continue;
            }
            Arrival arrival = arrivals.get(m);
            List<LobbyChange> news = arrival == null ? shared.getOrDefault(m.gameId(), List.of())
                    : newsSince(arrival, m, byGame.getOrDefault(m.gameId(), List.of()));
            if (ownChange != null && news.stream().noneMatch(c -> c.name().equals(m.name()))) {
                List<LobbyChange> withOwn = new ArrayList<>(news.size() + 1);
                withOwn.add(ownChange);
                withOwn.addAll(news);
                news = withOwn;
            }
            if (!news.isEmpty()) {
                List<LobbyChange> told = news;
                m.tellWhenIdle(l -> l.lobbyNews(told));
            }
        }
        changed.clear();
        arrivals.clear();
        returning.clear();
    }

    /**
     * The news of a member given the whole lobby since the last news, from what it was given. A name
     * it was given that joined and left since the last news is no change to the others, but it is
     * to this member.
     */
    private List<LobbyChange> newsSince(Arrival arrival, Member m, List<Change> changes) {
        List<LobbyChange> news = new ArrayList<>();
        Set<String> covered = new java.util.HashSet<>();
        for (Change c : changes) {
            covered.add(c.name());
            LobbyChange.Entry before = c.seq() > arrival.seq() ? c.before() : arrival.seen().get(c.name());
            if (c.name().equals(m.name()) && (before == null || before.member() != m)) {
                continue; // its own arrival
            }
            if (!java.util.Objects.equals(before, c.now())) {
                news.add(new LobbyChange(c.name(), before, c.now()));
            }
        }
        for (Map.Entry<String, LobbyChange.Entry> given : arrival.seen().entrySet()) {
            String name = given.getKey();
            if (given.getValue() == null || covered.contains(name) || name.equals(m.name())) {
                continue;
            }
            Member holder = members.get(name);
            LobbyChange.Entry now = holder != null && holder.isListed() && holder.gameId().equals(m.gameId())
                    ? entryOf(holder) : null;
            if (!java.util.Objects.equals(given.getValue(), now)) {
                news.add(new LobbyChange(name, given.getValue(), now));
            }
        }
        return news;
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
