package org.boardlab.cli;

import java.util.Optional;
import org.boardlab.core.Application;
import org.boardlab.core.EventBus;
import org.boardlab.core.Referee;
import org.boardlab.core.Registry;

/** What the commands need from the running boardlab. */
public interface Services {

    Registry registry();

    EventBus events();

    /** boardlab's one referee (boardlab.core closes it when it stops). */
    Referee referee();

    /** The front end with this id (e.g. {@code workbench}), if its bundle is loaded. */
    Optional<Application> application(String id);

    /** The protocols the embedded server can speak (from the loaded protocol bundles). */
    java.util.List<org.boardlab.server.ServerProtocol> serverProtocols();

    /** The terminal client of protocol {@code id}, if its bundle has one. */
    Optional<org.boardlab.client.TerminalClient> terminalClient(String id);

    /** The conformance kit of protocol {@code id}, if its bundle has one. */
    default Optional<org.boardlab.conform.ConformanceKit> conformanceKit(String id) {
        return conformanceKits().stream().filter(k -> k.protocol().equals(id)).findFirst();
    }

    /** Every loaded protocol's conformance kit. */
    default java.util.List<org.boardlab.conform.ConformanceKit> conformanceKits() {
        return java.util.List.of();
    }

    /** What runs players in processes of their own (the sandbox bundle), if it is loaded. */
    default Optional<org.boardlab.core.PlayerHosting> hosting() {
        return Optional.empty();
    }

    /**
     * Where the class {@code className} would come from, in words for a message about a class that
     * could not be loaded: which installed bundle exports its package and in what state, or that none
     * does. Empty when that is not known (no framework, as in the commands' tests).
     */
    default Optional<String> classOrigin(String className) {
        return Optional.empty();
    }

    /** boardlab's version, e.g. {@code 0.1.0}. */
    String version();

    /** The stores of this process (the default database, or a {@code --db} URL). */
    default org.boardlab.store.Stores stores() {
        return new org.boardlab.store.Stores();
    }
}
