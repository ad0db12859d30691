import Duet
import DuetCorpus
import DuetReplay
import DuetFixtures

/// `duet pending show NAME`: a pending recording against the fixture of record it would replace.
///
/// ```swift
/// let review = try PendingReview.diff(named: "tally", in: corpus)
/// review.differences.first?.description   // step 3 "a third increment" expectedState.count: stored 3, recorded 4
/// ```
public struct PendingReview: Sendable {
    public var recording: PendingRecording
    /// nil for a new scenario.
    public var stored: Fixture?
    public var differences: [DriftLocation]
    public var metadataChanges: [String]

    public static func diff(named name: String, in corpus: Corpus) throws -> PendingReview {
        guard let recording = try corpus.pendingRecording(named: name) else { throw PendingNotFound(names: [name]) }
        guard let stored = try corpus.fixtures(name: name).first else {
            return PendingReview(recording: recording, stored: nil, differences: [], metadataChanges: [])
        }
        return PendingReview(recording: recording, stored: stored,
                             differences: DriftCheck.differences(stored: stored, recorded: recording.fixture),
                             metadataChanges: DriftCheck.metadataChanges(stored: stored, recorded: recording.fixture))
    }

    /// `Sources/…Scenarios.swift:42` for a step of the recording, when its scenario says where it is.
    public func source(ofStep step: Int?) -> String? {
        let fixture = recording.fixture
        guard let file = fixture.scenarioSource else { return nil }
        guard let step, fixture.steps.indices.contains(step), let line = fixture.steps[step].line else { return file }
        return "\(file):\(line)"
    }
}
