import DuetManifest

/// How many fields of each L0 primitive.
public struct PrimitiveCounts: Sendable, Codable, Equatable {
    public var path = 0, slot = 0, tabs = 0, stage = 0
    public init(path: Int = 0, slot: Int = 0, tabs: Int = 0, stage: Int = 0) {
        self.path = path; self.slot = slot; self.tabs = tabs; self.stage = stage
    }
    public static func + (a: PrimitiveCounts, b: PrimitiveCounts) -> PrimitiveCounts {
        PrimitiveCounts(path: a.path + b.path, slot: a.slot + b.slot, tabs: a.tabs + b.tabs, stage: a.stage + b.stage)
    }
}

/// One feature's row of the census.
public struct FeatureCensus: Sendable, Codable, Equatable {
    public var feature: String
    /// L0 fields the feature's structure declares.
    public var declared: PrimitiveCounts
    /// Declared L0 fields that hold a kind in at least one indexed snapshot.
    public var observed: PrimitiveCounts
}

/// The closure check: L0 fields per feature, and the navigation-shaped fields the algebra does not cover.
public struct Census: Sendable, Codable, Equatable {
    /// Sorted by feature.
    public var features: [FeatureCensus]
    public var declared: PrimitiveCounts
    public var observed: PrimitiveCounts
    /// Sorted by feature, field.
    public var candidates: [CensusCandidate]
    /// Rulings (`feature.field`) that match no candidate: the field changed or went away.
    public var staleRulings: [String]

    public var unruled: [CensusCandidate] { candidates.filter { $0.ruling == nil } }
    /// The algebra covers every navigation-shaped field, or a ruling says why not.
    public var holds: Bool { unruled.isEmpty }
}

extension Corpus {
    /// The census over the structural index, with the manifest's rulings on the candidates.
    ///
    /// ```swift
    /// let census = try corpus.census(rulings: manifest.rulings)
    /// census.declared            // PrimitiveCounts(path: 2, slot: 5, tabs: 1, stage: 1)
    /// census.unruled.map(\.id)   // [] when the closure check holds
    /// ```
    public func census(rulings: [CensusRuling]) throws -> Census {
        let features = try database.cachedStatement("""
            SELECT feature, path, slot, tabs, stage, observed_path, observed_slot, observed_tabs, observed_stage
            FROM census ORDER BY feature
            """).rows().map { row in
            FeatureCensus(feature: row[0].text ?? "",
                          declared: PrimitiveCounts(path: Int(row[1].integer ?? 0), slot: Int(row[2].integer ?? 0),
                                                    tabs: Int(row[3].integer ?? 0), stage: Int(row[4].integer ?? 0)),
                          observed: PrimitiveCounts(path: Int(row[5].integer ?? 0), slot: Int(row[6].integer ?? 0),
                                                    tabs: Int(row[7].integer ?? 0), stage: Int(row[8].integer ?? 0)))
        }
        var candidates = try censusCandidates()
        let byField = Dictionary(rulings.map { ($0.field, $0) }, uniquingKeysWith: { first, _ in first })
        for index in candidates.indices {
            guard let ruling = byField[candidates[index].id] else { continue }
            candidates[index].ruling = ruling.ruling
            candidates[index].rulingReason = ruling.reason
            candidates[index].since = ruling.since
        }
        let candidateIDs = Set(candidates.map(\.id))
        return Census(features: features,
                      declared: features.reduce(PrimitiveCounts()) { $0 + $1.declared },
                      observed: features.reduce(PrimitiveCounts()) { $0 + $1.observed },
                      candidates: candidates,
                      staleRulings: rulings.map(\.field).filter { !candidateIDs.contains($0) }.sorted())
    }
}
