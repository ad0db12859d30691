/// The golden-first rule: every action case a feature declares is sent by a fixture of record
/// ("record the fixture first"). A warning by default; `duet lint --strict` makes it a finding.
enum CoverageRule {
    static func check(_ manifest: Manifest, unreached: [String: [String]], strict: Bool, into found: inout LintCollector) {
        for feature in unreached.keys.sorted() {
            for actionCase in unreached[feature] ?? [] {
                let at = manifest.feature(named: feature)?.path ?? "features"
                let message = "action case \(feature).\(actionCase) is declared but no fixture of record sends it"
                let fix = "record a scenario step that sends .\(actionCase) (golden first), or remove the case"
                if strict { found.add(.actionCoverage, at: at, message, fix: fix) } else { found.warn(.actionCoverage, at: at, message, fix: fix) }
            }
        }
    }
}
