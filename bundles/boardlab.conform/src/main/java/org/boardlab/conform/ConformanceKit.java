package org.boardlab.conform;

import java.io.IOException;
import java.util.List;
import java.util.Optional;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * A protocol's conformance kit: what {@code boardlab conform <protocol> server HOST:PORT} and
 * {@code boardlab conform <protocol> client --port P} run. Implemented by protocol bundles in a class
 * annotated {@code @javax.inject.Named("<protocol id>")}, so a new protocol brings its kit.
 */
@ConsumerType
public interface ConformanceKit {

    /** The protocol's id, e.g. {@code othello}; the same as the bean's name. */
    String protocol();

    /** The protocol in words, e.g. {@code seed 000 Othello text protocol}. */
    String title();

    /** The protocol's default port. */
    int defaultPort();

    /**
     * The ports of a server under test from the port part of {@code HOST:PORT} as a user gives it
     * ({@code boardlab conform PROTOCOL server HOST:PORT}): by default one port number. A protocol
     * whose server opens several ports reads its own form (seed 004: {@code BP} or {@code BP,WP,GC}).
     *
     * @throws IllegalArgumentException with the reason in words, if {@code text} is not a port
     */
    default List<Integer> serverPorts(String text) {
        return List.of(port(text));
    }

    /**
     * One port number 1..65535.
     *
     * @throws IllegalArgumentException if it is not
     */
    static int port(String text) {
        try {
            int p = Integer.parseInt(text.trim());
            if (p >= 1 && p <= 65535) {
                return p;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new IllegalArgumentException("'" + text + "' is not a port (a number 1..65535)");
    }

    /**
     * Why {@code settings} would not give a fair run of the kit's {@code role} scenarios, or empty when
     * they would: a time limit with which a component that keeps the protocol's rules fails (seed 002:
     * a silence limit a client beating every 5 s cannot meet). {@code boardlab conform} refuses such
     * settings as a usage error, and {@link ConformanceRunner} will not run with them.
     */
    default Optional<String> unfair(Report.Role role, KitSettings settings) {
        return Optional.empty();
    }

    /** How the protocol's frames are cut and read. */
    FrameCodec codec();

    /** The scenarios run against a server under test; empty if the kit has none. */
    List<Scenario> serverScenarios();

    /**
     * The scenarios run against a client under test (the kit plays the server's part); empty if the
     * kit has none. They run one after the other on the connections the client makes.
     */
    List<Scenario> clientScenarios();

    /**
     * The kit's own server for its client scenarios, for a protocol whose clients do not speak to a plain
     * TCP socket of the runner's (seed 002: HTTP and Bayeux, answered by a web server of the kit's). It
     * listens on {@code bind:port} ({@code 0}: any free port) before the first scenario and is closed
     * after the last; the scenarios reach it through {@link ScenarioContext#clientListener()} and record
     * the client's traffic in {@code recorder}, the run's. By default {@code null}: the runner listens
     * itself and hands each TCP connection to {@link ScenarioContext#acceptClient}.
     *
     * @param bind the address to listen on ({@code null}: the loopback address)
     * @throws IOException if it cannot listen there
     */
    default ClientListener listenForClients(String bind, int port, FrameRecorder recorder, KitSettings settings) throws IOException {
        return null;
    }

    /** A client kit's own server ({@link #listenForClients}). */
    interface ClientListener extends AutoCloseable {
        /** The port it listens on. */
        int port();

        /** Stops listening; the client's connections end. */
        @Override
        void close();
    }

    /** What the client under test must do for the client scenarios, e.g. how to start boardlab's own. */
    default String clientInstructions(int port) {
        return "start the client under test against port " + port;
    }
}
