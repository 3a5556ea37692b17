package org.boardlab.server;

import java.io.BufferedReader;
import java.io.PrintWriter;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * A line-oriented client for people: it connects to a server speaking one protocol, shows what the
 * server says in plain words, and turns typed commands into protocol messages. Implemented by
 * protocol bundles in a class annotated {@code @javax.inject.Named("<protocol id>")};
 * {@code boardlab client <protocol id>} runs it.
 */
@ConsumerType
public interface TerminalClient {

    /**
     * Connects and runs until the user quits or the server closes the connection.
     *
     * @param host the server's host
     * @param port its port ({@code -1}: the protocol's default)
     * @param name the name to log in with, if the protocol has names
     * @param in   what the user types, a command per line
     * @param out  where the client writes for the user
     * @return the exit code: 0 when the user quit, 1 when the connection failed or was closed
     */
    int run(String host, int port, String name, BufferedReader in, PrintWriter out) throws Exception;
}
