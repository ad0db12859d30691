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
    /// index records every change between consecutive snapshots, so no snapshot is read.
    public func touches(_ pattern: KindPattern) throws -> KindTouches {
        let kinds = try pattern.kindIDs(in: self)
        // CROSS JOIN keeps the feature's fixtures as the outer loop: a common kind is held by far
        // more snapshots than there are fixtures.
        let initial = try database.cachedStatement("""
            SELECT f.id, f.name, f.feature, f.step_count, k.field, k.depth
            FROM fixtures f CROSS JOIN snapshot_kinds k ON k.feature = f.feature AND k.snapshot = f.initial_blob
            WHERE f.feature = ?2 AND f.shape = 'leaf' AND k.kind = ?1
            """)
        let transitions = try database.cachedStatement("""
            SELECT f.id, f.name, f.feature, f.step_count, t.field, t.depth, t.step, t.change, t.action_case
            FROM step_transitions t JOIN fixtures f ON f.id = t.fixture_id
            WHERE t.kind = ?1
            ORDER BY t.fixture_id, t.step
            """)
        var spans: [KindSpan] = []
        for kind in kinds {
            let feature = String(kind.prefix { $0 != "." })
            struct Lane: Hashable { var fixture: Int64; var field: String; var depth: Int }
            var open: [Lane: KindSpan] = [:]
            var stepCounts: [Int64: Int] = [:]
            try initial.forEachRow([.text(kind), .text(feature)]) { row in
                let lane = Lane(fixture: row.int64(at: 0), field: row.text(at: 4) ?? "", depth: row.int(at: 5))
                stepCounts[lane.fixture] = row.int(at: 3)
                open[lane] = KindSpan(fixture: row.text(at: 1) ?? "", feature: row.text(at: 2) ?? "", kind: kind, field: lane.field,
                                      depth: lane.depth, enteredAt: nil, enteredBy: nil, leftAt: nil, leftBy: nil, snapshots: 0)
            }
            var closed: [KindSpan] = []
            try transitions.forEachRow([.text(kind)]) { row in
                let lane = Lane(fixture: row.int64(at: 0), field: row.text(at: 4) ?? "", depth: row.int(at: 5))
                stepCounts[lane.fixture] = row.int(at: 3)
                let step = row.int(at: 6)
                let verb = row.isNull(at: 8) ? nil : row.text(at: 8)
                if row.text(at: 7) == "entered" {
                    if let dangling = open[lane] { closed.append(dangling) }
                    open[lane] = KindSpan(fixture: row.text(at: 1) ?? "", feature: row.text(at: 2) ?? "", kind: kind, field: lane.field,
                                          depth: lane.depth, enteredAt: step, enteredBy: verb, leftAt: nil, leftBy: nil, snapshots: 0)
                } else {
                    var span = open.removeValue(forKey: lane) ?? KindSpan(
                        fixture: row.text(at: 1) ?? "", feature: row.text(at: 2) ?? "", kind: kind, field: lane.field, depth: lane.depth,
                        enteredAt: nil, enteredBy: nil, leftAt: nil, leftBy: nil, snapshots: 0)
                    span.leftAt = step
                    span.leftBy = verb
                    closed.append(span)
                }
            }
            for (lane, span) in open { closed.append(span.endingAfter(steps: stepCounts[lane.fixture] ?? 0)) }
            spans += closed.map { $0.leftAt == nil ? $0 : $0.endingAfter(steps: 0) }
        }
        spans.sort { a, b in
            if a.fixture != b.fixture { return a.fixture < b.fixture }
            if a.kind != b.kind { return a.kind < b.kind }
            if a.field != b.field { return a.field < b.field }
            if a.depth != b.depth { return a.depth < b.depth }
            return (a.enteredAt ?? -1) < (b.enteredAt ?? -1)
        }
        return KindTouches(pattern: pattern.description, kinds: kinds, spans: spans)
    }
}

extension KindSpan {
    /// Fills `snapshots`: up to the step that left it, else through the fixture's last step.
    fileprivate func endingAfter(steps: Int) -> KindSpan {
        var span = self
        let first = enteredAt.map { $0 + 1 } ?? 0          // snapshot positions: 0 = initial, n = after step n-1
        let end = leftAt.map { $0 + 1 } ?? (steps + 1)       // exclusive
        span.snapshots = max(0, end - first)
        return span
    }
}
