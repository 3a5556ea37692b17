package org.boardlab.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/** {@link TerminalSession}'s check of the name a terminal client logs in with, before it connects. */
class TerminalSessionTest {

    /** A protocol's name rule: letters only, at most 8 of them. */
    private static final Consumer<String> RULE = name -> {
        if (!name.matches("[a-z]{1,8}")) {
            throw new IllegalArgumentException("a name is 1 to 8 letters a..z");
        }
    };

    @Test
    void aMissingOrBlankNameIsAskedForAndOneTheProtocolRefusesIsToldWithItsReason() {
        assertThat(TerminalSession.nameProblem(null, RULE)).isEqualTo("give a name to log in with: --name NAME");
        assertThat(TerminalSession.nameProblem("  ", RULE)).isEqualTo("give a name to log in with: --name NAME");
        assertThat(TerminalSession.nameProblem("ann~1", RULE)).isEqualTo("cannot log in as 'ann~1': a name is 1 to 8 letters a..z");
        assertThat(TerminalSession.nameProblem("ann", RULE)).isNull();
    }
}
