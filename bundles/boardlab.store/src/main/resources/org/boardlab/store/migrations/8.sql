-- 8: what a resumed tournament reads before it plays, kept with the tournament: its players' jars and its queue's counts
-- Why: a resumed tournament found the jars its games name (it refuses a player whose jar is not the
-- one its games were scheduled with: the student rebuilt it halfway) and how many games are done by
-- reading every scheduled game's row, which for a big tournament was most of its resume. Since this
-- migration the store keeps both in tables of their own, written in the transactions that change
-- them: Store.schedule adds a row to tournament_jars for each player and jar its new games name and
-- counts the games it adds; storing a scheduled game's result counts it done; createTournament
-- makes the counts' row. Here both are filled for the tournaments and games there before.
-- Re-runnable (H2 commits each CREATE by itself, a kill can stop it anywhere): the tables are
-- created only if missing, and only rows they lack are added.
CREATE TABLE tournament_jars (
    tournament_id BIGINT       NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    player        VARCHAR(200) NOT NULL,
    jar           VARCHAR(64)  NOT NULL REFERENCES player_jars (hash),
    PRIMARY KEY (tournament_id, player, jar)
);

INSERT INTO tournament_jars (tournament_id, player, jar)
SELECT j.tournament_id, j.player, j.jar FROM (
    SELECT tournament_id, first_player AS player, first_jar AS jar FROM scheduled_games WHERE first_jar IS NOT NULL
    UNION
    SELECT tournament_id, second_player AS player, second_jar AS jar FROM scheduled_games WHERE second_jar IS NOT NULL) j
WHERE NOT EXISTS (SELECT 1 FROM tournament_jars t WHERE t.tournament_id = j.tournament_id AND t.player = j.player AND t.jar = j.jar);

-- games_scheduled: the tournament's rows in scheduled_games; games_done: those whose state is done
CREATE TABLE tournament_counts (
    tournament_id   BIGINT PRIMARY KEY REFERENCES tournaments (id) ON DELETE CASCADE,
    games_scheduled INT    NOT NULL,
    games_done      INT    NOT NULL
);

INSERT INTO tournament_counts (tournament_id, games_scheduled, games_done)
SELECT t.id, (SELECT COUNT(*) FROM scheduled_games s WHERE s.tournament_id = t.id),
       (SELECT COUNT(*) FROM scheduled_games s WHERE s.tournament_id = t.id AND s.state = 'done')
FROM tournaments t
WHERE NOT EXISTS (SELECT 1 FROM tournament_counts c WHERE c.tournament_id = t.id);
