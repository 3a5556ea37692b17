-- 9: a rated game writes less: the rating history's rows check neither their game nor their tournament, and the ladder's lock counts the ladder's changes
-- Why (issue 18: the store's share of a busy server's CPU and garbage):
-- 1. Every rated game writes four rows of ratings (two ladders, two players). Each row's game_id and
--    tournament_id were foreign keys, and H2 keeps an index of its own for each (PostgreSQL looks the
--    referenced row up on every insert): eight index entries a rated game that no query reads. The store
--    writes a rating row only in the transaction that inserts its game, with that game's id, and boardlab
--    deletes no game and no tournament, so the keys guarded nothing that could happen. The rows, and the
--    index ratings_player the history is read by, stay as they are.
-- 2. ladder_lock.changes counts the transactions that changed the ladder (each adds one, under the lock).
--    The store's writer keeps the ladder entries its last transaction wrote and reads them again only
--    when the count is not the one it left (someone else rated games meanwhile): four reads a rated game
--    fewer on a server.
DROP FOREIGN KEYS OF ratings (game_id, tournament_id);
ALTER TABLE ladder_lock ADD COLUMN changes BIGINT DEFAULT 0 NOT NULL;
