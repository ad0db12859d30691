import Duet
import DuetCorpus

/// A shrunk finding as a pending recording, `explore.<feature>.<hash>`: a leaf fixture from the
/// recorded start state through the shrunk actions, pinning the reference platform's answers
/// (Swift's when it took part); every platform's own answers go with it (`explore_answers`) so
/// `pending show` can put them side by side. Accepting it makes it a fixture of record — once
/// the platforms agree (`duet explore --replay NAME` re-records it then).
public enum ExploreRecording {
    static let prefix = "explore."

    /// `explore.<feature>.<12 hex digits>`: a hash of the start state and the actions, so the same
    /// shrunk sequence keeps its name from run to run.
    static func name(feature: String, start: [UInt8], actions: [ActionDraft]) -> String {
        var bytes = Array(feature.utf8) + [0] + start
        for action in actions { bytes += [0] + action.bytes }
        return prefix + feature + "." + String(ContentHash(of: bytes).hex.prefix(12))
    }

    /// The platform whose answers the recording pins.
    static func reference(_ platforms: [String]) -> String {
        platforms.contains("swift") ? "swift" : platforms.sorted().first ?? "swift"
    }

    /// The fixture document of a finding: the reference's answers at every step; where it gave
    /// none (it refused or crashed), another platform's, else the state unchanged with no effects.
    static func fixture(name: String, finding: ExploreFinding, steps: [SequenceReplay.Step], platforms: [String],
                        seed: UInt64) throws -> Fixture {
        let reference = platforms.firstIndex(of: Self.reference(platforms)) ?? 0
        var state = try CanonicalJSON.parse(finding.start.state)
        var recorded: [FixtureStep] = []
        for (index, step) in steps.enumerated() {
            let answer = step.answers.indices.contains(reference) && step.answers[reference].state != nil
                ? step.answers[reference] : step.answers.first { $0.state != nil }
            if let next = answer?.state { state = try CanonicalJSON.parse(next) }
            let effects = try answer?.effects.map { try CanonicalJSON.parse($0) } ?? .array([])
            recorded.append(FixtureStep(label: "explore step \(index)", action: step.action.value, expectedState: state, expectedEffects: effects))
        }
        let origin = finding.start.fixture + (finding.start.step.map { "#\($0)" } ?? "")
        return Fixture(name: name, feature: finding.feature, dialect: 2,
                       description: "Found by duet explore (seed \(seed)) from \(origin): \(finding.message).",
                       initialState: try CanonicalJSON.parse(finding.start.state), steps: recorded)
    }

    /// Every platform's answer at every step, as the corpus keeps them.
    static func answers(_ steps: [SequenceReplay.Step], platforms: [String]) -> [StoredExploreAnswer] {
        steps.enumerated().flatMap { index, step in
            zip(platforms, step.answers).map { platform, answer in
                StoredExploreAnswer(platform: platform, step: index, state: answer.state.map { String(decoding: $0, as: UTF8.self) },
                                    effects: answer.effects.map { String(decoding: $0, as: UTF8.self) }, error: answer.error)
            }
        }
    }

    /// Writes the pending recordings: the one place explore hands recordings to the corpus.
    static func keep(_ fixtures: [Fixture], in corpus: Corpus, now: String) throws {
        guard !fixtures.isEmpty else { return }
        try corpus.keepPending(fixtures.map { PendingRecording(fixture: $0, reason: .new, recordedAt: now) })
    }

    /// Kinds where the platforms answered differently: their recordings wait for the reducers to agree.
    static let divergent: Set<String> = ["state", "effects", "refused", "crash", "restore"]

    /// Refuses to accept an explore recording whose platforms still differ: it pins one side, and
    /// becomes a fixture of record once `duet explore --replay NAME` finds them agreeing.
    public static func refuseOpen(_ names: [String]?, in corpus: Corpus) throws {
        let chosen = try names ?? corpus.pendingRecordings().map(\.name)
        for name in chosen where name.hasPrefix(prefix) {
            guard let finding = try corpus.exploreFinding(named: name), finding.resolvedAt == nil, divergent.contains(finding.kind) else { continue }
            throw InputError(file: name, message: "the platforms still differ at step \(finding.step) (\(finding.kind)): accepting would pin one side",
                             fix: "fix the reducer, then `duet explore --replay \(name)` re-records it with the agreed answers; or `duet pending reject \(name)`")
        }
    }
}
