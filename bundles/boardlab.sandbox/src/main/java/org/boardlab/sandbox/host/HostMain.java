package org.boardlab.sandbox.host;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.TimeUnit;
import org.boardlab.api.Game;
import org.boardlab.api.GameOptions;
import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.api.MoveRequest;
import org.boardlab.api.Player;

/**
 * The player host: the {@code main} of a small JVM that loads one player from its bundle's jar and
 * plays it for boardlab, speaking the host protocol on its standard input and output (the bundle's
 * README has the protocol). It needs the JDK, {@code boardlab.api} and the bundles the player's
 * bundle imports (on the class path); the player's own jar gets a class loader of its own.
 *
 * <p>Arguments: the player's jar, its class name, and a thread limit that the host checks itself every
 * 20 ms (0: none; used where the machine has no pids cgroup).
 *
 * <p>What the player prints ({@code System.out}, {@code System.err}) is sent as {@code out} lines (at
 * most {@value #OUT_LINES} a move, of at most {@value #OUT_CHARS} characters); its standard input
 * is empty. The player thinks on a thread of its own, so the host reads {@code cancel} and
 * {@code stats} while it thinks.
 */
public final class HostMain {

    /** Lines of the player's output passed on per move; the rest are counted. */
    static final int OUT_LINES = 200;
    /** Characters of one output line passed on. */
    static final int OUT_CHARS = 2000;
    /** The exit status of a host that found more threads than its limit. */
    public static final int EXIT_THREADS = 86;
    /** The exit status of a host that broke its own protocol (a bad command from boardlab). */
    public static final int EXIT_PROTOCOL = 85;

    private final PrintStream wire;
    private final Class<?> playerClass;
    private final SynchronousQueue<Runnable> work = new SynchronousQueue<>();
    private final java.util.Set<Thread> hostThreads = java.util.concurrent.ConcurrentHashMap.newKeySet();
    private volatile Thread worker;
    private volatile boolean cancelled;
    private int outLines;
    private int outDropped;

    private Game game;
    private GameOptions options = GameOptions.DEFAULT;
    private GameState state;
    private final List<Move> history = new ArrayList<>();
    private Player player;

    private HostMain(PrintStream wire, Class<?> playerClass) {
        this.wire = wire;
        this.playerClass = playerClass;
    }

    public static void main(String[] args) throws Exception {
        PrintStream wire = new PrintStream(new FileOutputStream(FileDescriptor.out), false, StandardCharsets.UTF_8);
        InputStream commands = System.in;
        System.setIn(InputStream.nullInputStream());
        if (args.length < 2) {
            wire.println("fault " + Wire.token("usage: HostMain PLAYER.jar CLASS [THREAD-LIMIT]"));
            wire.flush();
            System.exit(2);
        }
        int threadLimit = args.length > 2 ? Integer.parseInt(args[2]) : 0;
        Class<?> type;
        try {
            URLClassLoader loader = new URLClassLoader("player", new URL[] {Path.of(args[0]).toUri().toURL()},
                    HostMain.class.getClassLoader());
            type = Class.forName(args[1], false, loader);
            if (!Player.class.isAssignableFrom(type)) {
                throw new ClassCastException(args[1] + " does not implement org.boardlab.api.Player");
            }
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            wire.println("fault " + Wire.token("cannot load " + args[1] + ": " + oneLine(e)));
            wire.flush();
            System.exit(1);
            return;
        }
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        HostMain host = new HostMain(wire, type);
        System.setOut(new PrintStream(host.new Forward("out"), true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(host.new Forward("out"), true, StandardCharsets.UTF_8));
        Thread worker = new Thread(host::work, "boardlab-host-player");
        worker.setDaemon(true);
        host.worker = worker;
        worker.start();
        if (threadLimit > 0) {
            Thread watch = new Thread(() -> watchThreads(threads, threadLimit), "boardlab-host-threads");
            watch.setDaemon(true);
            watch.start();
        }
        host.hostThreads.addAll(Thread.getAllStackTraces().keySet()); // the JVM's and the host's own
        host.send("hello", Integer.toString(Wire.VERSION),
                Long.toString(ManagementFactory.getRuntimeMXBean().getUptime()));
        host.serve(new BufferedReader(new InputStreamReader(commands, StandardCharsets.UTF_8), 1 << 16));
    }

    /** The fallback thread limit: the host ends itself with {@link #EXIT_THREADS} past the limit. */
    private static void watchThreads(ThreadMXBean threads, int limit) {
        while (true) {
            if (threads.getThreadCount() > limit) {
                Runtime.getRuntime().halt(EXIT_THREADS);
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private void serve(BufferedReader in) throws IOException {
        String line;
        while ((line = in.readLine()) != null) {
            List<String> t;
            try {
                t = Wire.split(line);
            } catch (IllegalArgumentException e) {
                protocolError("bad line: " + e.getMessage());
                return;
            }
            switch (t.get(0)) {
                case "game" -> onGame(t);
                case "move" -> onMove(t);
                case "cancel" -> {
                    cancelled = true;
                    Thread w = worker;
                    if (w != null) {
                        w.interrupt();
                    }
                }
                case "end" -> onEnd();
                case "stats" -> onStats();
                case "quit" -> {
                    wire.flush();
                    Runtime.getRuntime().halt(0);
                }
                default -> protocolError("unknown command " + t.get(0));
            }
        }
        Runtime.getRuntime().halt(0); // boardlab went away
    }

    private void protocolError(String why) {
        send("fault", "host protocol: " + why);
        wire.flush();
        Runtime.getRuntime().halt(EXIT_PROTOCOL);
    }

    /** {@code game GAME-CLASS OPTIONS...}: a new game; the player is created on the player's thread. */
    private void onGame(List<String> t) {
        if (t.size() < 2) {
            protocolError("game needs the game's class");
            return;
        }
        String gameClass = t.get(1);
        List<String> pairs = t.subList(2, t.size());
        submit(() -> {
            try {
                game = (Game) Class.forName(gameClass, true, HostMain.class.getClassLoader()).getDeclaredConstructor()
                        .newInstance();
                options = GameOptions.parse(pairs);
                state = game.newGame(options);
                history.clear();
                player = null;
                outLines = 0;
                Constructor<?> make = playerClass.getDeclaredConstructor();
                make.setAccessible(true);
                player = (Player) make.newInstance();
                send("ready", safeDescription(player));
            } catch (InvocationTargetException e) {
                send("fail", "could not be created: " + oneLine(rootCause(e)));
            } catch (NoSuchMethodException e) {
                send("fail", "could not be created: " + playerClass.getName()
                        + " needs a constructor without parameters to run in its own process");
            } catch (Throwable e) {
                send("fail", "could not be created: " + oneLine(rootCause(e)));
            }
        });
    }

    /** {@code move REMAINING-MICROS SEED MOVE...}: the moves since the last request, then a move. */
    private void onMove(List<String> t) {
        if (t.size() < 3) {
            protocolError("move needs the time left and the seed");
            return;
        }
        long remainingNanos = Long.parseLong(t.get(1)) * 1000;
        long deadline = System.nanoTime() + remainingNanos;
        long seed = Long.parseLong(t.get(2));
        List<String> moves = t.subList(3, t.size());
        cancelled = false;
        submit(() -> {
            if (player == null || state == null) {
                send("fail", "no game: the player was not created");
                return;
            }
            for (String notation : moves) {
                try {
                    Move m = state.parseMove(notation);
                    state = state.apply(m);
                    history.add(m);
                } catch (RuntimeException e) {
                    send("fault", "host protocol: cannot play " + notation + " here: " + oneLine(e));
                    return;
                }
            }
            outLines = 0;
            GameState now = state;
            List<Move> played = List.copyOf(history);
            GameOptions opts = options;
            MoveRequest request = new MoveRequest() {
                @Override
                public GameState state() {
                    return now;
                }

                @Override
                public List<Move> history() {
                    return played;
                }

                @Override
                public long deadlineNanos() {
                    return deadline;
                }

                @Override
                public boolean isCancelled() {
                    return cancelled || System.nanoTime() - deadline > 0;
                }

                @Override
                public long seed() {
                    return seed;
                }

                @Override
                public GameOptions options() {
                    return opts;
                }
            };
            long t0 = System.nanoTime();
            Move move;
            try {
                move = player.chooseMove(request);
            } catch (Throwable e) {
                Thread.interrupted();
                flushDropped();
                send("fail", oneLine(e));
                return;
            }
            long thought = System.nanoTime() - t0;
            Thread.interrupted();
            flushDropped();
            String notation;
            try {
                notation = move == null ? "" : move.notation();
            } catch (RuntimeException e) {
                send("fail", "its move's notation() failed: " + oneLine(e));
                return;
            }
            send("move", notation, Long.toString(thought));
        });
    }

    private void onEnd() {
        submit(() -> {
            player = null;
            state = null;
            history.clear();
            // threads the player started and left running (its game is over)
            // (the JDK's own threads, started lazily in the system's thread groups, do not count)
            ThreadGroup main = Thread.currentThread().getThreadGroup();
            int extra = (int) Thread.getAllStackTraces().keySet().stream()
                    .filter(t -> t.isAlive() && !hostThreads.contains(t) && t.getThreadGroup() != null
                            && main.parentOf(t.getThreadGroup()))
                    .count();
            send("ended", Integer.toString(extra));
        });
    }

    private void onStats() {
        Runtime rt = Runtime.getRuntime();
        long cpu = ProcessHandle.current().info().totalCpuDuration().map(d -> d.toNanos()).orElse(-1L);
        send("stats", Long.toString(rt.totalMemory() - rt.freeMemory()), Long.toString(rt.maxMemory()),
                Integer.toString(ManagementFactory.getThreadMXBean().getThreadCount()), Long.toString(cpu));
    }

    /** Hands {@code task} to the player's thread; a player still thinking means boardlab broke the protocol. */
    private void submit(Runnable task) {
        try {
            if (!work.offer(task, 5, TimeUnit.SECONDS)) {
                protocolError("a command came while the player was still busy with the last one");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void work() {
        while (true) {
            Runnable task;
            try {
                task = work.take();
            } catch (InterruptedException e) {
                continue; // a cancel that came between two moves
            }
            task.run();
        }
    }

    private void flushDropped() {
        if (outDropped > 0) {
            send("out", "(" + outDropped + " more lines of output were dropped: at most " + OUT_LINES + " a move)");
            outDropped = 0;
        }
    }

    /** Sends one line of tokens. */
    synchronized void send(String verb, String... args) {
        StringBuilder b = new StringBuilder(verb);
        for (String a : args) {
            b.append(' ').append(Wire.token(a));
        }
        wire.print(b.append('\n'));
        wire.flush();
    }

    private synchronized void printed(String line) {
        if (outLines >= OUT_LINES) {
            outDropped++;
            return;
        }
        outLines++;
        send("out", line.length() > OUT_CHARS ? line.substring(0, OUT_CHARS) + "..." : line);
    }

    private static String safeDescription(Player p) {
        try {
            String d = p.description();
            return d == null ? p.getClass().getSimpleName() : d;
        } catch (RuntimeException e) {
            return p.getClass().getSimpleName();
        }
    }

    private static Throwable rootCause(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root;
    }

    static String oneLine(Throwable e) {
        String message = e.getMessage();
        return e.getClass().getSimpleName() + (message == null ? "" : ": " + message.lines().findFirst().orElse(""));
    }

    /** The player's {@code System.out} and {@code System.err}: each line becomes an {@code out} line. */
    private final class Forward extends OutputStream {
        private final ByteArrayOutputStream line = new ByteArrayOutputStream();

        Forward(String kind) {
        }

        @Override
        public synchronized void write(int b) {
            if (b == '\n') {
                printed(line.toString(StandardCharsets.UTF_8));
                line.reset();
            } else if (line.size() < OUT_CHARS * 4) {
                line.write(b);
            }
        }
    }
}
