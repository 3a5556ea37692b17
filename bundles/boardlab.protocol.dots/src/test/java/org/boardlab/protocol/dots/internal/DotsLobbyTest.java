package org.boardlab.protocol.dots.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * The lobby's views ({@link DotsLobby}) on a clock of the test's own: what each subscriber is sent, in a lobby of 500
 * that churns, stays within the bound the README states (a view of {@link DotsRoom#VIEW}, at most
 * {@link DotsRoom#VIEW_ENTRIES_PER_SECOND} entries a second once shown), and what a subscriber has been told adds up
 * to the view {@code GET /queue} answers.
 */
class DotsLobbyTest {

    private static final long SECOND = 1_000_000_000L;

    private final AtomicLong clock = new AtomicLong(1_000 * SECOND);

    /** One subscriber: what it was sent, each with the clock's second, and the list the seed's page would show. */
    private final class Page implements DotsLobby.Subscriber {
        final long owner;
        final List<Map<String, Object>> sent = new ArrayList<>();
        final List<Long> sentAt = new ArrayList<>();
        final Set<String> shown = new LinkedHashSet<>();
        /** The messages it was sent as one for many ({@link DotsLobby.Shared}), as they came. */
        final List<DotsLobby.Shared> shared = new ArrayList<>();

        Page(long owner) {
            this.owner = owner;
        }

        @Override
        public void send(Map<String, Object> data) {
            sent.add(data);
            sentAt.add(clock.get() / SECOND);
            String id = (String) data.get("id");
            // as the seed's page: a heartbeat adds or updates, a quit removes
            if ("heartbeat".equals(data.get("type"))) {
                shown.add(id);
            } else if ("quit".equals(data.get("type"))) {
                shown.remove(id);
            }
        }

        @Override
        public void send(DotsLobby.Shared one) {
            shared.add(one);
            send(one.data);
        }

        /** The most messages of one kind it was sent within one second of the clock, from {@code fromSecond} on. */
        int mostInASecond(String type, long fromSecond) {
            Map<Long, Integer> by = new HashMap<>();
            for (int i = 0; i < sent.size(); i++) {
                if (type.equals(sent.get(i).get("type")) && sentAt.get(i) >= fromSecond) {
                    by.merge(sentAt.get(i), 1, Integer::sum);
                }
            }
            return by.values().stream().mapToInt(Integer::intValue).max().orElse(0);
        }

        long count(String type, String id) {
            return sent.stream().filter(d -> type.equals(d.get("type")) && id.equals(d.get("id"))).count();
        }
    }

    private static final int VIEW = DotsRoom.VIEW;
    private static final int BUDGET = DotsRoom.VIEW_ENTRIES_PER_SECOND;

    private DotsLobby lobby(int view, int perSecond) {
        return new DotsLobby(view, perSecond, clock::get);
    }

    /** The lobby as served. */
    private DotsLobby lobby() {
        return lobby(VIEW, BUDGET);
    }

    private static String name(long user) {
        return "user" + user;
    }

    private Page subscribe(DotsLobby lobby, long user) {
        Page p = new Page(user);
        lobby.subscribed(user, p);
        lobby.settle(user, p);
        return p;
    }

    private void tick(long nanos) {
        clock.addAndGet(nanos);
    }

    @Test
    void aHeartbeatReachesASubscriberWhenItsUserEntersTheViewAndItsQuitWhenHeLeaves() {
        DotsLobby lobby = lobby();
        Page ann = subscribe(lobby, 1);
        lobby.beat(1, name(1), 1600);
        assertThat(ann.sent).as("nobody else waits yet").isEmpty();
        lobby.beat(2, name(2), 1613);
        assertThat(ann.sent).containsExactly(Map.of("type", "heartbeat", "id", "2", "name", "user2", "rating", "1613"));
        // bob's next heartbeats change nothing ann is shown: she is not sent them
        for (int i = 0; i < 10; i++) {
            tick(5 * SECOND);
            lobby.beat(1, name(1), 1600);
            lobby.beat(2, name(2), 1613);
        }
        assertThat(ann.sent).hasSize(1);
        // bob leaves: ann is sent his quit, once
        assertThat(lobby.leave(2)).isTrue();
        assertThat(lobby.leave(2)).isFalse();
        assertThat(ann.sent).hasSize(2);
        assertThat(ann.sent.get(1)).isEqualTo(Map.of("type", "quit", "id", "2"));
        // a rating that changed is shown again: a quit and a heartbeat with the new rating
        lobby.beat(3, name(3), 1600);
        lobby.beat(3, name(3), 1588);
        assertThat(ann.sent.subList(2, ann.sent.size())).extracting(d -> d.get("type") + " " + d.get("rating"))
                .containsExactly("heartbeat 1600", "quit null", "heartbeat 1588");
        assertThat(ann.shown).containsExactly("3");
    }

    @Test
    void aSubscriberIsSentItsViewOnlyOnceItsSubscriptionIsSettledAndTheQuitsOfWhatItsGetShowed() {
        DotsLobby lobby = lobby();
        for (long u = 10; u < 15; u++) {
            lobby.beat(u, name(u), 1600);
        }
        // the seed's page reads GET /queue, then subscribes
        List<DotsLobby.Member> got = lobby.list(1, DotsLobby.Filter.ALL);
        assertThat(got).extracting(DotsLobby.Member::user).containsExactlyInAnyOrder(10L, 11L, 12L, 13L, 14L);
        lobby.leave(12);
        Page page = new Page(1);
        lobby.subscribed(1, page);
        lobby.beat(15, name(15), 1700);
        assertThat(page.sent).as("nothing before the subscription is answered").isEmpty();
        lobby.settle(1, page);
        assertThat(page.sent.get(0)).isEqualTo(Map.of("type", "quit", "id", "12"));
        assertThat(page.sent.subList(1, page.sent.size())).extracting(d -> d.get("id")).containsExactlyInAnyOrder("10", "11", "13", "14", "15");
        lobby.settle(1, page);
        assertThat(page.sent).as("settled once").hasSize(6);
        // the owner's GET /queue answers the same list his session was shown, by rating then name
        assertThat(lobby.list(1, DotsLobby.Filter.ALL)).extracting(DotsLobby.Member::user).containsExactly(10L, 11L, 13L, 14L, 15L);
        // a second session of the same user is sent the view too; both are sent what follows
        Page tab = new Page(1);
        lobby.subscribed(1, tab);
        lobby.settle(1, tab);
        assertThat(tab.shown).containsExactlyInAnyOrder("10", "11", "13", "14", "15");
        lobby.leave(10);
        assertThat(page.shown).doesNotContain("10");
        assertThat(tab.shown).doesNotContain("10");
        // the last session gone, the view goes: nobody counts him as a viewer
        lobby.unsubscribed(1, page);
        assertThat(lobby.viewers(11)).isEqualTo(1);
        lobby.unsubscribed(1, tab);
        assertThat(lobby.viewers(11)).isZero();
        assertThat(lobby.viewOf(1)).isEmpty();
    }

    /**
     * A player who began a game is sent nothing of the others while he plays (the seed's page leaves the lobby's channel
     * as it opens its game and reads nothing on it after; a bot that stays subscribed has nothing to do with it), and his
     * view is not refilled meanwhile; once he is back, what he has been told adds up to his view as if he had been told all
     * along: the heartbeat of each member, the quit of each one he was shown before who is gone.
     */
    @Test
    void aPlayerInAGameIsSentNothingOfTheLobbyUntilHeIsBackAndThenWhatHeIsShownAddsUpToHisView() {
        DotsLobby lobby = lobby();
        Page ann = waitingWithAFullView(lobby, 1);
        Page tab = subscribe(lobby, 1); // a second tab, which stays on the lobby's channel throughout
        assertThat(ann.shown).hasSize(VIEW);
        List<Long> before = List.copyOf(lobby.viewOf(1));
        // ann begins a game (as the room does it: she stops being sent the lobby's news, then leaves it)
        lobby.playing(1);
        lobby.leave(1);
        int sent = ann.sent.size();
        // the lobby churns while she plays: half of those she was shown leave, newcomers come, seconds pass
        for (int i = 0; i < VIEW / 2; i++) {
            lobby.leave(before.get(i));
        }
        for (long u = 500; u < 500 + VIEW; u++) {
            lobby.beat(u, name(u), 1700);
            tick(SECOND / 4);
            lobby.sweep(60 * SECOND);
        }
        assertThat(ann.sent.subList(sent, ann.sent.size())).as("what ann was sent of the lobby while she played").isEmpty();
        assertThat(lobby.viewOf(1)).as("her view, not refilled while she plays").isEmpty();
        assertThat(lobby.viewers(before.get(VIEW - 1))).as("those she was shown are free for others' views").isZero();
        // a heartbeat she sent before she knew of her game does not bring her back (nor shows her to anybody)
        Page bob = subscribe(lobby, 2);
        int bobWas = bob.sent.size();
        assertThat(lobby.beat(1, name(1), 1600)).isFalse();
        assertThat(lobby.viewers(1)).isZero();
        assertThat(bob.sent).hasSize(bobWas);
        assertThat(ann.sent).hasSize(sent);
        // the room still tells her what names her (here: her own quit's echo)
        lobby.tell(1, DotsLobby.quit(1));
        assertThat(ann.sent).hasSize(sent + 1);
        // her game is over (or she left the lobby's page by her quit): her next heartbeat joins the lobby again
        lobby.played(1);
        tick(SECOND);
        assertThat(lobby.beat(1, name(1), 1611)).isTrue();
        List<String> view = lobby.viewOf(1).stream().map(String::valueOf).toList();
        assertThat(view).hasSize(VIEW);
        for (Page p : List.of(ann, tab)) {
            assertThat(p.shown).as("what each of her sessions has been told").containsExactlyInAnyOrderElementsOf(view);
        }
        assertThat(lobby.list(1, DotsLobby.Filter.ALL)).extracting(m -> String.valueOf(m.user())).containsExactlyInAnyOrderElementsOf(view);
        // and from then on she is sent the lobby's news again
        int now = ann.sent.size();
        lobby.leave(lobby.viewOf(1).get(0));
        assertThat(ann.sent.subList(now, ann.sent.size())).extracting(d -> d.get("type")).contains("quit");
    }

    /**
     * {@code user} subscribed to the lobby's channel and waiting in a lobby of twice a view's size (users 100 and up, so
     * his view is full), his page returned.
     */
    private Page waitingWithAFullView(DotsLobby lobby, long user) {
        for (long u = 100; u < 100 + 2 * VIEW; u++) {
            lobby.beat(u, name(u), 1600);
        }
        Page page = subscribe(lobby, user);
        lobby.beat(user, name(user), 1600);
        return page;
    }

    /** A player who stayed on the lobby's channel through his game and is back by {@code GET /queue} is told his view too. */
    @Test
    void aPlayerBackFromAGameByGetQueueIsToldHisViewOnTheSessionHeKept() {
        DotsLobby lobby = lobby();
        Page bot = waitingWithAFullView(lobby, 1);
        lobby.playing(1);
        lobby.leave(1);
        List<Long> before = List.copyOf(bot.shown).stream().map(Long::valueOf).toList();
        for (int i = 0; i < 10; i++) {
            lobby.leave(before.get(i));
        }
        tick(10 * SECOND);
        List<String> listed = lobby.list(1, DotsLobby.Filter.ALL).stream().map(m -> String.valueOf(m.user())).toList();
        assertThat(listed).hasSize(VIEW).doesNotContain(String.valueOf(before.get(0)));
        assertThat(bot.shown).containsExactlyInAnyOrderElementsOf(listed);
    }

    @Test
    void aViewHoldsAtMostItsSizeAndIsRefilledAtMostTheBudgetASecond() {
        DotsLobby lobby = lobby();
        // the refill below must be held back by the budget: a view bigger than a second's entries
        assertThat(VIEW).isGreaterThan(BUDGET);
        for (long u = 100; u < 100 + 3 * VIEW; u++) {
            lobby.beat(u, name(u), 1600);
        }
        Page ann = subscribe(lobby, 1);
        assertThat(ann.sent).as("the first fill: the view, whole").hasSize(VIEW);
        assertThat(lobby.list(1, DotsLobby.Filter.ALL)).hasSize(VIEW);
        // all she is shown leave at once: she is sent their quits, and a second's budget of newcomers
        tick(SECOND);
        ann.sent.clear();
        ann.sentAt.clear();
        for (long u : List.copyOf(lobby.viewOf(1))) {
            lobby.leave(u);
        }
        assertThat(ann.sent.stream().filter(d -> "quit".equals(d.get("type")))).hasSize(VIEW);
        assertThat(ann.sent.stream().filter(d -> "heartbeat".equals(d.get("type")))).hasSize(BUDGET);
        assertThat(lobby.viewOf(1)).hasSize(BUDGET);
        // the sweep fills the rest, a budget a second
        int seconds = 0;
        for (int s = 1; BUDGET + BUDGET * s < VIEW; s++) {
            tick(SECOND);
            lobby.sweep(60 * SECOND);
            assertThat(lobby.viewOf(1)).hasSize(BUDGET + BUDGET * s);
            seconds = s;
        }
        tick(SECOND);
        lobby.sweep(60 * SECOND);
        assertThat(lobby.viewOf(1)).hasSize(VIEW);
        assertThat(seconds + 2).as("seconds to fill it again").isEqualTo((VIEW + BUDGET - 1) / BUDGET);
        assertThat(ann.mostInASecond("heartbeat", 0)).isEqualTo(BUDGET);
        assertThat(ann.shown).containsExactlyInAnyOrderElementsOf(lobby.viewOf(1).stream().map(String::valueOf).toList());
    }

    @Test
    void aNewcomerWhenEveryViewIsFullTakesThePlaceOfTheMemberShownToTheMost() {
        DotsLobby lobby = lobby(2, 20);
        Map<Long, Page> pages = new HashMap<>();
        for (long u = 1; u <= 3; u++) {
            pages.put(u, subscribe(lobby, u));
            lobby.beat(u, name(u), 1600);
        }
        // three views of two, full: each of the three shown to the other two
        for (long u = 1; u <= 3; u++) {
            assertThat(lobby.viewers(u)).isEqualTo(2);
        }
        tick(SECOND);
        lobby.beat(4, name(4), 1600);
        assertThat(lobby.viewers(4)).as("the newcomer is shown to somebody").isEqualTo(1);
        long owner = pages.keySet().stream().filter(u -> lobby.viewOf(u).contains(4L)).findFirst().orElseThrow();
        // in place of the one shown to the most (two each: the newest of them, user 3), who stays in the other view
        assertThat(lobby.viewers(3)).isEqualTo(1);
        Page p = pages.get(owner);
        assertThat(p.sent.subList(p.sent.size() - 2, p.sent.size())).extracting(d -> d.get("type") + " " + d.get("id"))
                .containsExactly("quit 3", "heartbeat 4");
        for (Page page : pages.values()) {
            assertThat(page.shown).containsExactlyInAnyOrderElementsOf(lobby.viewOf(page.owner).stream().map(String::valueOf).toList());
            assertThat(lobby.viewOf(page.owner)).hasSize(2);
        }
        // a fifth: user 1 or 2 (two viewers each) makes room; nobody waits unseen
        lobby.beat(5, name(5), 1600);
        for (long u = 1; u <= 5; u++) {
            assertThat(lobby.viewers(u)).as("viewers of user %d", u).isPositive();
        }
    }

    @Test
    void fiveHundredSubscribersInALobbyThatChurnsAreEachSentNoMoreThanTheBound() {
        int view = VIEW;
        int perSecond = BUDGET;
        DotsLobby lobby = lobby(view, perSecond);
        Random random = new Random(18);
        Map<Long, Page> pages = new HashMap<>();
        // 500 users log in over 5 s: each subscribes, then joins (a heartbeat)
        for (long u = 1; u <= 500; u++) {
            pages.put(u, subscribe(lobby, u));
            lobby.beat(u, name(u), 1500 + random.nextInt(200));
            if (u % 100 == 0) {
                tick(SECOND);
            }
        }
        long playFrom = clock.get() / SECOND;
        // 30 s of pairing: every 100 ms five pairs leave for a game (a quarter of each view a second) and, once a hundred
        // are away, as many come back with a new rating; once, half-way, a class told "start now": 300 leave at once
        // (most of each view, more than its refills) and 200 come back; everybody beats every 5 s; the sweep runs every
        // second
        java.util.ArrayDeque<Long> away = new java.util.ArrayDeque<>();
        for (int step = 0; step < 300; step++) {
            tick(SECOND / 10);
            List<Long> waiting = new ArrayList<>();
            for (long u = 1; u <= 500; u++) {
                if (lobby.contains(u)) {
                    waiting.add(u);
                }
            }
            for (int i = 0; i < (step == 150 ? 300 : 10) && !waiting.isEmpty(); i++) {
                long u = waiting.remove(random.nextInt(waiting.size()));
                lobby.leave(u);
                away.add(u);
            }
            while (away.size() > 100) {
                long u = away.poll();
                lobby.beat(u, name(u), 1500 + random.nextInt(200));
            }
            if (step % 10 == 0) {
                lobby.sweep(60 * SECOND);
            }
            for (long u = 1 + step % 50; u <= 500; u += 50) {
                if (lobby.contains(u)) {
                    lobby.beat(u, name(u), lobby.member(u).orElseThrow().rating());
                }
            }
        }
        // then two quiet seconds: the views the churn left short are filled again
        for (int s = 0; s < 2; s++) {
            tick(SECOND);
            lobby.sweep(60 * SECOND);
        }
        int worstHeartbeats = 0;
        int worstQuits = 0;
        for (Page p : pages.values()) {
            worstHeartbeats = Math.max(worstHeartbeats, p.mostInASecond("heartbeat", playFrom));
            worstQuits = Math.max(worstQuits, p.mostInASecond("quit", playFrom));
            // what the page shows is its view, and GET /queue answers the same
            List<Long> got = lobby.list(p.owner, DotsLobby.Filter.ALL).stream().map(DotsLobby.Member::user).toList();
            List<Long> v = lobby.viewOf(p.owner);
            assertThat(v).hasSizeLessThanOrEqualTo(view).doesNotContain(p.owner);
            assertThat(got).containsExactlyInAnyOrderElementsOf(v);
            assertThat(p.shown).as("what user %d was told", p.owner).containsExactlyInAnyOrderElementsOf(v.stream().map(String::valueOf).toList());
            for (Long member : v) {
                assertThat(lobby.contains(member)).as("user %d shows only users who wait", p.owner).isTrue();
            }
        }
        assertThat(worstHeartbeats).as("users entering one view in a second").isLessThanOrEqualTo(perSecond);
        // a quit only for somebody shown: those shown at the second's start and those who entered within it
        assertThat(worstQuits).as("quits one subscriber is sent in a second").isLessThanOrEqualTo(view + perSecond);
        assertThat(worstHeartbeats).as("the churn used the budget").isEqualTo(perSecond);
        // the lobby churned: subscribers were sent news, and the quits reached them
        assertThat(pages.values().stream().mapToLong(p -> p.sent.size()).sum()).isGreaterThan(500L * view);
        // everybody waiting is shown to somebody (the fewest viewers first), the newest too
        for (long u = 1; u <= 500; u++) {
            if (lobby.contains(u)) {
                assertThat(lobby.viewers(u)).as("viewers of user %d", u).isGreaterThan(0);
            }
        }
    }

    @Test
    void aFilterNarrowsTheViewAndTheSweepForgetsAViewNobodySubscribedTo() {
        DotsLobby lobby = lobby();
        lobby.beat(2, "Ann", 1500);
        lobby.beat(3, "bob", 1600);
        lobby.beat(4, "Bobby", 1700);
        Page p = subscribe(lobby, 1);
        assertThat(lobby.list(1, new DotsLobby.Filter(1550, 1800, "BOB"))).extracting(DotsLobby.Member::user).containsExactly(3L, 4L);
        assertThat(p.shown).containsExactlyInAnyOrder("3", "4");
        lobby.beat(5, "bobo", 1900);
        lobby.beat(6, "rob", 1600);
        assertThat(p.shown).as("newcomers the filter does not admit are not shown").containsExactlyInAnyOrder("3", "4");
        lobby.beat(7, "BOB7", 1600);
        assertThat(p.shown).containsExactlyInAnyOrder("3", "4", "7");
        assertThat(lobby.list(1, DotsLobby.Filter.ALL)).extracting(DotsLobby.Member::user).containsExactly(2L, 7L, 3L, 6L, 4L, 5L);
        // a GET without a subscription makes a view that the sweep forgets when no subscription comes
        lobby.list(9, DotsLobby.Filter.ALL);
        assertThat(lobby.viewers(2)).isEqualTo(2);
        tick(29 * SECOND);
        lobby.sweep(30 * SECOND);
        assertThat(lobby.viewers(2)).isEqualTo(2);
        tick(2 * SECOND);
        lobby.sweep(30 * SECOND);
        assertThat(lobby.viewers(2)).isEqualTo(1);
        assertThat(lobby.viewOf(1)).hasSize(6);
    }

    @Test
    void aWaitingUsersHeartbeatAndHisQuitAreEachOneMessageForAllHisViewers() {
        DotsLobby lobby = lobby();
        List<Page> viewers = new ArrayList<>();
        for (long u = 1; u <= 5; u++) {
            viewers.add(subscribe(lobby, u));
            lobby.beat(u, name(u), 1600);
        }
        lobby.beat(9, name(9), 1600);
        DotsLobby.Shared beat = viewers.get(0).shared.get(viewers.get(0).shared.size() - 1);
        assertThat(beat.data).containsEntry("type", "heartbeat").containsEntry("id", "9");
        for (Page p : viewers) {
            assertThat(p.shown).contains("9");
            assertThat(p.shared).as("his heartbeat, made once for all five").last().isSameAs(beat);
        }
        assertThat(lobby.leave(9)).isTrue();
        DotsLobby.Shared quit = viewers.get(0).shared.get(viewers.get(0).shared.size() - 1);
        assertThat(quit.data).containsEntry("type", "quit").containsEntry("id", "9");
        for (Page p : viewers) {
            assertThat(p.shown).doesNotContain("9");
            assertThat(p.shared).as("the one quit, made once for all five").last().isSameAs(quit);
        }
    }

    @Test
    void silentUsersLeaveAndANonsenseSizeIsRefused() {
        DotsLobby lobby = lobby();
        Page p = subscribe(lobby, 1);
        lobby.beat(2, name(2), 1600);
        tick(6 * SECOND);
        lobby.beat(3, name(3), 1600);
        tick(5 * SECOND);
        assertThat(lobby.dropSilent(clock.get() - 2 * SECOND, 10 * SECOND)).as("on a clock held back 2 s (a request waits)").isEmpty();
        assertThat(lobby.dropSilent(clock.get(), 10 * SECOND)).containsExactly(2L);
        assertThat(p.shown).containsExactly("3");
        assertThat(lobby.size()).isEqualTo(1);
        assertThatThrownBy(() -> lobby(0, BUDGET)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> lobby(VIEW, 0)).isInstanceOf(IllegalArgumentException.class);
    }
}
