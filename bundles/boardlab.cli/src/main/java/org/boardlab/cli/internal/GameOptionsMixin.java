package org.boardlab.cli.internal;

import java.util.ArrayList;
import java.util.List;
import org.boardlab.api.GameOptions;
import picocli.CommandLine.Option;

/** The game options every command takes: --size, --cards, --seed and the general -o KEY=VALUE. */
public final class GameOptionsMixin {

    @Option(names = "--size", paramLabel = "N|WxH", description = "Board size: N for square boards (othello, gomoku), WxH for dots.")
    String size;

    @Option(names = "--cards", paramLabel = "c1,c2,c3,c4,c5", description = "Onitama: the five cards, blue's two, red's two, the side card.")
    String cards;

    @Option(names = "--seed", paramLabel = "S", description = "Onitama: deal the cards from this seed.")
    String seed;

    @Option(names = {"-o", "--option"}, paramLabel = "KEY=VALUE", description = "Any other game option, e.g. scoring=seed000; may be repeated.")
    List<String> options = new ArrayList<>();

    /** The options as the game takes them. */
    GameOptions toOptions() {
        GameOptions result = GameOptions.parse(options);
        if (size != null) {
            result = result.with("size", size);
        }
        if (cards != null) {
            result = result.with("cards", cards);
        }
        if (seed != null) {
            result = result.with("seed", seed);
        }
        return result;
    }
}
