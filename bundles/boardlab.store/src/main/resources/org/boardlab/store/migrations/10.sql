-- 10: a stored game writes fewer index entries at random places: no index of the games or of the rating history by player
-- Why (issue 18: the store's writer on a server that stores and rates some 270 games a second): a rated
-- game wrote six entries into indexes keyed by a player (the games' two indexes by player, four in the
-- rating history's index by ladder, game and player). Each lands at a random place of its index: H2
-- copies the B-tree leaf it goes into and the pages above it (once for the change, once more at the
-- commit), and often reads that leaf back from the file first (each commit lets go of the pages it wrote
-- and H2's page cache keeps a page just written only briefly; boardlab.store's README, Schema). Measured
-- (StoreThroughput, 10,000 players): a quarter of the writer's CPU a game.
-- 1. games_first_player and games_second_player: the one query that finds games by player
--    (Store.games, `boardlab games --player`, the Match view's Open stored...) also matches the sides'
--    names, which no index holds, so neither H2 nor PostgreSQL used them: both read the table, as before.
-- 2. ratings_player (ladder, game, player, id): read only by Store.ratingHistory and Store.ratings, which
--    nothing in boardlab calls (the ladder is read from the ladder table); they now read the table.
-- Re-runnable (H2 commits each statement by itself, a kill can stop it anywhere): each index is dropped only if it is there.
DROP INDEX IF EXISTS ratings_player;
DROP INDEX IF EXISTS games_first_player;
DROP INDEX IF EXISTS games_second_player;
