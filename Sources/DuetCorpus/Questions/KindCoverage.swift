import Duet

/// One kind: declared by a structure, reached by fixtures, or both.
public struct KindCoverageEntry: Sendable, Codable, Equatable {
    public var feature: String
    public var field: String
    public var primitive: Primitive
    /// `<feature>.<primitive>.<case>`.
    public var kind: String
    /// In the feature's declared case list (`describe`).
    public var declared: Bool
    /// Fixtures holding the kind in at least one snapshot.
    public var fixtures: Int
    /// Fixture positions (initial state and steps) whose snapshot holds it.
    public var steps: Int

    public var reached: Bool { fixtures > 0 }
}

/// Kind coverage: every kind with how many fixtures and steps reach it.
public struct KindCoverage: Sendable, Codable, Equatable {
    /// Sorted by feature, field, kind.
    public var entries: [KindCoverageEntry]

    public var declared: [KindCoverageEntry] { entries.filter(\.declared) }
    /// Declared kinds no fixture reaches.
    public var unreached: [KindCoverageEntry] { entries.filter { $0.declared && !$0.reached } }
    /// Kinds seen in snapshots that no structure declares.
    public var undeclared: [KindCoverageEntry] { entries.filter { !$0.declared && $0.reached } }
}

extension Corpus {
    /// Every kind id some structure declares, sorted.
    ///
    /// ```swift
    /// try corpus.declaredKinds().first   // "capture.slot.camera"
    /// ```
    public func declaredKinds() throws -> [String] {
        try database.rows("SELECT kind FROM declared_kinds ORDER BY kind").compactMap { $0[0].text }
    }

    /// Every declared or reached kind, optionally of one feature.
    ///
    /// ```swift
    /// let coverage = try corpus.kindCoverage(feature: "capture")
    /// coverage.unreached.map(\.kind)   // declared kinds no fixture reaches
    /// ```
    public func kindCoverage(feature: String? = nil) throws -> KindCoverage {
        struct Key: Hashable { var feature: String; var field: String; var kind: String }
        var entries: [Key: KindCoverageEntry] = [:]
        try database.cachedStatement("""
            SELECT feature, field, primitive, kind FROM declared_kinds WHERE ?1 IS NULL OR feature = ?1
            """).forEachRow([SQLValue(feature)]) { row in
            let feature = row.text(at: 0) ?? "", field = row.text(at: 1) ?? ""
            let primitive = try StoredVocabulary.primitive(row.text(at: 2), in: "declared_kinds", row: "\(feature).\(field)")
            let entry = KindCoverageEntry(feature: feature, field: field, primitive: primitive,
                                          kind: row.text(at: 3) ?? "", declared: true, fixtures: 0, steps: 0)
            entries[Key(feature: entry.feature, field: entry.field, kind: entry.kind)] = entry
        }
        // Kept with the index (`kind_counts`); the recomputation from the index is its check (`duet corpus check`).
        for count in try keepsKindCounts ? keptKindCounts(feature: feature) : recomputedKindCounts(feature: feature) {
            let key = Key(feature: count.feature, field: count.field, kind: count.kind)
            // Kind ids are <feature>.<primitive>.<case>; a case name holds no dot.
            let primitive = try StoredVocabulary.primitive(key.kind.split(separator: ".").dropLast().last.map(String.init),
                                                           in: "snapshot_kinds", row: key.kind)
            var entry = entries[key] ?? KindCoverageEntry(feature: key.feature, field: key.field, primitive: primitive,
                                                          kind: key.kind, declared: false, fixtures: 0, steps: 0)
            entry.fixtures = count.fixtures
            entry.steps = count.steps
            entries[key] = entry
        }
        let sorted = entries.values.sorted { ($0.feature, $0.field, $0.kind) < ($1.feature, $1.field, $1.kind) }
        return KindCoverage(entries: sorted)
    }
}
