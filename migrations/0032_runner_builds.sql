-- What each runner build answered to describe, kept by its identity (the build, and the command that
-- started it: arguments may change what it serves): an identity is asked once, and the structure verbs
-- need (census, islands, the drill, the milestone, lint's parity rule) comes from here when no
-- recording stored one. describe: the answer as compact canonical JSON (an array of feature
-- structures); describe_hash: its content hash, hex.
CREATE TABLE runner_builds (
    build         TEXT NOT NULL,
    command       TEXT NOT NULL,
    platform      TEXT NOT NULL,
    describe_hash TEXT NOT NULL,
    describe      BLOB NOT NULL,
    seen_at       TEXT NOT NULL,
    PRIMARY KEY (build, command)
) STRICT, WITHOUT ROWID;
CREATE INDEX runner_builds_by_platform ON runner_builds(platform, seen_at);
