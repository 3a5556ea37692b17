package org.boardlab.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.boardlab.store.testing.StoreFixture;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The bug log on H2 and on PostgreSQL. */
class BugLogTest {

    @RegisterExtension
    final StoreFixture stores = new StoreFixture();

    static List<String> kinds() {
        return StoreFixture.kinds();
    }

    private static Bug bug(String component, String protocol, String frames) {
        return new Bug(0, Instant.parse("2026-11-25T19:00:00.123456Z"), protocol, "server", component, "10.0.0.7:23334", "v0.3 (commit 1a2b)",
                "illegal-moves", protocol + ".place.refused", protocol + " README §6: a refused place gets refused and a full update",
                "refused {row,col,reason}", "nothing within 5 s", frames);
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void bugsAreKeptWithEveryFieldAndFilteredByComponentAndProtocol(String kind) {
        Store store = stores.store(kind);
        String frames = "#12 +0.153s ann -> {\"data\":{\"col\":7,\"row\":7},\"type\":\"place\"}\n          raw: 47 4D 4B 55 00 00 00 29\n"
                + "x".repeat(200_000);
        long a = store.recordBug(bug("team-red", "gomoku", frames));
        long b = store.recordBug(bug("team-blue", "gomoku", "#1"));
        long c = store.recordBug(bug("team-red", "othello", "#2 ünïcode ✓"));
        assertThat(List.of(a, b, c)).doesNotHaveDuplicates();
        List<Bug> all = store.bugs(null, null);
        assertThat(all).extracting(Bug::id).containsExactly(a, b, c);
        Bug first = all.get(0);
        assertThat(first.frames()).isEqualTo(frames);
        assertThat(first.foundAt()).isEqualTo(Instant.parse("2026-11-25T19:00:00.123456Z").truncatedTo(ChronoUnit.MICROS));
        assertThat(first.version()).isEqualTo("v0.3 (commit 1a2b)");
        assertThat(first.address()).isEqualTo("10.0.0.7:23334");
        assertThat(first.checkId()).isEqualTo("gomoku.place.refused");
        assertThat(all.get(2).frames()).isEqualTo("#2 ünïcode ✓");
        assertThat(store.bugs("team-red", null)).extracting(Bug::id).containsExactly(a, c);
        assertThat(store.bugs("team-red", "othello")).extracting(Bug::id).containsExactly(c);
        assertThat(store.bugs("nobody", null)).isEmpty();
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void aTextOverItsColumnIsCutNotRefused(String kind) {
        Store store = stores.store(kind);
        Bug big = new Bug(0, Instant.now(), "gomoku", "client", "c".repeat(500), "a", "v", "s", "k", "r", "e".repeat(9000), "x", "f");
        store.recordBug(big);
        Bug back = store.bugs(null, null).get(0);
        assertThat(back.component()).hasSize(200).endsWith("...");
        assertThat(back.expected()).hasSize(4000);
    }
}
