/// A fixture as `query fixtures` lists it.
public struct FixtureSummary: Sendable, Codable, Equatable {
    public var name: String
    /// nil for a chain fixture.
    public var feature: String?
    /// `leaf` or `chain`.
    public var shape: String
    public var steps: Int
    public var description: String?
}

extension Corpus {
    /// Fixtures, optionally of one feature and holding a kind (a `KindPattern`) in some snapshot.
    ///
    /// ```swift
    /// try corpus.fixtureSummaries(feature: "capture", kind: KindPattern("camera")).map(\.name)
    /// ```
    public func fixtureSummaries(feature: String? = nil, kind: KindPattern? = nil) throws -> [FixtureSummary] {
        var names: Set<String>?
        if let kind {
            var holding = Set<String>()
            let select = try database.cachedStatement("""
                SELECT f.name FROM snapshot_kinds k
                JOIN steps s ON s.state_blob = k.snapshot JOIN fixtures f ON f.id = s.fixture_id AND f.feature = k.feature
                WHERE k.kind = ?1
                UNION
                SELECT f.name FROM snapshot_kinds k
                JOIN fixtures f ON f.initial_blob = k.snapshot AND f.feature = k.feature
                WHERE k.kind = ?1
                """)
            for id in try kind.kindIDs(in: self) {
                try select.forEachRow([.text(id)]) { holding.insert($0.text(at: 0) ?? "") }
            }
            names = holding
        }
        return try database.cachedStatement("""
            SELECT name, feature, shape, step_count, description FROM fixtures
            WHERE ?1 IS NULL OR feature = ?1 ORDER BY name
            """).rows([SQLValue(feature)]).compactMap { row in
            let name = row[0].text ?? ""
            if let names, !names.contains(name) { return nil }
            return FixtureSummary(name: name, feature: row[1].text, shape: row[2].text ?? "", steps: Int(row[3].integer ?? 0),
                                  description: row[4].text)
        }
    }
}
