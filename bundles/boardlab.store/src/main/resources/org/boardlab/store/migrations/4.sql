-- 4: indexes for taking games from the queue: the first queued game by tournament and number, and games whose lease ran out
-- A take reads a few rows through these whether 20 or 20,000 games wait. Written as IF NOT EXISTS (H2 and PostgreSQL both
-- take it), so the migration can run twice: a process killed during it leaves nothing to repair.
CREATE INDEX IF NOT EXISTS scheduled_games_take ON scheduled_games (state, tournament_id, number);
CREATE INDEX IF NOT EXISTS scheduled_games_lease ON scheduled_games (state, lease_until);
