-- 5: the lab ladder: each player's current Elo and Glicko-2 rating per game, updated with every rated game
-- One row per ladder (elo, glicko2), game and player: the rating now, with the games, wins, draws and
-- losses counted on it; every change is also a row of the ratings history (game_id: the game that
-- made it). A rated game, its ladder rows and its history rows are one transaction (Ladders in the
-- store's code says which games count). Games stored before this migration are not rated.
CREATE TABLE ladder (
    ladder       VARCHAR(32)  NOT NULL,
    game         VARCHAR(64)  NOT NULL,
    player       VARCHAR(200) NOT NULL,
    rating       DOUBLE PRECISION NOT NULL,
    deviation    DOUBLE PRECISION,
    volatility   DOUBLE PRECISION,
    games        INT          NOT NULL,
    wins         INT          NOT NULL,
    draws        INT          NOT NULL,
    losses       INT          NOT NULL,
    last_game_id BIGINT,
    updated_at   TIMESTAMP WITH TIME ZONE NOT NULL,
    PRIMARY KEY (ladder, game, player)
);

-- The one row a transaction that rates games locks first (SELECT ... FOR UPDATE), so that ratings
-- change one game at a time, in the order the games commit, whichever process stores them.
CREATE TABLE ladder_lock (
    id INT PRIMARY KEY
);
INSERT INTO ladder_lock (id) SELECT 1 WHERE NOT EXISTS (SELECT 1 FROM ladder_lock WHERE id = 1);
