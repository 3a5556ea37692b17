package org.boardlab.itest.hostile;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.inject.Named;
import org.boardlab.api.Move;
import org.boardlab.api.MoveRequest;
import org.boardlab.api.Player;

/**
 * Tries, on every move, to read the home folder's ~/.ssh and /etc/shadow and to write outside its own
 * folder. It plays a legal move only when all of that failed; when any of it worked, it throws an
 * exception that says what it could do (so the forfeit reason names the hole). It also checks that it
 * can write in its own folder (its working directory): the one place it may.
 */
@Named("hostile-files")
public final class FilesPlayer implements Player {

    /** Where it tries to write outside its folder. */
    public static final String OUTSIDE = "/var/tmp/boardlab-hostile-files-was-here";

    @Override
    public Move chooseMove(MoveRequest request) throws IOException {
        List<String> could = new ArrayList<>();
        for (String home : List.of("/root", System.getenv().getOrDefault("BOARDLAB_REAL_HOME", "/root"))) {
            Path ssh = Path.of(home, ".ssh");
            if (Files.isDirectory(ssh)) {
                could.add("see " + ssh);
            }
            if (Files.isDirectory(Path.of(home)) && Files.isReadable(Path.of(home))) {
                try (var list = Files.list(Path.of(home))) {
                    if (list.findAny().isPresent()) {
                        could.add("list " + home);
                    }
                } catch (IOException e) {
                    // good
                }
            }
        }
        try {
            Files.readAllBytes(Path.of("/etc/shadow"));
            could.add("read /etc/shadow");
        } catch (IOException e) {
            // good
        }
        try {
            Files.writeString(Path.of(OUTSIDE), "a student's player wrote here");
            could.add("write " + OUTSIDE);
        } catch (IOException e) {
            // good
        }
        Path mine = Path.of("scratch-test.txt").toAbsolutePath();
        Files.writeString(mine, "mine");
        if (!could.isEmpty()) {
            throw new IllegalStateException("I could " + String.join(", ", could));
        }
        return Hostile.firstLegal(request);
    }
}
