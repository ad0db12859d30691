import Duet
import DuetCorpus
import DuetReplay
import DuetFixtures

/// `duet pending show NAME`: a pending recording against the fixture of record it would replace,
/// and, when the producer compared platforms, each platform's answer against the first one's.
///
/// ```swift
/// let review = try PendingReview.diff(named: "tally", in: corpus, tree: tree)
/// review.differences.first?.description   // step 3 "a third increment" expectedState.count: stored 3, recorded 4
/// review.acceptProblem                    // "parity/fixtures/tally.fixture.json changed since this recording — …"
/// ```
public struct PendingReview: Sendable {
    public var recording: PendingRecording
    /// nil for a new scenario.
    public var stored: Fixture?
    public var differences: [DriftLocation]
    public var metadataChanges: [String]
    /// One per answer after the first: where that platform's answer differs from the first platform's.
    public var answers: [AnswerComparison]
    /// Why `pending accept` would refuse it now; nil when it would accept.
    public var acceptProblem: String?

    public struct AnswerComparison: Sendable {
        public var reference: PendingRecording.Answer
        public var answer: PendingRecording.Answer
        public var differences: [DriftLocation]
    }

    public static func diff(named name: String, in corpus: Corpus, tree: RecordTree) throws -> PendingReview {
        guard let recording = try corpus.pendingRecording(named: name) else { throw PendingNotFound(names: [name]) }
        let stored = try corpus.fixtures(name: name).first
        let answers = recording.answers.dropFirst().map { answer in
            AnswerComparison(reference: recording.answers[0], answer: answer,
                             differences: DriftCheck.differences(stored: recording.answers[0].fixture, recorded: answer.fixture))
        }
        return PendingReview(recording: recording, stored: stored,
                             differences: stored.map { DriftCheck.differences(stored: $0, recorded: recording.fixture) } ?? [],
                             metadataChanges: stored.map { DriftCheck.metadataChanges(stored: $0, recorded: recording.fixture) } ?? [],
                             answers: answers,
                             acceptProblem: try corpus.pendingAcceptProblem(named: name, in: tree) ?? ExploreRecording.openProblem(name, in: corpus))
    }

    /// `Sources/…Scenarios.swift:42` for a step of the recording, when its scenario says where it is.
    public func source(ofStep step: Int?) -> String? {
        let fixture = recording.fixture
        guard let file = fixture.scenarioSource else { return nil }
        guard let step, fixture.steps.indices.contains(step), let line = fixture.steps[step].line else { return file }
        return "\(file):\(line)"
    }
}
