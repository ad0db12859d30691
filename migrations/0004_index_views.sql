-- Plain-named views over the structural index, for `sqlite3 corpus.db` users.

-- Every kind entered or left, per fixture and step.
CREATE VIEW transitions AS
    SELECT f.name AS fixture, f.feature, t.step, t.field, t.primitive, t.depth,
           t.change, t.kind, t.action_case
    FROM step_transitions t JOIN fixtures f ON f.id = t.fixture_id;

-- Which fixtures hold a snapshot showing a kind, and in how many snapshots.
CREATE VIEW fixtures_by_kind AS
    SELECT k.kind, f.feature, f.name AS fixture, count(*) AS snapshots
    FROM fixture_snapshots s
    JOIN fixtures f ON f.id = s.fixture_id
    JOIN snapshot_kinds k ON k.snapshot = s.snapshot AND k.feature = f.feature
    GROUP BY k.kind, f.name;

-- Every declared or observed kind with the number of fixtures reaching it (0 = never reached).
CREATE VIEW kind_coverage AS
    SELECT d.feature, d.field, d.primitive, d.kind, 1 AS declared,
           (SELECT count(*) FROM fixtures_by_kind b WHERE b.kind = d.kind AND b.feature = d.feature) AS fixtures
    FROM declared_kinds d
    UNION ALL
    SELECT o.feature, o.field, l.primitive, o.kind, 0 AS declared,
           (SELECT count(*) FROM fixtures_by_kind b WHERE b.kind = o.kind AND b.feature = o.feature) AS fixtures
    FROM (SELECT DISTINCT feature, field, kind FROM snapshot_kinds) o
    JOIN l0_fields l ON l.feature = o.feature AND l.field = o.field
    WHERE NOT EXISTS (SELECT 1 FROM declared_kinds d WHERE d.feature = o.feature AND d.field = o.field AND d.kind = o.kind);

-- L2 verbs: which action cases change which L0 field, entering or leaving which kind.
CREATE VIEW verbs AS
    SELECT f.feature, t.action_case, t.field, t.primitive, t.change, t.kind,
           count(*) AS steps, count(DISTINCT t.fixture_id) AS fixtures
    FROM step_transitions t JOIN fixtures f ON f.id = t.fixture_id
    GROUP BY f.feature, t.action_case, t.field, t.change, t.kind;
