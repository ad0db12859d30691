-- What incremental gates and result files read of every fixture, in name order: its name, size and
-- behaviour hash (the rowid comes with every index). Covering, so a scan of a million-step corpus
-- reads this index only, not every fixture row.
CREATE INDEX fixtures_fingerprint ON fixtures(name, step_count, projection_hash, feature);
