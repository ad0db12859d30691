// Generated from the embedded migrations by `tools/embed-migrations.sh`. Do not edit: re-run the script.

extension EmptyCorpus {
    /// What `Migrator` makes a new corpus from while the migrations are the ones it was made from.
    static let embedded = EmptyCorpus(fingerprint: "9a4f252d2ecaa58b30fabf6e046ef810", script: ####"""
CREATE TABLE blobs (
    id    INTEGER PRIMARY KEY,
    hash  BLOB NOT NULL UNIQUE CHECK (length(hash) = 16),
    bytes BLOB NOT NULL
) STRICT;
CREATE TABLE corpus_meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
) STRICT;
CREATE TABLE scenarios (
    id              INTEGER PRIMARY KEY,
    fixture         TEXT NOT NULL UNIQUE,
    feature         TEXT NOT NULL,
    description     TEXT,
    source          TEXT,
    definition_blob INTEGER NOT NULL REFERENCES blobs(id)
) STRICT;
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
CREATE VIEW fixture_snapshots AS
    SELECT id AS fixture_id, NULL AS step, initial_blob AS snapshot FROM fixtures WHERE shape = 'leaf'
    UNION ALL
    SELECT fixture_id, idx, state_blob FROM steps WHERE state_blob IS NOT NULL;
CREATE TABLE feature_structures (
    feature TEXT PRIMARY KEY,
    origin  TEXT NOT NULL,
    actions TEXT NOT NULL DEFAULT '[]',   -- JSON array of action case names
    effects TEXT NOT NULL DEFAULT '[]'    -- JSON array of effect payload case names
) STRICT;
CREATE TABLE structure_fields (
    feature TEXT NOT NULL REFERENCES feature_structures(feature) ON DELETE CASCADE,
    path    TEXT NOT NULL,
    role    TEXT NOT NULL,
    shape   TEXT NOT NULL DEFAULT '',
    kinds   TEXT,
    PRIMARY KEY (feature, path)
) STRICT, WITHOUT ROWID;
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
CREATE TABLE snapshot_fields (
    feature    TEXT NOT NULL,
    snapshot   INTEGER NOT NULL REFERENCES blobs(id),
    field      TEXT NOT NULL,
    primitive  TEXT NOT NULL CHECK (primitive IN ('path', 'slot', 'tabs', 'stage')),
    kind_count INTEGER NOT NULL,
    PRIMARY KEY (feature, snapshot, field)
) STRICT, WITHOUT ROWID;
CREATE TABLE snapshot_kinds (
    feature  TEXT NOT NULL,
    snapshot INTEGER NOT NULL REFERENCES blobs(id),
    field    TEXT NOT NULL,
    depth    INTEGER NOT NULL,
    kind     TEXT NOT NULL,
    PRIMARY KEY (feature, snapshot, field, depth)
) STRICT, WITHOUT ROWID;
CREATE INDEX snapshot_kinds_by_kind ON snapshot_kinds(kind, snapshot);
CREATE TABLE island_summaries (
    feature      TEXT NOT NULL,
    snapshot     INTEGER NOT NULL REFERENCES blobs(id),
    field        TEXT NOT NULL,
    island       TEXT NOT NULL,
    summary_blob INTEGER NOT NULL REFERENCES blobs(id),
    PRIMARY KEY (feature, snapshot, field)
) STRICT, WITHOUT ROWID;
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
CREATE VIEW transitions AS
    SELECT f.name AS fixture, f.feature, t.step, t.field, t.primitive, t.depth,
           t.change, t.kind, t.action_case
    FROM step_transitions t JOIN fixtures f ON f.id = t.fixture_id;
CREATE VIEW fixtures_by_kind AS
    SELECT k.kind, f.feature, f.name AS fixture, count(*) AS snapshots
    FROM fixture_snapshots s
    JOIN fixtures f ON f.id = s.fixture_id
    JOIN snapshot_kinds k ON k.snapshot = s.snapshot AND k.feature = f.feature
    GROUP BY k.kind, f.name;
CREATE VIEW kind_coverage AS
    SELECT d.feature, d.field, d.primitive, d.kind, 1 AS declared,
           (SELECT count(*) FROM fixtures_by_kind b WHERE b.kind = d.kind AND b.feature = d.feature) AS fixtures
    FROM declared_kinds d
    UNION ALL
    SELECT o.feature, o.field, l.primitive, o.kind, 0 AS declared,
           (SELECT count(*) FROM fixtures_by_kind b WHERE b.kind = o.kind AND b.feature = o.feature) AS fixtures
    FROM (SELECT DISTINCT feature, field, kind FROM snapshot_kinds) o
    JOIN l0_fields l ON l.feature = o.feature AND l.field = o.field
    WHERE NOT EXISTS (SELECT 1 FROM declared_kinds d WHERE d.feature = o.feature AND d.field = o.field AND d.kind = o.kind);
CREATE VIEW verbs AS
    SELECT f.feature, t.action_case, t.field, t.primitive, t.change, t.kind,
           count(*) AS steps, count(DISTINCT t.fixture_id) AS fixtures
    FROM step_transitions t JOIN fixtures f ON f.id = t.fixture_id
    GROUP BY f.feature, t.action_case, t.field, t.change, t.kind;
CREATE TABLE tree_files (
    path     TEXT PRIMARY KEY,
    kind     TEXT NOT NULL CHECK (kind IN ('fixture', 'milestone')),
    name     TEXT NOT NULL,
    size     INTEGER NOT NULL,
    mtime_ns INTEGER NOT NULL,
    inode    INTEGER NOT NULL,
    hash     BLOB NOT NULL,
    racy     INTEGER NOT NULL CHECK (racy IN (0, 1))
) STRICT, WITHOUT ROWID;
CREATE UNIQUE INDEX tree_files_by_name ON tree_files(kind, name);
CREATE TABLE snapshot_spines (
    feature    TEXT NOT NULL,
    snapshot   INTEGER NOT NULL REFERENCES blobs(id),
    spine_blob INTEGER NOT NULL REFERENCES blobs(id),
    PRIMARY KEY (feature, snapshot)
) STRICT, WITHOUT ROWID;
CREATE VIEW spines AS
    SELECT f.name AS fixture, f.feature, s.step, s.snapshot, CAST(b.bytes AS TEXT) AS spine, length(b.bytes) AS bytes
    FROM fixture_snapshots s
    JOIN fixtures f ON f.id = s.fixture_id
    JOIN snapshot_spines p ON p.feature = f.feature AND p.snapshot = s.snapshot
    JOIN blobs b ON b.id = p.spine_blob;
CREATE TABLE runtime_only_fields (
    feature TEXT NOT NULL,
    path    TEXT NOT NULL,
    PRIMARY KEY (feature, path)
) STRICT, WITHOUT ROWID;
CREATE TABLE runs (
    id             INTEGER PRIMARY KEY,
    started_at     TEXT NOT NULL,
    platform       TEXT NOT NULL,
    runner         TEXT NOT NULL,
    status         TEXT NOT NULL CHECK (status IN ('passed', 'failed')),
    fixture_count  INTEGER NOT NULL,
    passed_count   INTEGER NOT NULL,
    failed_count   INTEGER NOT NULL,
    not_run_count  INTEGER NOT NULL,
    ended_early    INTEGER NOT NULL CHECK (ended_early IN (0, 1)),
    runner_failure TEXT,
    duration_ms    INTEGER NOT NULL
, scope TEXT, fixtures_hash TEXT, manifest_hash TEXT, structures_hash TEXT, runner_build TEXT, describe_hash TEXT, reused_count INTEGER NOT NULL DEFAULT 0, reused_since INTEGER, passes BLOB) STRICT;
CREATE INDEX runs_by_platform ON runs(platform, id);
CREATE TABLE run_results (
    run_id       INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    fixture      TEXT NOT NULL,
    status       TEXT NOT NULL CHECK (status IN ('passed', 'failed')),
    steps_run    INTEGER NOT NULL,
    failure_kind TEXT,
    step         INTEGER,
    label        TEXT,
    action       TEXT,
    path         TEXT,
    expected     TEXT,
    actual       TEXT,
    message      TEXT,
    source       TEXT,
    PRIMARY KEY (run_id, fixture)
) STRICT, WITHOUT ROWID;
CREATE INDEX run_results_by_fixture ON run_results(fixture, run_id);
CREATE TABLE runner_describes (
    platform       TEXT NOT NULL,
    feature        TEXT NOT NULL,
    structure_blob INTEGER NOT NULL REFERENCES blobs(id),
    PRIMARY KEY (platform, feature)
) STRICT, WITHOUT ROWID;
CREATE TABLE drill_runs (
    id              INTEGER PRIMARY KEY,
    started_at      TEXT NOT NULL,
    platform        TEXT NOT NULL,
    runner          TEXT NOT NULL,
    scope           TEXT NOT NULL CHECK (scope IN ('full', 'filtered')),
    filter          TEXT,
    status          TEXT NOT NULL CHECK (status IN ('passed', 'failed')),
    fixture_count   INTEGER NOT NULL,
    snapshot_count  INTEGER NOT NULL,
    step_count      INTEGER NOT NULL,
    finding_count   INTEGER NOT NULL,
    ruled_count     INTEGER NOT NULL,
    max_spine_bytes INTEGER NOT NULL,
    ended_early     INTEGER NOT NULL CHECK (ended_early IN (0, 1)),
    runner_failure  TEXT,
    duration_ms     INTEGER NOT NULL
, fixtures_hash TEXT, manifest_hash TEXT, structures_hash TEXT, runner_build TEXT, describe_hash TEXT, reused_count INTEGER NOT NULL DEFAULT 0, reused_since INTEGER) STRICT;
CREATE INDEX drill_runs_by_platform ON drill_runs(platform, scope, id);
CREATE TABLE drill_findings (
    run_id   INTEGER NOT NULL REFERENCES drill_runs(id) ON DELETE CASCADE,
    seq      INTEGER NOT NULL,
    fixture  TEXT NOT NULL,
    step     INTEGER,
    node     TEXT,
    rule     TEXT NOT NULL,
    path     TEXT,
    expected TEXT,
    actual   TEXT,
    message  TEXT,
    ruling   TEXT,
    PRIMARY KEY (run_id, seq)
) STRICT, WITHOUT ROWID;
CREATE INDEX drill_findings_by_fixture ON drill_findings(fixture, run_id);
CREATE VIEW latest_drills AS
    SELECT * FROM drill_runs d
    WHERE d.scope = 'full' AND d.id = (SELECT max(d2.id) FROM drill_runs d2 WHERE d2.platform = d.platform AND d2.scope = 'full');
CREATE INDEX runs_full_by_platform ON runs(platform, id) WHERE scope = 'full';
CREATE INDEX fixtures_by_initial ON fixtures(initial_blob);
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
CREATE VIEW island_statistics AS
    SELECT island, feature, field, count(*) AS snapshots, count(DISTINCT summary_blob) AS summaries
    FROM island_summaries
    GROUP BY island, feature, field;
CREATE TABLE ledger_entries (
    id         INTEGER PRIMARY KEY,
    section    TEXT NOT NULL CHECK (section IN ('waiver', 'island')),
    entry_key  TEXT NOT NULL,
    feature    TEXT NOT NULL,
    subject    TEXT NOT NULL,
    platform   TEXT,
    body       TEXT NOT NULL,
    valid_from TEXT NOT NULL,
    valid_to   TEXT, opened_by TEXT, closed_by TEXT,
    CHECK (valid_to IS NULL OR valid_to >= valid_from)
) STRICT;
CREATE UNIQUE INDEX ledger_entries_current ON ledger_entries(section, entry_key) WHERE valid_to IS NULL;
CREATE VIEW ledger AS
    SELECT section, entry_key, feature, subject, platform, body, valid_from
    FROM ledger_entries WHERE valid_to IS NULL;
CREATE TABLE milestones (
    id         INTEGER PRIMARY KEY,
    name       TEXT NOT NULL UNIQUE,
    created_at TEXT NOT NULL,
    report     BLOB NOT NULL
) STRICT;
CREATE INDEX step_transitions_by_kind_and_step ON step_transitions(kind, fixture_id, step, field, depth, change, action_case);
CREATE INDEX fixtures_by_feature_and_initial ON fixtures(feature, initial_blob);
CREATE TABLE audits (
    id         INTEGER PRIMARY KEY,
    created_at TEXT NOT NULL,
    holds      INTEGER NOT NULL CHECK (holds IN (0, 1)),
    findings   INTEGER NOT NULL,
    report     BLOB NOT NULL
, fixtures_hash TEXT, manifest_hash TEXT, structures_hash TEXT, sources_hash TEXT, base TEXT) STRICT;
CREATE TABLE fixture_passes (
    gate        TEXT NOT NULL CHECK (gate IN ('verify', 'drill')),
    platform    TEXT NOT NULL,
    fixture     TEXT NOT NULL,
    behaviour   BLOB NOT NULL,
    judged_with BLOB NOT NULL,
    run_id      INTEGER NOT NULL,
    steps       INTEGER NOT NULL,
    snapshots   INTEGER NOT NULL,
    PRIMARY KEY (fixture, gate, platform)
) STRICT, WITHOUT ROWID;
CREATE TABLE runner_builds (
    build         TEXT NOT NULL,
    command       TEXT NOT NULL,
    platform      TEXT NOT NULL,
    describe_hash TEXT NOT NULL,
    describe      BLOB NOT NULL,
    seen_at       TEXT NOT NULL,
    PRIMARY KEY (build, command)
) STRICT, WITHOUT ROWID;
CREATE INDEX runner_builds_by_platform ON runner_builds(platform, seen_at);
CREATE TABLE check_results (
    id              INTEGER PRIMARY KEY,
    kind            TEXT NOT NULL CHECK (kind IN ('lint', 'census')),
    created_at      TEXT NOT NULL,
    holds           INTEGER NOT NULL CHECK (holds IN (0, 1)),
    findings        INTEGER NOT NULL,
    fixtures_hash   TEXT NOT NULL,
    manifest_hash   TEXT,
    structures_hash TEXT NOT NULL,
    describes_hash  TEXT,
    report          BLOB NOT NULL
) STRICT;
CREATE INDEX check_results_by_kind ON check_results(kind, id);
CREATE INDEX fixtures_fingerprint ON fixtures(name, step_count, projection_hash, feature);
CREATE TABLE "pending_recordings" (
    name            TEXT PRIMARY KEY,
    reason          TEXT NOT NULL CHECK (reason IN ('new', 'changed', 'diverged')),
    producer        TEXT NOT NULL DEFAULT 'record',
    feature         TEXT,
    recorded_at     TEXT NOT NULL,
    document        BLOB NOT NULL,
    step            INTEGER,
    path            TEXT,
    expected        TEXT,
    actual          TEXT,
    base            TEXT NOT NULL DEFAULT 'unknown' CHECK (base IN ('absent', 'file', 'unknown')),
    base_hash       BLOB CHECK ((base = 'file') = (base_hash IS NOT NULL)),
    answers         BLOB,
    recording_stamp TEXT,
    sidecar_stamp   TEXT,
    racy            INTEGER NOT NULL DEFAULT 0 CHECK (racy IN (0, 1))
) STRICT;
CREATE TABLE explore_runs (
    id             INTEGER PRIMARY KEY,
    started_at     TEXT NOT NULL,
    platforms      TEXT NOT NULL,
    scope          TEXT NOT NULL CHECK (scope IN ('full', 'filtered')),
    filter         TEXT,
    status         TEXT NOT NULL CHECK (status IN ('passed', 'failed')),
    seed           INTEGER NOT NULL,
    budget         INTEGER NOT NULL,
    depth          INTEGER NOT NULL,
    steps          INTEGER NOT NULL,
    walks          INTEGER NOT NULL,
    restores       INTEGER NOT NULL,
    finding_count  INTEGER NOT NULL,
    runner_failure TEXT,
    duration_ms    INTEGER NOT NULL
) STRICT;
CREATE TABLE explore_coverage (
    run_id      INTEGER NOT NULL REFERENCES explore_runs(id) ON DELETE CASCADE,
    feature     TEXT NOT NULL,
    action_case TEXT NOT NULL,
    kind        TEXT NOT NULL DEFAULT '',
    change      TEXT NOT NULL DEFAULT '' CHECK (change IN ('', 'entered', 'left')),
    count       INTEGER NOT NULL,
    PRIMARY KEY (run_id, feature, action_case, kind, change)
) STRICT, WITHOUT ROWID;
CREATE TABLE explore_findings (
    run_id        INTEGER NOT NULL REFERENCES explore_runs(id) ON DELETE CASCADE,
    name          TEXT NOT NULL,
    feature       TEXT NOT NULL,
    kind          TEXT NOT NULL,
    step          INTEGER NOT NULL,
    path          TEXT,
    signature     TEXT NOT NULL,
    occurrences   INTEGER NOT NULL,
    explored      INTEGER NOT NULL,
    shrunk        INTEGER NOT NULL,
    start_fixture TEXT,
    start_step    INTEGER,
    message       TEXT NOT NULL,
    resolved_at   TEXT,
    PRIMARY KEY (run_id, name)
) STRICT, WITHOUT ROWID;
CREATE INDEX explore_findings_by_name ON explore_findings(name, run_id);
CREATE TABLE explore_answers (
    run_id   INTEGER NOT NULL,
    name     TEXT NOT NULL,
    platform TEXT NOT NULL,
    step     INTEGER NOT NULL,
    state    TEXT,
    effects  TEXT,
    error    TEXT,
    PRIMARY KEY (run_id, name, platform, step),
    FOREIGN KEY (run_id, name) REFERENCES explore_findings(run_id, name) ON DELETE CASCADE
) STRICT, WITHOUT ROWID;
CREATE TABLE run_divergent_states (
    run_id  INTEGER NOT NULL,
    fixture TEXT NOT NULL,
    state   BLOB NOT NULL,
    PRIMARY KEY (run_id, fixture),
    FOREIGN KEY (run_id, fixture) REFERENCES run_results(run_id, fixture) ON DELETE CASCADE
) STRICT, WITHOUT ROWID;
CREATE VIEW latest_failures AS
    SELECT r.platform, rr.fixture, rr.status, rr.failure_kind, rr.step, rr.path, r.started_at, r.id AS run_id
    FROM runs r JOIN run_results rr ON rr.run_id = r.id
    WHERE rr.status <> 'passed' AND r.id = (SELECT max(r2.id) FROM runs r2 WHERE r2.platform = r.platform);
CREATE TABLE kind_counts (
    feature  TEXT NOT NULL,
    field    TEXT NOT NULL,
    kind     TEXT NOT NULL,
    fixtures INTEGER NOT NULL CHECK (fixtures >= 0),
    steps    INTEGER NOT NULL CHECK (steps >= 0),
    PRIMARY KEY (feature, field, kind)
) STRICT, WITHOUT ROWID;
CREATE VIEW census_fields AS
    SELECT sf.feature, sf.path AS field, sf.role AS primitive,
           EXISTS (SELECT 1 FROM kind_counts k WHERE k.feature = sf.feature AND k.field = sf.path) AS observed
    FROM structure_fields sf
    WHERE sf.role IN ('path', 'slot', 'tabs', 'stage');
INSERT INTO "schema_migrations" VALUES(1,'0001_core.sql','a76d18f1832580094971fadc7ce71b20');
INSERT INTO "schema_migrations" VALUES(2,'0002_structure.sql','7880654cf801c88b410c2ce5f11465b8');
INSERT INTO "schema_migrations" VALUES(3,'0003_structural_index.sql','4f9320b1f24ae7ee2ac6d30c33f07815');
INSERT INTO "schema_migrations" VALUES(4,'0004_index_views.sql','c24750c6e9301449925c7605ae683946');
INSERT INTO "schema_migrations" VALUES(5,'0005_tree_files.sql','0a2c2ad1027a7b822bd4faba7662abfc');
INSERT INTO "schema_migrations" VALUES(6,'0006_spines.sql','b043aea57d96ca75d95f5956d97abf8e');
INSERT INTO "schema_migrations" VALUES(7,'0007_runtime_only_fields.sql','9b8f64d81f32494be0e372443420d6f1');
INSERT INTO "schema_migrations" VALUES(10,'0010_runs.sql','9aa2f56fa5f55aa29278f41ce2e31dad');
INSERT INTO "schema_migrations" VALUES(11,'0011_pending.sql','2f4ae13f8740a1b563ea744754d9d230');
INSERT INTO "schema_migrations" VALUES(12,'0012_runner_describes.sql','e0bea2b02552abcc8c575f0aec3aad44');
INSERT INTO "schema_migrations" VALUES(13,'0013_drill_runs.sql','e1ea6ed05c00f46f147b4cba7cd409d0');
INSERT INTO "schema_migrations" VALUES(14,'0014_run_scope.sql','d2477eae05dbaa37a85da95bfaf99698');
INSERT INTO "schema_migrations" VALUES(20,'0020_questions.sql','6879e95dab1b8dc1427861a59ae7434e');
INSERT INTO "schema_migrations" VALUES(21,'0021_touches_index.sql','10c612485e88b4456f5804c812ca8ae6');
INSERT INTO "schema_migrations" VALUES(22,'0022_initial_states_index.sql','28eb93a06c50c41529d794bc160a634c');
INSERT INTO "schema_migrations" VALUES(23,'0023_drop_redundant_transitions_index.sql','0ec42cf8f1b8c4d7e8742cb3f834fa9d');
INSERT INTO "schema_migrations" VALUES(24,'0024_audits.sql','ba7e677a3f30eb3a97504a62fbdb8fb3');
INSERT INTO "schema_migrations" VALUES(25,'0025_ledger_commits.sql','1c132ae54fd11c0c845c400ff3d70507');
INSERT INTO "schema_migrations" VALUES(30,'0030_provenance.sql','7e12d52f891b38368b9b05b6784867ac');
INSERT INTO "schema_migrations" VALUES(31,'0031_fixture_passes.sql','a0199fdeddf3794f3206fc70c15b9755');
INSERT INTO "schema_migrations" VALUES(32,'0032_runner_builds.sql','63b732293d517987b399d0ae74e4a62e');
INSERT INTO "schema_migrations" VALUES(33,'0033_check_results.sql','58c519e4146aa8fb24eca515f4d0b9cf');
INSERT INTO "schema_migrations" VALUES(34,'0034_fixture_fingerprints.sql','05c60579a1bb3a5c4cb759a5b6c39077');
INSERT INTO "schema_migrations" VALUES(35,'0035_pending_files.sql','b4fd4c3a81008183f207b1311e7878bf');
INSERT INTO "schema_migrations" VALUES(40,'0040_explore_runs.sql','0d1b469a63a40133d0565b17566294ff');
INSERT INTO "schema_migrations" VALUES(45,'0045_run_divergent_states.sql','7599cfcb7a7fc89fca7eb8612c3fa554');
INSERT INTO "schema_migrations" VALUES(60,'0060_compact_run_results.sql','8e3d71507a598213ad4b09f58118f0cf');
INSERT INTO "schema_migrations" VALUES(61,'0061_kept_answers.sql','2dd0d74a496dc317c9d848fc4502174d');
INSERT INTO "schema_migrations" VALUES(62,'0062_census_fields_from_kind_counts.sql','ed9a380bd224ebc24968abd3a85938cd');
"""####)
}
