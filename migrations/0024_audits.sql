-- Host-source audits (`duet audit PATH…`): one row per run, newest last. report: the AuditReport as
-- compact canonical JSON (paths, files read, L0 fields looked for, findings with file:line and rule).
-- The milestone carries the latest one.
CREATE TABLE audits (
    id         INTEGER PRIMARY KEY,
    created_at TEXT NOT NULL,
    holds      INTEGER NOT NULL CHECK (holds IN (0, 1)),
    findings   INTEGER NOT NULL,
    report     BLOB NOT NULL
) STRICT;
