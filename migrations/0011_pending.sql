-- Recordings waiting for review (`duet pending`): a scenario with no fixture yet (reason 'new')
-- or one whose behaviour drifted from the stored fixture ('changed').
-- document: the would-be fixture document, compact canonical JSON.
-- step/path/expected/actual: where the recording first differs from the stored fixture.
CREATE TABLE pending_recordings (
    name        TEXT PRIMARY KEY,
    reason      TEXT NOT NULL CHECK (reason IN ('new', 'changed')),
    feature     TEXT,
    recorded_at TEXT NOT NULL,
    document    BLOB NOT NULL,
    step        INTEGER,
    path        TEXT,
    expected    TEXT,
    actual      TEXT
) STRICT;
