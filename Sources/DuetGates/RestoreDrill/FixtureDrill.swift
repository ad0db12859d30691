import Duet
import DuetCorpus
import DuetReplay
import DuetRunner

/// The drill of one stored fixture: a leaf is one node's sequence of snapshots; a chain is first
/// replayed step by step (its states exist only on the runner) and then drilled per node.
final class FixtureDrill {
    enum Token {
        case sequence(Int, SequenceDrill.Token)
        /// The chain replay's reduce of step `index`.
        case chainStep(Int)
    }

    struct Options {
        var plans: [String: DrillPlan]
        var maxSpineBytes: Int
    }

    let subject: DrillSubject
    private let options: Options
    private let document: ByteDocument
    private var sequences: [SequenceDrill] = []
    private var own: [DrillFinding] = []
    private var outstanding = 0
    private var stepsDrilled = 0
    // Chain replay: the current state of each node, and what each node went through.
    private var chainStates: [String: [UInt8]] = [:]
    private var chainNodes: [String] = []
    private var chainHistory: [String: [(step: Int, action: [UInt8], state: [UInt8])]] = [:]

    init(subject: DrillSubject, options: Options, document: ByteDocument) {
        self.subject = subject; self.options = options; self.document = document
    }

    var isDone: Bool { outstanding == 0 }

    func start() -> [DrillRequest<Token>] {
        subject.isChain ? startChain() : startLeaf()
    }

    func answer(_ token: Token, _ answer: DrillAnswer) -> [DrillRequest<Token>] {
        switch token {
        case .sequence(let index, let inner):
            outstanding -= 1
            return wrap(index, sequences[index].answer(inner, answer))
        case .chainStep(let index):
            outstanding -= 1
            return chainStepAnswered(index, answer)
        }
    }

    func result() -> DrillFixtureResult {
        var seen = Set<String>()
        var findings: [DrillFinding] = []
        // One finding per rule, place and fragments: the earliest step that shows it.
        for finding in (own + sequences.flatMap(\.findings)).sorted(by: Self.order) {
            let key = [finding.node ?? "", finding.rule.rawValue, finding.path ?? "\u{0}", finding.expected ?? "\u{0}", finding.actual ?? "\u{0}"]
                .joined(separator: "\u{1}")
            if seen.insert(key).inserted { findings.append(finding) }
        }
        return DrillFixtureResult(fixture: subject.fixture, snapshots: sequences.reduce(0) { $0 + $1.snapshotCount }, steps: stepsDrilled,
                                  emptySpine: !sequences.isEmpty && sequences.allSatisfy { $0.plan.layout.isEmpty }, findings: findings)
    }

    // MARK: - Leaves

    private func startLeaf() -> [DrillRequest<Token>] {
        guard let feature = subject.feature, let initial = subject.initial else {
            return fail(.malformed, node: subject.feature, "a leaf fixture without feature or initial state: re-import or re-record it")
        }
        guard let plan = options.plans[feature] else { return fail(.noStructure, node: feature, Self.noStructure(feature)) }
        var states = [initial], actions: [[UInt8]] = []
        for (index, step) in subject.steps.enumerated() {
            guard let state = step.state else {
                return fail(.malformed, node: feature, "step \(index) has no expectedState: re-record the fixture", step: index)
            }
            states.append(state); actions.append(step.action)
        }
        let spines = states.indices.map { k in
            (subject.spines.indices.contains(k) ? subject.spines[k] : nil) ?? spine(of: states[k], plan: plan)
        }
        stepsDrilled = subject.steps.count
        return begin(SequenceDrill(fixture: subject.fixture, node: feature, plan: plan, states: states, actions: actions,
                                   steps: [nil] + subject.steps.indices.map { $0 }, spines: spines,
                                   maxSpineBytes: options.maxSpineBytes, document: document))
    }

    // MARK: - Chains

    private func startChain() -> [DrillRequest<Token>] {
        guard let initial = subject.initial, let object = (try? CanonicalJSON.parse(initial))?.objectValue else {
            return fail(.malformed, node: nil, "a chain fixture without initialStates: re-import or re-record it")
        }
        for member in object.members {
            chainNodes.append(member.key)
            chainStates[member.key] = member.value.canonicalBytes
        }
        return chainStep(0)
    }

    private func chainStep(_ index: Int) -> [DrillRequest<Token>] {
        guard index < subject.steps.count else { return finishChain() }
        let step = subject.steps[index]
        guard let node = step.node, let state = chainStates[node] else {
            own.append(DrillFinding(fixture: subject.fixture, step: index, node: step.node, rule: .malformed,
                                    actual: "no initial state for node \(step.node ?? "(none)")",
                                    message: "step \(index) names node \(step.node ?? "(none)"), which has no entry in initialStates"))
            return finishChain()
        }
        outstanding += 1
        return [DrillRequest(line: ReplayProtocol.reduceRequest(feature: node, state: state, action: step.action), token: .chainStep(index))]
    }

    private func chainStepAnswered(_ index: Int, _ answer: DrillAnswer) -> [DrillRequest<Token>] {
        let node = subject.steps[index].node ?? ""
        guard case .reduced(let state) = answer else {
            let message = { if case .refused(let m) = answer { return m } else { return "no state" } }()
            own.append(DrillFinding(fixture: subject.fixture, step: index, node: node, rule: .refused, actual: message,
                                    message: "the runner refused the chain's step while it was replayed: \(message)"))
            return finishChain()
        }
        chainStates[node] = state
        chainHistory[node, default: []].append((index, subject.steps[index].action, state))
        stepsDrilled = index + 1
        return chainStep(index + 1)
    }

    private func finishChain() -> [DrillRequest<Token>] {
        guard let initial = (try? CanonicalJSON.parse(subject.initial ?? []))?.objectValue else { return [] }
        var requests: [DrillRequest<Token>] = []
        for node in chainNodes {
            guard let plan = options.plans[node] else {
                own.append(DrillFinding(fixture: subject.fixture, step: nil, node: node, rule: .noStructure, actual: Self.noStructure(node),
                                        message: Self.noStructure(node)))
                continue
            }
            let history = chainHistory[node] ?? []
            let states = [initial[node]!.canonicalBytes] + history.map(\.state)
            requests += begin(SequenceDrill(fixture: subject.fixture, node: node, plan: plan, states: states, actions: history.map(\.action),
                                            steps: [nil] + history.map(\.step), spines: states.map { spine(of: $0, plan: plan) },
                                            maxSpineBytes: options.maxSpineBytes, document: document))
        }
        return requests
    }

    // MARK: - Plumbing

    private func begin(_ sequence: SequenceDrill) -> [DrillRequest<Token>] {
        sequences.append(sequence)
        return wrap(sequences.count - 1, sequence.start())
    }

    private func wrap(_ index: Int, _ requests: [DrillRequest<SequenceDrill.Token>]) -> [DrillRequest<Token>] {
        outstanding += requests.count
        return requests.map { DrillRequest(line: $0.line, token: .sequence(index, $0.token)) }
    }

    /// How a timeout names the request `token` stands for.
    func waiting(for token: Token) -> String {
        switch token {
        case .sequence(let index, let inner): return sequences[index].waiting(for: inner)
        case .chainStep(let index): return "reduce \(subject.steps[index].node ?? "") (\(subject.fixture) step \(index), replaying the chain)"
        }
    }

    private func spine(of state: [UInt8], plan: DrillPlan) -> [UInt8] {
        plan.layout.spine(ofCanonical: state, using: document) ?? Array("{}".utf8)
    }

    private func fail(_ rule: DrillFinding.Rule, node: String?, _ message: String, step: Int? = nil) -> [DrillRequest<Token>] {
        own.append(DrillFinding(fixture: subject.fixture, step: step, node: node, rule: rule, actual: message, message: message))
        return []
    }

    static func noStructure(_ feature: String) -> String {
        "feature \(feature) has no described structure, so it has no spine: record it through a runner (its describe) or declare structure: in parity/manifest.yaml"
    }

    static func order(_ a: DrillFinding, _ b: DrillFinding) -> Bool {
        let sa = a.step.map { $0 + 1 } ?? 0, sb = b.step.map { $0 + 1 } ?? 0
        if sa != sb { return sa < sb }
        let ra = DrillFinding.Rule.allCases.firstIndex(of: a.rule)!, rb = DrillFinding.Rule.allCases.firstIndex(of: b.rule)!
        if ra != rb { return ra < rb }
        return (a.node ?? "", a.path ?? "") < (b.node ?? "", b.path ?? "")
    }
}
