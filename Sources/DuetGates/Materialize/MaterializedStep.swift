import Duet
import DuetCorpus
import DuetFixtures

/// One fixture step as a standalone test needs it: the state to reduce from (for a chain, the
/// node's initial state and the earlier steps that advance it), the action, and what the
/// recording expects. The generated tests reduce it through the feature's own code.
///
/// ```swift
/// let step = try MaterializedStep(fixture, step: 2)
/// step.node          // "timeline" (a leaf: its feature)
/// step.prior         // [] for a leaf: it starts from the recorded state before the step
/// ```
struct MaterializedStep: Sendable {
    struct Prior: Sendable {
        var node: String
        var action: String
    }

    var fixture: String
    var step: Int
    var label: String?
    var source: String?
    /// The feature reduced at this step.
    var node: String
    /// Every node the test reduces, in first-use order.
    var nodes: [String]
    /// Canonical state each node starts from.
    var initialStates: [(node: String, state: String)]
    /// Steps replayed (unchecked) before this one: chains only.
    var prior: [Prior]
    var action: String
    /// nil when the recording holds no state for the step (chains).
    var expectedState: String?
    var expectedEffects: String

    /// `splash.finds-none#1`.
    var reference: String { "\(fixture)#\(step)" }

    init(_ fixture: Fixture, step index: Int) throws {
        guard fixture.steps.indices.contains(index) else {
            throw InputError(file: "\(fixture.name)#\(index)", message: "the fixture has \(fixture.steps.count) step(s), numbered from 0",
                             fix: "pick a step from 0 to \(max(0, fixture.steps.count - 1))")
        }
        let step = fixture.steps[index]
        self.fixture = fixture.name
        self.step = index
        label = step.label
        source = fixture.scenarioSource.map { source in step.line.map { "\(source):\($0)" } ?? source }
        action = step.action.canonicalString
        expectedState = step.expectedState?.canonicalString
        expectedEffects = step.expectedEffects.canonicalString
        if fixture.isChain {
            guard let node = step.node, let initial = fixture.initialStates else {
                throw InputError(file: "\(fixture.name)#\(index)", message: "the chain step names no node, or the chain has no initialStates",
                                 fix: "re-record the chain")
            }
            self.node = node
            let path = fixture.steps[...index]
            nodes = path.compactMap(\.node).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
            initialStates = try nodes.map { node in
                guard let state = initial[node] else {
                    throw InputError(file: "\(fixture.name)#\(index)", message: "initialStates has no state for node \(node)", fix: "re-record the chain")
                }
                return (node, state.canonicalString)
            }
            prior = fixture.steps[..<index].map { Prior(node: $0.node ?? node, action: $0.action.canonicalString) }
        } else {
            guard let feature = fixture.feature, let before = fixture.stateBefore(step: index) else {
                throw InputError(file: "\(fixture.name)#\(index)", message: "a leaf fixture without feature or the state before the step",
                                 fix: "re-record the fixture")
            }
            node = feature
            nodes = [feature]
            initialStates = [(feature, before.canonicalString)]
            prior = []
        }
    }

    /// A name usable as a type, package or file name: `splash_finds_none_step1`.
    var identifier: String {
        let name = fixture.unicodeScalars.map { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)) ? String(scalar) : "_"
        }.joined()
        return name + "_step\(step)"
    }
}
