import Duet
import DuetManifest

extension Corpus {
    /// Applies the `structure:` declarations of a manifest. A feature whose structure came from a
    /// runner keeps it: the manifest only speaks for features without one.
    ///
    /// ```swift
    /// try corpus.setStructures(manifest: try Manifest.load(path: "parity/manifest.yaml"))
    /// ```
    public func setStructures(manifest: Manifest) throws {
        try setStructures(manifestStructures: try manifestOnlyStructures(manifest.structuresByFeature))
    }

    /// The declarations that would change something: not runner-described, not already stored as declared.
    func manifestOnlyStructures(_ declared: [String: [String: Primitive]]) throws -> [String: [String: Primitive]] {
        let fromRunners = Set(try database.rows("SELECT feature FROM feature_structures WHERE origin != 'manifest'").compactMap { $0[0].text })
        var stored: [String: [String: Primitive]] = [:]
        for row in try database.rows("SELECT f.feature, f.path, f.role FROM structure_fields f JOIN feature_structures s ON s.feature = f.feature WHERE s.origin = 'manifest'") {
            let feature = row[0].text ?? "", path = row[1].text ?? ""
            stored[feature, default: [:]][path] = try StoredVocabulary.primitive(row[2].text, in: "structure_fields", row: "\(feature).\(path)")
        }
        let declaredOnly = Set(try database.rows("SELECT feature FROM feature_structures WHERE origin = 'manifest'").compactMap { $0[0].text })
        return declared.filter { !fromRunners.contains($0.key) && ((stored[$0.key] ?? [:]) != $0.value || !declaredOnly.contains($0.key)) }
    }
}

extension Manifest {
    /// Feature → (field → primitive), for features that declare a `structure:` (`{}` when it declares no L0 field).
    public var structuresByFeature: [String: [String: Primitive]] {
        var result: [String: [String: Primitive]] = [:]
        for feature in features where feature.declaresStructure {
            result[feature.name] = Dictionary(feature.structure.map { ($0.field, $0.primitive) }, uniquingKeysWith: { _, last in last })
        }
        return result
    }
}
