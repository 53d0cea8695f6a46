-- Each stored quotient's heaps and P-portion by name, to notice codes with
-- the same quotient ('' in rows written before).
ALTER TABLE quotients ADD COLUMN map TEXT NOT NULL DEFAULT '';       -- JSON: the element of heap 0..heaps
ALTER TABLE quotients ADD COLUMN p_portion TEXT NOT NULL DEFAULT ''; -- JSON: the P-portion's elements

-- Quotient computations stopped by a limit, so that a census does not spend
-- the time again unless the limits are raised: a row says that the code,
-- under these limits, stopped while adding heap stopped_at. A table of its
-- own, not rows of quotients: a stop has no presentation and no map, and
-- the limits are part of its key; quotients keeps finished ones only.
CREATE TABLE quotient_stops (
	code        TEXT    NOT NULL, -- canonical code
	given       TEXT    NOT NULL, -- the code as given
	heaps       INTEGER NOT NULL, -- the heaps asked for
	stopped_at  INTEGER NOT NULL, -- the heap being added when it stopped
	ord         INTEGER NOT NULL, -- the order of the quotient of heaps 1..stopped_at-1
	reason      TEXT    NOT NULL, -- what stopped it, as the engine said
	memory      INTEGER NOT NULL, -- the limits it ran under: bytes (0: the engine's default)
	checks      INTEGER NOT NULL, -- pairs (0: the engine's default)
	timeout_ms  INTEGER NOT NULL, -- milliseconds (0: none)
	seconds     REAL    NOT NULL DEFAULT 0,
	worker      TEXT    NOT NULL DEFAULT '',
	computed_at TEXT    NOT NULL,
	PRIMARY KEY (code, stopped_at, memory, checks, timeout_ms)
);
