-- Feature structures: which state fields are L0 primitives or islands, from a runner's
-- `describe` (origin 'runner') or a manifest `structure:` declaration (origin 'manifest').

CREATE TABLE feature_structures (
    feature TEXT PRIMARY KEY,
    origin  TEXT NOT NULL,
    actions TEXT NOT NULL DEFAULT '[]',   -- JSON array of action case names
    effects TEXT NOT NULL DEFAULT '[]'    -- JSON array of effect payload case names
) STRICT;

-- role: path | slot | tabs | stage | island:<id> | data. kinds: JSON array of declared cases or NULL.
CREATE TABLE structure_fields (
    feature TEXT NOT NULL REFERENCES feature_structures(feature) ON DELETE CASCADE,
    path    TEXT NOT NULL,
    role    TEXT NOT NULL,
    shape   TEXT NOT NULL DEFAULT '',
    kinds   TEXT,
    PRIMARY KEY (feature, path)
) STRICT, WITHOUT ROWID;

-- One row per declared kind of an L0 field: kind = <feature>.<primitive>.<case>.
-- Key columns come first: SQLite 3.40's integrity_check misreports NULLs in a WITHOUT ROWID
-- table whose non-key column stands before a key column.
CREATE TABLE declared_kinds (
    feature   TEXT NOT NULL REFERENCES feature_structures(feature) ON DELETE CASCADE,
    field     TEXT NOT NULL,
    kind      TEXT NOT NULL,
    primitive TEXT NOT NULL CHECK (primitive IN ('path', 'slot', 'tabs', 'stage')),
    PRIMARY KEY (feature, field, kind)
) STRICT, WITHOUT ROWID;

CREATE VIEW l0_fields AS
    SELECT feature, path AS field, role AS primitive FROM structure_fields
    WHERE role IN ('path', 'slot', 'tabs', 'stage');
