-- Misère quotients of heap games: the quotient of the sums of heaps
-- 1..heaps of a code, one row per (code, heaps), written once.
CREATE TABLE quotients (
	code         TEXT    NOT NULL, -- canonical code
	given        TEXT    NOT NULL, -- the code as given
	heaps        INTEGER NOT NULL,
	ord          INTEGER NOT NULL, -- the order of the quotient
	p_size       INTEGER NOT NULL, -- the elements of its P-portion
	presentation TEXT    NOT NULL, -- {"generators": [...], "relations": [...]}
	stable_from  INTEGER NOT NULL,
	periodic     INTEGER NOT NULL DEFAULT 0, -- proved for every heap
	preperiod    INTEGER NOT NULL DEFAULT 0,
	period       INTEGER NOT NULL DEFAULT 0,
	proved_at    INTEGER NOT NULL DEFAULT 0,
	seconds      REAL    NOT NULL DEFAULT 0,
	worker       TEXT    NOT NULL DEFAULT '',
	computed_at  TEXT    NOT NULL,
	PRIMARY KEY (code, heaps)
);
