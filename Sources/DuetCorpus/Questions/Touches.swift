/// One place a kind shows up: a fixture snapshot that holds it, or a step that enters or leaves it.
public struct KindTouch: Sendable, Codable, Equatable {
    public enum Change: String, Sendable, Codable { case present, entered, left }

    public var fixture: String
    public var feature: String
    /// 0-based step index; nil for the fixture's initial state.
    public var step: Int?
    public var kind: String
    public var field: String
    /// 1-based position in a path (1 = bottom of the stack); 0 for slot, tabs and stage.
    public var depth: Int
    /// `entered`/`left` when the step changed it (against the previous snapshot), else `present`.
    public var change: Change
    /// The action case of the step (the L2 verb for a transition).
    public var verb: String?
}

/// Every fixture and step touching the kinds a pattern names.
public struct KindTouches: Sendable, Codable {
    public var pattern: String
    /// The kind ids looked up.
    public var kinds: [String]
    /// Sorted by fixture, step (initial first), kind, field, depth.
    public var touches: [KindTouch]

    /// The distinct fixtures, in order.
    public var fixtures: [String] {
        var seen = Set<String>()
        return touches.compactMap { seen.insert($0.fixture).inserted ? $0.fixture : nil }
    }
}

extension Corpus {
    /// Where a kind is present, entered or left, with the verb of each transition.
    ///
    /// ```swift
    /// let found = try corpus.touches(KindPattern("capture.slot.camera"))
    /// found.fixtures                  // ["capture.camera", …]
    /// found.touches.filter { $0.change == .entered }.map(\.verb)
    /// ```
    public func touches(_ pattern: KindPattern) throws -> KindTouches {
        let kinds = try pattern.kindIDs(in: self)
        // A kind left at a depth is absent there afterwards, so `left` rows never merge with `present` ones.
        struct Key: Hashable { var fixture: String; var step: Int; var kind: String; var field: String; var depth: Int; var left: Bool }
        var byKey: [Key: KindTouch] = [:]
        let present = try database.cachedStatement("""
            SELECT f.name, f.feature, s.idx, k.field, k.depth, s.action_case
            FROM snapshot_kinds k
            JOIN steps s ON s.state_blob = k.snapshot
            JOIN fixtures f ON f.id = s.fixture_id AND f.feature = k.feature
            WHERE k.kind = ?1
            UNION ALL
            SELECT f.name, f.feature, NULL, k.field, k.depth, NULL
            FROM snapshot_kinds k
            JOIN fixtures f ON f.initial_blob = k.snapshot AND f.feature = k.feature
            WHERE k.kind = ?1 AND f.shape = 'leaf'
            """)
        let transitions = try database.cachedStatement("""
            SELECT f.name, f.feature, t.step, t.field, t.depth, t.change, t.action_case
            FROM step_transitions t JOIN fixtures f ON f.id = t.fixture_id
            WHERE t.kind = ?1
            """)
        for kind in kinds {
            try present.forEachRow([.text(kind)]) { row in
                let step = row.isNull(at: 2) ? nil : row.int(at: 2)
                let touch = KindTouch(fixture: row.text(at: 0) ?? "", feature: row.text(at: 1) ?? "", step: step, kind: kind,
                                      field: row.text(at: 3) ?? "", depth: row.int(at: 4), change: .present,
                                      verb: row.isNull(at: 5) ? nil : row.text(at: 5))
                byKey[Key(fixture: touch.fixture, step: step ?? -1, kind: kind, field: touch.field, depth: touch.depth, left: false)] = touch
            }
            try transitions.forEachRow([.text(kind)]) { row in
                let change: KindTouch.Change = row.text(at: 5) == "left" ? .left : .entered
                let touch = KindTouch(fixture: row.text(at: 0) ?? "", feature: row.text(at: 1) ?? "", step: row.int(at: 2), kind: kind,
                                      field: row.text(at: 3) ?? "", depth: row.int(at: 4), change: change,
                                      verb: row.isNull(at: 6) ? nil : row.text(at: 6))
                byKey[Key(fixture: touch.fixture, step: touch.step ?? -1, kind: kind, field: touch.field, depth: touch.depth,
                          left: change == .left)] = touch
            }
        }
        let touches = byKey.values.sorted { a, b in
            if a.fixture != b.fixture { return a.fixture < b.fixture }
            if a.step != b.step { return (a.step ?? -1) < (b.step ?? -1) }
            if a.kind != b.kind { return a.kind < b.kind }
            if a.field != b.field { return a.field < b.field }
            if a.depth != b.depth { return a.depth < b.depth }
            return a.change.rawValue < b.change.rawValue
        }
        return KindTouches(pattern: pattern.description, kinds: kinds, touches: touches)
    }
}
