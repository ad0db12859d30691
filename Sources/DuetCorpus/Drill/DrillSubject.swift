/// What the restore drill reads of one stored fixture: canonical bytes only, no trees.
///
/// A leaf holds its initial state and each step's action and expected state, with the stored spine
/// of every snapshot; a chain holds its `initialStates` object and each step's node and action (its
/// states exist only once a runner replays it).
public struct DrillSubject: Sendable, Equatable {
    public struct Step: Sendable, Equatable {
        /// The chain node; nil in a leaf.
        public var node: String?
        public var action: [UInt8]
        /// The expected state (leaf), when recorded.
        public var state: [UInt8]?
        public init(node: String? = nil, action: [UInt8], state: [UInt8]?) { self.node = node; self.action = action; self.state = state }
    }

    public var fixture: String
    /// The leaf's feature; nil for a chain.
    public var feature: String?
    public var isChain: Bool
    /// A leaf's initial state, or a chain's `initialStates` object.
    public var initial: [UInt8]?
    public var steps: [Step]
    /// The stored spine of each snapshot of a leaf: index 0 for the initial state, `i + 1` after
    /// step `i`; nil where none is stored (features without L0 field or island, chains).
    public var spines: [[UInt8]?]

    public init(fixture: String, feature: String?, isChain: Bool, initial: [UInt8]?, steps: [Step], spines: [[UInt8]?]) {
        self.fixture = fixture; self.feature = feature; self.isChain = isChain; self.initial = initial
        self.steps = steps; self.spines = spines
    }
}

extension Corpus {
    /// Drill subjects in fixture-name order, one page at a time: fixtures named after `after`, at
    /// most `limit` of them, optionally only `feature`'s (leaves of it and chains through it) or
    /// the one named `fixture`. Memory follows the page, not the corpus.
    ///
    /// ```swift
    /// var after: String? = nil
    /// while case let page = try corpus.drillSubjects(after: after, limit: 256), !page.isEmpty {
    ///     after = page.last!.fixture
    /// }
    /// ```
    public func drillSubjects(feature: String? = nil, fixture: String? = nil, after: String?, limit: Int) throws -> [DrillSubject] {
        let headers = try database.cachedStatement("""
            SELECT f.id, f.name, f.shape, f.feature, i.bytes, sb.bytes FROM fixtures f
            LEFT JOIN blobs i ON i.id = f.initial_blob
            LEFT JOIN snapshot_spines p ON p.feature = f.feature AND p.snapshot = f.initial_blob AND f.shape = 'leaf'
            LEFT JOIN blobs sb ON sb.id = p.spine_blob
            WHERE f.name > ?3
              AND (?1 IS NULL OR f.feature = ?1 OR EXISTS (SELECT 1 FROM steps s WHERE s.fixture_id = f.id AND s.node = ?1))
              AND (?2 IS NULL OR f.name = ?2)
            ORDER BY f.name LIMIT ?4
            """)
        var subjects: [(id: Int64, subject: DrillSubject)] = []
        // `f.name > ?3` alone, so each page is a range of the name index (every name sorts after "").
        try headers.forEachRow([SQLValue(feature), SQLValue(fixture), .text(after ?? ""), SQLValue(limit)]) { row in
            let subject = DrillSubject(fixture: row.text(at: 1) ?? "", feature: row.text(at: 3), isChain: row.text(at: 2) == "chain",
                                       initial: row.blob(at: 4), steps: [], spines: [row.blob(at: 5)])
            subjects.append((row.int64(at: 0), subject))
        }
        let steps = try database.cachedStatement("""
            SELECT s.node, a.bytes, st.bytes, sb.bytes FROM steps s
            JOIN blobs a ON a.id = s.action_blob
            LEFT JOIN blobs st ON st.id = s.state_blob
            LEFT JOIN snapshot_spines p ON p.feature = ?2 AND p.snapshot = s.state_blob
            LEFT JOIN blobs sb ON sb.id = p.spine_blob
            WHERE s.fixture_id = ?1 ORDER BY s.idx
            """)
        return try subjects.map { id, subject in
            var subject = subject
            try steps.forEachRow([.integer(id), SQLValue(subject.feature)]) { row in
                subject.steps.append(DrillSubject.Step(node: row.text(at: 0), action: row.blob(at: 1) ?? [], state: row.blob(at: 2)))
                subject.spines.append(row.blob(at: 3))
            }
            return subject
        }
    }

    /// How many fixtures `drillSubjects` walks with these filters.
    public func drillSubjectCount(feature: String? = nil, fixture: String? = nil) throws -> Int {
        // Unfiltered, SQLite counts the smallest index instead of testing every row.
        if feature == nil && fixture == nil { return Int(try database.scalarInteger("SELECT count(*) FROM fixtures") ?? 0) }
        return Int(try database.scalarInteger("""
            SELECT count(*) FROM fixtures f
            WHERE (?1 IS NULL OR f.feature = ?1 OR EXISTS (SELECT 1 FROM steps s WHERE s.fixture_id = f.id AND s.node = ?1))
              AND (?2 IS NULL OR f.name = ?2)
            """, [SQLValue(feature), SQLValue(fixture)]) ?? 0)
    }
}
