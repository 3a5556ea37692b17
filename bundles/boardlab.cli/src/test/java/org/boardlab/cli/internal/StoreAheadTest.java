package org.boardlab.cli.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Which database a command line opens, as boardlab.cli reads it before parsing (to open it while the bundles start). */
class StoreAheadTest {

    @Test
    void theCommandsThatOpenTheirDatabaseAtOnceNameItsUrlOrTheDefault() {
        assertThat(StoreAhead.database(new String[] {"match", "tictactoe", "random", "random"})).isEmpty();
        assertThat(StoreAhead.database(new String[] {"match", "tictactoe", "random", "random", "--db", "jdbc:h2:file:/tmp/x"}))
                .isEqualTo("jdbc:h2:file:/tmp/x");
        assertThat(StoreAhead.database(new String[] {"--console", "games", "--db=jdbc:h2:file:/tmp/y", "list"})).isEqualTo("jdbc:h2:file:/tmp/y");
        assertThat(StoreAhead.database(new String[] {"tournament", "othello", "a", "b"})).isEmpty();
    }

    @Test
    void otherCommandsHelpAndVersionOpenNone() {
        assertThat(StoreAhead.database(new String[] {})).isNull();
        assertThat(StoreAhead.database(new String[] {"list"})).isNull();
        assertThat(StoreAhead.database(new String[] {"serve", "--db", "jdbc:h2:file:/tmp/x"})).isNull();
        assertThat(StoreAhead.database(new String[] {"match", "--help"})).isNull();
        assertThat(StoreAhead.database(new String[] {"games", "-h"})).isNull();
        assertThat(StoreAhead.database(new String[] {"match", "tictactoe", "random", "random", "--db"})).isEmpty();
    }
}
