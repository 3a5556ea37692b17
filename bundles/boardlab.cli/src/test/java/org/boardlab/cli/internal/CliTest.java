package org.boardlab.cli.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.boardlab.ai.basic.FirstLegalPlayer;
import org.boardlab.ai.basic.RandomPlayer;
import org.boardlab.api.event.RegistryEvent.Kind;
import org.boardlab.cli.Cli;
import org.boardlab.cli.Services;
import org.boardlab.core.Application;
import org.boardlab.core.Component;
import org.boardlab.core.EventBus;
import org.boardlab.core.Referee;
import org.boardlab.core.Registry;
import org.boardlab.game.tictactoe.TicTacToe;
import org.boardlab.server.OpenFiles;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class CliTest {

    private final EventBus bus = new EventBus();
    private final Registry registry = new Registry(bus);
    private final Referee referee = new Referee();
    private final List<String> workbenchArgs = new ArrayList<>();
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();
    private final List<org.boardlab.server.ServerProtocol> serverProtocols = new ArrayList<>();

    private final Services services = new Services() {
        @Override
        public Registry registry() {
            return registry;
        }

        @Override
        public EventBus events() {
            return bus;
        }

        @Override
        public Referee referee() {
            return referee;
        }

        @Override
        public Optional<Application> application(String id) {
            return id.equals("workbench") ? Optional.of(args -> {
                workbenchArgs.add("opened");
                return 0;
            }) : Optional.empty();
        }

        @Override
        public String version() {
            return "9.8.7";
        }

        @Override
        public Optional<String> classOrigin(String className) {
            return Optional.of("no installed bundle exports the package " + className.substring(0, className.lastIndexOf('.')));
        }

        @Override
        public Optional<org.boardlab.client.TerminalClient> terminalClient(String id) {
            return Optional.empty();
        }

        @Override
        public List<org.boardlab.server.ServerProtocol> serverProtocols() {
            return serverProtocols;
        }
    };

    CliTest() {
        TicTacToe game = new TicTacToe();
        registry.add(new Component<>(Kind.GAME, "tictactoe", game.name(), "boardlab.game.tictactoe", "0.1.0", 3, () -> game));
        registry.add(new Component<>(Kind.PLAYER, "random", "random moves", "boardlab.ai.basic", "0.1.0", 4, RandomPlayer::new));
        registry.add(new Component<>(Kind.PLAYER, "first-legal", "first move", "boardlab.ai.basic", "0.1.0", 4, FirstLegalPlayer::new));
    }

    @AfterEach
    void close() {
        referee.close();
    }

    private int run(String... args) {
        return Cli.execute(services, List.of(args), new PrintWriter(out, true), new PrintWriter(err, true));
    }

    @Test
    void versionNamesBoardlab() {
        assertThat(run("--version")).isZero();
        assertThat(out.toString().trim()).isEqualTo("boardlab 9.8.7");
    }

    @Test
    void listShowsEveryComponentWithItsBundle() {
        assertThat(run("list")).isZero();
        assertThat(out.toString()).contains("Games:", "tictactoe", "Tic-tac-toe", "[boardlab.game.tictactoe 0.1.0]",
                "Players:", "first-legal", "random", "Protocols:", "(none)");
    }

    @Test
    void listJsonIsOneObjectPerComponent() throws Exception {
        assertThat(run("list", "--json")).isZero();
        String[] lines = out.toString().trim().split("\n");
        assertThat(lines).hasSize(3);
        JsonNode first = new ObjectMapper().readTree(lines[0]);
        assertThat(first.get("kind").asText()).isEqualTo("game");
        assertThat(first.get("bundle").asText()).isEqualTo("boardlab.game.tictactoe");
    }

    @Test
    void matchJsonPrintsAResultPerGameAndASummary() throws Exception {
        assertThat(run("match", "tictactoe", "random", "first-legal", "--games", "20", "--json")).isZero();
        String[] lines = out.toString().trim().split("\n");
        assertThat(lines).hasSize(21);
        ObjectMapper mapper = new ObjectMapper();
        int wins = 0;
        for (int i = 0; i < 20; i++) {
            JsonNode game = mapper.readTree(lines[i]);
            assertThat(game.get("game").asInt()).isEqualTo(i + 1);
            assertThat(game.get("first").asText()).isEqualTo(i % 2 == 0 ? "random" : "first-legal");
            assertThat(game.get("ending").asText()).isEqualTo("normal");
            assertThat(game.get("moves").asText().split(" ")).hasSize(game.get("plies").asInt());
            if (!game.get("winner").isNull()) {
                wins++;
            }
        }
        JsonNode summary = mapper.readTree(lines[20]).get("summary");
        assertThat(summary.get("games").asInt()).isEqualTo(20);
        assertThat(summary.get("wins_a").asInt() + summary.get("wins_b").asInt()).isEqualTo(wins);
        assertThat(summary.get("wins_a").asInt() + summary.get("wins_b").asInt() + summary.get("draws").asInt()).isEqualTo(20);
    }

    @Test
    void matchWritesEachGamesRecordAndPlayReadsItBack(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        assertThat(run("match", "tictactoe", "random", "first-legal", "--games", "2", "--json", "--records",
                dir.resolve("records").toString())).isZero();
        String[] lines = out.toString().trim().split("\n");
        JsonNode second = new ObjectMapper().readTree(lines[1]);
        java.nio.file.Path file = dir.resolve("records").resolve("tictactoe-2.txt");
        String text = java.nio.file.Files.readString(file);
        assertThat(text).contains("game: tictactoe\n", "first: first-legal\n", "second: random\n",
                "moves: " + second.get("moves").asText() + "\n", "result: ");
        out.getBuffer().setLength(0);
        assertThat(run("play", "tictactoe", "--record", file.toString(), "--json")).isZero();
        JsonNode position = new ObjectMapper().readTree(out.toString());
        assertThat(position.get("terminal").asBoolean()).isTrue();
        assertThat(position.get("ply").asInt()).isEqualTo(second.get("plies").asInt());
        assertThat(run("play", "tictactoe", "--record", file.toString(), "--moves", "a1")).isEqualTo(1);
        assertThat(err.toString()).contains("--record gives the options and the moves");
    }

    @Test
    void matchTraceWritesTheLinesItsEnginesExchangeAndSaysWhyAnImpossiblePathCannotBeWritten(
            @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        // an engine's player publishes every line it exchanges with its program on the event bus (the sandbox's
        // EngineFolder, for the inspector); this one does the same with the line it would send
        registry.add(new Component<>(Kind.PLAYER, "chatty", "says each move", "test", "0.1.0", 5, () -> new org.boardlab.api.Player() {
            @Override
            public org.boardlab.api.Move chooseMove(org.boardlab.api.MoveRequest request) {
                org.boardlab.api.Move move = request.state().legalMoves().get(0);
                String line = "MOVE " + move.notation();
                bus.publish(new org.boardlab.api.event.WireEvent(EventBus.nowMicros(), 1, 7, "engine chatty (pid 1)", "chatty", "gomocup",
                        true, (line + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8),
                        new org.boardlab.api.DecodedMessage("MOVE", line, List.of(), null), 0));
                return move;
            }
        }));
        java.nio.file.Path file = dir.resolve("traces/match.jsonl");
        assertThat(run("match", "tictactoe", "chatty", "random", "--games", "2", "--json", "--trace", file.toString())).isZero();
        List<String> lines = java.nio.file.Files.readAllLines(file);
        List<JsonNode> games = new ArrayList<>();
        for (String line : out.toString().trim().split("\n")) {
            games.add(new ObjectMapper().readTree(line));
        }
        int chattyMoves = 0;
        for (int i = 0; i < 2; i++) {
            int plies = games.get(i).get("plies").asInt();
            chattyMoves += games.get(i).get("first").asText().equals("chatty") ? (plies + 1) / 2 : plies / 2;
        }
        assertThat(lines).as("one line for each of chatty's moves").hasSize(chattyMoves);
        JsonNode first = new ObjectMapper().readTree(lines.get(0));
        assertThat(first.get("protocol").asText()).isEqualTo("gomocup");
        assertThat(first.get("summary").asText()).startsWith("MOVE ");
        assertThat(err.toString()).contains("boardlab: trace: " + chattyMoves + " lines written to " + file);

        // a trace that cannot be written stops the match before its first game, saying why
        java.nio.file.Path aFile = java.nio.file.Files.writeString(dir.resolve("a-file"), "x");
        out.getBuffer().setLength(0);
        assertThat(run("match", "tictactoe", "chatty", "random", "--trace", aFile.resolve("match.jsonl").toString())).isEqualTo(1);
        assertThat(err.toString()).contains("cannot write the trace to " + aFile.resolve("match.jsonl") + ": cannot make the folder "
                + aFile + " (" + aFile + " is a file, not a folder)");
        assertThat(out.toString()).as("no game played").doesNotContain("game 1");
    }

    @Test
    void aCommandLineBuiltForItsOneCommandAnswersAsTheWholeOne() {
        assertThat(Cli.prepare(services, new String[] {"--console", "match", "tictactoe", "random", "random"}).commands())
                .containsExactly("match");
        assertThat(Cli.prepare(services, new String[] {"match", "--help"}).commands()).hasSize(Cli.prepare(services).commands().size())
                .contains("match", "list", "workbench");
        assertThat(Cli.prepare(services, new String[0]).commands()).as("the workbench by default").contains("workbench");
        assertThat(Cli.onlyCommand(new String[] {"mach", "tictactoe"})).as("picocli suggests 'match' from every command").isNull();
        for (String[] line : List.of(new String[] {"match", "tictactoe", "random", "alphabeta"},
                new String[] {"match", "tictactoe", "random", "first-legal", "--player-heap", "8"}, new String[] {"match", "--no-such-option"},
                new String[] {"match"}, new String[] {"list"}, new String[] {"perft", "tictactoe"}, new String[] {"mach", "tictactoe"})) {
            StringWriter wholeOut = new StringWriter();
            StringWriter wholeErr = new StringWriter();
            StringWriter aloneOut = new StringWriter();
            StringWriter aloneErr = new StringWriter();
            int whole = Cli.execute(services, List.of(line), new PrintWriter(wholeOut, true), new PrintWriter(wholeErr, true));
            int alone = Cli.execute(Cli.prepare(services, line), List.of(line), new PrintWriter(aloneOut, true), new PrintWriter(aloneErr, true), null);
            String what = String.join(" ", line);
            assertThat(alone).as(what).isEqualTo(whole);
            assertThat(aloneOut.toString()).as(what).isEqualTo(wholeOut.toString());
            assertThat(aloneErr.toString()).as(what).isEqualTo(wholeErr.toString());
        }
    }

    @Test
    void matchOfAPlayerAgainstItselfNamesTheSeats() {
        assertThat(run("match", "tictactoe", "random", "random", "--games", "2")).isZero();
        assertThat(out.toString()).contains("game 1: random#1 (X) vs random#2 (O)", "game 2: random#2 (X) vs random#1 (O)",
                "2 games: random#1 won");
    }

    @Test
    void anUnknownPlayerIsAClearError() {
        assertThat(run("match", "tictactoe", "random", "alphabeta")).isEqualTo(1);
        assertThat(err.toString()).contains("no player 'alphabeta' is loaded; loaded players: first-legal, random");
    }

    @Test
    void thePlayersLimitsAreOptionsOfMatch() {
        LimitOptions given = new LimitOptions();
        new picocli.CommandLine(given).parseArgs("--player-heap", "48", "--player-threads", "32", "--player-cpu", "2.5",
                "--player-files", "8");
        assertThat(given.limits()).isEqualTo(new org.boardlab.core.PlayerLimits(48, 32, java.time.Duration.ofMillis(2500), 8));
        LimitOptions none = new LimitOptions();
        new picocli.CommandLine(none).parseArgs();
        assertThat(none.limits()).isEqualTo(org.boardlab.core.PlayerLimits.DEFAULT);
    }

    @Test
    void limitsAPlayerCannotRunUnderAreAClearErrorBeforeAnyGame() {
        assertThat(run("match", "tictactoe", "random", "first-legal", "--player-heap", "8")).isEqualTo(2);
        assertThat(err.toString()).contains("boardlab: a player's heap must be at least 16 MB, not 8", "(see 'boardlab match --help')");
        assertThat(run("match", "tictactoe", "random", "first-legal", "--player-cpu", "0")).isEqualTo(2);
        assertThat(err.toString()).contains("--player-cpu must be more than 0 and at most 86400 seconds, not 0.0");
        assertThat(out.toString()).doesNotContain("game 1");
    }

    @Test
    void anUnknownGameOptionIsAClearError() {
        assertThat(run("match", "tictactoe", "random", "random", "-o", "size=4")).isEqualTo(1);
        assertThat(err.toString()).contains("tictactoe has no option 'size'");
    }

    @Test
    void wrongUsageExitsWithTwo() {
        assertThat(run("match", "tictactoe")).isEqualTo(2);
        assertThat(err.toString()).contains("Missing required parameter");
        assertThat(run("match", "tictactoe", "random", "random", "--games", "many")).isEqualTo(2);
    }

    @Test
    void noCommandOpensTheWorkbench() {
        assertThat(run()).isZero();
        assertThat(workbenchArgs).containsExactly("opened");
    }

    @Test
    void playPrintsThePositionAfterTheMoves() {
        assertThat(run("play", "tictactoe", "--moves", "a1 b2 c3")).isZero();
        assertThat(out.toString()).startsWith("  a b c\n1 X . .\n2 . O .\n3 . . X\n")
                .contains("to move: O", "legal moves (6): b1 c1 a2 c2 a3 b3", "scores: X 0 O 0");
    }

    @Test
    void playSaysEachFactOnceTheLegalMovesAndTheDiscCountsToo() throws Exception {
        org.boardlab.game.othello.Othello othello = new org.boardlab.game.othello.Othello();
        registry.add(new Component<>(Kind.GAME, "othello", othello.name(), "boardlab.game.othello", "0.1.0", 5, () -> othello));
        assertThat(run("play", "othello", "--moves", "f5")).isZero();
        String text = out.toString();
        assertThat(text).contains("to move: white", "legal moves (3): f4 d6 f6", "scores: black 4 white 1",
                "last move: f5", "flipped: e5", "scoring: plain");
        assertThat(text.split("f4 d6 f6", -1)).as("the legal moves are printed once:%n%s", text).hasSize(2);
        assertThat(text).doesNotContainPattern("(?m)^(legal|black|white):");
        // the JSON form keeps every detail
        out.getBuffer().setLength(0);
        assertThat(run("play", "othello", "--moves", "f5", "--json")).isZero();
        JsonNode details = new ObjectMapper().readTree(out.toString()).get("details");
        assertThat(details.get("legal").toString()).isEqualTo("[\"f4\",\"d6\",\"f6\"]");
        assertThat(details.get("black").asInt()).isEqualTo(4);
    }

    @Test
    void playJsonHasTheDocumentedFields() throws Exception {
        assertThat(run("play", "tictactoe", "--moves", "a1 a2 b1 b2 c1", "--json")).isZero();
        JsonNode p = new ObjectMapper().readTree(out.toString());
        assertThat(p.get("game").asText()).isEqualTo("tictactoe");
        assertThat(p.get("ply").asInt()).isEqualTo(5);
        assertThat(p.get("board").get(1).asText()).isEqualTo("1 X X X");
        assertThat(p.get("terminal").asBoolean()).isTrue();
        assertThat(p.get("winner").asText()).isEqualTo("X");
        assertThat(p.get("result").asText()).isEqualTo("X has three in a row");
        assertThat(p.get("legal_moves")).isEmpty();
        assertThat(p.get("moves")).hasSize(5);
        assertThat(p.has("scores")).isTrue();
        assertThat(p.has("details")).isTrue();
    }

    @Test
    void anIllegalMoveInPlayNamesTheMoveItsIndexAndWhy() {
        assertThat(run("play", "tictactoe", "--moves", "a1 a1")).isEqualTo(1);
        assertThat(err.toString()).contains("move 2 (a1) is illegal: square a1 is taken");
        assertThat(run("play", "tictactoe", "--moves", "zz")).isEqualTo(1);
        assertThat(err.toString()).contains("move 1 (zz) is illegal: a square is a1..c3");
    }

    @Test
    void perftCountsEveryTicTacToeGame() throws Exception {
        assertThat(run("perft", "tictactoe", "9", "--json")).isZero();
        JsonNode p = new ObjectMapper().readTree(out.toString());
        // 255,168 possible games of tic-tac-toe: a finished game counts as one leaf
        assertThat(p.get("leaves").asLong()).isEqualTo(255_168);
        assertThat(p.get("leaves_per_second").asLong()).isPositive();
        assertThat(run("perft", "tictactoe", "2")).isZero();
        assertThat(out.toString()).contains("perft(2) of tictactoe = 72 leaves");
    }

    /**
     * A class that cannot be loaded (a bundle missing, or replaced while in use) is told with the command, the class
     * in dots, what needed it and what the framework knows of its package, not as the JVM's bare class path.
     */
    @Test
    void aMissingClassIsToldWithTheCommandAndTheClassNotAsABareClassPath() {
        registry.add(new Component<org.boardlab.api.Game>(Kind.GAME, "broken", "a game whose bundle lost a class", "boardlab.game.broken",
                "0.1.0", 5, () -> {
                    throw new NoClassDefFoundError("org/boardlab/game/broken/BrokenBoard");
                }));
        assertThat(run("perft", "broken", "2")).isEqualTo(1);
        assertThat(err.toString().trim()).isEqualTo("boardlab perft: failed: the class org.boardlab.game.broken.BrokenBoard, which "
                + CliTest.class.getName() + " needs, cannot be loaded: no installed bundle exports the package org.boardlab.game.broken. "
                + "A bundle is missing, did not start, or was replaced while it was in use (NoClassDefFoundError)");
        // inside a command's own exception too (a future that failed with it, say)
        registry.add(new Component<org.boardlab.api.Game>(Kind.GAME, "wrapped", "a game that fails later", "boardlab.game.wrapped",
                "0.1.0", 6, () -> {
                    throw new java.util.concurrent.CompletionException(new NoClassDefFoundError("org/foo/Bar"));
                }));
        err.getBuffer().setLength(0);
        assertThat(run("perft", "wrapped", "2")).isEqualTo(1);
        assertThat(err.toString()).startsWith("boardlab perft: failed: the class org.foo.Bar, which ").doesNotContain("boardlab: org/foo/Bar");
    }

    @Test
    void perftRefusesANonsenseDepthAsWrongUsage() {
        assertThat(run("perft", "tictactoe", "0")).isEqualTo(2);
        assertThat(err.toString()).contains("the depth must be between 1 and 30");
    }

    @Test
    void impossibleOptionValuesAreWrongUsage() {
        assertThat(run("match", "tictactoe", "random", "random", "--time-per-move", "-1")).isEqualTo(2);
        assertThat(err.toString()).contains("boardlab: --time-per-move must be between 0 and 86400 seconds",
                "(see 'boardlab match --help')");
        assertThat(run("match", "tictactoe", "random", "random", "--games", "0")).isEqualTo(2);
        assertThat(run("serve", "--time-per-move", "0")).isEqualTo(2);
        assertThat(run("client", "othello", "--name", "ann", "--games", "3")).isEqualTo(2);
        assertThat(err.toString()).contains("--invite and --games go with --player");
    }

    @Test
    void serveCountsGameMastersFromOneAndKeepsTheirPortsBelow65536() {
        serverProtocols.add(new org.boardlab.protocol.reversi.internal.ReversiServerProtocol(
                new org.boardlab.protocol.reversi.internal.ReversiProtocol()));
        assertThat(run("serve", "--protocol", "reversi", "--game-masters", "0", "--no-store")).isEqualTo(2);
        assertThat(err.toString()).contains("--game-masters must be from 1 to 21845 (three ports each), not 0");
        assertThat(run("serve", "--protocol", "reversi", "--port", "65000", "--game-masters", "200", "--no-store")).isEqualTo(2);
        assertThat(err.toString()).contains("--game-masters 200 from port 65000 would need ports up to 65599; the last port is 65535");
        assertThat(run("serve", "--protocol", "reversi", "--port", "30000,30001,30002", "--game-masters", "2", "--no-store"))
                .isEqualTo(2);
        assertThat(err.toString()).contains("--port 30000,30001,30002: with --game-masters 2 give one port, the first Game Master's "
                + "first; the others follow it");
        assertThat(run("serve", "--protocol", "othello", "--game-masters", "2", "--no-store")).isEqualTo(2);
        assertThat(err.toString()).contains("--game-masters goes with --protocol reversi (a protocol with several ports)");
    }

    @Test
    void serveWarnsWhenAConnectionOnEverySeatWouldPassTheLimitOfOpenFiles() {
        // 3,334 Game Masters: 10,002 listening ports open, a player or a controller on each of them, ulimit -n 20000
        assertThat(ServeCommand.fileWarning(10_150, 10_002, 10_100, 20_000)).isEqualTo("this process may open 20000 files (ulimit -n) "
                + "and has 10150 open (the listening ports among them); a connection on each of the 10002 seats needs 10002 more, "
                + "and 100 are kept for the rest: about 20252. A connection beyond the limit waits in its port's queue until a file "
                + "is free (the port stops accepting for a second each time): raise the limit (ulimit -n 20252) or open fewer Game "
                + "Masters");
        assertThat(ServeCommand.fileWarning(9_950, 9_900, 10_000, 20_000)).as("3,300 Game Masters fit").isNull();
        assertThat(ServeCommand.fileWarning(9_950, 9_951, 10_000, 20_000)).isNotNull();
        assertThat(ServeCommand.fileWarning(10_150, 10_002, 9_000, 20_000)).as("at most --max-clients connections: they fit")
                .isNull();
        assertThat(ServeCommand.fileWarning(-1, 10_002, 10_100, 20_000)).as("open files unknown").isNull();
        assertThat(ServeCommand.fileWarning(10_150, 10_002, 10_100, -1)).as("no limit known").isNull();
        // no Game Masters: the server may hold --max-clients connections (a lab machine whose hard limit is 4096)
        assertThat(ServeCommand.fileWarning(40, 0, 10_000, 4_096)).isEqualTo("this process may open 4096 files (ulimit -n) and "
                + "has 40 open (the listening ports among them); the 10000 connections --max-clients allows need 10000 more, and "
                + "100 are kept for the rest: about 10140. A connection beyond the limit waits in its port's queue until a file is "
                + "free (the port stops accepting for a second each time): raise the limit (ulimit -n 10140) or lower "
                + "--max-clients");
        assertThat(ServeCommand.fileWarning(40, 0, 3_900, 4_096)).as("--max-clients 3900 fits 4096").isNull();
        assertThat(ServeCommand.fileWarning(40, 0, 10_000, 20_000)).as("the default fits this container's 20000").isNull();
        assertThat(OpenFiles.limitOf("Max open files            20000                20000                files")).isEqualTo(20_000);
        assertThat(OpenFiles.limitOf("Max open files            unlimited            unlimited            files")).isEqualTo(-1);
        assertThat(OpenFiles.hardLimitOf("Max open files            1024                 20000                files")).isEqualTo(20_000);
        assertThat(OpenFiles.hardLimitOf("Max open files            1024                 unlimited            files")).isEqualTo(-1);
    }

    @Test
    void proxyRefusesWrongAddressesFaultsAndProtocolsAsWrongUsage() {
        assertThat(run("proxy", "--listen", "0", "--to", "10000")).isEqualTo(2);
        assertThat(err.toString()).contains("--to 10000: give HOST:PORT, e.g. 127.0.0.1:10000");
        assertThat(run("proxy", "--listen", "0", "--to", "127.0.0.1:0")).isEqualTo(2);
        assertThat(err.toString()).contains("--to 127.0.0.1:0: the port is a number 1..65535");
        assertThat(run("proxy", "--listen", "0", "--to", "127.0.0.1:1", "--faults", "delai=3")).isEqualTo(2);
        assertThat(err.toString()).contains("faults: 'delai=3': there is no fault 'delai'");
        assertThat(run("proxy", "--listen", "0", "--to", "127.0.0.1:1", "--split", "--direction", "up")).isEqualTo(2);
        assertThat(err.toString()).contains("--direction is to-server, to-client or both, not 'up'");
        assertThat(run("proxy", "--listen", "0", "--to", "127.0.0.1:1", "--protocol", "chess")).isEqualTo(2);
        assertThat(err.toString()).contains("--protocol chess: no such protocol is loaded");
        assertThat(run("serve", "--faults", "flip=3")).isEqualTo(2);
        assertThat(err.toString()).contains("--faults: 'flip=3': a rate is a chance between 0 and 1");
    }

    @Test
    void proxyOptionsMakeOneProfileForTheirDirection() {
        ProxyCommand c = new ProxyCommand();
        c.direction = "to-client";
        c.delay = "30ms";
        c.jitter = "5";
        c.split = true;
        c.faults = "to-server:flip=0.01";
        c.seed = 4L;
        assertThat(c.profile().toString()).isEqualTo("to-server:flip=0.01,to-client:delay=30ms,to-client:jitter=5ms,to-client:split,seed=4");
        c.direction = "both";
        c.faults = null;
        assertThat(c.profile().toString()).isEqualTo("delay=30ms,jitter=5ms,split,seed=4");
    }

    @Test
    void helpListsEveryCommandWithAWholeSentence() {
        assertThat(run("--help")).isZero();
        String help = out.toString();
        String commands = help.substring(help.indexOf("Commands:"));
        assertThat(commands).contains("Apply moves to a game's start position and print the position.",
                "Connect to a server and play from this terminal.", "Count the leaf positions DEPTH moves (plies) below the start");
        // each command's summary ends its sentence: no summary stops at a comma
        assertThat(commands.replaceAll("\\s+", " ")).doesNotContain(", perft", ", client", "(top row first), perft");
    }

    /**
     * Each line of a command's or an option's description is printed as a line of its own in --help: a line cut in the
     * middle of a sentence reads as a description cut short ("gc  Seed 004's ASCII Game Controller: connect to a reversi
     * Game Master's controller port, show the game", the end of the summary on no line). Each command's first line, its
     * summary in the list of commands, is one whole sentence; every other line but the last ends a sentence or leads into
     * a list (':'), except the rows of a table (lines that start with blanks).
     */
    @Test
    void everyLineOfTheHelpsDescriptionsEndsASentence() {
        List<String> cut = new ArrayList<>();
        for (Class<?> type : Cli.class.getAnnotation(picocli.CommandLine.Command.class).subcommands()) {
            picocli.CommandLine.Model.CommandSpec spec = new picocli.CommandLine(type).getCommandSpec();
            String[] about = spec.usageMessage().description();
            if (about.length > 0 && !about[0].strip().endsWith(".")) {
                cut.add(spec.name() + " (its summary): " + about[0]);
            }
            wholeLines(spec.name(), about, cut);
            for (picocli.CommandLine.Model.OptionSpec o : spec.options()) {
                wholeLines(spec.name() + " " + o.longestName(), o.description(), cut);
            }
            for (picocli.CommandLine.Model.PositionalParamSpec p : spec.positionalParameters()) {
                wholeLines(spec.name() + " " + p.paramLabel(), p.description(), cut);
            }
        }
        assertThat(cut).as("description lines cut in the middle of a sentence").isEmpty();
    }

    private static void wholeLines(String where, String[] lines, List<String> cut) {
        for (int i = 0; i + 1 < lines.length; i++) {
            boolean table = lines[i].startsWith(" ") || lines[i + 1].startsWith(" ");
            String line = lines[i].strip();
            if (!table && !line.isEmpty() && !line.endsWith(".") && !line.endsWith(":")) {
                cut.add(where + ": " + line);
            }
        }
    }

    @Test
    void playPrintsTheGamesFactsInWordsNotJson() {
        assertThat(PlayCommand.words("lastMove")).isEqualTo("last move");
        assertThat(PlayCommand.words("blue_cards")).isEqualTo("blue cards");
        assertThat(PlayCommand.readable(List.of("dragon", "mantis"))).isEqualTo("dragon mantis");
        assertThat(PlayCommand.readable(List.of())).isEqualTo("none");
        assertThat(PlayCommand.readable(Json.plain(java.util.Map.of("red", 0)))).isEqualTo("red 0");
        assertThat(PlayCommand.readable(Json.plain(List.of(java.util.Map.of("point", "h11"), java.util.Map.of("point", "h4")))))
                .isEqualTo("(point h11); (point h4)");
        assertThat(PlayCommand.readable("")).isEqualTo("none");
        assertThat(PlayCommand.readable(false)).isEqualTo("no");
    }

    @Test
    void gcAndClientAddressesAreCheckedBeforeConnecting() {
        assertThat(run("gc", "127.0.0.1")).isEqualTo(2);
        assertThat(err.toString()).contains("gc 127.0.0.1: give HOST:PORT, e.g. 127.0.0.1:14000");
        assertThat(run("gc", "127.0.0.1:70000")).isEqualTo(2);
        assertThat(err.toString()).contains("gc 127.0.0.1:70000: the port must be a number 1..65535");
        assertThat(run("gc", ":14002")).isEqualTo(2);
        assertThat(run("gc", "127.0.0.1:14002")).isEqualTo(1);
        assertThat(err.toString()).contains("the reversi protocol bundle (boardlab.protocol.reversi) is not loaded");
    }

    @Test
    void clientOfAProtocolWithoutATerminalClientSaysSo() {
        assertThat(run("client", "chess", "--name", "ann")).isEqualTo(1);
        assertThat(err.toString()).contains("no terminal client for protocol 'chess'");
    }
}
