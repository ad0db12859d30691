import Duet

/// How a user names a kind: `capture.slot.camera` (exact), `capture.camera` (any primitive of
/// that feature) or `camera` (that case in every feature).
///
/// ```swift
/// let pattern = try KindPattern("capture.camera")
/// let ids = try pattern.kindIDs(in: corpus)   // ["capture.path.camera", "capture.slot.camera", …]
/// ```
public struct KindPattern: Sendable, Equatable, CustomStringConvertible {
    public var feature: String?
    public var primitive: Primitive?
    public var caseName: String

    /// Throws `InvalidKindPattern` for an empty part or more than three parts.
    public init(_ text: String) throws {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !parts.contains(where: \.isEmpty) else { throw InvalidKindPattern(text: text) }
        switch parts.count {
        case 1: caseName = parts[0]
        case 2: feature = parts[0]; caseName = parts[1]
        case 3:
            guard let named = Primitive(rawValue: parts[1]) else { throw InvalidKindPattern(text: text) }
            feature = parts[0]; primitive = named; caseName = parts[2]
        default: throw InvalidKindPattern(text: text)
        }
    }

    public var description: String { [feature, primitive?.rawValue, caseName].compactMap { $0 }.joined(separator: ".") }

    /// Every kind id the pattern can stand for, over the features the corpus knows
    /// (from structures and from the index).
    public func kindIDs(in corpus: Corpus) throws -> [String] {
        let features: [String]
        if let feature { features = [feature] } else { features = try corpus.knownFeatures() }
        let primitives = primitive.map { [$0] } ?? Primitive.allCases
        return features.flatMap { feature in primitives.map { "\(feature).\($0).\(caseName)" } }
    }
}

/// A kind argument that is not `feature.primitive.case`, `feature.case` or `case`.
public struct InvalidKindPattern: Error, Sendable, CustomStringConvertible {
    public var text: String
    public var description: String {
        "'\(text)' is not a kind: write feature.primitive.case (capture.slot.camera), feature.case (capture.camera) or a case name (camera); primitive is one of path, slot, tabs, stage"
    }
}

extension Corpus {
    /// Features named by a structure or by any fixture. The fixtures' features are read by
    /// seeking from one to the next along `fixtures_by_feature` (a seek per feature, not a row per fixture).
    func knownFeatures() throws -> [String] {
        try database.cachedStatement("""
            \(Self.fixtureFeatures)
            SELECT feature FROM named WHERE feature IS NOT NULL
            UNION SELECT feature FROM feature_structures
            ORDER BY 1
            """).rows().compactMap { $0[0].text }
    }

    /// `named(feature)`: the fixtures' features, one index seek each (and a NULL row last).
    static let fixtureFeatures = """
        WITH RECURSIVE named(feature) AS (
            SELECT min(feature) FROM fixtures
            UNION ALL SELECT (SELECT min(f.feature) FROM fixtures f WHERE f.feature > named.feature) FROM named WHERE named.feature IS NOT NULL)
        """
}
