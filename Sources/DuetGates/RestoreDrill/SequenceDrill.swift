import Duet
import DuetReplay
import DuetRunner

/// What the runner answered to one drill request.
enum DrillAnswer {
    case restored([UInt8])
    case reduced([UInt8])
    case refused(String)
}

/// A request a drill wants sent, and what its answer continues.
struct DrillRequest<Token> {
    var line: [UInt8]
    var token: Token
}

/// Canonical bytes as a set member or dictionary key, hashed as one buffer (an array of bytes
/// hashes element by element).
struct CanonicalKey: Hashable {
    let bytes: [UInt8]
    func hash(into hasher: inout Hasher) { bytes.withUnsafeBytes { hasher.combine(bytes: $0) } }
}

/// The drill of one node's snapshots s₀…sₙ within a fixture (a leaf's feature, or one chain node).
///
/// *Round trip*: every distinct spine σ is restored once (restore is a function of the spine and
/// the base sent with it: s₀, the environment the scenario began in), giving r; spine(r) must be σ. *Carry on*: from each restored r at k, the node's remaining actions
/// are reduced and every later spine must equal the recorded one. Chains of states merge where they
/// meet a state already checked at the same step (reduce is a function of state and action), so a
/// flavor that restores whole states costs one reduce per step, and one that does not stays bounded
/// by the fixture's own length squared.
final class SequenceDrill {
    enum Token {
        case restore(group: Int)
        /// The reduce giving the state at `step` of a carry-on relaunched at `origin`.
        case reduce(step: Int, origin: Int)
    }

    let fixture: String
    let node: String
    let plan: DrillPlan
    /// s₀…sₙ, canonical.
    let states: [[UInt8]]
    /// `actions[j - 1]` leads from sⱼ₋₁ to sⱼ.
    let actions: [[UInt8]]
    /// The fixture step each snapshot follows (nil for the initial state).
    let steps: [Int?]
    /// σ₀…σₙ, canonical.
    let spines: [[UInt8]]
    let maxSpineBytes: Int
    private let document: ByteDocument
    private var groups: [(spine: [UInt8], members: [Int])] = []
    private var visited: [Set<CanonicalKey>]
    private var found: [DrillFinding] = []
    private(set) var outstanding = 0
    private lazy var initialTree: JSONValue? = try? CanonicalJSON.parse(states[0])

    init(fixture: String, node: String, plan: DrillPlan, states: [[UInt8]], actions: [[UInt8]], steps: [Int?], spines: [[UInt8]],
         maxSpineBytes: Int, document: ByteDocument) {
        self.fixture = fixture; self.node = node; self.plan = plan; self.states = states; self.actions = actions
        self.steps = steps; self.spines = spines; self.maxSpineBytes = maxSpineBytes; self.document = document
        visited = Array(repeating: [], count: states.count)
    }

    var snapshotCount: Int { states.count }
    var findings: [DrillFinding] { found }

    // MARK: - Requests

    func start() -> [DrillRequest<Token>] {
        checkPersistenceRules()
        var index: [CanonicalKey: Int] = [:]
        for (k, spine) in spines.enumerated() {
            if let group = index[CanonicalKey(bytes: spine)] { groups[group].members.append(k); continue }
            index[CanonicalKey(bytes: spine)] = groups.count
            groups.append((spine, [k]))
        }
        return groups.indices.map { group in
            outstanding += 1
            return DrillRequest(line: ReplayProtocol.restoreRequest(feature: node, spine: groups[group].spine, base: states[0]),
                                token: .restore(group: group))
        }
    }

    /// How a timeout names the request `token` stands for.
    func waiting(for token: Token) -> String {
        switch token {
        case .restore(let group): return "restore \(node) (\(fixture) \(Self.name(steps[groups[group].members[0]])))"
        case .reduce(let step, _): return "reduce \(node) (\(fixture) \(Self.name(steps[step])) after a relaunch)"
        }
    }

    func answer(_ token: Token, _ answer: DrillAnswer) -> [DrillRequest<Token>] {
        outstanding -= 1
        switch token {
        case .restore(let group): return restored(group, answer)
        case .reduce(let step, let origin): return reduced(step, origin: origin, answer)
        }
    }

    private func restored(_ group: Int, _ answer: DrillAnswer) -> [DrillRequest<Token>] {
        let (spine, members) = groups[group]
        let first = members[0]
        guard case .restored(let state) = answer else {
            if case .refused(let message) = answer {
                note(.refused, at: first, actual: message, "the runner refused to restore this spine: \(message)")
            }
            return []
        }
        if !members.contains(where: { states[$0] == state }) {
            guard let restoredSpine = plan.layout.spine(ofCanonical: state, using: document) else {
                note(.roundTrip, at: first, path: "", expected: String(decoding: spine, as: UTF8.self), actual: Self.excerpt(state),
                     "the restored state is not a dialect document")
                return []
            }
            if restoredSpine != spine {
                reportRoundTrip(expected: spine, actual: restoredSpine, at: first)
                return []
            }
        }
        // Nothing a carry-on could change: the spine of every state is {}.
        if plan.layout.isEmpty { return [] }
        return members.compactMap { k in k < states.count - 1 ? next(from: state, at: k, origin: k) : nil }
    }

    private func reduced(_ step: Int, origin: Int, _ answer: DrillAnswer) -> [DrillRequest<Token>] {
        guard case .reduced(let state) = answer else {
            if case .refused(let message) = answer {
                note(.refused, at: step, actual: message, "\(Self.relaunch(steps[origin])); the runner refused the next action: \(message)")
            }
            return []
        }
        guard visited[step].insert(CanonicalKey(bytes: state)).inserted else { return [] }
        if state != states[step] {
            guard let spine = plan.layout.spine(ofCanonical: state, using: document) else {
                note(.carryOn, at: step, path: "", expected: String(decoding: spines[step], as: UTF8.self), actual: Self.excerpt(state),
                     "\(Self.relaunch(steps[origin])); the runner answered a state that is not a dialect document")
                return []
            }
            if spine != spines[step] {
                let divergence = (try? CanonicalJSON.parse(spines[step])).flatMap { expected in
                    (try? CanonicalJSON.parse(spine)).flatMap { SpineComparison.carryOn(expected: expected, actual: $0) }
                } ?? Divergence(path: "", expected: String(decoding: spines[step], as: UTF8.self), actual: String(decoding: spine, as: UTF8.self))
                note(.carryOn, at: step, path: divergence.path, expected: divergence.expected, actual: divergence.actual,
                     "\(Self.relaunch(steps[origin])); going on, the spine after \(Self.name(steps[step])) differs from the recording")
                return []
            }
        }
        return step < states.count - 1 ? next(from: state, at: step, origin: origin).map { [$0] } ?? [] : []
    }

    /// The reduce from `state` at snapshot `k` (its first visit) to snapshot `k + 1`.
    private func next(from state: [UInt8], at k: Int, origin: Int) -> DrillRequest<Token>? {
        if origin == k, !visited[k].insert(CanonicalKey(bytes: state)).inserted { return nil }
        outstanding += 1
        return DrillRequest(line: ReplayProtocol.reduceRequest(feature: node, state: state, action: actions[k]),
                            token: .reduce(step: k + 1, origin: origin))
    }

    // MARK: - Rules on what is persisted

    private func reportRoundTrip(expected: [UInt8], actual: [UInt8], at k: Int) {
        let differences = (try? CanonicalJSON.parse(expected)).flatMap { expectedTree in
            (try? CanonicalJSON.parse(actual)).map { actualTree in
                SpineComparison.roundTrip(expected: expectedTree, actual: actualTree, layout: plan.layout) { island in
                    self.initialTree?.value(at: island.components)
                }
            }
        } ?? []
        // Bytes that differ always name a place: at worst the root, with both spines whole.
        guard !differences.isEmpty else {
            return note(.roundTrip, at: k, path: "", expected: String(decoding: expected, as: UTF8.self),
                        actual: String(decoding: actual, as: UTF8.self), "the spine did not survive restore")
        }
        for difference in differences {
            let d = difference.divergence
            let what: String
            switch difference.rule {
            case .islandSummary: what = "the restored island did not come back at its boundary summary"
            case .islandEmptyBoundary: what = "an island with an empty boundary did not restore to its initial state"
            default: what = "the spine did not survive restore"
            }
            note(difference.rule, at: k, path: d.path, expected: d.expected, actual: d.actual, what)
        }
    }

    /// spine-size, runtime-only and island-l0, on the persisted snapshots.
    private func checkPersistenceRules() {
        if let k = spines.indices.first(where: { spines[$0].count > maxSpineBytes }) {
            note(.spineSize, at: k, path: "", expected: "≤ \(maxSpineBytes) bytes", actual: "\(spines[k].count) bytes",
                 "the spine is over the saved-state budget (--max-spine-bytes \(maxSpineBytes))")
        }
        guard !plan.runtimeOnlyInSpine.isEmpty || !plan.l0InsideIslands.isEmpty else { return }
        let trees = spines.map { try? CanonicalJSON.parse($0) }
        for watched in plan.runtimeOnlyInSpine {
            guard let k = trees.indices.first(where: { trees[$0]?.value(at: watched.components) != nil }) else { continue }
            note(.runtimeOnly, at: k, path: watched.path, actual: trees[k]?.value(at: watched.components)?.canonicalString,
                 "the spine holds \(watched.path), which is marked runtime-only: it cannot survive process death")
        }
        for watched in plan.l0InsideIslands {
            let k = trees.indices.first { trees[$0]?.value(at: watched.components) != nil }
            note(.islandL0, at: k ?? 0, path: watched.path, actual: k.flatMap { trees[$0]?.value(at: watched.components) }?.canonicalString,
                 "the summary of island \(watched.island ?? "?") holds the L0 field \(watched.path): islands own no L0 children — make it a kind outside the island")
        }
    }

    private func note(_ rule: DrillFinding.Rule, at k: Int, path: String? = nil, expected: String? = nil, actual: String? = nil, _ message: String) {
        found.append(DrillFinding(fixture: fixture, step: steps[k], node: node, rule: rule, path: path, expected: expected, actual: actual,
                                  message: message))
    }

    static func name(_ step: Int?) -> String { step.map { "step \($0)" } ?? "the initial state" }
    static func relaunch(_ step: Int?) -> String { "killed " + (step.map { "after step \($0)" } ?? "in the initial state") + " and relaunched" }

    static func excerpt(_ bytes: [UInt8]) -> String {
        String(decoding: bytes.prefix(120), as: UTF8.self) + (bytes.count > 120 ? "…" : "")
    }
}
