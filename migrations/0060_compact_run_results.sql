-- A stored run keeps its failures in full and its passes as one value, never a row per fixture.
-- passes: the replayed fixtures that passed, in name order, with the steps each ran (PassSet's
-- front-coded form); run_results keeps a row only for a fixture that did not pass. Runs stored
-- before this migration keep their pass rows, and read back the same.
ALTER TABLE runs ADD COLUMN passes BLOB;

-- latest_results listed a row per fixture; passes are no longer rows, so the view a sqlite3 user
-- asks is the fixtures that did not pass in each platform's latest run (any scope).
DROP VIEW latest_results;
CREATE VIEW latest_failures AS
    SELECT r.platform, rr.fixture, rr.status, rr.failure_kind, rr.step, rr.path, r.started_at, r.id AS run_id
    FROM runs r JOIN run_results rr ON rr.run_id = r.id
    WHERE rr.status <> 'passed' AND r.id = (SELECT max(r2.id) FROM runs r2 WHERE r2.platform = r.platform);
