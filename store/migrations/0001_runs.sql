-- One row per (code, heaps): what a census found of a code computed to
-- G(0..heaps-1). A row is written once: a job that ran twice adds nothing.
CREATE TABLE runs (
    code             TEXT    NOT NULL, -- canonical form, e.g. 0.137
    heaps            INTEGER NOT NULL CHECK (heaps > 0),
    given            TEXT    NOT NULL, -- the code as the user wrote it
    status           TEXT    NOT NULL CHECK (status IN ('proven', 'apparent', 'open')),
    period           INTEGER NOT NULL,
    preperiod        INTEGER NOT NULL,
    saltus           INTEGER NOT NULL,
    last_exceptional INTEGER NOT NULL,
    mask             INTEGER NOT NULL,
    rare             INTEGER NOT NULL,
    last_rare        INTEGER NOT NULL,
    largest          INTEGER NOT NULL,
    seconds          REAL    NOT NULL,
    extended         INTEGER NOT NULL,
    worker           TEXT    NOT NULL,
    computed_at      TEXT    NOT NULL, -- RFC 3339, UTC
    PRIMARY KEY (code, heaps)
) WITHOUT ROWID;
