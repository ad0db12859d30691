/// The names the corpus knows, which a verb checks what it was given against before it answers
/// "nothing matched": a name that is not here is a typo to report, not an empty result.
///
/// ```swift
/// let names = try corpus.knownNames()
/// names.fixtures.contains("timeline.deep-link.rebases")   // true
/// names.kinds.contains("capture.slot.camera")             // true
/// ```
public struct KnownNames: Sendable, Equatable {
    /// Every stored fixture, leaf and chain.
    public var fixtures: [String]
    /// Every feature named by a fixture or a structure.
    public var features: [String]
    /// Every kind id declared by a structure or held by a snapshot.
    public var kinds: [String]
    /// Every pending recording.
    public var pending: [String]

    /// The case names of `kinds` (the last part of each id), as a bare kind pattern names them.
    public var kindCases: [String] { Array(Set(kinds.compactMap { $0.split(separator: ".").last.map(String.init) })).sorted() }

    /// The `feature.case` forms of `kinds`.
    public var kindFeatureCases: [String] {
        Array(Set(kinds.compactMap { id -> String? in
            let parts = id.split(separator: ".")
            return parts.count == 3 ? "\(parts[0]).\(parts[2])" : nil
        })).sorted()
    }
}

extension Corpus {
    /// The fixture, feature, kind and pending names the corpus holds, each sorted.
    public func knownNames() throws -> KnownNames {
        KnownNames(fixtures: try database.rows("SELECT name FROM fixtures ORDER BY name").compactMap { $0[0].text },
                   features: try knownFeatures(),
                   kinds: try database.rows("SELECT kind FROM declared_kinds UNION SELECT kind FROM snapshot_kinds ORDER BY 1").compactMap { $0[0].text },
                   pending: try pendingRecordings().map(\.name).sorted())
    }
}

extension Corpus {
    /// True when a declared or indexed kind is one the pattern stands for, found by index seeks
    /// (one per kind id the pattern can stand for) rather than by reading every kind: a false
    /// here is settled by `knownNames().kinds`, which also knows kinds of features no structure names.
    public func knowsKind(_ pattern: KindPattern) throws -> Bool {
        let lookup = try database.cachedStatement("""
            SELECT EXISTS (SELECT 1 FROM declared_kinds WHERE feature = ?2 AND kind = ?1)
                OR EXISTS (SELECT 1 FROM snapshot_kinds WHERE kind = ?1)
            """)
        for id in try pattern.kindIDs(in: self) where try lookup.scalarInteger([.text(id), .text(String(id.prefix { $0 != "." }))]) == 1 {
            return true
        }
        return false
    }
}

extension KindPattern {
    /// True when the pattern stands for at least one of `kinds` (full kind ids).
    public func matchesAny(of kinds: [String]) -> Bool {
        kinds.contains { id in
            let parts = id.split(separator: ".").map(String.init)
            guard parts.count == 3 else { return false }
            return parts[2] == caseName && (feature.map { $0 == parts[0] } ?? true) && (primitive.map { $0.rawValue == parts[1] } ?? true)
        }
    }
}

extension Corpus {
    /// The fixtures a feature's behaviour decides: its leaf fixtures and the chains with a step in it, by name.
    ///
    /// ```swift
    /// try corpus.fixtureNames(governedBy: "capture")   // ["capture.cancel", …, "chain-mainnav-capture"]
    /// ```
    public func fixtureNames(governedBy feature: String) throws -> [String] {
        try database.cachedStatement("""
            SELECT name FROM fixtures WHERE feature = ?1
            UNION SELECT DISTINCT f.name FROM fixtures f JOIN steps s ON s.fixture_id = f.id WHERE f.shape = 'chain' AND s.node = ?1
            ORDER BY 1
            """).rows([.text(feature)]).compactMap { $0[0].text }
    }

    /// The feature of a leaf fixture, or the nodes a chain passes through; empty when no fixture has that name.
    public func features(ofFixture name: String) throws -> [String] {
        try database.cachedStatement("""
            SELECT feature FROM fixtures WHERE name = ?1 AND feature IS NOT NULL
            UNION SELECT DISTINCT s.node FROM steps s JOIN fixtures f ON f.id = s.fixture_id WHERE f.name = ?1 AND s.node IS NOT NULL
            ORDER BY 1
            """).rows([.text(name)]).compactMap { $0[0].text }
    }
}
