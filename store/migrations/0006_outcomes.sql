-- Who wins a position of a partizan game (nimber outcome --db), one row per
-- (game, position), written once: a position decided twice keeps its first
-- row.
CREATE TABLE outcomes (
	game        TEXT    NOT NULL, -- the game, e.g. domineering
	position    TEXT    NOT NULL, -- the position as the game writes it, e.g. '..#|...'
	outcome     TEXT    NOT NULL CHECK (outcome IN ('L', 'R', 'N', 'P')),
	left_first  TEXT    NOT NULL CHECK (left_first IN ('Left', 'Right')),  -- who wins with Left moving first
	right_first TEXT    NOT NULL CHECK (right_first IN ('Left', 'Right')), -- who wins with Right moving first
	positions   INTEGER NOT NULL, -- the positions searched
	seconds     REAL    NOT NULL, -- the wall-clock seconds of the search
	worker      TEXT    NOT NULL, -- who decided it: host/pid, or the queue's workers
	computed_at TEXT    NOT NULL, -- RFC 3339, UTC
	PRIMARY KEY (game, position)
) WITHOUT ROWID;
