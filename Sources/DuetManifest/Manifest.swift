import Duet

/// `parity/manifest.yaml`: the features, their runners, the presentation ledger and the census rulings.
///
/// ```swift
/// let manifest = try Manifest.load(path: "parity/manifest.yaml")
/// manifest.runners["swift"]                       // "swift run -q memorylane-runner"
/// manifest.islands.filter { $0.platform == "ios" }
/// manifest.rulings.first { $0.field == "onboarding.page" }?.reason
/// manifest.place("presentation.islands[0].since") // line and column of that value
/// ```
public struct Manifest: Sendable {
    /// The file it was read from, as given.
    public var file: String
    /// Platform (`swift`, `kotlin`) → shell command that starts its replay runner.
    public var runners: [String: String]
    /// Upstream: the Swift package root owning `Sources/replay-runner`.
    public var replayRunner: String?
    public var features: [FeatureEntry]
    public var chains: [String]
    public var waivers: [Waiver]
    public var islands: [IslandEntry]
    public var rulings: [CensusRuling]
    /// `drill.rulings`: restore-drill findings the team accepts, each with its reason.
    public var drillRulings: [DrillRuling] = []
    public var mocks: Mocks?
    /// Where each value was written, by dotted path (`chains[0]`, `presentation.islands[2].since`).
    public var places: [String: ManifestLocation]
    /// What was read but is not ours to check (unknown per-feature keys, kept as extensions).
    public var warnings: [ManifestError]

    public init(file: String, runners: [String: String] = [:], features: [FeatureEntry] = [], chains: [String] = [],
                waivers: [Waiver] = [], islands: [IslandEntry] = [], rulings: [CensusRuling] = []) {
        self.file = file; self.runners = runners; self.features = features; self.chains = chains
        self.waivers = waivers; self.islands = islands; self.rulings = rulings
        self.replayRunner = nil; self.mocks = nil; self.places = [:]; self.warnings = []
    }

    public func feature(named name: String) -> FeatureEntry? { features.first { $0.name == name } }

    /// The place of the value at `path`, else of its nearest enclosing value, else the top of the file.
    public func place(_ path: String) -> ManifestLocation {
        var path = Substring(path)
        while !path.isEmpty {
            if let place = places[String(path)] { return place }
            guard let cut = path.lastIndex(where: { $0 == "." || $0 == "[" }) else { break }
            path = path[..<cut]
        }
        return ManifestLocation(line: 1, column: 1)
    }
}

/// Where an entry was declared, for messages that point at the manifest.
public struct ManifestLocation: Sendable, Equatable {
    public var line: Int
    public var column: Int
    public init(line: Int, column: Int) { self.line = line; self.column = column }
}

public struct FeatureEntry: Sendable {
    public var name: String
    /// Any declared key → value for plain string keys (`swift`, `kotlin`, `state`, `scenario`, …).
    public var attributes: [String: String]
    public var fixtures: [String]
    /// Declared L0 fields (field path → primitive), in declaration order, for corpora indexed
    /// without a runner.
    public var structure: [(field: String, primitive: Primitive)]
    /// True when the entry has a `structure:` key, even an empty one (`structure: {}`: no L0 field).
    public var declaresStructure = false
    public var location: ManifestLocation
    /// The dotted path of the entry (`features.timeline`), for `Manifest.place`.
    public var path: String { "features.\(name)" }
}

/// A deliberate difference of L3 manner on one platform.
public struct Waiver: Sendable {
    public var kind: String
    public var feature: String
    public var platform: String
    public var manner: String
    public var reason: String
    public var since: String
    public var location: ManifestLocation
    /// `presentation.waivers[i]`.
    public var path: String = ""
}

/// A declared L4 island, one entry per platform (or one for all when `platform` is absent).
public struct IslandEntry: Sendable {
    public var id: String
    public var feature: String
    public var platform: String?
    public var boundary: String
    public var internals: String?
    public var reason: String
    public var since: String
    public var location: ManifestLocation
    /// `presentation.islands[i]`.
    public var path: String = ""
}

/// A recorded decision that a navigation-shaped field is not an L0 field.
public struct CensusRuling: Sendable {
    /// `feature.field`, e.g. `onboarding.page`.
    public var field: String
    /// What the field is instead (`data`).
    public var ruling: String
    public var reason: String
    public var since: String
    public var location: ManifestLocation
    /// `census.rulings[i]`.
    public var path: String = ""
}

/// A recorded decision that one restore-drill finding is a known, accepted gap: what the spine
/// cannot carry and why. Matches a finding by fixture, rule and (when given) step and path.
public struct DrillRuling: Sendable, Equatable {
    /// The fixture ruled on; empty for a ruling on a whole feature (`feature`).
    public var fixture: String
    /// A ruling on a feature instead of one fixture: it accepts the gap wherever it shows — in any
    /// fixture of the feature and at any state `duet explore` reaches — for the spine field of `path`.
    public var feature: String?
    /// 0-based step; nil matches any step.
    public var step: Int?
    /// `carry-on`, `round-trip`, …
    public var rule: String
    /// The divergent JSON path; nil matches any path. A feature's ruling matches the spine field
    /// (the L0 field or island) the path lies in: `path` covers `path[1].value.context`.
    public var path: String?
    public var reason: String
    public var since: String
    public var location: ManifestLocation

    public init(fixture: String, feature: String? = nil, step: Int? = nil, rule: String, path: String? = nil, reason: String, since: String,
                location: ManifestLocation = ManifestLocation(line: 0, column: 0)) {
        self.fixture = fixture; self.feature = feature; self.step = step; self.rule = rule; self.path = path; self.reason = reason
        self.since = since; self.location = location
    }

    /// `path[0].value.context` → `path`; `videoPlayer.positionMillis` → `videoPlayer`.
    public static func spineField(_ path: String) -> String { String(path.prefix { $0 != "." && $0 != "[" }) }
}

/// The upstream code-generation section, read for its shape only.
public struct Mocks: Sendable {
    public var bundle: String?
    public var generators: [MockGenerator]
}

public struct MockGenerator: Sendable {
    public var name: String
    public var output: String
    public var template: String
    public var package: String?
    public var sources: [String]
    public var args: [String]
    /// `mocks.generators.<name>`.
    public var path: String { "mocks.generators.\(name)" }
}

/// The closed vocabularies of the grammar, with the words a message offers instead.
public enum ManifestVocabulary {
    /// Ledger platforms (`platform:` of waivers and islands).
    public static let platforms = ["ios", "android"]
    /// Runner flavors (`runners:` keys).
    public static let flavors = ["swift", "kotlin"]
    /// What a census ruling may say a candidate is instead of an L0 field.
    public static let rulings = ["data"]
    /// The words of `structure:` (`Primitive`'s).
    public static let primitives = Primitive.allCases.map(\.rawValue)
}
