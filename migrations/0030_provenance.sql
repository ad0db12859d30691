-- What each stored result judged. fixtures_hash: the fixture set (CorpusContentHash over each judged
-- fixture's name and behavioural projection, hex); manifest_hash: parity/manifest.yaml's bytes (NULL:
-- no manifest); structures_hash: the feature structures stored when it ran; runner_build: what the
-- runner's handshake said in "build", or `exe:HASH` of the executable the client launched (NULL: the
-- runner could not be identified); describe_hash: its describe answer (NULL: none). A result stands
-- for now only when these equal the current inputs. Rows stored before this migration have NULLs: they
-- never stand for now.
-- reused_count: fixtures of a full run that were not replayed because they passed before with the
-- same behaviour and runner (fixture_passes); reused_since: the latest run they were replayed in. A run
-- keeps result rows (run_results) for the fixtures it replayed only.
ALTER TABLE runs ADD COLUMN fixtures_hash TEXT;
ALTER TABLE runs ADD COLUMN manifest_hash TEXT;
ALTER TABLE runs ADD COLUMN structures_hash TEXT;
ALTER TABLE runs ADD COLUMN runner_build TEXT;
ALTER TABLE runs ADD COLUMN describe_hash TEXT;
ALTER TABLE runs ADD COLUMN reused_count INTEGER NOT NULL DEFAULT 0;
ALTER TABLE runs ADD COLUMN reused_since INTEGER;

ALTER TABLE drill_runs ADD COLUMN fixtures_hash TEXT;
ALTER TABLE drill_runs ADD COLUMN manifest_hash TEXT;
ALTER TABLE drill_runs ADD COLUMN structures_hash TEXT;
ALTER TABLE drill_runs ADD COLUMN runner_build TEXT;
ALTER TABLE drill_runs ADD COLUMN describe_hash TEXT;
ALTER TABLE drill_runs ADD COLUMN reused_count INTEGER NOT NULL DEFAULT 0;
ALTER TABLE drill_runs ADD COLUMN reused_since INTEGER;

-- An audit judged host sources against the structures: sources_hash covers every file it read (its
-- path as given and its bytes); base is the directory its paths are relative to, so a report can
-- check the same files again.
ALTER TABLE audits ADD COLUMN fixtures_hash TEXT;
ALTER TABLE audits ADD COLUMN manifest_hash TEXT;
ALTER TABLE audits ADD COLUMN structures_hash TEXT;
ALTER TABLE audits ADD COLUMN sources_hash TEXT;
ALTER TABLE audits ADD COLUMN base TEXT;
