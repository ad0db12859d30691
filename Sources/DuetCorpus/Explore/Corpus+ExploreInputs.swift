import Duet

/// A recorded state explore may start a walk from: canonical bytes, and where it was first recorded.
public struct ExploreStart: Sendable, Equatable {
    public var feature: String
    public var state: [UInt8]
    /// The fixture that recorded it first (by name), and after which step (nil: its initial state,
    /// or a chain node's initial state).
    public var fixture: String
    public var step: Int?
    public var isChain: Bool

    public init(feature: String, state: [UInt8], fixture: String, step: Int?, isChain: Bool = false) {
        self.feature = feature; self.state = state; self.fixture = fixture; self.step = step; self.isChain = isChain
    }
}

/// One action as a fixture of record holds it, for learning payload shapes and values.
public struct RecordedAction: Sendable, Equatable {
    public var feature: String
    public var actionCase: String
    /// Canonical bytes.
    public var action: [UInt8]

    public init(feature: String, actionCase: String, action: [UInt8]) { self.feature = feature; self.actionCase = actionCase; self.action = action }
}

extension Corpus {
    /// Every distinct recorded state of each feature: leaf initial and step states, and chain
    /// nodes' initial states, each once, named after the first fixture (by name) holding it.
    ///
    /// ```swift
    /// let starts = try corpus.exploreStarts(feature: "timeline")
    /// starts.first?.fixture   // "timeline.deep-link"
    /// ```
    public func exploreStarts(feature: String? = nil) throws -> [ExploreStart] {
        var seen: Set<String> = []
        var starts: [ExploreStart] = []
        func add(_ feature: String, _ bytes: [UInt8], _ fixture: String, _ step: Int?, chain: Bool) {
            guard seen.insert(feature + "\u{0}" + String(decoding: bytes, as: UTF8.self)).inserted else { return }
            starts.append(ExploreStart(feature: feature, state: bytes, fixture: fixture, step: step, isChain: chain))
        }
        for row in try database.rows("""
            SELECT f.feature, f.name, NULL, b.bytes FROM fixtures f JOIN blobs b ON b.id = f.initial_blob
            WHERE f.shape = 'leaf' AND (?1 IS NULL OR f.feature = ?1)
            UNION ALL
            SELECT f.feature, f.name, s.idx, b.bytes FROM steps s JOIN fixtures f ON f.id = s.fixture_id JOIN blobs b ON b.id = s.state_blob
            WHERE f.shape = 'leaf' AND (?1 IS NULL OR f.feature = ?1)
            ORDER BY 2, 3
            """, [SQLValue(feature)]) {
            guard let name = row[0].text, let fixture = row[1].text, let bytes = row[3].blob else { continue }
            add(name, bytes, fixture, row[2].integer.map { Int($0) }, chain: false)
        }
        for row in try database.rows("""
            SELECT f.name, b.bytes FROM fixtures f JOIN blobs b ON b.id = f.initial_blob WHERE f.shape = 'chain' ORDER BY f.name
            """) {
            guard let fixture = row[0].text, let bytes = row[1].blob, let nodes = (try? CanonicalJSON.parse(bytes))?.objectValue else { continue }
            for member in nodes.members where feature == nil || member.key == feature {
                add(member.key, member.value.canonicalBytes, fixture, nil, chain: true)
            }
        }
        return starts
    }

    /// Every distinct action the fixtures of record send, per feature (a chain step counts for its node).
    public func recordedActions(feature: String? = nil) throws -> [RecordedAction] {
        try database.rows("""
            SELECT DISTINCT coalesce(s.node, f.feature) AS feature, s.action_case, b.bytes FROM steps s
            JOIN fixtures f ON f.id = s.fixture_id JOIN blobs b ON b.id = s.action_blob
            WHERE s.action_case IS NOT NULL AND (?1 IS NULL OR coalesce(s.node, f.feature) = ?1)
            ORDER BY 1, 2, 3
            """, [SQLValue(feature)]).compactMap { row in
            guard let feature = row[0].text, let actionCase = row[1].text, let bytes = row[2].blob else { return nil }
            return RecordedAction(feature: feature, actionCase: actionCase, action: bytes)
        }
    }
}
