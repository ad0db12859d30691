import Duet
import DuetCorpus
import DuetReplay

/// Replays one sequence of actions from one state on every runner, a step at a time, judging each
/// step as the walks are judged; it stops at the first finding. What the shrinker tries candidates
/// with, and what `duet explore --replay` runs.
struct SequenceReplay {
    struct Step: Sendable {
        var action: ActionDraft
        var answers: [StepAnswer]
        var verdict: StepVerdict
    }

    let runners: [ExploreRunner]

    /// Throws when a runner cannot be (re)started at all: the run's environment, not a finding.
    func replay(feature: String, from start: [UInt8], _ actions: [ActionDraft]) throws(RunnerFailure) -> [Step] {
        var state = start
        var steps: [Step] = []
        for action in actions {
            var answers: [StepAnswer] = []
            for runner in runners {
                let client = try runner.session.client()
                do {
                    answers.append(StepAnswer(try client.reduce(feature: feature, state: state, action: action.bytes)))
                    runner.session.fixtureAnswered()
                } catch {
                    runner.session.runnerFailed(error)
                    runner.session.fixtureAnswered()
                    answers.append(.failed(error.description))
                }
            }
            let verdict = StepVerdict.judge(answers, wellFormed: action.wellFormed)
            steps.append(Step(action: action, answers: answers, verdict: verdict))
            switch verdict {
            case .agreed(let next, _): state = next
            case .rejected: continue
            case .finding: return steps
            }
        }
        return steps
    }

    /// The finding the replay ends on, as the walk would have reported it; nil when every step held.
    func finding(feature: String, start: ExploreStart, _ actions: [ActionDraft]) throws(RunnerFailure) -> ExploreFinding? {
        let steps = try replay(feature: feature, from: start.state, actions)
        guard let last = steps.last, case .finding(let kind, let divergence) = last.verdict else { return nil }
        let apart = StepVerdict.apart(kind, platforms: runners.map(\.platform), answers: last.answers)
        let kept = steps.compactMap { step -> ActionDraft? in
            if case .rejected = step.verdict { return nil }
            return step.action
        }
        return ExploreFinding(feature: feature, kind: kind, start: start, actions: kept, path: divergence?.path,
                              message: ExploreMessages.describe(kind, divergence, apart), platforms: apart)
    }
}

/// How findings are put in words, in one place for the walks and the replays.
enum ExploreMessages {
    static func describe(_ kind: ExploreFinding.Kind, _ divergence: Divergence?, _ apart: [String]) -> String {
        let place = divergence.map { " at \($0.path.isEmpty ? "(root)" : $0.path)" } ?? ""
        switch kind {
        case .crash: return "the runner of \(apart.joined(separator: " and ")) failed on this action"
        case .refused where !apart.isEmpty: return "\(apart.joined(separator: " and ")) refused a well-formed action"
        case .refused: return "every platform refused a well-formed action"
        case .state: return "the platforms' states differ" + place
        case .effects: return "the platforms' effects differ" + place
        case .restore(let rule): return "the restore drill's \(rule.rawValue) rule fails at an explored state"
        case .restoreState: return "the platforms rebuild different states from the same spine"
        }
    }
}
