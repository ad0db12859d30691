/// One stretch of a fixture during which a kind is present in one L0 field (at one path depth):
/// from the step that entered it (or the initial state) to the step that left it (or the end).
public struct KindSpan: Sendable, Codable, Equatable {
    public var fixture: String
    public var feature: String
    public var kind: String
    public var field: String
    /// 1-based position in a path (1 = bottom of the stack); 0 for slot, tabs and stage.
    public var depth: Int
    /// 0-based step whose snapshot first holds the kind; nil when the initial state already does.
    public var enteredAt: Int?
    /// The action case of that step: the L2 verb that entered the kind.
    public var enteredBy: String?
    /// The step whose snapshot no longer holds it; nil when it is still present after the last step.
    public var leftAt: Int?
    public var leftBy: String?
    /// How many of the fixture's snapshots (initial state included) hold the kind during this stretch.
    public var snapshots: Int
}

/// Every fixture and step touching the kinds a pattern names.
public struct KindTouches: Sendable, Codable {
    public var pattern: String
    /// The kind ids looked up.
    public var kinds: [String]
    /// Sorted by fixture, kind, field, depth, entry step (initial first).
    public var spans: [KindSpan]

    /// The distinct fixtures, in order.
    public var fixtures: [String] {
        var seen = Set<String>()
        return spans.compactMap { seen.insert($0.fixture).inserted ? $0.fixture : nil }
    }
}

extension Corpus {
    /// Where a kind is present, entered or left, with the verb of each transition.
    ///
    /// ```swift
    /// let found = try corpus.touches(KindPattern("capture.slot.camera"))
    /// found.fixtures                       // ["capture.camera", …]
    /// found.spans.map(\.enteredBy)         // the verbs that opened it
    /// ```
    ///
    /// Spans come from the indexed transitions plus the initial states holding the kind: the
    /// index records every change between consecutive snapshots, so no snapshot row is read.
    public func touches(_ pattern: KindPattern) throws -> KindTouches {
        struct Lane: Hashable { var fixture: Int64; var field: String; var depth: Int }
        struct Open {
            var kind: String; var lane: Lane; var enteredAt: Int?; var enteredBy: String?
            func span(leftAt: Int?, leftBy: String?) -> KindSpan {
                KindSpan(fixture: "", feature: "", kind: kind, field: lane.field, depth: lane.depth, enteredAt: enteredAt,
                         enteredBy: enteredBy, leftAt: leftAt, leftBy: leftBy, snapshots: 0)
            }
        }
        let kinds = try pattern.kindIDs(in: self)
        var spans: [(lane: Lane, span: KindSpan)] = []
        for kind in kinds {
            // Lanes open at the start: the initial states holding the kind, by fixture.
            var initiallyOpen: [Int64: [Open]] = [:]
            // Initial states: each distinct one of the feature is probed once (branches share them).
            try database.cachedStatement("""
                SELECT f.id, k.field, k.depth
                FROM (SELECT DISTINCT initial_blob AS blob FROM fixtures WHERE feature = ?2 AND initial_blob IS NOT NULL) i
                CROSS JOIN snapshot_kinds k ON k.kind = ?1 AND k.snapshot = i.blob AND k.feature = ?2
                JOIN fixtures f ON f.feature = ?2 AND f.initial_blob = i.blob AND f.shape = 'leaf'
                """).forEachRow([.text(kind), .text(String(kind.prefix { $0 != "." }))]) { row in
                let lane = Lane(fixture: row.int64(at: 0), field: row.text(at: 1) ?? "", depth: row.int(at: 2))
                initiallyOpen[lane.fixture, default: []].append(Open(kind: kind, lane: lane, enteredAt: nil, enteredBy: nil))
            }
            // Transitions in fixture and step order, from the covering index alone; a fixture has
            // few lanes open at once, so they live in a small array rather than a hash table.
            var fixture: Int64 = -1
            var open: [Open] = []
            func finishFixture() {
                spans += open.map { ($0.lane, $0.span(leftAt: nil, leftBy: nil)) }
                open.removeAll(keepingCapacity: true)
            }
            try database.cachedStatement("""
                SELECT fixture_id, field, depth, step, change = 'entered', action_case
                FROM step_transitions WHERE kind = ?1 ORDER BY fixture_id, step
                """).forEachRow([.text(kind)]) { row in
                let id = row.int64(at: 0)
                if id != fixture {
                    finishFixture()
                    fixture = id
                    open = initiallyOpen.removeValue(forKey: id) ?? []
                }
                let lane = Lane(fixture: id, field: row.text(at: 1) ?? "", depth: row.int(at: 2))
                let step = row.int(at: 3)
                let verb = row.isNull(at: 5) ? nil : row.text(at: 5)
                let index = open.firstIndex { $0.lane.depth == lane.depth && $0.lane.field == lane.field }
                if row.int(at: 4) == 1 {
                    let entered = Open(kind: kind, lane: lane, enteredAt: step, enteredBy: verb)
                    if let index {
                        spans.append((lane, open[index].span(leftAt: nil, leftBy: nil)))
                        open[index] = entered
                    } else {
                        open.append(entered)
                    }
                } else {
                    let entered = index.map { open.remove(at: $0) } ?? Open(kind: kind, lane: lane, enteredAt: nil, enteredBy: nil)
                    spans.append((lane, entered.span(leftAt: step, leftBy: verb)))
                }
            }
            finishFixture()
            for lanes in initiallyOpen.values { spans += lanes.map { ($0.lane, $0.span(leftAt: nil, leftBy: nil)) } }
        }
        // Name, feature and length of each fixture touched, in name order (one statement).
        let ids = "[" + Set(spans.map(\.lane.fixture)).map(String.init).joined(separator: ",") + "]"
        var fixtures: [Int64: (rank: Int, name: String, feature: String, steps: Int)] = [:]
        fixtures.reserveCapacity(spans.count)
        try database.cachedStatement("""
            SELECT f.id, f.name, f.feature, f.step_count FROM json_each(?1) j CROSS JOIN fixtures f ON f.id = j.value ORDER BY f.name
            """).forEachRow([.text(ids)]) { row in
            fixtures[row.int64(at: 0)] = (fixtures.count, row.text(at: 1) ?? "", row.text(at: 2) ?? "", row.int(at: 3))
        }
        // Sort positions on small keys rather than moving whole spans around.
        let ranks = spans.map { fixtures[$0.lane.fixture]?.rank ?? Int.max }
        let order = spans.indices.sorted { a, b in
            if ranks[a] != ranks[b] { return ranks[a] < ranks[b] }
            let x = spans[a].span, y = spans[b].span
            if x.kind != y.kind { return x.kind < y.kind }
            if x.field != y.field { return x.field < y.field }
            if x.depth != y.depth { return x.depth < y.depth }
            return (x.enteredAt ?? -1) < (y.enteredAt ?? -1)
        }
        let sorted = order.map { index -> KindSpan in
            var span = spans[index].span
            let fixture = fixtures[spans[index].lane.fixture] ?? (Int.max, "", "", 0)
            span.fixture = fixture.name
            span.feature = fixture.feature
            return span.counted(steps: fixture.steps)
        }
        return KindTouches(pattern: pattern.description, kinds: kinds, spans: sorted)
    }
}

extension KindSpan {
    /// Fills `snapshots`: up to the step that left it, else through the fixture's last step.
    fileprivate func counted(steps: Int) -> KindSpan {
        var span = self
        let first = enteredAt.map { $0 + 1 } ?? 0          // snapshot positions: 0 = initial, n = after step n-1
        let end = leftAt.map { $0 + 1 } ?? (steps + 1)       // exclusive
        span.snapshots = max(0, end - first)
        return span
    }
}
