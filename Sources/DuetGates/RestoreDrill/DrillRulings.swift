import DuetManifest

/// A finding the team has ruled on (`drill.rulings` in `parity/manifest.yaml`): still reported,
/// with its reason, but it does not fail the drill.
public struct RuledFinding: Sendable, Equatable {
    public var finding: DrillFinding
    public var ruling: DrillRuling
}

extension DrillRuling {
    /// Same fixture and rule, and the same step and path where the ruling names them; a feature's
    /// ruling: the same feature drilled and rule, and the path in the same spine field.
    func matches(_ finding: DrillFinding) -> Bool {
        if let feature {
            return feature == finding.node && rule == finding.rule.rawValue
                && (path == nil || Self.spineField(path!) == Self.spineField(finding.path ?? ""))
        }
        return fixture == finding.fixture && rule == finding.rule.rawValue
            && (step == nil || step == finding.step) && (path == nil || path == finding.path)
    }
}

enum DrillRulings {
    /// Moves the findings a ruling matches from `findings` to `ruled`.
    static func apply(_ rulings: [DrillRuling], to result: DrillFixtureResult) -> DrillFixtureResult {
        guard !rulings.isEmpty else { return result }
        var result = result
        var open: [DrillFinding] = []
        for finding in result.findings {
            if let ruling = rulings.first(where: { $0.matches(finding) }) {
                result.ruled.append(RuledFinding(finding: finding, ruling: ruling))
            } else {
                open.append(finding)
            }
        }
        result.findings = open
        return result
    }

    /// Rulings that matched nothing in a full drill: the gap is gone (or the fixture changed) — remove them.
    /// A feature's ruling is not judged here: it is also about states only `duet explore` reaches.
    /// `matched`: the rulings some finding of the runs matched.
    static func stale(_ rulings: [DrillRuling], matched: [DrillRuling]) -> [DrillRuling] {
        rulings.filter { $0.feature == nil && !matched.contains($0) }
    }
}
