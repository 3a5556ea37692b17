package org.boardlab.bench.load;

import java.net.InetAddress;
import java.net.UnknownHostException;

/**
 * The load generator's command-line options, checked: every number is in range and the target is
 * on this machine (a loopback address), so a run can never send traffic anywhere else.
 *
 * @param clients       client connections (even: clients 2k and 2k+1 play each other)
 * @param seconds       how long the clients start new games (the measured window ends then)
 * @param warmupSeconds the first seconds of that window, left out of the rates and latencies
 * @param tap           {@code true}: a listener on the server's event bus takes every wire event,
 *                      as the message inspector would
 * @param timePerMove   the server's time per move, in seconds
 * @param thinkMillis   how long a client waits before answering its turn ({@code 0}: at once)
 * @param thinkMaxMillis the longest wait: each wait is drawn evenly from thinkMillis..thinkMaxMillis
 * @param clientThreads the client's Netty event-loop threads (1 or 2)
 * @param host          the server to load, or {@code null} to start one in this JVM
 * @param port          its port (with {@code host})
 * @param seed          seed of the clients' random moves
 * @param protocol      {@code "othello"} (seed 000's text protocol) or {@code "gomoku"} (seed 003's GMKU frames)
 * @param serverPid     the process id of the server given with {@code host}, to report its threads and
 *                      heap; {@code -1} when not given
 */
record Options(int clients, int seconds, int warmupSeconds, boolean tap, int timePerMove, int thinkMillis,
        int thinkMaxMillis, int clientThreads, String host, int port, long seed, String protocol, long serverPid) {

    static final String USAGE = """
            usage: java -cp benchmarks/target/benchmarks.jar org.boardlab.bench.load.LoadGenerator [options]
              --clients N          client connections, even, 2..10000 (default 2000: 1000 games at once)
              --seconds S          how long new games are started, 1..3600 (default 30)
              --warmup S           first seconds not counted in rates and latencies, while the JIT compiles
                                   (default: half of --seconds, at most 20; less than --seconds)
              --tap on|off         on: a listener takes every wire event, like the inspector (default off)
              --time-per-move S    the server's time per move in seconds (default 60)
              --think-ms T|LO-HI   a client waits T ms before it moves, or a time drawn evenly from LO..HI ms
                                   for each move (default 0: at once)
              --client-threads K   client event-loop threads, 1 or 2 (default 1)
              --host H --port P    load a server already running on this machine instead of starting one
              --server-pid PID     with --host: that server's process id, to report its threads and heap
                                   (from /proc/PID/status and its JVM's performance counters, as jstat reads them)
              --seed X             seed of the random moves (default 1)
              --protocol P         othello (seed 000's text protocol) or gomoku (seed 003's GMKU frames) (default othello)
            """;

    /**
     * Parses the arguments.
     *
     * @throws IllegalArgumentException with a message for the user if an option is unknown, a value
     *         is out of range, or the host is not a loopback address
     */
    static Options parse(String[] args) {
        int clients = 2000;
        int seconds = 30;
        int warmup = -1;
        boolean tap = false;
        int timePerMove = 60;
        int think = 0;
        int thinkMax = 0;
        int threads = 1;
        String host = null;
        int port = -1;
        long seed = 1;
        String protocol = "othello";
        long serverPid = -1;
        for (int i = 0; i < args.length; i++) {
            String option = args[i];
            if (option.equals("--help") || option.equals("-h")) {
                throw new IllegalArgumentException("");
            }
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException(option + " needs a value");
            }
            String value = args[++i];
            switch (option) {
                case "--clients" -> clients = number(option, value, 2, 10_000);
                case "--seconds" -> seconds = number(option, value, 1, 3600);
                case "--warmup" -> warmup = number(option, value, 0, 3600);
                case "--tap" -> {
                    if (!value.equals("on") && !value.equals("off")) {
                        throw new IllegalArgumentException("--tap takes on or off, not " + value);
                    }
                    tap = value.equals("on");
                }
                case "--time-per-move" -> timePerMove = number(option, value, 1, 3600);
                case "--think-ms" -> {
                    int dash = value.indexOf('-');
                    think = number(option, dash < 0 ? value : value.substring(0, dash), 0, 60_000);
                    thinkMax = dash < 0 ? think : number(option, value.substring(dash + 1), think, 60_000);
                }
                case "--client-threads" -> threads = number(option, value, 1, 2);
                case "--host" -> host = value;
                case "--port" -> port = number(option, value, 1, 65_535);
                case "--seed" -> seed = Long.parseLong(value);
                case "--server-pid" -> serverPid = number(option, value, 1, Integer.MAX_VALUE);
                case "--protocol" -> {
                    if (!value.equals("othello") && !value.equals("gomoku")) {
                        throw new IllegalArgumentException("--protocol takes othello or gomoku, not " + value);
                    }
                    protocol = value;
                }
                default -> throw new IllegalArgumentException("unknown option " + option);
            }
        }
        if (clients % 2 != 0) {
            throw new IllegalArgumentException("--clients must be even (clients play in pairs), not " + clients);
        }
        if (warmup < 0) {
            warmup = Math.min(20, seconds / 2);
        }
        if (warmup >= seconds) {
            throw new IllegalArgumentException("--warmup (" + warmup + ") must be less than --seconds (" + seconds + ")");
        }
        if ((host == null) != (port < 0)) {
            throw new IllegalArgumentException("give --host and --port together, or neither to start a server here");
        }
        if (host != null) {
            requireLoopback(host);
        }
        if (serverPid > 0 && host == null) {
            throw new IllegalArgumentException("--server-pid goes with --host and --port (a server started here is measured anyway)");
        }
        return new Options(clients, seconds, warmup, tap, timePerMove, think, thinkMax, threads, host, port, seed, protocol,
                serverPid);
    }

    /** {@code true} for seed 003's Gomoku protocol, {@code false} for seed 000's Othello protocol. */
    boolean gomoku() {
        return protocol.equals("gomoku");
    }

    /** {@code true} when the server runs in this JVM. */
    boolean inProcess() {
        return host == null;
    }

    private static int number(String option, String value, int min, int max) {
        int n;
        try {
            n = Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " takes a whole number, not " + value);
        }
        if (n < min || n > max) {
            throw new IllegalArgumentException(option + " must be from " + min + " to " + max + ", not " + n);
        }
        return n;
    }

    private static void requireLoopback(String host) {
        InetAddress address;
        try {
            address = InetAddress.getByName(host);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("unknown host " + host);
        }
        if (!address.isLoopbackAddress()) {
            throw new IllegalArgumentException("the load generator only loads a server on this machine (127.0.0.1, "
                    + "localhost, ::1); " + host + " is " + address.getHostAddress());
        }
    }
}
