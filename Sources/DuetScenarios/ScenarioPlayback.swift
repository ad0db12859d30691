import Duet

extension Scenario {
    /// Reduces every root-to-leaf path in-process and runs the steps' `then` checks; the first
    /// failing check is rethrown as `ScenarioCheckFailure` naming the path and step.
    ///
    /// ```swift
    /// try timelineScenario.play()
    /// ```
    public func play() throws {
        for path in playablePaths(items, prefix: [], slugs: []) {
            var state = initialState
            for step in path.steps {
                _ = F.reduce(&state, step.action)
                guard let check = step.check else { continue }
                do { try check(state) } catch {
                    throw ScenarioCheckFailure(fixture: path.fixture, label: step.label, source: source, line: step.line, reason: "\(error)")
                }
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

/// A `then` check of a scenario step that failed during `Scenario.play()`.
public struct ScenarioCheckFailure: Error, Sendable, CustomStringConvertible {
    public var fixture: String
    public var label: String
    public var source: String
    public var line: Int
    public var reason: String
    public var description: String { "\(source):\(line): \(fixture) step \"\(label)\": \(reason)" }
}
