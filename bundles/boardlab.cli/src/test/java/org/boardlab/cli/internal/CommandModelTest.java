package org.boardlab.cli.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.boardlab.cli.Cli;
import org.boardlab.launcher.UsageCheck;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher answers usage errors before the framework starts from the grammar and usage texts
 * this bundle writes for it: for a table of bad command lines, what it prints is what picocli prints
 * inside the framework (the same text, byte for byte, and exit code 2), at two widths and in colour;
 * what it cannot judge, or has nothing kept for, goes through the framework.
 */
class CommandModelTest {

    private static final String KEY = "00000000000000aa";

    /** Usage errors picocli finds while parsing: each is answered by the launcher once the files are kept. */
    private static final List<List<String>> BAD = List.of(
            List.of("matc", "tictactoe", "random", "random"), // an unknown command: "Did you mean"
            List.of("lst"),
            List.of("--console", "lst"),
            List.of("frobnicate"), // unknown, nothing like it: the top command's usage
            List.of("--colour"), // an unknown option of the top command
            List.of("match", "tictactoe", "random", "random", "--gamez", "3"), // an unknown option: "Possible solutions"
            List.of("match", "tictactoe", "random", "random", "--zzz"), // an unknown option like none: the command's usage
            List.of("match", "tictactoe", "random"), // a missing parameter
            List.of("match"),
            List.of("match", "tictactoe", "random", "random", "--games"), // an option without its value
            List.of("match", "tictactoe", "random", "random", "--games", "many"), // not a number
            List.of("match", "tictactoe", "random", "random", "--time-per-move", "soon"),
            List.of("match", "tictactoe", "random", "random", "--games", "1", "--games", "2"), // given twice
            List.of("match", "tictactoe", "random", "random", "extra"), // one parameter too many
            List.of("match", "--games", "3", "tictactoe", "random", "random", "x", "y"),
            List.of("perft", "othello", "deep"), // a parameter that is not a number
            List.of("list", "--json=yes"), // a flag with a value that is not true or false
            List.of("tournament", "--game", "othello", "--players", "a,b"), // a required option missing
            List.of("tournament", "--name", "t", "--no-progres"),
            List.of("games", "show"), // a subcommand's subcommand
            List.of("games", "shw", "3"),
            List.of("games", "export", "12", "-x"),
            List.of("serve", "--port"),
            List.of("serve", "--protocol", "othello", "--port", "10000", "--trace"),
            List.of("client", "othello", "--port", "80", "--port", "81"),
            List.of("proxy", "--listen", "0"), // a required option missing
            List.of("conform", "othello", "server", "127.0.0.1:1", "extra"),
            List.of("gc"),
            List.of("ratings", "--game"));

    /** Command lines that parse: their errors, if any, are the commands' own, found in the framework. */
    private static final List<List<String>> PARSE = List.of(
            List.of("list"),
            List.of("match", "tictactoe", "random", "random", "--games", "0"), // the command refuses 0 games itself
            List.of("match", "tictactoe", "random", "random", "--time-per-move", "-1"),
            List.of("perft", "tictactoe", "0"),
            List.of("match", "--help"),
            List.of("--version"),
            List.of("workbench"));

    @TempDir
    Path root;

    @AfterEach
    void clearProperties() {
        for (String p : List.of(CommandModel.MODEL_PROPERTY, CommandModel.USAGE_PROPERTY, "boardlab.help.width", "picocli.ansi")) {
            System.clearProperty(p);
        }
    }

    @Test
    void theLauncherPrintsWhatPicocliPrintsInTheFramework() throws Exception {
        for (int width : new int[] {80, 131}) {
            checkEveryBadLine(width);
        }
    }

    @Test
    void inColourToo() throws Exception {
        System.setProperty("picocli.ansi", "true");
        checkEveryBadLine(100);
    }

    private void checkEveryBadLine(int width) throws Exception {
        UsageCheck check = UsageCheck.of(root, KEY);
        keep(check, width);
        for (List<String> line : BAD) {
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            System.setProperty("boardlab.help.width", Integer.toString(width));
            int code = Cli.execute(null, line, new PrintWriter(out, true), new PrintWriter(err, true));
            System.clearProperty("boardlab.help.width");
            assertThat(code).as("%s exits with 2 in the framework", line).isEqualTo(2);
            assertThat(out.toString()).as("%s prints nothing on standard output", line).isEmpty();
            String answer = check.check(line.toArray(String[]::new), () -> width);
            assertThat(answer).as("%s at %d columns, answered before the framework", line, width).isEqualTo(err.toString());
        }
        for (List<String> line : PARSE) {
            assertThat(check.check(line.toArray(String[]::new), () -> width)).as("%s goes through the framework", line).isNull();
        }
    }

    /** What the launcher asks the command line to keep, kept as the command line keeps it. */
    private static void keep(UsageCheck check, int width) {
        System.setProperty(CommandModel.MODEL_PROPERTY, check.modelFile().toString());
        System.setProperty(CommandModel.USAGE_PROPERTY,
                check.usageFile(width, Boolean.getBoolean("picocli.ansi")).toString());
        System.setProperty("boardlab.help.width", Integer.toString(width));
        assertThat(Cli.execute(null, List.of("--help"), new PrintWriter(new StringWriter()),
                new PrintWriter(new StringWriter()))).isZero();
        assertThat(System.getProperty(CommandModel.MODEL_PROPERTY)).as("asked once").isNull();
        System.clearProperty("boardlab.help.width");
    }

    /** Everyday command lines, which the launcher passes on without loading picocli (the first look). */
    private static final List<List<String>> PLAIN = List.of(
            List.of("list"),
            List.of("--console", "list"),
            List.of("list", "--json"),
            List.of("match", "tictactoe", "random", "random"),
            List.of("match", "othello", "alphabeta", "random", "--games", "10", "--time-per-move", "0.1", "--json", "--db", "jdbc:h2:mem:x"),
            List.of("match", "--games", "2", "tictactoe", "random", "random", "-o", "a=1", "-o", "b=2"),
            List.of("serve", "--protocol", "othello", "--port", "10000", "--protocol", "gomoku", "--port", "10001"),
            List.of("tournament", "--name", "t", "--game", "othello", "--players", "random,alphabeta", "--rounds", "2"),
            List.of("play", "othello", "--moves", "d3 c5 f6"),
            List.of("games", "show", "3"),
            List.of("games", "--limit", "5", "export", "3", "-o", "x.txt"),
            List.of("perft", "othello", "6"),
            List.of("conform", "othello", "server", "127.0.0.1:10000"),
            List.of("workbench"));

    @Test
    void everydayLinesPassAtAGlanceAndBadOnesNever() throws Exception {
        UsageCheck check = UsageCheck.of(root, KEY);
        keep(check, 80);
        for (List<String> line : PLAIN) {
            assertThat(check.plainlyParses(line.toArray(String[]::new))).as("%s passes at a glance", line).isTrue();
            assertThat(Cli.execute(null, List.of(line.get(0), "--help"), new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter())))
                    .isZero();
        }
        for (List<String> line : BAD) {
            assertThat(check.plainlyParses(line.toArray(String[]::new))).as("%s", line).isFalse();
        }
        assertThat(check.plainlyParses(new String[] {"match", "tictactoe", "random", "random", "--games", "2", "--games", "3"})).isFalse();
        assertThat(check.plainlyParses(new String[] {"list", "--json", "true"})).as("a flag may take true").isFalse();
        assertThat(check.plainlyParses(new String[] {"play", "othello", "@moves.txt"})).as("picocli reads @files").isFalse();
    }

    @Test
    void aColdCacheSendsEveryLineThroughTheFrameworkAndAsksForTheGrammar() {
        UsageCheck check = UsageCheck.of(root, KEY);
        assertThat(check.check(new String[] {"matc"}, () -> 80)).isNull();
        assertThat(System.getProperty(CommandModel.MODEL_PROPERTY)).isEqualTo(check.modelFile().toAbsolutePath().toString());
        assertThat(check.modelFile()).doesNotExist();
    }

    @Test
    void withoutTheUsageTextsForThisWidthTheErrorGoesThroughTheFrameworkWhichKeepsThem() throws Exception {
        UsageCheck check = UsageCheck.of(root, KEY);
        keep(check, 80);
        String[] line = {"match", "tictactoe"};
        assertThat(check.check(line, () -> 80)).as("kept at 80 columns").startsWith("Missing required parameters: '<playerA>', '<playerB>'")
                .contains("Usage: boardlab match");
        assertThat(check.check(line, () -> 100)).as("not at 100").isNull();
        assertThat(System.getProperty(CommandModel.USAGE_PROPERTY)).isEqualTo(check.usageFile(100, false).toAbsolutePath().toString());
        assertThat(System.getProperty("boardlab.help.width")).as("the framework prints at the width it keeps").isEqualTo("100");
        StringWriter err = new StringWriter();
        assertThat(Cli.execute(null, Arrays.asList(line), new PrintWriter(new StringWriter()), new PrintWriter(err, true))).isEqualTo(2);
        assertThat(check.check(line, () -> 100)).isEqualTo(err.toString());
        assertThat(check.check(new String[] {"matc"}, () -> 120)).as("suggestions need no usage text")
                .startsWith("Unmatched argument at index 0: 'matc'").contains("Did you mean: boardlab match");
    }

    @Test
    void anotherJarsOrAnotherPicocliVersionsOrADamagedGrammarIsNotUsed() throws Exception {
        UsageCheck check = UsageCheck.of(root, KEY);
        keep(check, 80);
        String[] bad = {"match", "tictactoe", "random", "random", "--zzz"};
        assertThat(check.check(bad, () -> 80)).isNotNull();

        UsageCheck other = UsageCheck.of(root, "00000000000000bb");
        assertThat(other.check(bad, () -> 80)).as("another jar's cache").isNull();
        assertThat(System.getProperty(CommandModel.MODEL_PROPERTY)).isEqualTo(other.modelFile().toAbsolutePath().toString());
        System.clearProperty(CommandModel.MODEL_PROPERTY);

        String grammar = Files.readString(check.modelFile());
        Files.writeString(check.modelFile(), grammar.replaceFirst("picocli=[^\t\n]*", "picocli=0.0.1"));
        assertThat(check.check(bad, () -> 80)).as("another picocli's grammar").isNull();
        assertThat(System.getProperty(CommandModel.MODEL_PROPERTY)).as("written again").isNotNull();
        System.clearProperty(CommandModel.MODEL_PROPERTY);

        Files.writeString(check.modelFile(), grammar.substring(0, grammar.length() / 2));
        assertThat(check.check(bad, () -> 80)).as("a grammar cut short").isNull();
        Files.writeString(check.modelFile(), grammar.replace("type=int", "type=org.boardlab.Thing"));
        assertThat(check.check(bad, () -> 80)).as("a type the launcher cannot convert like the command line").isNull();
        Files.writeString(check.modelFile(), "");
        assertThat(check.check(bad, () -> 80)).isNull();

        Files.writeString(check.modelFile(), grammar);
        String usage = Files.readString(check.usageFile(80, false));
        Files.writeString(check.usageFile(80, false), usage.replaceFirst("width=80", "width=81"));
        assertThat(check.check(bad, () -> 80)).as("usage texts of another width").isNull();
    }
}
