-- Pending recordings are files (parity/.pending/NAME.fixture.json and its sidecar NAME.pending.json);
-- this table is their index, kept by the tree sync, and carries what accepting needs to check.
-- reason: 'new' (no fixture of record yet), 'changed' (behaviour drifted), 'diverged' (the platforms
--   answered differently; answers holds each platform's recording).
-- producer: what wrote it ('record', 'explore', …).
-- base: the fixture file the recording was compared against — 'absent' (none existed), 'file'
--   (base_hash is its content hash), 'unknown' (never accepted).
-- answers: canonical JSON array of {platform, document, note?}, or NULL.
-- recording_stamp / sidecar_stamp: 'size:mtime_ns:inode' of the two files at the last sync;
--   recording_stamp NULL means only the corpus holds the recording (the next sync writes its files).
-- racy = 1 when a stamp was taken too close to the file's change to prove it unchanged later.
CREATE TABLE pending_recordings_indexed (
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
INSERT INTO pending_recordings_indexed (name, reason, feature, recorded_at, document, step, path, expected, actual)
    SELECT name, reason, feature, recorded_at, document, step, path, expected, actual FROM pending_recordings;
DROP TABLE pending_recordings;
ALTER TABLE pending_recordings_indexed RENAME TO pending_recordings;
