-- 9: the rating history's rows check neither their game nor their tournament (a rated game costs a third fewer index writes)
-- Why: every rated game writes four rows of ratings (two ladders, two players). Each row's game_id and
-- tournament_id were foreign keys, and H2 keeps an index of its own for each (PostgreSQL checks the
-- referenced row on every insert): four index entries a row that no query reads, a sixth of what a server
-- storing 270 games a second allocated (issue 18: the store's share of the garbage collector's work).
-- The store writes a rating row only in the transaction that inserts its game, with that game's id, and
-- boardlab deletes no game and no tournament, so the keys checked nothing that could go wrong.
-- The rows, and the index ratings_player that the history is read by, stay as they are.
DROP FOREIGN KEYS OF ratings (game_id, tournament_id);
