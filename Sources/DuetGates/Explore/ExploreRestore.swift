import Duet
import DuetRunner
import DuetCorpus
import DuetManifest
import DuetReplay
import Foundation

/// The restore drill at explored states: each sampled walk becomes a drill subject — the start's
/// fixture from its initial state (the environment a relaunch starts from, as in the drill)
/// through the recorded steps up to the start, then the walk's actions — and is drilled on every
/// platform with the drill's own rules. Findings at the recorded steps are the drill's to report;
/// those at explored states are explore's. With several platforms, each walk's last state is also
/// restored on every one of them: they must rebuild the same full state from the same spine.
///
/// `drill.rulings` apply as they do to the drill, by what an explored state can share with a
/// fixture: the feature of the ruled fixture, the rule, and the spine field of the path (the
/// L0 field or island, indices dropped) — a gap the team accepted is the same gap wherever a
/// walk reaches it.
struct ExploreRestore {
    let runners: [ExploreRunner]
    let plans: [String: DrillPlan]
    let rulings: [DrillRuling]
    /// The feature of each fixture a ruling names.
    let rulingFeatures: [String: String]
    let maxSpineBytes: Int
    let window: Int
    /// The stored fixture a start was recorded in (its initial state and steps).
    let subjectOf: (String) throws -> DrillSubject?

    struct Result {
        var walks = 0
        var requests = 0
        var ruled = 0
        var findings: [ExploreFinding] = []
    }

    private struct Prepared {
        var walk: ExploreWalk
        var subject: DrillSubject
        var prefix: [DrillSubject.Step]
    }

    func run(_ walks: [ExploreWalk], features: [ExploreFeature]) throws -> Result {
        var result = Result()
        let prepared = try prepare(walks, features: features)
        result.walks = prepared.count
        guard !prepared.isEmpty else { return result }
        let byName = Dictionary(prepared.map { ($0.subject.fixture, $0) }, uniquingKeysWith: { first, _ in first })
        // One finding per walk, rule, step and path, naming every platform that shows it.
        var merged: [String: ExploreFinding] = [:]
        var order: [String] = []
        for runner in runners {
            var position = 0
            let pipeline = DrillPipeline(session: runner.session, window: window, options: .init(plans: plans, maxSpineBytes: maxSpineBytes))
            result.requests += try pipeline.run(next: {
                defer { position += 1 }
                return position < prepared.count ? prepared[position].subject : nil
            }) { drilled in
                guard let entry = byName[drilled.fixture] else { return }
                for finding in drilled.findings {
                    guard let converted = convert(finding, entry, platform: runner.platform, features: features) else { continue }
                    if Self.isRuled(rule: finding.rule, path: finding.path, feature: converted.feature, rulings: rulings, features: rulingFeatures) {
                        result.ruled += 1
                        continue
                    }
                    let key = [drilled.fixture, finding.rule.rawValue, String(finding.step ?? -1), finding.path ?? ""].joined(separator: "\u{1}")
                    if var known = merged[key] {
                        known.platforms.append(runner.platform)
                        known.message = known.message.replacingFirst(of: ": ", with: " and \(runner.platform): ")
                        merged[key] = known
                    } else {
                        merged[key] = converted
                        order.append(key)
                    }
                }
            }
            if let ended = runner.session.endedBy { throw ended }
        }
        result.findings = order.map { merged[$0]! }
        if runners.count > 1 {
            result.findings += try compareRestores(prepared, features: features, requests: &result.requests)
        }
        return result
    }

    private func prepare(_ walks: [ExploreWalk], features: [ExploreFeature]) throws -> [Prepared] {
        var cache: [String: DrillSubject?] = [:]
        var prepared: [Prepared] = []
        for walk in walks {
            let feature = features[walk.feature].name
            guard let plan = plans[feature], !plan.layout.isEmpty else { continue }
            var initial = walk.start.state
            var prefix: [DrillSubject.Step] = []
            if !walk.start.isChain, let step = walk.start.step {
                if cache[walk.start.fixture] == nil { cache[walk.start.fixture] = .some(try subjectOf(walk.start.fixture)) }
                guard let stored = cache[walk.start.fixture] ?? nil, let first = stored.initial, stored.steps.count > step else { continue }
                initial = first
                prefix = Array(stored.steps[...step])
            }
            let steps = prefix + zip(walk.actions, walk.states).map { DrillSubject.Step(action: $0.0.bytes, state: $0.1) }
            prepared.append(Prepared(walk: walk, subject: DrillSubject(fixture: "explore walk \(walk.index)", feature: feature, isChain: false,
                                                                       initial: initial, steps: steps, spines: []), prefix: prefix))
        }
        return prepared
    }

    /// Every platform restores each walk's last state from its spine (with the same base); the
    /// full states they rebuild must be the same bytes.
    private func compareRestores(_ prepared: [Prepared], features: [ExploreFeature], requests: inout Int) throws -> [ExploreFinding] {
        let document = ByteDocument()
        var findings: [ExploreFinding] = []
        var seen: Set<String> = []
        for batch in stride(from: 0, to: prepared.count, by: window).map({ Array(prepared[$0..<min($0 + window, prepared.count)]) }) {
            let lines = batch.map { entry -> [UInt8] in
                let state = entry.subject.steps.last?.state ?? entry.subject.initial ?? []
                let spine = plans[entry.subject.feature ?? ""]?.layout.spine(ofCanonical: state, using: document) ?? Array("{}".utf8)
                return ReplayProtocol.restoreRequest(feature: entry.subject.feature ?? "", spine: spine, base: entry.subject.initial)
            }
            // answers[runner][walk]: nil where the runner failed before answering.
            var answers: [[RestoreOutcome?]] = Array(repeating: Array(repeating: nil, count: batch.count), count: runners.count)
            for (position, runner) in runners.enumerated() {
                let client = try runner.session.client()
                for line in lines { client.send(line) }
                for index in batch.indices {
                    do {
                        answers[position][index] = try client.restoreOutcome(client.response(waitingFor: "restore (explore walk \(batch[index].walk.index))"))
                        requests += 1
                    } catch {
                        runner.session.runnerFailed(error)
                        break
                    }
                }
            }
            for (index, entry) in batch.enumerated() {
                let states = answers.map { outcome -> [UInt8]? in if case .restored(let state)? = outcome[index] { return state }; return nil }
                guard let first = states[0], let other = states.indices.first(where: { states[$0] != nil && states[$0] != first }) else { continue }
                let divergence = StepVerdict.divergence(first, states[other]!)
                let feature = features[entry.walk.feature].name
                let key = feature + "|" + divergence.path.replacingOccurrences(of: #"\[[0-9]+\]"#, with: "[]", options: .regularExpression)
                guard seen.insert(key).inserted else { continue }
                let place = divergence.path.isEmpty ? "(root)" : divergence.path
                findings.append(ExploreFinding(
                    feature: feature, kind: .restoreState, start: start(of: entry, feature: feature),
                    actions: actions(of: entry, through: entry.walk.actions.count - 1), path: divergence.path,
                    message: "the platforms rebuild different states from the same spine at \(place): \(runners[0].platform) \(divergence.expected ?? "(absent)"), \(runners[other].platform) \(divergence.actual ?? "(absent)")",
                    platforms: []))
            }
        }
        return findings
    }

    /// The finding as explore reports it, or nil when it lies in the recorded part (the drill's)
    /// or is about the runner (reported by the run).
    private func convert(_ finding: DrillFinding, _ entry: Prepared, platform: String, features: [ExploreFeature]) -> ExploreFinding? {
        guard let step = finding.step, step >= entry.prefix.count, ![.runner, .notRun, .malformed, .noStructure].contains(finding.rule) else { return nil }
        let feature = features[entry.walk.feature].name
        let detail = finding.path.map { " at \($0.isEmpty ? "(root)" : $0): expected \(finding.expected ?? "(absent)"), got \(finding.actual ?? "(absent)")" } ?? ""
        return ExploreFinding(feature: feature, kind: .restore(finding.rule), start: start(of: entry, feature: feature),
                              actions: actions(of: entry, through: step - entry.prefix.count), path: finding.path,
                              message: "\(platform): \(finding.message)\(detail)", platforms: [platform])
    }

    /// A restore finding's recording starts where the drill's relaunch starts from: the fixture's initial state.
    private func start(of entry: Prepared, feature: String) -> ExploreStart {
        ExploreStart(feature: feature, state: entry.subject.initial ?? entry.walk.start.state, fixture: entry.walk.start.fixture,
                     step: nil, isChain: entry.walk.start.isChain)
    }

    /// The recorded steps up to the walk's start, then the walk's actions through `index`.
    private func actions(of entry: Prepared, through index: Int) -> [ActionDraft] {
        let recorded = entry.prefix.map { step -> ActionDraft in
            let tree = (try? CanonicalJSON.parse(step.action)) ?? .null
            return ActionDraft(actionCase: tree["case"]?.stringValue ?? "", value: tree, wellFormed: true)
        }
        return recorded + Array(entry.walk.actions[...max(0, index)])
    }

    /// A ruling accepts a finding at an explored state when it is the feature's, or its fixture is
    /// of the same feature; it names the same rule; and (when it names a path) the same spine field.
    static func isRuled(rule: DrillFinding.Rule, path: String?, feature: String, rulings: [DrillRuling], features: [String: String]) -> Bool {
        rulings.contains { ruling in
            (ruling.feature ?? features[ruling.fixture]) == feature && ruling.rule == rule.rawValue
                && (ruling.path == nil || DrillRuling.spineField(ruling.path!) == DrillRuling.spineField(path ?? ""))
        }
    }
}

private extension String {
    func replacingFirst(of target: String, with replacement: String) -> String {
        guard let range = range(of: target) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }
}
