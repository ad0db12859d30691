import Duet
import DuetCorpus
import DuetFixtures
import DuetReplay
import Foundation

/// What `duet explore --replay NAME` found: the recording replayed on every platform, step by step.
public struct ExploreReplayOutcome: Sendable {
    public var name: String
    public var platforms: [String] = []
    public var missingRunners: [String] = []
    /// `state`, `effects`, `refused`, `crash`, a restore rule; nil when nothing shows any more.
    public var kind: String?
    public var step: Int?
    public var path: String?
    public var message: String?
    /// Every platform's answer at every step replayed.
    public var answers: [StoredExploreAnswer] = []
    /// The platforms agree now and the pending recording was re-recorded with their answers.
    public var rerecorded = false
    public var runnerFailure: String?

    public var stillFound: Bool { kind != nil }
}

extension ExploreReplayOutcome: GateOutcome {
    public var environmentFailed: Bool { !missingRunners.isEmpty || runnerFailure != nil }
    public var badInput: Bool { false }
    /// Replayed, and the platforms agree.
    public var holds: Bool { !environmentFailed && !answers.isEmpty && kind == nil }
}

extension ExploreWorkflow {
    /// Replays the recording `name` (pending, or already a fixture of record) on every platform.
    /// When they agree now, the pending recording is re-recorded with their answers and its
    /// finding marked resolved, so `pending accept` can make it a fixture of record.
    public func replay(name: String) throws -> ExploreReplayOutcome {
        var outcome = ExploreReplayOutcome(name: name)
        outcome.platforms = runners.commands.keys.sorted()
        outcome.missingRunners = runners.missing
        let pending = try corpus.pendingRecording(named: name)
        guard let fixture = try pending?.fixture ?? corpus.fixtures(name: name).first else {
            throw InputError(file: name, message: "no pending recording or fixture of that name",
                             fix: "`duet pending` lists the recordings; explore's are named explore.<feature>.<hash>")
        }
        guard let feature = fixture.feature, let initial = fixture.initialState else {
            throw InputError(file: name, message: "not a leaf fixture (explore records leaves only)", fix: "replay it with `duet verify --fixture \(name)`")
        }
        guard !runners.commands.isEmpty else { return outcome }
        let finding = try corpus.exploreFinding(named: name)
        let explorers = outcome.platforms.map { platform in
            ExploreRunner(platform: platform, session: ReplaySession(command: runners.commands[platform]!, timeout: options.timeout,
                                                                    startupTimeout: options.startupTimeout))
        }
        defer { explorers.forEach { $0.session.close() } }
        let actions = fixture.steps.map { ActionDraft(actionCase: $0.action["case"]?.stringValue ?? "", value: $0.action, wellFormed: true) }
        let start = ExploreStart(feature: feature, state: initial.canonicalBytes, fixture: finding?.startFixture ?? name, step: finding?.startStep)
        let steps: [SequenceReplay.Step]
        do { steps = try SequenceReplay(runners: explorers).replay(feature: feature, from: start.state, actions) } catch {
            outcome.runnerFailure = error.description
            return outcome
        }
        outcome.answers = ExploreRecording.answers(steps, platforms: outcome.platforms)
        if let last = steps.last, case .finding(let kind, let divergence) = last.verdict {
            outcome.kind = kind.name
            outcome.step = steps.count - 1
            outcome.path = divergence?.path
            outcome.message = ExploreMessages.describe(kind, divergence, StepVerdict.apart(kind, platforms: outcome.platforms, answers: last.answers))
            return outcome
        }
        if let restored = try restoreFinding(feature: feature, fixture: fixture, steps: steps, explorers: explorers,
                                             structures: try structures(explorers)) {
            outcome.kind = restored.rule.rawValue
            outcome.step = restored.step
            outcome.path = restored.path
            outcome.message = restored.message
            return outcome
        }
        guard pending != nil else { return outcome }
        let agreed = ExploreFinding(feature: feature, kind: .state, start: start, actions: actions, path: nil,
                                    message: "the platforms agree: \(finding?.message ?? "re-recorded by duet explore --replay")", platforms: [])
        var rerecorded = try ExploreRecording.fixture(name: name, finding: agreed, steps: steps, platforms: outcome.platforms, seed: options.seed)
        rerecorded.description = fixture.description
        try ExploreRecording.keep([try ExploreRecording.agreed(rerecorded, corpus: corpus, now: Self.timestamp(Date()))], in: corpus, tree: tree)
        if var finding {
            finding.resolvedAt = Self.timestamp(Date())
            finding.answers = outcome.answers
            try corpus.updateExploreFinding(finding)
        }
        outcome.rerecorded = true
        return outcome
    }

    /// The restore drill of the whole recording on each platform; the first finding, if any.
    private func restoreFinding(feature: String, fixture: Fixture, steps: [SequenceReplay.Step],
                                explorers: [ExploreRunner], structures: [FeatureStructure]) throws -> DrillFinding? {
        let plans = DrillPlan.plans(structures)
        guard let plan = plans[feature], !plan.layout.isEmpty, let initial = fixture.initialState else { return nil }
        let subject = DrillSubject(fixture: fixture.name, feature: feature, isChain: false, initial: initial.canonicalBytes,
                                   steps: zip(fixture.steps, steps).map { DrillSubject.Step(action: $0.0.action.canonicalBytes, state: $0.1.answers.first?.state) },
                                   spines: [])
        let features = try rulingFeatures()
        for runner in explorers {
            var given = false
            var found: DrillFinding?
            _ = try DrillPipeline(session: runner.session, window: 16, options: .init(plans: plans, maxSpineBytes: maxSpineBytes)).run(next: {
                defer { given = true }
                return given ? nil : subject
            }) { result in
                found = result.findings.first { finding in
                    ![.runner, .notRun].contains(finding.rule)
                        && !ExploreRestore.isRuled(rule: finding.rule, path: finding.path, feature: feature, rulings: rulings, features: features)
                }
            }
            if let found { return found }
        }
        return nil
    }
}
