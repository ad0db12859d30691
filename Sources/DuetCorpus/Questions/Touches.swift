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
        // A stretch is kept as small numbers until the end: fields and verbs are a handful of
        // distinct words among thousands of rows, so each is read once into `words`.
        struct Lane: Equatable { var fixture: Int64; var field: Int; var depth: Int }
        struct Stretch { var lane: Lane; var kind: Int; var enteredAt: Int?; var enteredBy: Int?; var leftAt: Int?; var leftBy: Int? }
        var words = TextInterner()
        let kinds = try pattern.kindIDs(in: self)
        var stretches: [Stretch] = []
        for (kindIndex, kind) in kinds.enumerated() {
            // Lanes open at the start: the initial states holding the kind, by fixture.
            var initiallyOpen: [Int64: [Stretch]] = [:]
            // Initial states: each distinct one of the feature is probed once (branches share them).
            try database.cachedStatement("""
                SELECT f.id, k.field, k.depth
                FROM (SELECT DISTINCT initial_blob AS blob FROM fixtures WHERE feature = ?2 AND initial_blob IS NOT NULL) i
                CROSS JOIN snapshot_kinds k ON k.kind = ?1 AND k.snapshot = i.blob AND k.feature = ?2
                JOIN fixtures f ON f.feature = ?2 AND f.initial_blob = i.blob AND f.shape = 'leaf'
                """).forEachRow([.text(kind), .text(String(kind.prefix { $0 != "." }))]) { row in
                let lane = Lane(fixture: row.int64(at: 0), field: words.index(of: row, at: 1), depth: row.int(at: 2))
                initiallyOpen[lane.fixture, default: []].append(Stretch(lane: lane, kind: kindIndex))
            }
            // Transitions in fixture and step order, from the covering index alone; a fixture has
            // few lanes open at once, so they live in a small array rather than a hash table.
            var fixture: Int64 = -1
            var open: [Stretch] = []
            try database.cachedStatement("""
                SELECT fixture_id, field, depth, step, change = 'entered', action_case
                FROM step_transitions WHERE kind = ?1 ORDER BY fixture_id, step
                """).forEachRow([.text(kind)]) { row in
                let id = row.int64(at: 0)
                if id != fixture {
                    stretches += open
                    fixture = id
                    open = initiallyOpen.removeValue(forKey: id) ?? []
                }
                let lane = Lane(fixture: id, field: words.index(of: row, at: 1), depth: row.int(at: 2))
                let step = row.int(at: 3)
                let verb = row.isNull(at: 5) ? nil : words.index(of: row, at: 5)
                let index = open.firstIndex { $0.lane == lane }
                if row.int(at: 4) == 1 {
                    let entered = Stretch(lane: lane, kind: kindIndex, enteredAt: step, enteredBy: verb)
                    if let index {
                        stretches.append(open[index])
                        open[index] = entered
                    } else {
                        open.append(entered)
                    }
                } else {
                    var left = index.map { open.remove(at: $0) } ?? Stretch(lane: lane, kind: kindIndex)
                    left.leftAt = step
                    left.leftBy = verb
                    stretches.append(left)
                }
            }
            stretches += open
            for lanes in initiallyOpen.values { stretches += lanes }
        }
        // Name, feature and length of each fixture touched (one statement), ranked by name as
        // SQLite orders text (by bytes).
        let ids = "[" + Set(stretches.map(\.lane.fixture)).map(String.init).joined(separator: ",") + "]"
        var touched: [(id: Int64, name: String, feature: String, steps: Int)] = []
        try database.cachedStatement("""
            SELECT f.id, f.name, f.feature, f.step_count FROM json_each(?1) j CROSS JOIN fixtures f ON f.id = j.value
            """).forEachRow([.text(ids)]) { row in
            touched.append((row.int64(at: 0), row.text(at: 1) ?? "", row.text(at: 2) ?? "", row.int(at: 3)))
        }
        touched.sort { $0.name.precedesByBytes($1.name) }
        var rank: [Int64: Int] = [:]
        rank.reserveCapacity(touched.count)
        for (position, fixture) in touched.enumerated() { rank[fixture.id] = position }
        // Sort on small keys: fixture rank, then kind, field, depth and entry (initial first).
        let kindRank = Self.ranks(of: kinds), wordRank = Self.ranks(of: words.words)
        let ranks = stretches.map { rank[$0.lane.fixture] ?? Int.max }
        let order = stretches.indices.sorted { a, b in
            if ranks[a] != ranks[b] { return ranks[a] < ranks[b] }
            let x = stretches[a], y = stretches[b]
            if x.kind != y.kind { return kindRank[x.kind] < kindRank[y.kind] }
            if x.lane.field != y.lane.field { return wordRank[x.lane.field] < wordRank[y.lane.field] }
            if x.lane.depth != y.lane.depth { return x.lane.depth < y.lane.depth }
            return (x.enteredAt ?? -1) < (y.enteredAt ?? -1)
        }
        let spans = order.map { index -> KindSpan in
            let stretch = stretches[index]
            let fixture = ranks[index] < touched.count ? touched[ranks[index]] : (id: stretch.lane.fixture, name: "", feature: "", steps: 0)
            return KindSpan(fixture: fixture.name, feature: fixture.feature, kind: kinds[stretch.kind],
                            field: words.words[stretch.lane.field], depth: stretch.lane.depth,
                            enteredAt: stretch.enteredAt, enteredBy: stretch.enteredBy.map { words.words[$0] },
                            leftAt: stretch.leftAt, leftBy: stretch.leftBy.map { words.words[$0] }, snapshots: 0)
                .counted(steps: fixture.steps)
        }
        return KindTouches(pattern: pattern.description, kinds: kinds, spans: spans)
    }

    /// Each string's position in `strings` sorted by bytes.
    private static func ranks(of strings: [String]) -> [Int] {
        var ranks = [Int](repeating: 0, count: strings.count)
        for (position, index) in strings.indices.sorted(by: { strings[$0].precedesByBytes(strings[$1]) }).enumerated() {
            ranks[index] = position
        }
        return ranks
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
