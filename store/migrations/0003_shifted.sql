-- Checksums of the values without the last heap and without heap 0, to
-- notice a code whose values are another's one heap on (G(n) = G'(n+1)).
ALTER TABLE runs ADD COLUMN head_sha256 TEXT NOT NULL DEFAULT '';
ALTER TABLE runs ADD COLUMN tail_sha256 TEXT NOT NULL DEFAULT '';
