import Duet
import DuetCorpus
import DuetReplay

/// Shrinks a finding to its smallest form, as Hypothesis does: the fewest actions from the
/// nearest recorded state, then the simplest payloads. A candidate is kept only when replaying it
/// on every runner shows a finding with the same signature (the same kind, feature, last action
/// case, platforms apart and path).
///
/// 1. Start later: a state the walk reached that a fixture also records becomes the start.
/// 2. Drop actions, halves first, then one at a time.
/// 3. Start elsewhere: the last actions alone from another recorded state (shortest suffix first).
/// 4. Simplify payloads: integers to 0 or 1, strings to empty, booleans to false, arrays shorter.
/// Repeated until nothing shrinks or the attempts run out (a crash restarts its runner each time it
/// reproduces, so a crash gets 30 attempts at most).
struct Shrinker {
    let replay: SequenceReplay
    /// The feature's recorded states, as the walks start from them.
    let starts: [ExploreStart]
    var attempts: Int
    /// Other recorded starts tried per suffix length (the nearest first: fewest bytes).
    var startCandidates = 48

    /// The shrunk finding, and how many candidates were replayed.
    func shrink(_ finding: ExploreFinding) throws(RunnerFailure) -> (finding: ExploreFinding, tried: Int) {
        var run = Run(shrinker: self, target: finding.signature, budget: finding.kind == .crash ? min(attempts, 30) : attempts)
        var best = finding
        if let later = try run.startLater(best) { best = later }
        var changed = true
        while changed && run.budget > 0 {
            changed = false
            if let fewer = try run.dropActions(best) { best = fewer; changed = true }
            if let elsewhere = try run.startElsewhere(best) { best = elsewhere; changed = true }
            if let simpler = try run.simplifyPayloads(best) { best = simpler; changed = true }
        }
        return (best, run.tried)
    }

    private struct Run {
        let shrinker: Shrinker
        let target: String
        var budget: Int
        var tried = 0

        /// The candidate's finding when it reproduces the target.
        mutating func reproduces(_ start: ExploreStart, _ actions: [ActionDraft], like original: ExploreFinding) throws(RunnerFailure) -> ExploreFinding? {
            guard budget > 0, !actions.isEmpty else { return nil }
            budget -= 1
            tried += 1
            guard let found = try shrinker.replay.finding(feature: original.feature, start: start, actions),
                  found.signature == target else { return nil }
            return found
        }

        mutating func startLater(_ finding: ExploreFinding) throws(RunnerFailure) -> ExploreFinding? {
            let steps = try shrinker.replay.replay(feature: finding.feature, from: finding.start.state, finding.actions)
            let recorded = Dictionary(shrinker.starts.map { ($0.state, $0) }, uniquingKeysWith: { first, _ in first })
            var latest: (start: ExploreStart, after: Int)?
            for (index, step) in steps.enumerated() {
                if case .agreed(let state, _) = step.verdict, let start = recorded[state], index + 1 < finding.actions.count {
                    latest = (start, index + 1)
                }
            }
            guard let latest else { return nil }
            return try reproduces(latest.start, Array(finding.actions[latest.after...]), like: finding)
        }

        mutating func dropActions(_ finding: ExploreFinding) throws(RunnerFailure) -> ExploreFinding? {
            var best = finding
            var improved = false
            var chunk = max(1, best.actions.count / 2)
            while chunk >= 1 && budget > 0 {
                var offset = 0
                var droppedAny = false
                while offset < best.actions.count - 1 && budget > 0 {
                    // The last action shows the finding: it stays.
                    let end = min(offset + chunk, best.actions.count - 1)
                    guard end > offset else { break }
                    let candidate = Array(best.actions[..<offset]) + Array(best.actions[end...])
                    if let found = try reproduces(best.start, candidate, like: finding), found.actions.count < best.actions.count {
                        best = found; improved = true; droppedAny = true
                    } else {
                        offset += chunk
                    }
                }
                if !droppedAny { chunk /= 2 }
            }
            return improved ? best : nil
        }

        mutating func startElsewhere(_ finding: ExploreFinding) throws(RunnerFailure) -> ExploreFinding? {
            guard finding.actions.count > 1 else { return nil }
            let candidates = shrinker.starts.filter { $0.feature == finding.feature && $0.state != finding.start.state }
                .sorted { ($0.state.count, $0.fixture) < ($1.state.count, $1.fixture) }
                .prefix(shrinker.startCandidates)
            for length in 1..<finding.actions.count {
                let suffix = Array(finding.actions.suffix(length))
                for start in candidates where budget > 0 {
                    if let found = try reproduces(start, suffix, like: finding), found.actions.count < finding.actions.count { return found }
                }
            }
            return nil
        }

        mutating func simplifyPayloads(_ finding: ExploreFinding) throws(RunnerFailure) -> ExploreFinding? {
            var best = finding
            var improved = false
            for index in best.actions.indices where budget > 0 {
                for simpler in PayloadSimplifier.candidates(best.actions[index].value) where budget > 0 {
                    var actions = best.actions
                    actions[index].value = simpler
                    if let found = try reproduces(best.start, actions, like: finding), found.actions.count <= best.actions.count {
                        best = found; improved = true
                        break
                    }
                }
            }
            return improved ? best : nil
        }
    }
}

/// Simpler versions of an action, one change each: inside its payload an integer becomes 0 or 1,
/// a string empty, a boolean false, an array loses an element. UUIDs and dates stay (a blank id
/// is not a simpler id, it is a different action), and so does the case.
enum PayloadSimplifier {
    static func candidates(_ action: JSONValue) -> [JSONValue] {
        guard case .object(var object) = action, let payload = object["value"] else { return [] }
        return simpler(payload).map { replacement in
            object["value"] = replacement
            return .object(object)
        }
    }

    static func simpler(_ value: JSONValue) -> [JSONValue] {
        switch value {
        case .int(let number):
            return [0, 1].filter { $0 != number && number.magnitude > UInt64($0) }.map { JSONValue.int($0) }
        case .string(let text):
            return text.isEmpty || UUIDShape.matches(text) || DialectDate.isDate(text) ? [] : [.string("")]
        case .bool(let flag): return flag ? [.bool(false)] : []
        case .array(let items):
            guard !items.isEmpty else { return [] }
            var result: [JSONValue] = [.array([])]
            if items.count > 1 { result += items.indices.map { index in .array(items.enumerated().filter { $0.offset != index }.map(\.element)) } }
            for (index, item) in items.enumerated() {
                for replacement in simpler(item) { var copy = items; copy[index] = replacement; result.append(.array(copy)) }
            }
            return result
        case .object(let object):
            var result: [JSONValue] = []
            for member in object.members where member.key != "case" {
                for replacement in simpler(member.value) { var copy = object; copy[member.key] = replacement; result.append(.object(copy)) }
            }
            return result
        case .null: return []
        }
    }
}
