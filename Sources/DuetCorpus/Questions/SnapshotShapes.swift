import Duet

/// The data fields of a feature that no runner has described, read from its snapshots alone: each
/// member path (through plain nested objects) with the JSON shape `describe` would give it, as far
/// as the values show. A string field is an `enum` when every value it takes is a case-like word
/// (`welcome`, `photoLibrary`); a field absent or null in some snapshot is `optional<…>`.
struct SnapshotShapes {
    static let maxDepth = 4

    private struct Seen {
        var null = 0, bool = 0, int = 0, caseWords = 0, otherStrings = 0, sums = 0, objects = 0, arrays = 0
        var elements: [String: Int] = [:]
        var present: Int { bool + int + caseWords + otherStrings + sums + objects + arrays }
    }

    private var seen: [String: Seen] = [:]
    private var order: [String] = []
    private var snapshots = 0
    /// Paths whose role the structure already gives (L0 fields, islands): neither they nor their insides are data.
    let declared: Set<String>

    init(declared: Set<String>) { self.declared = declared }

    mutating func add(_ state: JSONValue) {
        snapshots += 1
        guard case .object(let object) = state else { return }
        visit(object, prefix: "", depth: 0)
    }

    private mutating func visit(_ object: JSONObject, prefix: String, depth: Int) {
        for member in object.members {
            let path = prefix.isEmpty ? member.key : prefix + "." + member.key
            guard !declared.contains(path) else { continue }
            if seen[path] == nil { order.append(path) }
            var entry = seen[path] ?? Seen()
            switch member.value {
            case .null: entry.null += 1
            case .bool: entry.bool += 1
            case .int: entry.int += 1
            case .string(let text): if Self.isCaseWord(text) { entry.caseWords += 1 } else { entry.otherStrings += 1 }
            case .array(let items):
                entry.arrays += 1
                for item in items { entry.elements[Self.elementShape(item), default: 0] += 1 }
            case .object(let inner):
                if Self.isSum(inner) { entry.sums += 1 } else {
                    entry.objects += 1
                    if depth + 1 < Self.maxDepth { seen[path] = entry; visit(inner, prefix: path, depth: depth + 1); continue }
                }
            }
            seen[path] = entry
        }
    }

    /// The inferred fields, in the order first seen. Paths inside a nested object come after it.
    func fields() -> [FieldDescription] {
        order.compactMap { path in
            guard let entry = seen[path], entry.present > 0 else { return nil }
            // Absent from a snapshot that had its parent, or null: optional.
            let parentSnapshots = parent(of: path).map { seen[$0]?.objects ?? 0 } ?? snapshots
            let optional = entry.null > 0 || entry.present < parentSnapshots
            let shape = Self.shape(entry)
            return FieldDescription(path: path, shape: optional ? "optional<\(shape)>" : shape, role: .data)
        }
    }

    private func parent(of path: String) -> String? {
        path.lastIndex(of: ".").map { String(path[..<$0]) }
    }

    private static func shape(_ seen: Seen) -> String {
        let kinds = [(seen.bool, "bool"), (seen.int, "int"), (seen.sums, "sum"), (seen.objects, "object"), (seen.arrays, "array")]
            .filter { $0.0 > 0 }
        let strings = seen.caseWords + seen.otherStrings
        if strings > 0 {
            guard kinds.isEmpty else { return "json" }
            return seen.otherStrings == 0 ? "enum" : "string"
        }
        guard kinds.count == 1, let (_, kind) = kinds.first else { return "json" }
        guard kind == "array" else { return kind }
        let elements = seen.elements.keys.sorted()
        if elements.isEmpty { return "array<json>" }
        return elements.count == 1 ? "array<\(elements[0])>" : "array<json>"
    }

    private static func elementShape(_ value: JSONValue) -> String {
        switch value {
        case .null: return "json"
        case .bool: return "bool"
        case .int: return "int"
        case .string(let text): return isCaseWord(text) ? "enum" : "string"
        case .array: return "array"
        case .object(let object): return isSum(object) ? "sum" : "object"
        }
    }

    /// `{"case":"name"}` or `{"case":"name","value":…}`.
    static func isSum(_ object: JSONObject) -> Bool {
        guard case .string(let name)? = object["case"], isCaseWord(name) else { return false }
        return object.members.allSatisfy { $0.key == "case" || $0.key == "value" }
    }

    /// A lower-camel-case word: how enum cases are written (`photoLibrary`), not how text is.
    static func isCaseWord(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, ("a"..."z").contains(first), text.unicodeScalars.count <= 64 else { return false }
        return text.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
    }
}

extension Corpus {
    /// What the corpus knows of every feature's structure: a runner's `describe` as stored, and for
    /// features declared only in the manifest, their L0 fields plus the data fields read from snapshots.
    ///
    /// ```swift
    /// let known = try corpus.knownStructures()
    /// known.first { $0.feature == "tutorial" }?.fields.map(\.shape)   // ["sum", "optional<sum>", "bool", …]
    /// ```
    public func knownStructures() throws -> [FeatureStructure] {
        let origins = Dictionary(try database.rows("SELECT feature, origin FROM feature_structures").map { ($0[0].text ?? "", $0[1].text ?? "") },
                                 uniquingKeysWith: { a, _ in a })
        return try structures().map { structure in
            guard origins[structure.feature] == "manifest" else { return structure }
            var inferred = SnapshotShapes(declared: Set(structure.fields.map(\.path)))
            try forEachDistinctSnapshot(feature: structure.feature) { inferred.add($0) }
            var known = structure
            known.fields += inferred.fields()
            known.fields.sort { $0.path.precedesByBytes($1.path) }
            return known
        }
    }

    /// For each feature with fixtures and no structure, every field as its snapshots show it (all data:
    /// nothing says which are navigation).
    public func observedStructures() throws -> [FeatureStructure] {
        try featuresWithUnknownStructure().map { feature in
            var inferred = SnapshotShapes(declared: [])
            try forEachDistinctSnapshot(feature: feature) { inferred.add($0) }
            return FeatureStructure(feature: feature, fields: inferred.fields().sorted { $0.path.precedesByBytes($1.path) },
                                    actions: [], effects: [])
        }
    }

    /// Kind ids per feature: declared by a structure or held by a snapshot.
    public func knownKinds() throws -> [String: Set<String>] {
        var kinds: [String: Set<String>] = [:]
        for row in try database.rows("SELECT feature, kind FROM declared_kinds UNION SELECT DISTINCT feature, kind FROM snapshot_kinds") {
            kinds[row[0].text ?? "", default: []].insert(row[1].text ?? "")
        }
        return kinds
    }

    /// Features with leaf fixtures and no structure at all: nothing says which of their fields are navigation.
    public func featuresWithUnknownStructure() throws -> [String] {
        try database.cachedStatement("""
            \(Self.fixtureFeatures)
            SELECT feature FROM named
            WHERE feature IS NOT NULL AND feature NOT IN (SELECT feature FROM feature_structures)
                AND EXISTS (SELECT 1 FROM fixtures f WHERE f.feature = named.feature AND f.shape = 'leaf')
            ORDER BY feature
            """).rows().compactMap { $0[0].text }
    }

    /// Every distinct snapshot of `feature`'s leaf fixtures, parsed once.
    func forEachDistinctSnapshot(feature: String, _ body: (JSONValue) throws -> Void) throws {
        try database.cachedStatement("""
            SELECT DISTINCT s.snapshot FROM fixture_snapshots s JOIN fixtures f ON f.id = s.fixture_id
            WHERE f.feature = ?1 AND f.shape = 'leaf'
            """).forEachRow([.text(feature)]) { row in try body(try blobs.value(id: row.int64(at: 0))) }
    }
}
