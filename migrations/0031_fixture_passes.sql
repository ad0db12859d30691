-- The test cache of verify and the restore drill: per gate, platform and fixture, the behaviour it last
-- passed with (fixtures.projection_hash) and what it was judged with (judged_with: a hash of the
-- runner's build, its command and its describe answer, and for the drill the structures and the spine
-- limit), the run that replayed it, and its size. One row per fixture, updated in place — never a row
-- per run. A fixture whose row matches the current inputs is not replayed again (unless --all); a
-- fixture that fails loses its row. Rows exist only for runners that could be identified.
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
