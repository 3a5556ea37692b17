package org.boardlab.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.boardlab.ai.basic.RandomPlayer;
import org.boardlab.core.PlayerSeat;
import org.boardlab.game.othello.Othello;
import org.boardlab.store.internal.H2Compaction;
import org.boardlab.store.testing.StoreFixture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * H2's compaction at close runs on a thread named {@link H2Compaction#THREAD}, which the closing
 * thread waits for: the product's launcher waits for a thread of that name however long the
 * compaction takes (its 10 s for the bundles' stop would otherwise cut it short, and it would start
 * again at every close). The launcher's side: boardlab.launcher's {@code StopWaitTest}.
 */
class CompactionThreadTest {

    @RegisterExtension
    final StoreFixture stores = new StoreFixture();

    /** Kept: java.util.logging holds loggers weakly. */
    private static final Logger COMPACTION = Logger.getLogger(H2Compaction.class.getName());

    @Test
    void theCompactionRunsOnItsNamedThreadAndTheCloseReturnsOnlyOnceItIsDone() throws Exception {
        assertThat(H2Compaction.THREAD).isEqualTo("boardlab-store-compaction"); // the launcher (plain Java, no import) names it so
        String url = stores.fresh("h2");
        Path file = Path.of(url.substring("jdbc:h2:file:".length()) + ".mv.db");
        Path copy = Path.of(file + ".tempFile");
        Store store = Store.open(url);
        List<FinishedGame> games = stores.play(new Othello(), new PlayerSeat("a", RandomPlayer::new), new PlayerSeat("b", RandomPlayer::new),
                200, 4, "match");
        for (FinishedGame g : games) {
            store.saveGame(g); // a transaction (a chunk of the file) each
        }
        long before = Files.size(file);
        List<String> threads = new CopyOnWriteArrayList<>();
        Handler seen = new Handler() {
            @Override
            public void publish(LogRecord r) {
                threads.add(Thread.currentThread().getName() + ": " + r.getMessage());
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        COMPACTION.addHandler(seen);
        String mode = System.getProperty(H2Compaction.PROPERTY);
        System.setProperty(H2Compaction.PROPERTY, "always");
        try {
            store.close();
        } finally {
            COMPACTION.removeHandler(seen);
            if (mode == null) {
                System.clearProperty(H2Compaction.PROPERTY);
            } else {
                System.setProperty(H2Compaction.PROPERTY, mode);
            }
        }
        assertThat(threads).hasSize(2);
        assertThat(threads.get(0)).startsWith(H2Compaction.THREAD + ": compacting the database");
        assertThat(threads.get(1)).startsWith(H2Compaction.THREAD + ": compacted the database");
        // close returned after the copy replaced the file: no unfinished copy, a smaller file, every game there
        assertThat(copy).doesNotExist();
        assertThat(Files.size(file)).isLessThan(before);
        try (Store again = Store.open(url)) {
            assertThat(again.countGames()).isEqualTo(200);
        }
    }
}
