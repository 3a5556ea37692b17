package org.boardlab.conform;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A kit's table of scenarios, in the order they run: each a name, what it does, its body and the
 * checks it makes, e.g.
 *
 * <pre>
 * return KitScenarios.start()
 *         .add("login", "two players log in", this::login, LOGIN_OK, DUPLICATE)
 *         .timing("move-time", "black does not move", this::moveTime, SETUP, MOVE_TIME)
 *         .list();
 * </pre>
 *
 * Two scenarios of one name are refused: {@code conform --scenario NAME} chooses by name.
 */
public final class KitScenarios {

    private final List<Scenario> scenarios = new ArrayList<>();
    private final Set<String> names = new HashSet<>();

    private KitScenarios() {
    }

    /** An empty table. */
    public static KitScenarios start() {
        return new KitScenarios();
    }

    /** A scenario that waits for none of the component's time limits, checking {@code checks}. */
    public KitScenarios add(String name, String description, Scenario.Body body, Check... checks) {
        return put(new Scenario(name, description, List.of(checks), false, body));
    }

    /**
     * A scenario that waits for one of the component's own time limits (run with {@code --fast} only
     * when the limit is given shorter: {@link Scenario#timing()}).
     */
    public KitScenarios timing(String name, String description, Scenario.Body body, Check... checks) {
        return put(new Scenario(name, description, List.of(checks), true, body));
    }

    private KitScenarios put(Scenario s) {
        if (!names.add(s.name())) {
            throw new IllegalArgumentException("two scenarios are named " + s.name());
        }
        scenarios.add(s);
        return this;
    }

    /** The scenarios, in the order added. */
    public List<Scenario> list() {
        return List.copyOf(scenarios);
    }
}
