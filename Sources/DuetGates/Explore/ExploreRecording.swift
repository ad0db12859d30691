import Duet
import DuetCorpus
import DuetFixtures

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
        return try fixture(name: name, finding: finding, steps: steps, seed: seed) { answers in
            answers.indices.contains(reference) && answers[reference].state != nil ? answers[reference] : answers.first { $0.state != nil }
        }
    }

    /// One platform's own answers as a fixture document: where it gave none (it refused or
    /// crashed), the state unchanged with no effects — what it said goes in the answer's note.
    static func answer(of platform: String, name: String, finding: ExploreFinding, steps: [SequenceReplay.Step],
                       platforms: [String], seed: UInt64) throws -> PendingRecording.Answer {
        guard let index = platforms.firstIndex(of: platform) else { throw InputError(file: name, message: "no answers of \(platform)") }
        let own = try fixture(name: name, finding: finding, steps: steps, seed: seed) { answers in
            answers.indices.contains(index) && answers[index].state != nil ? answers[index] : nil
        }
        let said = steps.enumerated().compactMap { step, replayed in
            replayed.answers.indices.contains(index) ? replayed.answers[index].error.map { "step \(step): \($0)" } : nil
        }
        return PendingRecording.Answer(platform: platform, fixture: own, note: said.isEmpty ? nil : said.joined(separator: "; "))
    }

    private static func fixture(name: String, finding: ExploreFinding, steps: [SequenceReplay.Step], seed: UInt64,
                                answer chosen: ([StepAnswer]) -> StepAnswer?) throws -> Fixture {
        var state = try CanonicalJSON.parse(finding.start.state)
        var recorded: [FixtureStep] = []
        for (index, step) in steps.enumerated() {
            let answer = chosen(step.answers)
            if let next = answer?.state { state = try CanonicalJSON.parse(next) }
            let effects = try answer?.effects.map { try CanonicalJSON.parse($0) } ?? .array([])
            recorded.append(FixtureStep(label: "explore step \(index)", action: step.action.value, expectedState: state, expectedEffects: effects))
        }
        let origin = finding.start.fixture + (finding.start.step.map { "#\($0)" } ?? "")
        return Fixture(name: name, feature: finding.feature, dialect: 2,
                       description: "Found by duet explore (seed \(seed)) from \(origin): \(finding.message).",
                       initialState: try CanonicalJSON.parse(finding.start.state), steps: recorded)
    }

    /// A finding as the pending recording explore hands the corpus: the reference platform's
    /// answers pinned, and — when platforms were compared — each platform's own, side by side.
    static func pending(_ fixture: Fixture, finding: ExploreFinding, steps: [SequenceReplay.Step], platforms: [String], seed: UInt64,
                        corpus: Corpus, now: String) throws -> PendingRecording {
        // The pinned platform first: `pending show` puts every other platform's answer against it.
        let pinned = reference(platforms)
        let order = [pinned] + platforms.filter { $0 != pinned }
        let answers = platforms.count > 1
            ? try order.map { try answer(of: $0, name: fixture.name, finding: finding, steps: steps, platforms: platforms, seed: seed) } : []
        return PendingRecording(fixture: fixture, reason: answers.isEmpty ? .new : .diverged, recordedAt: now, producer: producer,
                                base: try corpus.pendingBase(forFixture: fixture.name), answers: answers)
    }

    /// A replayed recording the platforms now agree on: nothing apart to show, ready to accept.
    static func agreed(_ fixture: Fixture, corpus: Corpus, now: String) throws -> PendingRecording {
        PendingRecording(fixture: fixture, reason: .new, recordedAt: now, producer: producer, base: try corpus.pendingBase(forFixture: fixture.name))
    }

    static let producer = "explore"

    /// Every platform's answer at every step, as the corpus keeps them.
    static func answers(_ steps: [SequenceReplay.Step], platforms: [String]) -> [StoredExploreAnswer] {
        steps.enumerated().flatMap { index, step in
            zip(platforms, step.answers).map { platform, answer in
                StoredExploreAnswer(platform: platform, step: index, state: answer.state.map { String(decoding: $0, as: UTF8.self) },
                                    effects: answer.effects.map { String(decoding: $0, as: UTF8.self) }, error: answer.error)
            }
        }
    }

    /// Writes the pending recordings (files under `parity/.pending/`, through the corpus): the one
    /// place explore hands recordings over.
    static func keep(_ recordings: [PendingRecording], in corpus: Corpus, tree: RecordTree?) throws {
        guard !recordings.isEmpty else { return }
        guard let tree else {
            throw InputError(file: RecordTree.pendingFolder, message: "explore was given no tree to write its pending recordings into",
                             fix: "set ExploreWorkflow.tree, or keepsResults = false")
        }
        try corpus.writePending(recordings, in: tree)
    }

    /// Kinds where the platforms answered differently: their recordings wait for the reducers to agree.
    static let divergent: Set<String> = ["state", "effects", "refused", "crash", "restore"]

    /// Why accepting an explore recording is refused now: its platforms still differ, so it would
    /// pin one side; nil when it may be accepted (or is not explore's).
    public static func openProblem(_ name: String, in corpus: Corpus) throws -> String? {
        guard name.hasPrefix(prefix), let finding = try corpus.exploreFinding(named: name), finding.resolvedAt == nil,
              divergent.contains(finding.kind) else { return nil }
        return "the platforms still differ at step \(finding.step) (\(finding.kind)): accepting would pin one side"
    }

    /// Refuses to accept an explore recording whose platforms still differ: it pins one side, and
    /// becomes a fixture of record once `duet explore --replay NAME` finds them agreeing.
    public static func refuseOpen(_ names: [String]?, in corpus: Corpus) throws {
        let chosen = try names ?? corpus.pendingRecordings().map(\.name)
        for name in chosen {
            guard let problem = try openProblem(name, in: corpus) else { continue }
            throw InputError(file: name, message: problem,
                             fix: "fix the reducer, then `duet explore --replay \(name)` re-records it with the agreed answers; or `duet pending reject \(name)`")
        }
    }
}
