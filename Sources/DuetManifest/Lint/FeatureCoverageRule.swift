import Duet

/// The manifest's `features:` is the list every reader takes the features from (census rulings,
/// the ledger, audit, the milestone), so it must hold every feature there is evidence of: each
/// one the corpus holds fixtures of and each one a runner serves. A feature missing from it is a
/// finding. A manifest that declares no feature yet (the skeleton `duet init` writes, before the
/// first feature is entered) is told the same as a warning: naming what is missing, not failing the
/// adopter's first `verify`.
enum FeatureCoverageRule {
    static func check(_ manifest: Manifest, inputs: LintInputs, into found: inout LintCollector) {
        let declared = Set(manifest.features.map(\.name))
        var servedBy: [String: [String]] = [:]
        for (platform, structures) in inputs.describes {
            for structure in structures { servedBy[structure.feature, default: []].append(platform) }
        }
        let evident = Set(inputs.recorded.keys).union(servedBy.keys).subtracting(declared)
        for feature in evident.sorted(by: CanonicalOrder.precedes) {
            var evidence: [String] = []
            if let count = inputs.recorded[feature] { evidence.append("has \(count) fixture(s) in the corpus") }
            if let platforms = servedBy[feature] { evidence.append("is served by the \(platforms.sorted().joined(separator: " and ")) runner") }
            let message = "feature '\(feature)' \(evidence.joined(separator: " and ")) but has no entry under features:"
            let fix = "add features.\(feature) with its swift:/kotlin: and scenario: paths and its state:, action: and effectPayload: types"
            if manifest.features.isEmpty {
                found.warn(.featureDeclared, at: "features", message, fix: fix)
            } else {
                found.add(.featureDeclared, at: "features", message, fix: fix)
            }
        }
    }
}
