-- Lint and census results with what they judged (see 0030 for the hash columns; describes_hash: every
-- platform's stored describe answer, which lint's parity rule compares). report: the result as compact
-- canonical JSON. Only the latest 50 of each kind are kept.
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
