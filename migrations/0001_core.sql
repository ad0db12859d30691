-- Content-addressed blobs, scenarios, fixtures and their steps.

-- Every state, action, effect list and extras object, stored once as compact canonical JSON.
-- hash: ContentHash (MurmurHash3 x64-128, 16 bytes); a hit is confirmed by comparing bytes.
CREATE TABLE blobs (
    id    INTEGER PRIMARY KEY,
    hash  BLOB NOT NULL UNIQUE CHECK (length(hash) = 16),
    bytes BLOB NOT NULL
) STRICT;

-- Corpus-level facts (e.g. which seed built this file). Not part of the dump.
CREATE TABLE corpus_meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
) STRICT;

-- Scenario definitions as a runner reports them, keyed by the fixture they record.
CREATE TABLE scenarios (
    id              INTEGER PRIMARY KEY,
    fixture         TEXT NOT NULL UNIQUE,
    feature         TEXT NOT NULL,
    description     TEXT,
    source          TEXT,
    definition_blob INTEGER NOT NULL REFERENCES blobs(id)
) STRICT;

-- One row per fixture file. feature: the leaf fixture's feature (NULL for chains).
-- initial_blob: initialState (leaf) or initialStates (chain).
CREATE TABLE fixtures (
    id                   INTEGER PRIMARY KEY,
    name                 TEXT NOT NULL UNIQUE,
    shape                TEXT NOT NULL CHECK (shape IN ('leaf', 'chain')),
    feature              TEXT,
    chain                TEXT,
    dialect              INTEGER,
    description          TEXT,
    scenario_source      TEXT,
    scenario_branch      TEXT,
    initial_blob         INTEGER REFERENCES blobs(id),
    extras_blob          INTEGER REFERENCES blobs(id),
    scenario_extras_blob INTEGER REFERENCES blobs(id),
    steps_omitted        INTEGER NOT NULL DEFAULT 0 CHECK (steps_omitted IN (0, 1)),
    step_count           INTEGER NOT NULL,
    projection_hash      BLOB NOT NULL,
    source_hash          BLOB
) STRICT;
CREATE INDEX fixtures_by_feature ON fixtures(feature, name);

-- idx is 0-based. state_blob is NULL for chain steps; link_to_next NULL when absent.
CREATE TABLE steps (
    fixture_id   INTEGER NOT NULL REFERENCES fixtures(id) ON DELETE CASCADE,
    idx          INTEGER NOT NULL,
    node         TEXT,
    label        TEXT,
    line         INTEGER,
    action_case  TEXT,
    action_blob  INTEGER NOT NULL REFERENCES blobs(id),
    state_blob   INTEGER REFERENCES blobs(id),
    effects_blob INTEGER NOT NULL REFERENCES blobs(id),
    link_to_next INTEGER CHECK (link_to_next IN (0, 1)),
    extras_blob  INTEGER REFERENCES blobs(id),
    PRIMARY KEY (fixture_id, idx)
) STRICT, WITHOUT ROWID;
CREATE INDEX steps_by_state ON steps(state_blob);

-- Every snapshot a fixture holds: the initial state (step NULL) and each step's expected state.
CREATE VIEW fixture_snapshots AS
    SELECT id AS fixture_id, NULL AS step, initial_blob AS snapshot FROM fixtures WHERE shape = 'leaf'
    UNION ALL
    SELECT fixture_id, idx, state_blob FROM steps WHERE state_blob IS NOT NULL;
