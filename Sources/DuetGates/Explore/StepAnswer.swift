import Duet
import DuetReplay

/// What one platform answered to one explored step.
enum StepAnswer: Sendable, Equatable {
    /// Canonical state and effects.
    case reduced(state: [UInt8], effects: [UInt8])
    /// `{"error":…}`: the runner lives on.
    case refused(String)
    /// It crashed, hung or wrote garbage.
    case failed(String)

    init(_ outcome: ReduceOutcome) {
        switch outcome {
        case .reduced(let state, let effects): self = .reduced(state: state, effects: effects)
        case .refused(let message): self = .refused(message)
        }
    }

    var state: [UInt8]? { if case .reduced(let state, _) = self { return state }; return nil }
    var effects: [UInt8]? { if case .reduced(_, let effects) = self { return effects }; return nil }
    var error: String? {
        switch self {
        case .reduced: return nil
        case .refused(let message): return "refused: " + message
        case .failed(let message): return "failed: " + message
        }
    }
}

/// The verdict on one step: every platform's answer judged against the others (and, with one
/// platform, against the rule that a well-formed action is reduced).
enum StepVerdict: Sendable, Equatable {
    /// The platforms agree on this state and these effects: the walk goes on from `state`.
    case agreed(state: [UInt8], effects: [UInt8])
    /// Every platform refused an action that may be outside the payload's domain: the walk goes on unchanged.
    case rejected
    case finding(ExploreFinding.Kind, Divergence?)

    static func judge(_ answers: [StepAnswer], wellFormed: Bool) -> StepVerdict {
        if answers.contains(where: { if case .failed = $0 { return true }; return false }) { return .finding(.crash, nil) }
        let reduced = answers.compactMap { answer -> (state: [UInt8], effects: [UInt8])? in
            if case .reduced(let state, let effects) = answer { return (state, effects) }
            return nil
        }
        if reduced.isEmpty { return wellFormed ? .finding(.refused, nil) : .rejected }
        if reduced.count < answers.count { return .finding(.refused, nil) }
        let first = reduced[0]
        for other in reduced.dropFirst() {
            if other.state != first.state { return .finding(.state, divergence(first.state, other.state)) }
            if other.effects != first.effects { return .finding(.effects, divergence(first.effects, other.effects)) }
        }
        return .agreed(state: first.state, effects: first.effects)
    }

    /// The platforms a finding sets apart: those that crashed, or refused (a state or effects
    /// divergence sets none apart: each side differs from the other).
    static func apart(_ kind: ExploreFinding.Kind, platforms: [String], answers: [StepAnswer]) -> [String] {
        zip(platforms, answers).compactMap { platform, answer in
            switch (kind, answer) {
            case (.crash, .failed), (.refused, .refused): return platform
            default: return nil
            }
        }
    }

    /// Where two canonical answers first differ, with both fragments.
    static func divergence(_ a: [UInt8], _ b: [UInt8]) -> Divergence {
        let text = { (bytes: [UInt8]) in String(decoding: bytes, as: UTF8.self) }
        guard let left = try? CanonicalJSON.parse(a), let right = try? CanonicalJSON.parse(b) else {
            return Divergence(path: "", expected: text(a), actual: text(b))
        }
        return JSONValue.firstDivergence(expected: left, actual: right) ?? Divergence(path: "", expected: text(a), actual: text(b))
    }
}
