import Duet

/// A `structure:` block for features nothing describes, proposed from their snapshots: each
/// navigation-shaped field with the primitive it looks like and the evidence behind it.
///
/// ```swift
/// let suggestion = try corpus.structureSuggestion()
/// suggestion.features.first { $0.feature == "upgrade" }?.fields.map(\.field)   // ["step"]
/// ```
public struct StructureSuggestion: Sendable, Codable, Equatable {
    /// Features with fixtures and no structure, sorted; a feature with no candidate proposes `structure: {}`.
    public var features: [FeatureSuggestion]

    public struct FeatureSuggestion: Sendable, Codable, Equatable {
        public var feature: String
        /// Fields to declare, sorted by path.
        public var fields: [FieldSuggestion]
        /// Navigation-shaped fields that are no L0 primitive as they stand (a presentation flag).
        public var flags: [FieldSuggestion]
        public var fixtures: Int
        public var snapshots: Int
    }

    public struct FieldSuggestion: Sendable, Codable, Equatable {
        public var field: String
        public var shape: String
        /// nil for a flag.
        public var primitive: Primitive?
        public var reasons: [String]
        public var evidence: Evidence
    }

    /// What the snapshots show of a field.
    public struct Evidence: Sendable, Codable, Equatable {
        /// Fixtures in which the field changes (a sum or enum that is always there), else in which it is set; sorted.
        public var fixtures: [String]
        /// Distinct snapshots in which it is set (a flag: true; an array: not empty).
        public var snapshots: Int
        /// Distinct snapshots of the feature.
        public var ofSnapshots: Int
        /// The cases (or values) it takes, in the order first seen.
        public var cases: [String]
        /// The deepest array seen (path-like fields), 0 otherwise.
        public var maxDepth: Int
    }
}

extension Corpus {
    /// The structure the snapshots suggest for every feature whose structure is unknown.
    public func structureSuggestion() throws -> StructureSuggestion {
        let candidates = Dictionary(grouping: try censusCandidates(), by: \.feature)
        var features: [StructureSuggestion.FeatureSuggestion] = []
        for feature in try featuresWithUnknownStructure() {
            let mine = candidates[feature] ?? []
            let observed = try observeEvidence(feature: feature, fields: mine.map(\.field),
                                               alwaysThere: mine.map { ["sum", "enum"].contains($0.shape) })
            var suggestion = StructureSuggestion.FeatureSuggestion(feature: feature, fields: [], flags: [],
                                                                   fixtures: observed.fixtures, snapshots: observed.snapshots)
            for candidate in mine {
                let evidence = observed.evidence[candidate.field] ?? StructureSuggestion.Evidence(fixtures: [], snapshots: 0, ofSnapshots: observed.snapshots,
                                                                                                  cases: [], maxDepth: 0)
                let field = StructureSuggestion.FieldSuggestion(field: candidate.field, shape: candidate.shape,
                                                                primitive: SuggestedPrimitive.of(field: candidate.field, shape: candidate.shape),
                                                                reasons: candidate.reasons, evidence: evidence)
                if field.primitive == nil { suggestion.flags.append(field) } else { suggestion.fields.append(field) }
            }
            features.append(suggestion)
        }
        return StructureSuggestion(features: features)
    }

    private struct ObservedEvidence {
        var fixtures = 0
        var snapshots = 0
        var evidence: [String: StructureSuggestion.Evidence] = [:]
    }

    /// One walk over the feature's snapshots, in fixture order, gathering each field's evidence.
    private func observeEvidence(feature: String, fields: [String], alwaysThere: [Bool]) throws -> ObservedEvidence {
        let paths = fields.map { $0.split(separator: ".") }
        var fixturesSet = [Set<String>](repeating: [], count: fields.count)
        var snapshotsSet = [Set<Int64>](repeating: [], count: fields.count)
        var cases = [[String]](repeating: [], count: fields.count)
        var depth = [Int](repeating: 0, count: fields.count)
        var seenSnapshots = Set<Int64>(), seenFixtures = Set<String>()
        var previous: (fixture: String, values: [JSONValue?])?
        try database.cachedStatement("""
            SELECT f.name, -1, f.initial_blob FROM fixtures f WHERE f.feature = ?1 AND f.shape = 'leaf' AND f.initial_blob IS NOT NULL
            UNION ALL
            SELECT f.name, s.idx, s.state_blob FROM steps s JOIN fixtures f ON f.id = s.fixture_id WHERE f.feature = ?1 AND s.state_blob IS NOT NULL
            ORDER BY 1, 2
            """).forEachRow([.text(feature)]) { row in
            let fixture = row.text(at: 0) ?? ""
            let blob = row.int64(at: 2)
            let state = try blobs.value(id: blob)
            seenSnapshots.insert(blob)
            seenFixtures.insert(fixture)
            let values = paths.map { CandidateRules.value(at: $0, in: state) }
            for index in fields.indices {
                guard let value = values[index] else { continue }
                let changed = previous.map { $0.fixture == fixture && CandidateRules.caseOf($0.values[index] ?? .null) != CandidateRules.caseOf(value) } ?? false
                if alwaysThere[index] ? changed : SuggestedPrimitive.isSet(value) { fixturesSet[index].insert(fixture) }
                if SuggestedPrimitive.isSet(value) { snapshotsSet[index].insert(blob) }
                for name in SuggestedPrimitive.caseNames(value) where !cases[index].contains(name) { cases[index].append(name) }
                if case .array(let items) = value { depth[index] = max(depth[index], items.count) }
            }
            previous = (fixture, values)
        }
        var observed = ObservedEvidence(fixtures: seenFixtures.count, snapshots: seenSnapshots.count)
        for (index, field) in fields.enumerated() {
            observed.evidence[field] = StructureSuggestion.Evidence(fixtures: fixturesSet[index].sorted(), snapshots: snapshotsSet[index].count,
                                                                    ofSnapshots: seenSnapshots.count, cases: cases[index], maxDepth: depth[index])
        }
        return observed
    }
}

/// Which L0 primitive a navigation-shaped field looks like.
enum SuggestedPrimitive {
    /// An array of sums is a push stack; an optional sum or structured value a modal slot; a sum or
    /// enum that is always there and changes is the current tab when it is named like one, else a
    /// stage; a boolean presentation flag is none of them.
    static func of(field: String, shape: String) -> Primitive? {
        if shape.hasPrefix("array<") { return .path }
        if shape.hasPrefix("optional<") { return shape == "optional<bool>" ? nil : .slot }
        if shape == "bool" { return nil }
        return CandidateRules.lastComponent(field).lowercased().contains("tab") ? .tabs : .stage
    }

    /// Set in a snapshot: a flag that is true, an array with elements, any other value present.
    static func isSet(_ value: JSONValue) -> Bool {
        switch value {
        case .bool(let flag): return flag
        case .array(let items): return !items.isEmpty
        case .null: return false
        default: return true
        }
    }

    /// The case names a value shows: a sum's case, an enum's word, each element's of an array.
    static func caseNames(_ value: JSONValue) -> [String] {
        switch CandidateRules.caseOf(value) {
        case .string(let name): return [name]
        case .array(let items): return items.flatMap(caseNames)
        default: return []
        }
    }
}
