package org.boardlab.tournament.ui.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.boardlab.api.Game;
import org.boardlab.api.GameOptions;
import org.boardlab.api.Player;
import org.boardlab.api.event.RegistryEvent.Kind;
import org.boardlab.core.Component;
import org.boardlab.core.EventBus;
import org.boardlab.core.MatchJournal;
import org.boardlab.core.PlayerHosting;
import org.boardlab.core.PlayerLimits;
import org.boardlab.core.Referee;
import org.boardlab.core.Registry;
import org.boardlab.store.Store;
import org.boardlab.tournament.Format;
import org.boardlab.tournament.GameScore;
import org.boardlab.tournament.Openings;
import org.boardlab.tournament.Reports;
import org.boardlab.tournament.ScheduledGame;
import org.boardlab.tournament.Standings;
import org.boardlab.tournament.StoreTournamentLog;
import org.boardlab.tournament.TimeControl;
import org.boardlab.tournament.TournamentRunner;
import org.boardlab.tournament.TournamentSettings;

/**
 * What the Tournament view shows and does, without a display: the set-up (game, players picked from
 * the registry, format, time, openings, concurrency, the limits of players that run in a process of
 * their own), the commands (start, pause, resume, stop) and
 * the tournament as it goes (standings, crosstable, each game and its result). The tournament runs
 * on a thread of its own through the same runner and store as {@code boardlab tournament}; a name
 * that exists goes on where it stopped. Listeners are told what changed, on the runner's threads.
 */
public final class TournamentModel {

    /** What changed. */
    public enum Part {
        /** the games and players to choose from */
        CHOICES,
        /** running, paused, stopped, finished, the status line */
        STATE,
        /** the standings and the crosstable */
        STANDINGS,
        /** the games list */
        GAMES
    }

    /**
     * One line of the games list.
     *
     * @param number  the game's number
     * @param round   its round
     * @param first   the first side's player
     * @param second  the second side's player
     * @param result  {@code 1-0}, {@code 0-1}, {@code 1/2}, {@code playing}, or {@code ""} (not started)
     * @param detail  how it ended, or {@code ""}
     * @param matchId the referee's match id while it is being played, else 0
     */
    public record GameRow(int number, int round, String first, String second, String result, String detail, long matchId) {
    }

    private final Registry registry;
    private final Referee referee;
    private final EventBus events;
    private final Supplier<Store> store;
    private final List<Consumer<Part>> listeners = new CopyOnWriteArrayList<>();

    // the set-up (UI thread)
    private String name = "end of term";
    private String gameId;
    private final List<String> chosen = new ArrayList<>();
    private Format format = Format.ROUND_ROBIN;
    private int rounds = 1;
    private int gamesPerPair = 2;
    private String time = "1s";
    private String openings = "random:4";
    private int concurrency = Runtime.getRuntime().availableProcessors();
    private long seed = 1;
    private int heapMegabytes = PlayerLimits.DEFAULT.heapMegabytes();
    private int threads = PlayerLimits.DEFAULT.threads();
    private String cpuSeconds = "";
    private int fileMegabytes = PlayerLimits.DEFAULT.fileMegabytes();
    private final List<PlayerHosting> hostings;

    // the tournament (any thread)
    private volatile TournamentRunner runner;
    private volatile StoreTournamentLog log;
    private volatile String status = "Pick a game and at least two players, then Start.";
    private final Map<Integer, GameRow> games = new LinkedHashMap<>();

    public TournamentModel(Registry registry, Referee referee, EventBus events, Supplier<Store> store) {
        this(registry, referee, events, store, List.of());
    }

    /**
     * @param hostings what runs players in processes of their own (the sandbox), to say which limits
     *                 this machine cannot enforce; empty when it is not loaded
     */
    public TournamentModel(Registry registry, Referee referee, EventBus events, Supplier<Store> store, List<PlayerHosting> hostings) {
        this.hostings = hostings;
        this.registry = registry;
        this.referee = referee;
        this.events = events;
        this.store = store;
        List<String> ids = games();
        gameId = ids.contains("othello") ? "othello" : ids.isEmpty() ? null : ids.get(0);
    }

    public void onChange(Consumer<Part> listener) {
        listeners.add(listener);
    }

    private void changed(Part... parts) {
        for (Part p : parts) {
            for (Consumer<Part> l : listeners) {
                l.accept(p);
            }
        }
    }

    // --- choices ---------------------------------------------------------------------------------

    /** The loaded games' ids. */
    public List<String> games() {
        return registry.all(Kind.GAME).stream().map(Component::id).sorted().toList();
    }

    /** The loaded players that can play the chosen game. */
    public List<String> players() {
        Game g = gameId == null ? null : registry.game(gameId).map(Component::get).orElse(null);
        List<String> out = new ArrayList<>();
        for (Component<?> c : registry.all(Kind.PLAYER)) {
            try {
                if (g == null || ((Player) c.get()).supports(g)) {
                    out.add(c.id());
                }
            } catch (RuntimeException | LinkageError e) {
                out.add(c.id()); // cannot be created now: it forfeits its games, with the reason
            }
        }
        out.sort(null);
        return out;
    }

    public String name() {
        return name;
    }

    public void setName(String name) {
        this.name = name;
    }

    public String game() {
        return gameId;
    }

    public void setGame(String id) {
        gameId = id;
        chosen.retainAll(players());
        changed(Part.CHOICES);
    }

    /** The players picked, in the order they were picked (the seeding order). */
    public List<String> chosen() {
        return List.copyOf(chosen);
    }

    public void choose(String player, boolean in) {
        if (in && !chosen.contains(player)) {
            chosen.add(player);
        } else if (!in) {
            chosen.remove(player);
        }
    }

    public Format format() {
        return format;
    }

    public void setFormat(Format f) {
        format = f;
    }

    public int rounds() {
        return rounds;
    }

    public void setRounds(int r) {
        rounds = r;
    }

    public int gamesPerPair() {
        return gamesPerPair;
    }

    public void setGamesPerPair(int n) {
        gamesPerPair = n;
    }

    public String time() {
        return time;
    }

    public void setTime(String t) {
        time = t;
    }

    public String openings() {
        return openings;
    }

    public void setOpenings(String o) {
        openings = o;
    }

    public int concurrency() {
        return concurrency;
    }

    public void setConcurrency(int c) {
        concurrency = c;
    }

    public long seed() {
        return seed;
    }

    public void setSeed(long s) {
        seed = s;
    }

    /** The Java heap of each player's process, in MB. */
    public int heapMegabytes() {
        return heapMegabytes;
    }

    public void setHeapMegabytes(int mb) {
        heapMegabytes = mb;
    }

    /** The threads each player's process may have. */
    public int threads() {
        return threads;
    }

    public void setThreads(int n) {
        threads = n;
    }

    /** The CPU seconds a player may use from one move to the next; {@code ""}: the time per move. */
    public String cpuSeconds() {
        return cpuSeconds;
    }

    public void setCpuSeconds(String s) {
        cpuSeconds = s;
    }

    /** The largest file a player may write in its scratch folder, in MB. */
    public int fileMegabytes() {
        return fileMegabytes;
    }

    public void setFileMegabytes(int mb) {
        fileMegabytes = mb;
    }

    /**
     * The limits set up, as a tournament keeps them.
     *
     * @throws IllegalArgumentException if one cannot be a player's limit
     */
    public PlayerLimits limits() {
        java.time.Duration cpu = java.time.Duration.ZERO;
        String text = cpuSeconds.trim();
        if (!text.isEmpty()) {
            double s;
            try {
                s = Double.parseDouble(text);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("the CPU time a move is a number of seconds (0.5), or empty for the time per move, not '"
                        + text + "'");
            }
            if (!(s > 0) || s > 86_400) {
                throw new IllegalArgumentException("the CPU time a move must be more than 0 and at most 86400 seconds, not " + text);
            }
            cpu = java.time.Duration.ofNanos((long) (s * 1e9));
        }
        return new PlayerLimits(heapMegabytes, threads, cpu, fileMegabytes);
    }

    /**
     * The limits in words, with what this machine cannot enforce (for the view); the limits' error
     * when they are wrong.
     */
    public String limitsText() {
        PlayerLimits l;
        try {
            l = limits();
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
        String words = hostings.isEmpty() ? TournamentSettings.limitsText(l) : hostings.get(0).describe(l);
        return "Students' players run in their own process: " + words + "; the wall time is the time control's";
    }

    // --- commands --------------------------------------------------------------------------------

    /** The runner's state, or {@code NEW} before Start. */
    public TournamentRunner.State state() {
        TournamentRunner r = runner;
        return r == null ? TournamentRunner.State.NEW : r.state();
    }

    /** The status line. */
    public String status() {
        return status;
    }

    /**
     * Starts the tournament set up (or goes on with the stored one of that name) on a thread of its own.
     *
     * @return {@code null}, or why it cannot start (also in {@link #status()})
     */
    public String start() {
        TournamentRunner.State s = state();
        if (s == TournamentRunner.State.RUNNING || s == TournamentRunner.State.PAUSED) {
            return fail("the tournament is already running");
        }
        TournamentSettings settings;
        Openings book;
        try {
            if (gameId == null) {
                return fail("no game is loaded");
            }
            Game game = registry.requireGame(gameId);
            book = Openings.parse(openings, game, GameOptions.DEFAULT);
            settings = new TournamentSettings(name.trim(), gameId, GameOptions.DEFAULT, chosen, format, rounds, gamesPerPair,
                    TimeControl.parse(time), seed, book.spec(), book.lines(), null, limits());
        } catch (IllegalArgumentException e) {
            return fail(e.getMessage());
        }
        StoreTournamentLog.Opened opened;
        try {
            opened = StoreTournamentLog.open(store.get(), settings.name(), settings, false);
        } catch (RuntimeException e) {
            return fail(e.getMessage());
        }
        TournamentRunner r = new TournamentRunner(referee, registry, events, settings, book, opened.log(), opened.earlier(),
                opened.results(), Math.max(1, concurrency));
        synchronized (games) {
            games.clear();
            for (ScheduledGame g : opened.earlier()) {
                games.put(g.number(), row(g, opened.results().get(g.number()), 0));
            }
        }
        r.listen(new TournamentRunner.Listener() {
            @Override
            public void scheduled(List<ScheduledGame> list) {
                synchronized (games) {
                    list.forEach(g -> games.put(g.number(), row(g, null, 0)));
                }
                changed(Part.GAMES);
            }

            @Override
            public void started(ScheduledGame g, long matchId, MatchJournal journal) {
                synchronized (games) {
                    games.put(g.number(), row(g, null, matchId));
                }
                changed(Part.GAMES);
            }

            @Override
            public void finished(ScheduledGame g, GameScore score, int finished) {
                synchronized (games) {
                    games.put(g.number(), row(g, score, 0));
                }
                status = String.format(Locale.ROOT, "%d of %d games played", finished, r.scheduledCount());
                changed(Part.GAMES, Part.STANDINGS, Part.STATE);
            }

            @Override
            public void state(TournamentRunner.State state) {
                changed(Part.STATE);
            }
        });
        runner = r;
        log = opened.log();
        status = opened.resumed() ? "going on with tournament " + settings.name() + ": " + opened.results().size() + " of "
                + opened.earlier().size() + " games were finished" : "tournament " + settings.name() + " started";
        Thread t = new Thread(() -> {
            try {
                Standings end = r.run();
                status = r.failure() != null ? "stopped: " + r.failure().getMessage()
                        : r.state() == TournamentRunner.State.FINISHED ? "finished: " + progress(end) : "stopped: " + progress(end)
                                + "; Start goes on from here";
            } catch (InterruptedException e) {
                status = "stopped";
            } catch (RuntimeException e) {
                status = "stopped: " + e.getMessage();
            } finally {
                opened.log().close();
                changed(Part.STATE, Part.STANDINGS, Part.GAMES);
            }
        }, "boardlab-tournament-" + settings.name());
        t.setDaemon(true);
        t.start();
        changed(Part.STATE, Part.STANDINGS, Part.GAMES);
        return null;
    }

    private String fail(String why) {
        status = why;
        changed(Part.STATE);
        return why;
    }

    private static String progress(Standings s) {
        return String.format(Locale.ROOT, "%d of %d games played", s.finished(), s.scheduled());
    }

    public void pause() {
        TournamentRunner r = runner;
        if (r != null) {
            r.pause();
            status = "paused: the games in flight wait before their next move";
            changed(Part.STATE);
        }
    }

    public void resume() {
        TournamentRunner r = runner;
        if (r != null) {
            r.resume();
            status = "going on";
            changed(Part.STATE);
        }
    }

    public void stop() {
        TournamentRunner r = runner;
        if (r != null) {
            r.stop();
        }
    }

    // --- what it shows -----------------------------------------------------------------------------

    /** The standings now, or {@code null} before Start. */
    public Standings standings() {
        TournamentRunner r = runner;
        return r == null ? null : r.standings();
    }

    /** The crosstable as text, or {@code ""}. */
    public String crosstable() {
        Standings s = standings();
        return s == null ? "" : Reports.crosstable(s);
    }

    /** The games, by number. */
    public List<GameRow> gameRows() {
        synchronized (games) {
            return List.copyOf(games.values());
        }
    }

    /** The referee's match id of game {@code number} while it is being played, else 0. */
    public long matchId(int number) {
        synchronized (games) {
            GameRow row = games.get(number);
            return row == null ? 0 : row.matchId();
        }
    }

    /**
     * The id in the store of finished game {@code number} of the tournament (what {@code boardlab
     * games show} takes).
     *
     * @throws IllegalStateException if it has no stored game (not finished, or no tournament started)
     */
    public long storedGameId(int number) {
        StoreTournamentLog l = log;
        if (l == null) {
            throw new IllegalStateException("no tournament has been started here");
        }
        return store.get().scheduledGame(l.row().id(), number).filter(s -> s.gameId() != null).map(org.boardlab.store.ScheduledGame::gameId)
                .orElseThrow(() -> new IllegalStateException("game " + number + " of tournament " + l.row().name() + " is not stored yet"));
    }

    private static GameRow row(ScheduledGame g, GameScore s, long matchId) {
        String result = s == null ? (matchId != 0 ? "playing" : "") : s.firstPoints() == 1 ? "1-0" : s.firstPoints() == 0 ? "0-1" : "1/2";
        return new GameRow(g.number(), g.round(), g.first(), g.second(), result, s == null ? "" : s.detail(), matchId);
    }
}
