-- 7: a done scheduled game keeps its result (winner, ending, result, plies) in its own row, so a tournament resumes without reading games
-- Why: a resumed tournament needs only these four fields of each game it has played, and read them
-- by joining every scheduled game to its games row: H2 and PostgreSQL then read each game's whole
-- row, its move arrays included (a 100,000-game tournament took 9 s to resume). Since this
-- migration the store writes them into the scheduled game's row when it stores the game, in the same
-- transaction. Here they are filled for the games stored before, from their games rows.
-- Re-runnable (H2 commits each ALTER by itself, a kill can stop it anywhere): the columns are added
-- only if missing, and only done rows not filled yet are filled (games.ending is never NULL).
ALTER TABLE scheduled_games ADD COLUMN winner SMALLINT;
ALTER TABLE scheduled_games ADD COLUMN ending VARCHAR(16);
ALTER TABLE scheduled_games ADD COLUMN result VARCHAR(2000);
ALTER TABLE scheduled_games ADD COLUMN plies INT;

UPDATE scheduled_games SET (winner, ending, result, plies) =
    (SELECT g.winner, g.ending, g.result, g.plies FROM games g WHERE g.id = scheduled_games.game_id)
WHERE state = 'done' AND ending IS NULL AND game_id IS NOT NULL;
