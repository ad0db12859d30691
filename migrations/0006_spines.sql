-- The spine of every indexed snapshot (DESIGN §1): its L0 fields and island boundary summaries as
-- one canonical object, written by `SpineLayout` from the feature's structure. Derived like the
-- structural index (`duet corpus check` re-derives every row). spine_blob: the spine's canonical
-- bytes in blobs, so identical spines are stored once. Features with no L0 field and no island have
-- no rows: their spine is `{}` in every state.
CREATE TABLE snapshot_spines (
    feature    TEXT NOT NULL,
    snapshot   INTEGER NOT NULL REFERENCES blobs(id),
    spine_blob INTEGER NOT NULL REFERENCES blobs(id),
    PRIMARY KEY (feature, snapshot)
) STRICT, WITHOUT ROWID;

-- Per fixture snapshot (step NULL: the initial state): its spine as text and its size in bytes.
CREATE VIEW spines AS
    SELECT f.name AS fixture, f.feature, s.step, s.snapshot, CAST(b.bytes AS TEXT) AS spine, length(b.bytes) AS bytes
    FROM fixture_snapshots s
    JOIN fixtures f ON f.id = s.fixture_id
    JOIN snapshot_spines p ON p.feature = f.feature AND p.snapshot = s.snapshot
    JOIN blobs b ON b.id = p.spine_blob;
