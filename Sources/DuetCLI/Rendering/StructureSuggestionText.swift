import Duet
import DuetCorpus

/// `duet census --suggest` as people read it: a YAML block to paste under `features:` in
/// `parity/manifest.yaml`, every line with its evidence as a comment.
enum StructureSuggestionText {
    static func render(_ suggestion: StructureSuggestion) -> String {
        guard !suggestion.features.isEmpty else { return "" }
        var lines = ["# The structure the snapshots suggest. Paste under features: in parity/manifest.yaml (beside a feature's",
                     "# swift:/kotlin: lines when it has an entry), check each primitive, then `duet census` again.",
                     "features:"]
        for feature in suggestion.features {
            lines.append("  \(feature.feature):")
            let seen = "\(Counted(feature.snapshots, "snapshot")) of \(Counted(feature.fixtures, "fixture"))"
            if feature.fields.isEmpty {
                lines.append("    structure: {}  # no navigation-shaped field in \(seen)")
            } else {
                lines.append("    structure:  # from \(seen)")
                let width = feature.fields.map { $0.field.count + ($0.primitive?.rawValue.count ?? 0) }.max() ?? 0
                for field in feature.fields {
                    let entry = "\(field.field): \(field.primitive!.rawValue)"
                    lines.append("      " + entry.padding(toLength: width + 2, withPad: " ", startingAt: 0) + "  # " + evidence(field))
                }
            }
            for flag in feature.flags {
                lines.append("    # \(flag.field): a presentation flag, no primitive as it stands (\(evidence(flag))) — make it a slot (an optional kind), "
                             + "or rule it data under census.rulings")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `sum whose case changes between snapshots: plans, payment, done; 3 fixtures (upgrade.buys, …), set in 9 of 9 snapshots`.
    static func evidence(_ field: StructureSuggestion.FieldSuggestion) -> String {
        let e = field.evidence
        var parts = [field.reasons.joined(separator: "; ")]
        if !e.cases.isEmpty { parts.append((field.primitive == .path ? "elements " : "cases ") + NameList.shortened(e.cases, limit: 5)) }
        if field.primitive == .path, e.maxDepth > 0 { parts.append("up to \(e.maxDepth) deep") }
        parts.append("\(Counted(e.fixtures.count, "fixture")) (\(NameList.shortened(e.fixtures, limit: 3)))")
        parts.append("set in \(e.snapshots) of \(Counted(e.ofSnapshots, "snapshot"))")
        return parts.joined(separator: "; ")
    }

    static func table(_ suggestion: StructureSuggestion) -> Table {
        Table(columns: ["feature", "field", "shape", "primitive", "why", "fixtures", "snapshots"], rows: suggestion.features.flatMap { feature in
            (feature.fields + feature.flags).map { field in
                [.text(feature.feature), .text(field.field), .text(field.shape), field.primitive.map { .text($0.rawValue) } ?? .none,
                 .text(field.reasons.joined(separator: "; ")), .text(field.evidence.fixtures.joined(separator: " ")), .int(field.evidence.snapshots)]
            }
        })
    }
}
