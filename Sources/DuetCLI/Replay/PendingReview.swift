import Duet
import DuetCorpus
import DuetReplay

/// `duet pending show NAME`: a pending recording against the fixture it would replace.
///
/// ```swift
/// let diff = try PendingReview.diff(named: "tally", in: corpus)
/// diff.differences.first?.description   // step 3 "a third increment" expectedState.count: stored 3, recorded 4
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

    var text: String {
        var out = "\(recording.name): \(recording.reason.rawValue) recording of \(recording.recordedAt)\n"
        guard stored != nil else {
            return out + "no stored fixture yet; accepting writes:\n" + recording.fixture.document.prettyString
        }
        for difference in differences { out += "  \(difference)\n" }
        if !metadataChanges.isEmpty { out += "  metadata: \(metadataChanges.joined(separator: ", "))\n" }
        return out
    }
}
