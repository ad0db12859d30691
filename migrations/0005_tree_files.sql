-- What the last tree sync saw of each file of record (parity/fixtures/*.fixture.json,
-- parity/milestones/*.json), so that an unchanged tree costs one stat per file. Local bookkeeping
-- of one checkout: a dump leaves its rows out. path is relative to the tree root; racy = 1 when the
-- file changed too close to the sync for its mtime to prove it unchanged later (hashed again next time).
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
