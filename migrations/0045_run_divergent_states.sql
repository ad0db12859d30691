-- The whole state a platform answered at a fixture's first divergent step (failure_kind 'state'),
-- compact canonical JSON: what the navigation map draws as the transition that platform took
-- instead of the recorded one. A result without a row here diverged elsewhere, or was stored
-- before this table existed; its divergent step shows no transition for that platform.
CREATE TABLE run_divergent_states (
    run_id  INTEGER NOT NULL,
    fixture TEXT NOT NULL,
    state   BLOB NOT NULL,
    PRIMARY KEY (run_id, fixture),
    FOREIGN KEY (run_id, fixture) REFERENCES run_results(run_id, fixture) ON DELETE CASCADE
) STRICT, WITHOUT ROWID;
