import Duet

/// A state field shaped like navigation that no structure declares as L0.
public struct CensusCandidate: Sendable, Codable, Equatable {
    public var feature: String
    /// Dotted field path.
    public var field: String
    public var shape: String
    /// Why it looks like navigation, one phrase per rule that fired.
    public var reasons: [String]
    /// The manifest's ruling (`census.rulings`), nil when unruled.
    public var ruling: String?
    public var rulingReason: String?
    public var since: String?

    /// `feature.field`, as rulings name it.
    public var id: String { "\(feature).\(field)" }
}

/// The rules that make a data field a census candidate.
///
/// By shape alone: an optional sum type, an array of sum types, a boolean named `is…Presented` or
/// `show…`. By the snapshots: an enum or sum whose case changes from one snapshot to the next within a
/// fixture; two or more optional structured values (object, sum, enum) each set in some snapshot
/// and never set in the same one. Optional scalars (strings, ids, dates, numbers) are data, so
/// they never count as exclusive presentations.
enum CandidateRules {
    static func shapeReasons(field: String, shape: String) -> [String] {
        var reasons: [String] = []
        if shape == "optional<sum>" { reasons.append("optional sum type") }
        if shape.hasPrefix("array<") && shape.contains("sum") { reasons.append("array of sum types") }
        if shape == "bool" || shape == "optional<bool>", isPresentationFlagName(lastComponent(field)) {
            reasons.append("boolean named like a presentation flag")
        }
        return reasons
    }

    static func isPresentationFlagName(_ name: String) -> Bool {
        if name.hasPrefix("is"), name.hasSuffix("Presented"), name.count > "isPresented".count { return true }
        if name == "isPresented" { return true }
        if name.hasPrefix("show") {
            let rest = name.dropFirst(4)
            return rest.isEmpty || rest.first!.isUppercase
        }
        return false
    }

    static func watchesValue(shape: String) -> Bool { ["enum", "optional<enum>", "sum", "optional<sum>"].contains(shape) }

    static func mayBeExclusive(shape: String) -> Bool {
        ["optional<object>", "optional<sum>", "optional<enum>"].contains(shape)
    }

    /// A sum's case name (its payload may change without a transition), any other value as it is.
    static func caseOf(_ value: JSONValue) -> JSONValue {
        if case .object(let object) = value, let name = object["case"] { return name }
        return value
    }

    static func lastComponent(_ path: String) -> String { path.split(separator: ".").last.map(String.init) ?? path }

    /// The value at a dotted path, nil when absent or null.
    static func value(at path: [Substring], in state: JSONValue) -> JSONValue? {
        var current = state
        for key in path {
            guard let next = current.objectValue?[String(key)] else { return nil }
            current = next
        }
        if case .null = current { return nil }
        return current
    }
}

extension Corpus {
    /// Navigation-shaped data fields, by shape and by what the snapshots show. A feature with
    /// fixtures and no structure at all (no runner described it, no `structure:` declares it) has
    /// every field read from its snapshots, so its candidates are listed too.
    func censusCandidates() throws -> [CensusCandidate] {
        struct DataField { var field: String; var shape: String }
        var byFeature: [String: [DataField]] = [:]
        for structure in try knownStructures() + (try observedStructures()) {
            for field in structure.fields where field.role == .data {
                byFeature[structure.feature, default: []].append(DataField(field: field.path, shape: field.shape))
            }
        }
        var candidates: [CensusCandidate] = []
        for (feature, fields) in byFeature.sorted(by: { $0.key < $1.key }) {
            var reasons: [String: [String]] = [:]
            for field in fields {
                let found = CandidateRules.shapeReasons(field: field.field, shape: field.shape)
                if !found.isEmpty { reasons[field.field] = found }
            }
            let watched = fields.filter { CandidateRules.watchesValue(shape: $0.shape) }.map(\.field)
            let optionals = fields.filter { CandidateRules.mayBeExclusive(shape: $0.shape) }.map(\.field)
            if !watched.isEmpty || optionals.count >= 2 {
                let observed = try observeSnapshots(feature: feature, watched: watched, optionals: optionals)
                let shapes = Dictionary(fields.map { ($0.field, $0.shape) }, uniquingKeysWith: { a, _ in a })
                for field in observed.changing {
                    reasons[field, default: []].append(shapes[field]?.contains("sum") == true ? "sum whose case changes between snapshots"
                                                                                              : "enum that changes between snapshots")
                }
                for (field, others) in observed.exclusive {
                    reasons[field, default: []].append("optional never set together with " + others.joined(separator: ", "))
                }
            }
            for field in fields where reasons[field.field] != nil {
                candidates.append(CensusCandidate(feature: feature, field: field.field, shape: field.shape, reasons: reasons[field.field]!))
            }
        }
        return candidates
    }

    private struct SnapshotObservation {
        var changing: [String] = []
        /// field → the optionals it is never set together with.
        var exclusive: [String: [String]] = [:]
    }

    /// Walks every snapshot of a feature's fixtures in order, parsing each distinct snapshot once.
    private func observeSnapshots(feature: String, watched: [String], optionals: [String]) throws -> SnapshotObservation {
        let watchedPaths = watched.map { $0.split(separator: ".") }
        let optionalPaths = optionals.map { $0.split(separator: ".") }
        struct Seen { var values: [JSONValue?]; var set: [Bool] }
        var cache: [Int64: Seen] = [:]
        var changing = Set<Int>()
        var everSet = Set<Int>()
        var setTogether = Set<[Int]>()
        var previous: (fixture: Int64, seen: Seen)?
        let positions = try database.cachedStatement("""
            SELECT f.id, -1, f.initial_blob FROM fixtures f
            WHERE f.feature = ?1 AND f.shape = 'leaf' AND f.initial_blob IS NOT NULL
            UNION ALL
            SELECT s.fixture_id, s.idx, s.state_blob FROM steps s JOIN fixtures f ON f.id = s.fixture_id
            WHERE f.feature = ?1 AND s.state_blob IS NOT NULL
            ORDER BY 1, 2
            """)
        try positions.forEachRow([.text(feature)]) { row in
            let fixture = row.int64(at: 0)
            let blob = row.int64(at: 2)
            let seen: Seen
            if let hit = cache[blob] {
                seen = hit
            } else {
                let state = try blobs.value(id: blob)
                seen = Seen(values: watchedPaths.map { CandidateRules.value(at: $0, in: state).map(CandidateRules.caseOf) },
                            set: optionalPaths.map { CandidateRules.value(at: $0, in: state) != nil })
                cache[blob] = seen
                let set = seen.set.indices.filter { seen.set[$0] }
                everSet.formUnion(set)
                for a in set { for b in set where a < b { setTogether.insert([a, b]) } }
            }
            if let previous, previous.fixture == fixture {
                for index in watchedPaths.indices where previous.seen.values[index] != seen.values[index] { changing.insert(index) }
            }
            previous = (fixture, seen)
        }
        var observation = SnapshotObservation()
        observation.changing = changing.sorted().map { watched[$0] }
        for a in optionalPaths.indices where everSet.contains(a) {
            let others = optionalPaths.indices.filter { b in
                b != a && everSet.contains(b) && !setTogether.contains([min(a, b), max(a, b)])
            }
            if !others.isEmpty { observation.exclusive[optionals[a]] = others.map { optionals[$0] } }
        }
        return observation
    }
}
