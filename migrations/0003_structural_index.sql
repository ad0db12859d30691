-- The structural index, derived from snapshots and feature structures (re-derivable at any time).

-- Per snapshot of a feature, one row per L0 field: its primitive and how many kinds are present
-- (0 for an empty path or an absent slot).
CREATE TABLE snapshot_fields (
    feature    TEXT NOT NULL,
    snapshot   INTEGER NOT NULL REFERENCES blobs(id),
    field      TEXT NOT NULL,
    primitive  TEXT NOT NULL CHECK (primitive IN ('path', 'slot', 'tabs', 'stage')),
    kind_count INTEGER NOT NULL,
    PRIMARY KEY (feature, snapshot, field)
) STRICT, WITHOUT ROWID;

-- The kinds present. depth: 1-based position in a path (1 = bottom of the stack); 0 otherwise.
CREATE TABLE snapshot_kinds (
    feature  TEXT NOT NULL,
    snapshot INTEGER NOT NULL REFERENCES blobs(id),
    field    TEXT NOT NULL,
    depth    INTEGER NOT NULL,
    kind     TEXT NOT NULL,
    PRIMARY KEY (feature, snapshot, field, depth)
) STRICT, WITHOUT ROWID;
CREATE INDEX snapshot_kinds_by_kind ON snapshot_kinds(kind, snapshot);

-- Island boundary summaries per snapshot (the value of an island:<id> field).
CREATE TABLE island_summaries (
    feature      TEXT NOT NULL,
    snapshot     INTEGER NOT NULL REFERENCES blobs(id),
    field        TEXT NOT NULL,
    island       TEXT NOT NULL,
    summary_blob INTEGER NOT NULL REFERENCES blobs(id),
    PRIMARY KEY (feature, snapshot, field)
) STRICT, WITHOUT ROWID;

-- Key columns first (see declared_kinds in 0002). Per step, each kind entered or left (against the previous snapshot), with the action case.
CREATE TABLE step_transitions (
    fixture_id  INTEGER NOT NULL REFERENCES fixtures(id) ON DELETE CASCADE,
    step        INTEGER NOT NULL,
    field       TEXT NOT NULL,
    depth       INTEGER NOT NULL,
    change      TEXT NOT NULL CHECK (change IN ('entered', 'left')),
    primitive   TEXT NOT NULL,
    kind        TEXT NOT NULL,
    action_case TEXT,
    PRIMARY KEY (fixture_id, step, field, depth, change)
) STRICT, WITHOUT ROWID;
CREATE INDEX step_transitions_by_kind ON step_transitions(kind);
