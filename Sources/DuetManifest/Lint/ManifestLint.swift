import Foundation
import Duet

/// What the lint needs besides the manifest: what the corpus knows about each feature.
public struct LintInputs: Sendable {
    /// Feature → its structure as the corpus knows it (a runner's `describe`, or `structure:` plus
    /// the data fields read from snapshots). A feature absent here has an unknown structure.
    public var structures: [String: FeatureStructure]
    /// Feature → kind ids declared or observed (`capture.slot.camera`).
    public var kinds: [String: Set<String>]
    /// Platform → what its runner last answered to `describe`.
    public var describes: [String: [FeatureStructure]]
    /// Feature → how many fixtures of it the corpus holds (what was recorded or imported).
    public var recorded: [String: Int]
    /// Today, for "not in the future".
    public var now: Date
    /// Feature → declared action cases no fixture of record sends (the golden-first rule).
    public var unreachedActionCases: [String: [String]] = [:]
    /// `--strict`: the golden-first rule is a finding, not a warning.
    public var strict = false

    public init(structures: [String: FeatureStructure] = [:], kinds: [String: Set<String>] = [:],
                describes: [String: [FeatureStructure]] = [:], recorded: [String: Int] = [:], now: Date = Date()) {
        self.structures = structures; self.kinds = kinds; self.describes = describes; self.recorded = recorded; self.now = now
    }
}

/// The rules of `duet lint`, by name, with what each checks (shown by `duet lint --help`).
public enum LintRule: String, CaseIterable, Sendable {
    case featureName = "feature.name"
    case featureSides = "feature.sides"
    case featureDeclared = "feature.declared"
    case sourcePath = "source.path"
    case fixturesListed = "fixtures.listed"
    case fixturesUnlisted = "fixtures.unlisted"
    case chainExists = "chains.exist"
    case ledgerFeature = "ledger.feature"
    case waiverKind = "ledger.kind"
    case islandID = "ledger.island"
    case ledgerSince = "ledger.since"
    case ledgerReason = "ledger.reason"
    case islandPlatforms = "ledger.platforms"
    case ledgerDuplicate = "ledger.duplicate"
    case rulingField = "census.field"
    case mocksShape = "mocks.shape"
    case declarationParity = "parity.declarations"
    case actionCoverage = "coverage.actions"

    public var checks: String {
        switch self {
        case .featureName: return "a feature name is lower-case, one word"
        case .featureSides: return "a feature declares swift: or kotlin: (or only structure:), and scenario: with a side"
        case .featureDeclared: return "every feature the corpus holds fixtures of, or a runner serves, has an entry under features:"
        case .sourcePath: return "swift:, kotlin:, scenario:, replayRunner: and mocks paths exist relative to the tree"
        case .fixturesListed: return "every fixture a feature lists exists in parity/fixtures"
        case .fixturesUnlisted: return "a feature that lists fixtures lists every one of its fixtures on disk"
        case .chainExists: return "every chain under chains: exists in parity/fixtures"
        case .ledgerFeature: return "waivers, islands and rulings name a feature of the manifest"
        case .waiverKind: return "a waiver's kind is <feature>.<path|slot|tabs|stage>.<case> and exists in the structure"
        case .islandID: return "an island's id is <feature>.<name> and the structure has that island"
        case .ledgerSince: return "since: is a YYYY-MM-DD date, not in the future"
        case .ledgerReason: return "reason: (and a waiver's manner:) is not empty"
        case .islandPlatforms: return "every island is declared on ios and android with the same id and boundary"
        case .ledgerDuplicate: return "no waiver or island entry is declared twice"
        case .rulingField: return "a census ruling names a real field (feature.field) of the structure"
        case .mocksShape: return "mocks: a semver bundle: once generators exist; each row has sources: or package:, args are key=value"
        case .declarationParity: return "the runners' describe answers agree (fields, roles, shapes, kinds, actions, effects)"
        case .actionCoverage: return "every declared action case is sent by a fixture of record (a warning; --strict fails on it)"
        }
    }
}

/// `duet lint`: the manifest's shape, then every rule of `LintRule`.
public enum ManifestLint {
    public static func check(_ reading: ManifestReading, inputs: LintInputs) -> LintReport {
        let manifest = reading.manifest
        func finding(_ error: ManifestError, _ rule: String) -> LintFinding {
            LintFinding(file: error.file, line: error.line, column: error.column, rule: rule, message: error.message, fix: error.fix ?? "")
        }
        var report = LintReport(manifest: manifest.file, errors: reading.errors.map { finding($0, "manifest.grammar") }, findings: [],
                                warnings: reading.warnings.map { finding($0, "manifest.extension") },
                                parity: ParityRule.status(inputs.describes), rules: [])
        guard reading.errors.isEmpty else { return report }
        var found = LintCollector(manifest: manifest)
        FeatureRules.check(manifest, into: &found)
        FeatureCoverageRule.check(manifest, inputs: inputs, into: &found)
        MocksRule.check(manifest, into: &found)
        TreeRules.check(manifest, into: &found)
        LedgerRules.check(manifest, inputs: inputs, into: &found)
        ParityRule.check(manifest, describes: inputs.describes, into: &found)
        CoverageRule.check(manifest, unreached: inputs.unreachedActionCases, strict: inputs.strict, into: &found)
        report.warnings += found.warnings
        report.findings = found.findings.sorted { ($0.line, $0.column, $0.rule) < ($1.line, $1.column, $1.rule) }
        report.rules = LintRule.allCases.map(\.rawValue)
        return report
    }
}

/// Findings placed at a manifest path.
struct LintCollector {
    let manifest: Manifest
    var findings: [LintFinding] = []
    /// Shown, never failing the lint.
    var warnings: [LintFinding] = []

    mutating func add(_ rule: LintRule, at path: String, _ message: String, fix: String) {
        findings.append(finding(rule, at: path, message, fix: fix))
    }

    mutating func warn(_ rule: LintRule, at path: String, _ message: String, fix: String) {
        warnings.append(finding(rule, at: path, message, fix: fix))
    }

    private func finding(_ rule: LintRule, at path: String, _ message: String, fix: String) -> LintFinding {
        let place = manifest.place(path)
        return LintFinding(file: manifest.file, line: place.line, column: place.column, rule: rule.rawValue, message: message, fix: fix)
    }
}

enum FeatureRules {
    static func check(_ manifest: Manifest, into found: inout LintCollector) {
        for feature in manifest.features {
            if !isFeatureName(feature.name) {
                found.add(.featureName, at: feature.path, "feature '\(feature.name)' is not a lower-case, one-word name",
                          fix: "rename it to '\(feature.name.lowercased().filter { $0.isLetter || $0.isNumber })' here and in the code")
            }
            let sides = ["swift", "kotlin"].filter { feature.attributes[$0] != nil }
            if sides.isEmpty && !feature.declaresStructure {
                found.add(.featureSides, at: feature.path, "feature '\(feature.name)' declares neither swift: nor kotlin:",
                          fix: "add the path of its declarations (swift: or kotlin:), or structure: for a corpus without a runner")
            }
            if !sides.isEmpty && feature.attributes["scenario"] == nil {
                found.add(.featureSides, at: feature.path, "feature '\(feature.name)' has no scenario:",
                          fix: "add scenario: with the test source its fixtures are recorded from")
            }
        }
    }

    static func isFeatureName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, ("a"..."z").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) }
    }
}

/// Upstream's shape of the code-generation section (its generation itself is `duet mocks`' job, not lint's).
enum MocksRule {
    static func check(_ manifest: Manifest, into found: inout LintCollector) {
        guard let mocks = manifest.mocks else { return }
        if let bundle = mocks.bundle {
            let parts = bundle.split(separator: ".", omittingEmptySubsequences: false)
            if parts.count != 3 || !parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }) {
                found.add(.mocksShape, at: "mocks.bundle", "bundle '\(bundle)' is not a bare semver tag", fix: "write the release tag as MAJOR.MINOR.PATCH, e.g. 0.6.2")
            }
        } else if !mocks.generators.isEmpty {
            found.add(.mocksShape, at: "mocks", "generators need a bundle: pin", fix: "add bundle: with the swift-sourcery-templates release tag")
        }
        for generator in mocks.generators {
            if generator.sources.isEmpty && generator.package == nil {
                found.add(.mocksShape, at: generator.path, "generator '\(generator.name)' has neither sources: nor package:",
                          fix: "name the roots it scans (sources:) or the package that derives them (package:)")
            }
            for (index, arg) in generator.args.enumerated() where !arg.contains("=") || arg.hasPrefix("=") {
                found.add(.mocksShape, at: "\(generator.path).args[\(index)]", "argument '\(arg)' is not key=value", fix: "write it as key=value, e.g. import=Foundation")
            }
        }
    }
}
