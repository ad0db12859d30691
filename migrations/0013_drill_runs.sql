-- Restore drill runs (`duet drill restore`) per platform, and their findings.

-- scope: 'full' when every stored fixture was drilled, 'filtered' under --feature / --fixture
-- (filter says which). status: a run *passed* when it found nothing and the runner held up.
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
) STRICT;
CREATE INDEX drill_runs_by_platform ON drill_runs(platform, scope, id);

-- One row per finding. step: 0-based (NULL: the fixture's initial state); node: the feature drilled
-- (a chain's node); rule: round-trip | carry-on | island-summary | island-empty-boundary | island-l0 |
-- spine-size | runtime-only | refused | no-structure | malformed | runner | not-run; path: the first
-- divergent JSON path in the spine; expected / actual: the canonical fragments there; ruling: the
-- reason of the drill.rulings entry that accepts it (NULL: the finding fails the run).
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

-- The latest full drill of each platform.
CREATE VIEW latest_drills AS
    SELECT * FROM drill_runs d
    WHERE d.scope = 'full' AND d.id = (SELECT max(d2.id) FROM drill_runs d2 WHERE d2.platform = d.platform AND d2.scope = 'full');
