-- Explore runs (`duet explore`): generated action sequences replayed on every platform asked for.

-- platforms: the platforms compared, comma-separated and sorted; scope: 'full' when every explorable
-- feature was explored, 'filtered' under --feature (filter says which). status: a run *passed* when
-- it explored something, found nothing and every runner held up. budget: steps allowed; steps: steps
-- sent to every runner; walks: sequences generated; restores: explored walks restore-drilled.
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

-- What a run reached, per feature: an action case the runners reduced (kind and change NULL), or an
-- L0 transition — kind entered or left by that action case — as the structural index records them
-- for fixtures (step_transitions). count: how many explored steps did so.
CREATE TABLE explore_coverage (
    run_id      INTEGER NOT NULL REFERENCES explore_runs(id) ON DELETE CASCADE,
    feature     TEXT NOT NULL,
    action_case TEXT NOT NULL,
    kind        TEXT NOT NULL DEFAULT '',
    change      TEXT NOT NULL DEFAULT '' CHECK (change IN ('', 'entered', 'left')),
    count       INTEGER NOT NULL,
    PRIMARY KEY (run_id, feature, action_case, kind, change)
) STRICT, WITHOUT ROWID;

-- One row per finding, shrunk. name: the pending recording it was written as
-- (explore.<feature>.<hash>); kind: state | effects | refused | crash | restore rule names; step:
-- 0-based step of the recording where it shows; path: first divergent JSON path; signature: what
-- findings are deduplicated by; occurrences: walks that showed it; resolved_at: when a replay found
-- the platforms agreeing (NULL while open).
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

-- What each platform answered at every step of a finding's recording: its canonical state and
-- effects, or its refusal or failure (error). Both sides are kept so `pending show` can put them
-- side by side.
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
