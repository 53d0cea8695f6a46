-- The values' checksum, to notice codes with the same values, and the
-- sequence file of the run with its checksum.
ALTER TABLE runs ADD COLUMN values_sha256 TEXT NOT NULL DEFAULT '';
ALTER TABLE runs ADD COLUMN seq_path TEXT NOT NULL DEFAULT '';
ALTER TABLE runs ADD COLUMN seq_sha256 TEXT NOT NULL DEFAULT '';
CREATE INDEX runs_status ON runs (status);
