import Duet
import DuetCorpus

/// What `pending show` adds for a recording `duet explore` wrote: every platform's answer at the
/// step where they part, side by side, with the first place they differ and the command that
/// replays it. The recording itself pins the reference platform's answers.
enum ExplorePendingSides {
    static func text(_ finding: StoredExploreFinding) -> String {
        var out = "\nexplore finding: \(finding.kind) at step \(finding.step)" + (finding.path.map { " (\($0.isEmpty ? "(root)" : $0))" } ?? "")
        out += " — \(finding.message)\n"
        out += "  from \(finding.startFixture ?? "?")" + (finding.startStep.map { " after step \($0)" } ?? " (initial state)")
        out += "; \(finding.shrunk) action(s), shrunk from \(finding.explored); seen on \(finding.occurrences) walk(s)\n"
        let sides = finding.answers.filter { $0.step == finding.step }
        for answer in sides { out += ExploreReports.side(answer).map { "  " + $0 + "\n" }.joined() }
        if let difference = firstDifference(sides) { out += "  first difference: \(difference)\n" }
        out += finding.resolvedAt.map { "  the platforms agreed on replay at \($0)\n" } ?? "  open: the platforms differ — fix the reducer, then replay\n"
        return out + "replay with `duet explore --replay \(finding.name)`\n"
    }

    static func json(_ finding: StoredExploreFinding) -> JSONValue {
        var object = JSONObject()
        object["kind"] = .string(finding.kind)
        object["step"] = .int(Int64(finding.step))
        object["path"] = finding.path.map(JSONValue.string)
        object["message"] = .string(finding.message)
        object["startFixture"] = finding.startFixture.map(JSONValue.string)
        object["startStep"] = finding.startStep.map { .int(Int64($0)) }
        object["explored"] = .int(Int64(finding.explored))
        object["shrunk"] = .int(Int64(finding.shrunk))
        object["occurrences"] = .int(Int64(finding.occurrences))
        object["resolvedAt"] = finding.resolvedAt.map(JSONValue.string)
        object["answers"] = .array(finding.answers.map(ExploreReports.answerJSON))
        object["replay"] = .string("duet explore --replay \(finding.name)")
        return .object(object)
    }

    /// Where the first two answers that differ part, as `path: left vs right`.
    private static func firstDifference(_ sides: [StoredExploreAnswer]) -> String? {
        guard let first = sides.first else { return nil }
        for other in sides.dropFirst() {
            for (a, b) in [(first.state, other.state), (first.effects, other.effects)] {
                guard let a, let b, a != b, let left = try? CanonicalJSON.parse(a), let right = try? CanonicalJSON.parse(b),
                      let divergence = JSONValue.firstDivergence(expected: left, actual: right) else { continue }
                return "\(divergence.path.isEmpty ? "(root)" : divergence.path): \(first.platform) \(divergence.expected ?? "(absent)") vs \(other.platform) \(divergence.actual ?? "(absent)")"
            }
        }
        return nil
    }
}
