-- Answers kept with the index, so that asking a question reads a few rows instead of the whole index.

-- Per kind (feature, field, kind id): the fixtures holding it in at least one snapshot, and the
-- fixture positions (initial state and steps) whose snapshot holds it — what `duet query kinds`
-- reports. Every write of fixtures or of the structural index keeps it (`KindCounts`); `duet corpus
-- check` recomputes it from the index and compares. A kind no fixture reaches has no row.
CREATE TABLE kind_counts (
    feature  TEXT NOT NULL,
    field    TEXT NOT NULL,
    kind     TEXT NOT NULL,
    fixtures INTEGER NOT NULL CHECK (fixtures >= 0),
    steps    INTEGER NOT NULL CHECK (steps >= 0),
    PRIMARY KEY (feature, field, kind)
) STRICT, WITHOUT ROWID;

INSERT INTO kind_counts(feature, field, kind, fixtures, steps)
    SELECT feature, field, kind, count(DISTINCT fixture_id), count(*) FROM (
        SELECT DISTINCT k.feature, k.field, k.kind, s.fixture_id, coalesce(s.step, -1)
        FROM fixture_snapshots s
        JOIN fixtures f ON f.id = s.fixture_id
        JOIN snapshot_kinds k ON k.snapshot = s.snapshot AND k.feature = f.feature)
    GROUP BY feature, field, kind;
