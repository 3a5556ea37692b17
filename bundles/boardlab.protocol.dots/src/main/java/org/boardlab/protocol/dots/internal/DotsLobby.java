package org.boardlab.protocol.dots.internal;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.LongSupplier;

/**
 * Seed 002's lobby at scale: who waits, and what each subscriber of {@code /game/queue} is shown of them. The seed's
 * server sent every lobby message to every subscriber (at 10,000 waiting clients, 20 million heartbeats a second); here
 * each subscriber has a <em>view</em>: at most {@link #viewSize} other waiting users, the same list {@code GET /queue}
 * answers. A waiting user's {@code heartbeat} reaches a subscriber only when he enters that subscriber's view, his
 * {@code quit} only the subscribers he was shown to, and a view whose members leave is refilled, at most
 * {@link #entriesPerSecond} new members a second (the first fill, when the subscriber asks for the lobby, is his own
 * doing and whole). A view is filled with the waiting users <em>shown to the fewest others</em>, then the longest
 * waiting: so everybody waiting is in somebody's list, about equally often, and invitations spread over the lobby
 * instead of crowding the same few (see the bundle README, "Lobby at scale").
 *
 * <p>Not thread-safe by itself: every call holds the lobby's monitor ({@code synchronized (lobby)}), which the room
 * also takes for its requests; nothing here reads the store, so the monitor is never held across a database read.
 * What subscribers are sent is given to {@link Subscriber#send} under that monitor, in the order it happens (a user's
 * entry into a view is never overtaken by his quit); the room delivers it after the monitor is let go, in that order
 * ({@link LobbyOutbox}).
 */
final class DotsLobby {

    /** One subscriber's way to be sent a message on {@code /game/queue} (a Bayeux session; a list in tests). */
    interface Subscriber {
        void send(Map<String, Object> data);

        /**
         * Sends what is sent to many subscribers the same (a waiting user's {@code heartbeat} to each view he enters, his
         * {@code quit} to each when he leaves): the room makes its message once, and each subscriber is sent that one
         * ({@link Shared#made}).
         */
        default void send(Shared shared) {
            send(shared.data);
        }
    }

    /**
     * One message for many subscribers: its data, and what the room made of it for the first (a frozen Bayeux message,
     * whose JSON is written once for them all), kept for the others. Made with the lobby's lock held; {@link #made} is set
     * and read by the thread delivering the lobby's news, one at a time ({@link LobbyOutbox}).
     */
    static final class Shared {
        final Map<String, Object> data;
        Object made;

        Shared(Map<String, Object> data) {
            this.data = data;
        }
    }

    /** A waiting user as the wire shows him. */
    record Member(long user, String name, int rating) {
    }

    /** A view's filter ({@code GET /queue}'s {@code min}, {@code max}, {@code name}); {@link #ALL} for none. */
    record Filter(int min, int max, String needle) {
        static final Filter ALL = new Filter(Integer.MIN_VALUE, Integer.MAX_VALUE, "");

        Filter {
            needle = needle == null ? "" : needle.toLowerCase(Locale.ROOT);
        }

        boolean admits(Entry e) {
            return e.rating >= min && e.rating <= max && (needle.isEmpty() || e.lowerName.contains(needle));
        }
    }

    /** Somebody waiting. */
    static final class Entry {
        final long user;
        final String name;
        final String lowerName;
        final int rating;
        final long seq;
        long lastSeen;
        /** The views he is in (a few hundred at most in a big lobby: about {@link #viewSize} on average). */
        final ArrayList<View> viewers = new ArrayList<>(4);
        int stamp;
        /** His heartbeat as every view he enters is sent it, made when first sent (his name and rating never change). */
        Shared beat;

        Entry(long user, String name, int rating, long seq, long lastSeen) {
            this.user = user;
            this.name = name;
            this.lowerName = name.toLowerCase(Locale.ROOT);
            this.rating = rating;
            this.seq = seq;
            this.lastSeen = lastSeen;
        }
    }

    /** What one user is shown of the lobby, and his sessions on {@code /game/queue}. */
    static final class View {
        final long owner;
        Filter filter = Filter.ALL;
        final ArrayList<Entry> members = new ArrayList<>();
        /** Every session of the owner on {@code /game/queue}. */
        final LinkedHashSet<Subscriber> sessions = new LinkedHashSet<>();
        /** Those sessions that have been sent the view (a new one is sent it once its subscription is answered). */
        final LinkedHashSet<Subscriber> settled = new LinkedHashSet<>();
        /** Members who left while no session was settled: the owner may have them from {@code GET /queue}. */
        final ArrayList<Long> pendingQuits = new ArrayList<>();
        /** Whether {@code GET /queue} answered with this view (then its owner may list members not sent to a session). */
        boolean listed;
        /** When the last {@link #entriesPerSecond} members entered, a ring: the oldest at {@link #next}. */
        final long[] entered;
        int next;
        /** A vacancy that the last second's budget could not fill: the sweep tries again. */
        boolean starved;
        long lastUsed;
        /**
         * While the owner plays a game he began from the lobby ({@link #playing}): the users his view held then (what his
         * sessions had been shown), and the view is empty and refilled no more; {@code null} otherwise.
         */
        Set<Long> paused;

        View(long owner, int entriesPerSecond) {
            this.owner = owner;
            this.entered = new long[entriesPerSecond];
            java.util.Arrays.fill(entered, Long.MIN_VALUE / 2);
        }
    }

    private final int viewSize;
    private final int entriesPerSecond;
    private final LongSupplier nanos;
    private final Map<Long, Entry> waiting = new HashMap<>();
    private final Map<Long, View> views = new HashMap<>();
    /** Who began a game and has not left the lobby's page since, nor finished it ({@link #playing}, {@link #played}). */
    private final Set<Long> playing = new HashSet<>();
    /** Views with room: joiners go into them at once (within their budget). */
    private final Set<View> wanting = new LinkedHashSet<>();
    /** Every waiting user, the fewest viewers first, then the longest waiting. */
    private final TreeSet<Entry> exposure = new TreeSet<>(
            Comparator.comparingInt((Entry e) -> e.viewers.size()).thenComparingLong(e -> e.seq));
    private long seq;
    private int stamp;
    private volatile int size;

    DotsLobby(int viewSize, int entriesPerSecond, LongSupplier nanos) {
        if (viewSize < 1 || entriesPerSecond < 1) {
            throw new IllegalArgumentException("a view holds at least one user and takes at least one a second");
        }
        this.viewSize = viewSize;
        this.entriesPerSecond = entriesPerSecond;
        this.nanos = nanos;
    }

    int viewSize() {
        return viewSize;
    }

    int entriesPerSecond() {
        return entriesPerSecond;
    }

    /** How many wait (read without the monitor, for status lines). */
    int size() {
        return size;
    }

    boolean contains(long user) {
        return waiting.containsKey(user);
    }

    Optional<Member> member(long user) {
        Entry e = waiting.get(user);
        return e == null ? Optional.empty() : Optional.of(new Member(e.user, e.name, e.rating));
    }

    // ---------------------------------------------------------------- who waits

    /**
     * A heartbeat: {@code user} joins the lobby, or stays in it. A member whose name or rating is not the one he is
     * shown with leaves and joins again (his viewers are told both). Returns {@code true} if he joined.
     */
    boolean beat(long user, String name, int rating) {
        long now = nanos.getAsLong();
        Entry e = waiting.get(user);
        if (e == null && playing.contains(user)) {
            return false; // sent before he knew of his game (see playing): it does not bring him back
        }
        if (e != null && e.name.equals(name) && e.rating == rating) {
            e.lastSeen = now;
            return false;
        }
        if (e != null) {
            leave(user);
        }
        e = new Entry(user, name, rating, ++seq, now);
        waiting.put(user, e);
        size = waiting.size();
        exposure.add(e);
        for (View v : List.copyOf(wanting)) {
            if (v.owner == user || !v.filter.admits(e) || v.members.size() >= viewSize) {
                continue;
            }
            if (mayAdd(v, now)) {
                add(v, e);
            } else {
                v.starved = true;
            }
        }
        if (e.viewers.isEmpty()) {
            showInstead(e, now);
        }
        View own = views.get(user);
        if (own != null && own.paused != null) {
            resume(own, now); // back from his game
        }
        return true;
    }

    /** {@code true} if {@code user} is waiting; then his heartbeat only updates when he was last seen. */
    boolean stillThere(long user) {
        Entry e = waiting.get(user);
        if (e == null) {
            return false;
        }
        e.lastSeen = nanos.getAsLong();
        return true;
    }

    /** {@code user} leaves the lobby: the subscribers he was shown to are sent his {@code quit}, and their views refilled. */
    boolean leave(long user) {
        Entry e = waiting.remove(user);
        if (e == null) {
            return false;
        }
        size = waiting.size();
        exposure.remove(e);
        List<View> shownTo = List.copyOf(e.viewers);
        e.viewers.clear();
        Shared quit = null; // one for all his viewers (a player who starts a game had up to 30 of them, each sent it)
        for (View v : shownTo) {
            v.members.remove(e);
            wanting.add(v);
            quit = tellQuit(v, user, quit);
        }
        long now = nanos.getAsLong();
        for (View v : shownTo) {
            fill(v, now, true);
        }
        return true;
    }

    /** Everybody silent for more than {@code silenceNanos} at {@code now} (the time rules' clock: {@link Arrivals}) leaves; returns who. */
    List<Long> dropSilent(long now, long silenceNanos) {
        List<Long> gone = new ArrayList<>();
        for (Entry e : List.copyOf(waiting.values())) {
            if (now - e.lastSeen > silenceNanos) {
                gone.add(e.user);
                leave(e.user);
            }
        }
        return gone;
    }

    /**
     * {@code user} has begun a game (call it before he {@link #leave}s): until he is back in the lobby (his heartbeat joins
     * it again, {@code GET /queue}, a new subscription) his sessions on {@code /game/queue} are sent nothing of the
     * others (their heartbeats as they enter his view, their quits), and his view is not refilled: it is emptied, and
     * those it held are free for others' views. What is sent to him by name (his own heartbeat and quit, an invitation,
     * an answer, a newgame) still goes to every session he has. The seed's page leaves the lobby's channel as it opens its
     * game (report 4.2: it unsubscribes from /game/queue and goes to the game page) and drops whatever comes on it after;
     * while a class paired, the seconds until that unsubscription reached the server cost each player hundreds of
     * messages nobody read (the bundle README, "Lobby at scale").
     */
    void playing(long user) {
        playing.add(user);
        View v = views.get(user);
        if (v == null || v.paused != null) {
            return;
        }
        Set<Long> shown = new HashSet<>();
        for (Entry e : v.members) {
            shown.add(e.user);
            unview(e, v);
        }
        v.members.clear();
        v.paused = shown;
        v.starved = false;
        wanting.remove(v);
    }

    /**
     * {@code user} has left the lobby's page for his game (his {@code quit} on {@code /game/queue}), or his game is over:
     * his next heartbeat brings him back into the lobby. Until then a heartbeat of his does not: the seed's page sends one
     * every 5 s while it shows the lobby, and one sent before the {@code newgame} reached it arrives after the game
     * began; it put him back among the waiting (shown to others, who were then sent his quit again) until his quit came.
     */
    void played(long user) {
        playing.remove(user);
    }

    /**
     * The owner of {@code v}, who has been playing, is back: his view is filled at once (as when a subscriber asks), each
     * settled session is sent every member's heartbeat, and the quit of each user it was shown before the game who is
     * not in the view now; so what it has been told adds up to the view, as if it had been told all along.
     */
    private void resume(View v, long now) {
        Set<Long> shown = v.paused;
        v.paused = null;
        fill(v, now, false); // every member is new to the emptied view: each one's heartbeat goes to the settled sessions
        for (Entry e : v.members) {
            shown.remove(e.user);
        }
        for (Long gone : shown) {
            tellQuit(v, gone, null);
        }
    }

    // ---------------------------------------------------------------- subscribers

    /** A session of {@code user} has subscribed to {@code /game/queue}; it is sent nothing until {@link #settle}. */
    void subscribed(long user, Subscriber s) {
        playing.remove(user); // on the lobby's page again
        View v = view(user);
        v.sessions.add(s);
        if (v.paused != null) {
            resume(v, nanos.getAsLong());
        } else {
            fill(v, nanos.getAsLong(), false);
        }
    }

    /**
     * The session's subscription has been answered: it is sent its view, as heartbeats (and the quits of those who
     * left since the owner's {@code GET /queue}, if no other session of his had been sent them).
     */
    void settle(long user, Subscriber s) {
        View v = views.get(user);
        if (v == null || !v.sessions.contains(s) || v.settled.contains(s)) {
            return;
        }
        if (v.settled.isEmpty()) {
            for (Long gone : v.pendingQuits) {
                s.send(quit(gone));
            }
            v.pendingQuits.clear();
        }
        v.settled.add(s);
        for (Entry e : List.copyOf(v.members)) {
            s.send(beatOf(e));
        }
    }

    /** The session left {@code /game/queue}; the owner's view goes with his last session. */
    void unsubscribed(long user, Subscriber s) {
        View v = views.get(user);
        if (v == null) {
            return;
        }
        v.sessions.remove(s);
        v.settled.remove(s);
        if (v.sessions.isEmpty()) {
            drop(v);
        }
    }

    /**
     * {@code GET /queue}: the owner's view (made if he has none), with this filter (a changed filter drops the members it
     * does not admit, telling his sessions, and fills the view again), by rating then name.
     */
    List<Member> list(long user, Filter filter) {
        playing.remove(user); // on the lobby's page again
        long now = nanos.getAsLong();
        View v = view(user);
        v.lastUsed = now;
        if (!v.filter.equals(filter)) {
            v.filter = filter;
            for (Entry e : List.copyOf(v.members)) {
                if (!filter.admits(e)) {
                    v.members.remove(e);
                    unview(e, v);
                    tellQuit(v, e.user, null);
                }
            }
        }
        if (v.settled.isEmpty()) {
            v.pendingQuits.clear(); // the answer replaces the owner's list
        }
        v.listed = true;
        if (v.paused != null) {
            resume(v, now);
        } else {
            fill(v, now, false);
        }
        List<Member> out = new ArrayList<>(v.members.size());
        for (Entry e : v.members) {
            out.add(new Member(e.user, e.name, e.rating));
        }
        out.sort(Comparator.comparingInt(Member::rating).thenComparing(Member::name));
        return out;
    }

    /** Sends {@code data} to every session {@code user} has on {@code /game/queue}; {@code false} if he has none. */
    boolean tell(long user, Map<String, Object> data) {
        View v = views.get(user);
        if (v == null || v.sessions.isEmpty()) {
            return false;
        }
        for (Subscriber s : v.sessions) {
            s.send(data);
        }
        return true;
    }

    /**
     * Once a second: views whose budget ran out are filled again, and views nobody subscribed to (a {@code GET /queue}
     * without a subscription) are forgotten after {@code unusedNanos}.
     */
    void sweep(long unusedNanos) {
        long now = nanos.getAsLong();
        for (View v : List.copyOf(views.values())) {
            if (v.sessions.isEmpty() && now - v.lastUsed > unusedNanos) {
                drop(v);
            } else if (v.starved) {
                v.starved = false;
                fill(v, now, true);
            }
        }
        // whoever is still shown to nobody (every view full when he came) takes another's place, the longest waiting first
        while (!exposure.isEmpty() && exposure.first().viewers.isEmpty()) {
            if (!showInstead(exposure.first(), now)) {
                break;
            }
        }
    }

    /** The users in {@code user}'s view (tests). */
    List<Long> viewOf(long user) {
        View v = views.get(user);
        return v == null ? List.of() : v.members.stream().map(e -> e.user).toList();
    }

    /** How many views {@code user} is in (tests). */
    int viewers(long user) {
        Entry e = waiting.get(user);
        return e == null ? 0 : e.viewers.size();
    }

    // ---------------------------------------------------------------- the views

    private View view(long user) {
        View v = views.get(user);
        if (v == null) {
            v = new View(user, entriesPerSecond);
            v.lastUsed = nanos.getAsLong();
            views.put(user, v);
            wanting.add(v);
        }
        return v;
    }

    private void drop(View v) {
        views.remove(v.owner, v);
        wanting.remove(v);
        for (Entry e : v.members) {
            unview(e, v);
        }
        v.members.clear();
    }

    /**
     * Fills {@code v} with the waiting users shown to the fewest others (then the longest waiting) that its filter
     * admits; {@code budgeted}: no more than {@link #entriesPerSecond} within any second (a refill), else all at once
     * (the subscriber asked; those do not count against the budget).
     */
    private void fill(View v, long now, boolean budgeted) {
        int room = viewSize - v.members.size();
        if (room <= 0) {
            wanting.remove(v);
            return;
        }
        int mark = ++stamp;
        for (Entry m : v.members) {
            m.stamp = mark;
        }
        List<Entry> picks = new ArrayList<>(Math.min(room, 16));
        for (Entry c : exposure) {
            if (picks.size() >= room) {
                break;
            }
            if (c.user == v.owner || c.stamp == mark || !v.filter.admits(c)) {
                continue;
            }
            if (budgeted && !mayAdd(v, now)) {
                v.starved = true;
                break;
            }
            picks.add(c);
        }
        for (Entry c : picks) {
            add(v, c);
        }
        if (v.members.size() >= viewSize) {
            wanting.remove(v);
        } else {
            wanting.add(v);
        }
    }

    /**
     * Shows {@code e}, who is in no view (every view that admits him is full), in place of the member shown to the most
     * others, in one of that member's views with a budget left: he stays in the others' views, so everybody waiting is
     * in somebody's list however full the views are (with views of 30 and a lobby that churns, a user coming back when
     * every view was full waited unseen). {@code false} if nobody is shown twice or none of those views can take him.
     */
    private boolean showInstead(Entry e, long now) {
        Entry most = exposure.last();
        if (most == e || most.viewers.size() < 2) {
            return false;
        }
        for (View v : List.copyOf(most.viewers)) {
            if (v.owner == e.user || !v.filter.admits(e) || !mayAdd(v, now)) {
                continue;
            }
            v.members.remove(most);
            unview(most, v);
            tellQuit(v, most.user, null);
            add(v, e);
            return true;
        }
        return false;
    }

    /** Whether one more member may enter {@code v} now: fewer than {@link #entriesPerSecond} in the last second. */
    private boolean mayAdd(View v, long now) {
        if (now - v.entered[v.next] < 1_000_000_000L) {
            return false;
        }
        v.entered[v.next] = now;
        v.next = (v.next + 1) % v.entered.length;
        return true;
    }

    private void add(View v, Entry e) {
        exposure.remove(e);
        e.viewers.add(v);
        exposure.add(e);
        v.members.add(e);
        if (v.members.size() >= viewSize) {
            wanting.remove(v);
        }
        Shared beat = beatOf(e);
        for (Subscriber s : v.settled) {
            s.send(beat);
        }
    }

    private void unview(Entry e, View v) {
        boolean there = waiting.get(e.user) == e;
        if (there) {
            exposure.remove(e);
        }
        e.viewers.remove(v);
        if (there) {
            exposure.add(e);
        }
    }

    /** Sends {@code v}'s sessions {@code user}'s quit: {@code made} if not {@code null}; returns the one sent, if any. */
    private Shared tellQuit(View v, long user, Shared made) {
        if (v.settled.isEmpty()) {
            if (v.listed && v.pendingQuits.size() < 2 * viewSize) {
                v.pendingQuits.add(user);
            }
            return made;
        }
        Shared q = made != null ? made : new Shared(quit(user));
        for (Subscriber s : v.settled) {
            s.send(q);
        }
        return q;
    }

    static Map<String, Object> heartbeat(Member m) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("type", "heartbeat");
        data.put("id", String.valueOf(m.user()));
        data.put("name", m.name());
        data.put("rating", String.valueOf(m.rating()));
        return data;
    }

    /** {@code e}'s heartbeat, one for every view he enters (the room writes its JSON once). */
    private static Shared beatOf(Entry e) {
        if (e.beat == null) {
            e.beat = new Shared(heartbeat(new Member(e.user, e.name, e.rating)));
        }
        return e.beat;
    }

    static Map<String, Object> quit(long user) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("type", "quit");
        data.put("id", String.valueOf(user));
        return data;
    }
}
