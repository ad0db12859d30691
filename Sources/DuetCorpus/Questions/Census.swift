import Duet
import DuetManifest

/// How many fields of each L0 primitive.
public struct PrimitiveCounts: Sendable, Codable, Equatable {
    public var path = 0, slot = 0, tabs = 0, stage = 0
    public init(path: Int = 0, slot: Int = 0, tabs: Int = 0, stage: Int = 0) {
        self.path = path; self.slot = slot; self.tabs = tabs; self.stage = stage
    }
    public subscript(primitive: Primitive) -> Int {
        switch primitive {
        case .path: path
        case .slot: slot
        case .tabs: tabs
        case .stage: stage
        }
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
    /// Features with fixtures and no structure: no runner described them and no `structure:` declares
    /// them, so nothing says which of their fields are navigation.
    public var unknownStructure: [String]

    public var unruled: [CensusCandidate] { candidates.filter { $0.ruling == nil } }
    /// No feature has a structure: there was nothing to count.
    public var judgedNothing: Bool { features.isEmpty }
    /// The algebra covers every navigation-shaped field (or a ruling says why not), of every feature,
    /// and there was something to judge.
    public var holds: Bool { unruled.isEmpty && unknownStructure.isEmpty && !judgedNothing }

    /// Why the check does not hold, one line each; empty when it holds.
    public var failures: [String] {
        var lines: [String] = []
        if !unknownStructure.isEmpty {
            lines.append("the structure of \(unknownStructure.joined(separator: ", ")) is unknown — configure a runner under runners: in parity/manifest.yaml (then `duet record`), or declare each feature's structure: (field: path|slot|tabs|stage); `duet census --suggest` prints one from the snapshots")
        } else if judgedNothing {
            lines.append("nothing to judge: no feature has a structure and no fixture is stored — record or import fixtures first")
        }
        if !unruled.isEmpty {
            lines.append("\(unruled.count) unruled candidate(s): \(unruled.map(\.id).joined(separator: ", ")) — make each an L0 field, or record a ruling under census.rulings in parity/manifest.yaml")
        }
        return lines
    }

    public init(features: [FeatureCensus], declared: PrimitiveCounts, observed: PrimitiveCounts, candidates: [CensusCandidate],
                staleRulings: [String], unknownStructure: [String]) {
        self.features = features; self.declared = declared; self.observed = observed; self.candidates = candidates
        self.staleRulings = staleRulings; self.unknownStructure = unknownStructure
    }

    private enum CodingKeys: String, CodingKey { case features, declared, observed, candidates, staleRulings, unknownStructure }

    /// Reports stored before `unknownStructure` existed read as having none.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(features: try c.decode([FeatureCensus].self, forKey: .features), declared: try c.decode(PrimitiveCounts.self, forKey: .declared),
                  observed: try c.decode(PrimitiveCounts.self, forKey: .observed), candidates: try c.decode([CensusCandidate].self, forKey: .candidates),
                  staleRulings: try c.decode([String].self, forKey: .staleRulings),
                  unknownStructure: try c.decodeIfPresent([String].self, forKey: .unknownStructure) ?? [])
    }
}

extension Corpus {
    /// The census over the structural index, with the manifest's rulings on the candidates.
    ///
    /// ```swift
    /// let census = try corpus.census(rulings: manifest.rulings)
    /// census.declared            // PrimitiveCounts(path: 2, slot: 5, tabs: 1, stage: 1)
    /// census.unruled.map(\.id)   // [] when the closure check holds
    /// ```
    /// The census, stored with what it judged (`check_results`): what `duet census` reports. A
    /// census equal to the latest stored one, over the same inputs, is not stored again (that one
    /// already says it, since it was made): asking again is then a pure read, with no write and so
    /// no whole-file check (`Corpus.write`).
    public func recordCensus(rulings: [CensusRuling], manifestPath: String?, now: String) throws -> Census {
        let census = try self.census(rulings: rulings)
        let findings = census.unruled.count + census.unknownStructure.count
        if let kept = try keptFixtureSet(),
           try latestCheckResultRepeats(.census, census, holds: census.holds, findings: findings,
                                        inputs: try inputs(judging: kept, manifestPath: manifestPath)) {
            return census
        }
        try write(touchesTree: false) {
            let inputs = try inputs(judging: try keepFixtureSet(), manifestPath: manifestPath)
            guard try !latestCheckResultRepeats(.census, census, holds: census.holds, findings: findings, inputs: inputs) else { return }
            try storeCheckResult(.census, census, holds: census.holds, findings: findings, inputs: inputs, createdAt: now)
        }
        return census
    }

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
                      staleRulings: rulings.map(\.field).filter { !candidateIDs.contains($0) }.sorted(),
                      unknownStructure: try featuresWithUnknownStructure())
    }
}
