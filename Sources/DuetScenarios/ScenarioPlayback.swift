import Duet

extension Scenario {
    /// Reduces every root-to-leaf path in-process and checks each step's claims and `then` check;
    /// the first that fails is thrown as `ScenarioCheckFailure` naming the path and step.
    ///
    /// ```swift
    /// try timelineScenario.play()
    /// ```
    public func play() throws {
        let encoder = CanonicalEncoder()
        for path in playablePaths(items, prefix: [], slugs: []) {
            var state = initialState
            for step in path.steps {
                let failure = { (reason: String) in
                    ScenarioCheckFailure(fixture: path.fixture, label: step.label, source: source, line: step.line, reason: reason)
                }
                let before = try encoder.canonicalBytes(state)
                let effects = F.reduce(&state, step.action)
                for claim in step.claims {
                    if let holds = claim.holds, !holds(state) { throw failure("claims \"\(claim.claim.says)\", which is false after the step") }
                    if claim.claim.kind == .inert,
                       let violation = InertViolation.of(before: before, after: try encoder.canonicalBytes(state),
                                                         effects: try encoder.canonicalBytes(effects)) {
                        throw failure(violation.description)
                    }
                }
                guard let check = step.check else { continue }
                do { try check(state) } catch { throw failure("\(error)") }
            }
        }
    }

    private func playablePaths(_ items: [ScenarioItem<F>], prefix: [Step<F>], slugs: [String]) -> [(fixture: String, steps: [Step<F>])] {
        var steps = prefix
        var branches: [Branch<F>] = []
        for item in items {
            switch item {
            case .step(let step): steps.append(step)
            case .branch(let branch): branches.append(branch)
            }
        }
        guard !branches.isEmpty else {
            return [(([fixture] + slugs).joined(separator: "."), steps)]
        }
        return branches.flatMap { playablePaths($0.items, prefix: steps, slugs: slugs + [BranchSlug.make($0.name)]) }
    }
}

/// A claim or `then` check of a scenario step that failed during `Scenario.play()`.
public struct ScenarioCheckFailure: Error, Sendable, CustomStringConvertible {
    public var fixture: String
    public var label: String
    public var source: String
    public var line: Int
    public var reason: String
    public var description: String { "\(source):\(line): \(fixture) step \"\(label)\": \(reason)" }
}
