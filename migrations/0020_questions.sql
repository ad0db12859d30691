-- Questions over the corpus: census views, island statistics, the ledger history and milestones.

-- Touches looks snapshots up by the fixture whose initial state they are.
CREATE INDEX fixtures_by_initial ON fixtures(initial_blob);

-- Every declared L0 field, and whether any indexed snapshot holds a kind in it.
CREATE VIEW census_fields AS
    SELECT sf.feature, sf.path AS field, sf.role AS primitive,
           EXISTS (SELECT 1 FROM snapshot_kinds k WHERE k.feature = sf.feature AND k.field = sf.path) AS observed
    FROM structure_fields sf
    WHERE sf.role IN ('path', 'slot', 'tabs', 'stage');

-- Per feature, how many fields of each L0 primitive are declared, and how many are observed holding a kind.
CREATE VIEW census AS
    SELECT fs.feature,
           count(CASE WHEN c.primitive = 'path' THEN 1 END) AS path,
           count(CASE WHEN c.primitive = 'slot' THEN 1 END) AS slot,
           count(CASE WHEN c.primitive = 'tabs' THEN 1 END) AS tabs,
           count(CASE WHEN c.primitive = 'stage' THEN 1 END) AS stage,
           count(CASE WHEN c.primitive = 'path' AND c.observed THEN 1 END) AS observed_path,
           count(CASE WHEN c.primitive = 'slot' AND c.observed THEN 1 END) AS observed_slot,
           count(CASE WHEN c.primitive = 'tabs' AND c.observed THEN 1 END) AS observed_tabs,
           count(CASE WHEN c.primitive = 'stage' AND c.observed THEN 1 END) AS observed_stage
    FROM feature_structures fs
    LEFT JOIN census_fields c ON c.feature = fs.feature
    GROUP BY fs.feature;

-- Per island field, how many distinct snapshots carry a boundary summary and how many distinct summaries there are.
CREATE VIEW island_statistics AS
    SELECT island, feature, field, count(*) AS snapshots, count(DISTINCT summary_blob) AS summaries
    FROM island_summaries
    GROUP BY island, feature, field;

-- The ledger's history: one row per version of a waiver or island entry of parity/manifest.yaml.
-- entry_key identifies the entry across versions (waiver: feature|kind|platform; island: id|platform).
-- body: the entry's fields as compact canonical JSON. valid_to is NULL while the entry is in the manifest.
-- Dates are ISO-8601 UTC (`2026-07-02T09:30:00.000Z`).
CREATE TABLE ledger_entries (
    id         INTEGER PRIMARY KEY,
    section    TEXT NOT NULL CHECK (section IN ('waiver', 'island')),
    entry_key  TEXT NOT NULL,
    feature    TEXT NOT NULL,
    subject    TEXT NOT NULL,
    platform   TEXT,
    body       TEXT NOT NULL,
    valid_from TEXT NOT NULL,
    valid_to   TEXT,
    CHECK (valid_to IS NULL OR valid_to >= valid_from)
) STRICT;
CREATE UNIQUE INDEX ledger_entries_current ON ledger_entries(section, entry_key) WHERE valid_to IS NULL;

-- The ledger as it stands (entries not closed).
CREATE VIEW ledger AS
    SELECT section, entry_key, feature, subject, platform, body, valid_from
    FROM ledger_entries WHERE valid_to IS NULL;

-- Named, dated reports. id orders them by when they were (re)written; report: compact canonical JSON.
CREATE TABLE milestones (
    id         INTEGER PRIMARY KEY,
    name       TEXT NOT NULL UNIQUE,
    created_at TEXT NOT NULL,
    report     BLOB NOT NULL
) STRICT;
