/// `parity/manifest.yaml`: the features, their runners, the presentation ledger and the census rulings.
///
/// ```swift
/// let manifest = try Manifest.load(path: "parity/manifest.yaml")
/// manifest.runners["swift"]                       // "swift run -q memorylane-runner"
/// manifest.islands.filter { $0.platform == "ios" }
/// manifest.rulings.first { $0.field == "onboarding.page" }?.reason
/// ```
public struct Manifest: Sendable {
    /// The file it was read from, as given.
    public var file: String
    /// Platform (`swift`, `kotlin`) → shell command that starts its replay runner.
    public var runners: [String: String]
    public var features: [FeatureEntry]
    public var chains: [String]
    public var waivers: [Waiver]
    public var islands: [IslandEntry]
    public var rulings: [CensusRuling]

    public init(file: String, runners: [String: String] = [:], features: [FeatureEntry] = [], chains: [String] = [],
                waivers: [Waiver] = [], islands: [IslandEntry] = [], rulings: [CensusRuling] = []) {
        self.file = file; self.runners = runners; self.features = features; self.chains = chains
        self.waivers = waivers; self.islands = islands; self.rulings = rulings
    }

    public func feature(named name: String) -> FeatureEntry? { features.first { $0.name == name } }
}

/// Where an entry was declared, for messages that point at the manifest.
public struct ManifestLocation: Sendable, Equatable {
    public var line: Int
    public var column: Int
}

public struct FeatureEntry: Sendable {
    public var name: String
    /// Any declared key → value for plain string keys (`swift`, `kotlin`, `state`, `scenario`, …).
    public var attributes: [String: String]
    public var fixtures: [String]
    /// Declared L0 fields (field path → `path`/`slot`/`tabs`/`stage`), in declaration order,
    /// for corpora indexed without a runner.
    public var structure: [(field: String, primitive: String)]
    public var location: ManifestLocation
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
}
