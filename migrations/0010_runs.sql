-- Verify runs and their per-fixture results, per platform.

-- status: a run *passed* when every fixture passed and the runner held up; ended_early: the
-- runner kept failing and the run stopped (runner_failure says why).
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
) STRICT;
CREATE INDEX runs_by_platform ON runs(platform, id);

-- One row per fixture per run. failure_kind: state | effects | link | refused | runner | malformed
-- | not-run. step is 0-based (steps.idx); path is the first divergent JSON path.
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

-- The latest result of every fixture per platform.
CREATE VIEW latest_results AS
    SELECT r.platform, rr.fixture, rr.status, rr.failure_kind, rr.step, rr.path, r.started_at, r.id AS run_id
    FROM run_results rr JOIN runs r ON r.id = rr.run_id
    WHERE r.id = (SELECT max(r2.id) FROM runs r2 JOIN run_results rr2 ON rr2.run_id = r2.id
                  WHERE r2.platform = r.platform AND rr2.fixture = rr.fixture);
