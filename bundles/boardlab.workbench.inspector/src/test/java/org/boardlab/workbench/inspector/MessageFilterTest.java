package org.boardlab.workbench.inspector;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.function.Predicate;
import org.boardlab.api.DecodedMessage;
import org.boardlab.api.event.WireEvent;
import org.junit.jupiter.api.Test;

class MessageFilterTest {

    private final List<WireEvent> events = List.of(Frames.login(1, 1, "alice"), Frames.move(2, 1, "alice", 3, 4, 7),
            Frames.refused(3, 1, "alice", 0, 0, "a1 flips nothing", 7), Frames.board(4, 2, "bob", 7),
            Frames.place(5, 3, "carol", 7, 7, 8), Frames.violation(6, 4, null, "CMOV~9", "CMOV needs x and y"));

    private List<Long> shown(MessageFilter filter) {
        return events.stream().filter(filter::test).map(WireEvent::sequence).toList();
    }

    private List<Long> shown(Predicate<WireEvent> p) {
        return events.stream().filter(p).map(WireEvent::sequence).toList();
    }

    @Test
    void eachCriterionNarrowsTheList() {
        assertThat(shown(MessageFilter.ALL)).containsExactly(1L, 2L, 3L, 4L, 5L, 6L);
        assertThat(shown(new MessageFilter(1L, null, null, null, null, null, null))).containsExactly(1L, 2L, 3L);
        assertThat(shown(new MessageFilter(null, "alice", null, null, null, null, null))).containsExactly(2L, 3L);
        assertThat(shown(new MessageFilter(null, MessageFilter.NO_PLAYER, null, null, null, null, null))).containsExactly(1L, 6L);
        assertThat(shown(new MessageFilter(null, null, 7L, null, null, null, null))).containsExactly(2L, 3L, 4L);
        assertThat(shown(new MessageFilter(null, null, 0L, null, null, null, null))).containsExactly(1L, 6L);
        assertThat(shown(new MessageFilter(null, null, null, "gomoku", null, null, null))).containsExactly(5L);
        assertThat(shown(new MessageFilter(null, null, null, null, false, null, null))).containsExactly(3L, 4L);
        assertThat(shown(new MessageFilter(null, null, null, null, null, "CMOV", null))).containsExactly(2L);
        assertThat(shown(new MessageFilter(1L, null, null, null, true, null, null))).containsExactly(1L, 2L);
    }

    @Test
    void textIsFoundIgnoringCaseInSummaryTypeErrorAndNestedFields() {
        assertThat(shown(new MessageFilter(null, null, null, null, null, null, "FLIPS"))).containsExactly(3L);
        assertThat(shown(new MessageFilter(null, null, null, null, null, null, "smoverr"))).containsExactly(3L);
        assertThat(shown(new MessageFilter(null, null, null, null, null, null, "needs x"))).containsExactly(6L);
        // b3 is a square inside the board's rows, two levels down
        assertThat(shown(new MessageFilter(null, null, null, null, null, null, "b3"))).containsExactly(4L);
        assertThat(shown(new MessageFilter(null, null, null, null, null, null, "  "))).hasSize(6);
        assertThat(new MessageFilter(null, null, null, null, null, null, " ")).isEqualTo(MessageFilter.ALL);
    }

    @Test
    void violationsAreRedAndRefusalsOrange() {
        assertThat(shown(e -> Severity.of(e.decoded()) == Severity.VIOLATION)).containsExactly(6L);
        assertThat(shown(e -> Severity.of(e.decoded()) == Severity.REFUSAL)).containsExactly(3L);
        assertThat(Severity.of(Frames.malformed(1, 1, null, "GMKU{", "not JSON").decoded())).isEqualTo(Severity.VIOLATION);
        assertThat(Severity.of(new DecodedMessage("refused", "refused h8: taken", List.of(), null).withRefused("taken")))
                .isEqualTo(Severity.REFUSAL);
        assertThat(Severity.of(Frames.serverError(1, 1, "alice", "CMOV needs x and y").decoded())).isEqualTo(Severity.VIOLATION);
        assertThat(Severity.of(new DecodedMessage("SNAMEERR", "login refused", List.of(), null)))
                .as("the protocol did not mark it refused: the type's name decides nothing").isEqualTo(Severity.NORMAL);
        assertThat(Severity.of(new DecodedMessage("CMOV", "move d5", List.of(), null))).isEqualTo(Severity.NORMAL);
    }
}
