package org.boardlab.cli.internal;

import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import org.boardlab.api.Game;
import org.boardlab.api.GameState;
import org.boardlab.cli.Cli;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code boardlab perft <game> <depth>}: counts the positions {@code depth} moves deep, and how fast. */
@Command(name = "perft", mixinStandardHelpOptions = true,
        description = {"Count the leaf positions DEPTH moves (plies) below the start position.",
            "This checks a move generator against published counts; it also prints how many leaves per second were counted. "
                + "A pass counts as a move; a game that ends earlier counts as one leaf."})
public final class PerftCommand implements Callable<Integer> {

    @ParentCommand
    Cli cli;

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", description = "The game's id, e.g. othello.")
    String gameId;

    @Parameters(index = "1", description = "How many plies deep (1 or more).")
    int depth;

    @Mixin
    GameOptionsMixin gameOptions;

    @Option(names = "--json", description = "Print one JSON object: game, depth, leaves, seconds, leaves_per_second.")
    boolean json;

    @Override
    public Integer call() {
        if (depth < 1 || depth > 30) {
            throw new UsageException("the depth must be between 1 and 30, not " + depth);
        }
        Game game = cli.services().registry().requireGame(gameId);
        GameState start = game.newGame(gameOptions.toOptions());
        long begin = System.nanoTime();
        long leaves = start.perft(depth);
        double seconds = Math.max(1e-9, (System.nanoTime() - begin) / 1e9);
        long perSecond = (long) (leaves / seconds);
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("game", game.id());
            row.put("options", gameOptions.toOptions().asMap());
            row.put("depth", depth);
            row.put("leaves", leaves);
            row.put("seconds", Math.round(seconds * 1e6) / 1e6);
            row.put("leaves_per_second", perSecond);
            out.println(Json.line(row));
        } else {
            out.printf("perft(%d) of %s = %d leaves in %.3f s (%,d leaves/s)%n", depth, game.id(), leaves, seconds, perSecond);
        }
        out.flush();
        return 0;
    }
}
