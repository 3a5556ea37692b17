-- 3: a game's moves kept in its games row (one array per field, index = ply), the moves table replaced by a view
-- Why: one row per ply (about 60 for Othello, each with its primary key and foreign key) was most of
-- what storing a game cost: H2 committed about 400 games/s at most on one core. Now a game is one row.
-- move_sides[i], move_notations[i], ... are the move of ply i (1-based, as in the old table); NULL
-- arrays only for a game with no moves that was converted from the old table.
-- Re-runnable on H2 (each DDL statement commits by itself, a kill can stop it anywhere): the old
-- table is created empty again if it is gone, only rows not converted yet are converted, then it
-- is dropped and the view (re)made.
ALTER TABLE games ADD COLUMN IF NOT EXISTS move_sides SMALLINT ARRAY;
ALTER TABLE games ADD COLUMN IF NOT EXISTS move_notations VARCHAR(64) ARRAY;
ALTER TABLE games ADD COLUMN IF NOT EXISTS move_elapsed_us BIGINT ARRAY;
ALTER TABLE games ADD COLUMN IF NOT EXISTS move_thinking_us BIGINT ARRAY;
ALTER TABLE games ADD COLUMN IF NOT EXISTS move_network_us BIGINT ARRAY;
ALTER TABLE games ADD COLUMN IF NOT EXISTS move_clock_used_ms BIGINT ARRAY;
ALTER TABLE games ADD COLUMN IF NOT EXISTS move_clock_left_ms BIGINT ARRAY;

CREATE TABLE IF NOT EXISTS moves (
    game_id       BIGINT      NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    ply           INT         NOT NULL,
    side          SMALLINT    NOT NULL,
    notation      VARCHAR(64) NOT NULL,
    elapsed_us    BIGINT      NOT NULL,
    thinking_us   BIGINT      NOT NULL,
    network_us    BIGINT      NOT NULL,
    clock_used_ms BIGINT      NOT NULL,
    clock_left_ms BIGINT,
    PRIMARY KEY (game_id, ply)
);

UPDATE games SET
    move_sides         = (SELECT ARRAY_AGG(m.side ORDER BY m.ply) FROM moves m WHERE m.game_id = games.id),
    move_notations     = (SELECT ARRAY_AGG(m.notation ORDER BY m.ply) FROM moves m WHERE m.game_id = games.id),
    move_elapsed_us    = (SELECT ARRAY_AGG(m.elapsed_us ORDER BY m.ply) FROM moves m WHERE m.game_id = games.id),
    move_thinking_us   = (SELECT ARRAY_AGG(m.thinking_us ORDER BY m.ply) FROM moves m WHERE m.game_id = games.id),
    move_network_us    = (SELECT ARRAY_AGG(m.network_us ORDER BY m.ply) FROM moves m WHERE m.game_id = games.id),
    move_clock_used_ms = (SELECT ARRAY_AGG(m.clock_used_ms ORDER BY m.ply) FROM moves m WHERE m.game_id = games.id),
    move_clock_left_ms = (SELECT ARRAY_AGG(m.clock_left_ms ORDER BY m.ply) FROM moves m WHERE m.game_id = games.id)
WHERE move_notations IS NULL;

DROP TABLE IF EXISTS moves;

-- The view keeps the old table's name and columns, so a query on `moves` reads as before.
-- (H2 has no correlated UNNEST: its view joins a range of numbers, games first by the LEFT JOIN.)
-- on h2
CREATE OR REPLACE VIEW moves AS
SELECT g.id AS game_id, CAST(n.x AS INT) AS ply, g.move_sides[n.x] AS side, g.move_notations[n.x] AS notation,
       g.move_elapsed_us[n.x] AS elapsed_us, g.move_thinking_us[n.x] AS thinking_us, g.move_network_us[n.x] AS network_us,
       g.move_clock_used_ms[n.x] AS clock_used_ms, g.move_clock_left_ms[n.x] AS clock_left_ms
FROM games g LEFT JOIN SYSTEM_RANGE(1, 2147483647) n ON n.x <= COALESCE(CARDINALITY(g.move_notations), 0)
WHERE n.x IS NOT NULL;
-- on postgresql
CREATE OR REPLACE VIEW moves AS
SELECT g.id AS game_id, CAST(n.x AS INT) AS ply, g.move_sides[n.x] AS side, g.move_notations[n.x] AS notation,
       g.move_elapsed_us[n.x] AS elapsed_us, g.move_thinking_us[n.x] AS thinking_us, g.move_network_us[n.x] AS network_us,
       g.move_clock_used_ms[n.x] AS clock_used_ms, g.move_clock_left_ms[n.x] AS clock_left_ms
FROM games g CROSS JOIN generate_series(1, CARDINALITY(g.move_notations)) AS n(x);
