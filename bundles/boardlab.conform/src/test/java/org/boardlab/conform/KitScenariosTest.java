package org.boardlab.conform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class KitScenariosTest {

    private static final Check A = new Check("x.a", "README §1", "a");
    private static final Check B = new Check("x.b", "README §2", "b");

    @Test
    void aTableKeepsItsOrderItsChecksAndWhichScenariosWaitForTimeLimits() {
        Scenario.Body body = ctx -> ctx.pass(A);
        List<Scenario> list = KitScenarios.start().add("one", "first", body, A, B).timing("two", "second", body, B).add("three", "third", body, A)
                .list();
        assertThat(list).extracting(Scenario::name).containsExactly("one", "two", "three");
        assertThat(list).extracting(Scenario::timing).containsExactly(false, true, false);
        assertThat(list.get(0).checks()).containsExactly(A, B);
        assertThat(list.get(0).description()).isEqualTo("first");
        assertThat(list.get(1).body()).isSameAs(body);
        assertThatThrownBy(() -> list.add(list.get(0))).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void twoScenariosOfOneNameOrAScenarioWithoutChecksAreRefused() {
        Scenario.Body body = ctx -> { };
        assertThatThrownBy(() -> KitScenarios.start().add("one", "first", body, A).timing("one", "again", body, B))
                .hasMessage("two scenarios are named one");
        assertThatThrownBy(() -> KitScenarios.start().add("none", "checks nothing", body)).hasMessage("scenario none checks nothing");
    }
}
