import Duet
import DuetFixtures

/// A recording waiting for review — a new scenario, a fixture whose behaviour drifted, or a
/// sequence on which the platforms answered differently — kept as files under `parity/.pending/`
/// (`PendingFiles`) and indexed by the corpus.
///
/// ```swift
/// let base = try corpus.pendingBase(forFixture: recorded.name)     // read when the stored fixture is
/// try corpus.writePending(PendingRecording(fixture: recorded, reason: .changed, recordedAt: now, base: base), in: tree)
/// try corpus.acceptPending(names: [recorded.name], in: tree)      // refused if the fixture file changed since
/// ```
public struct PendingRecording: Sendable, Equatable {
    public enum Reason: String, Sendable, CaseIterable {
        /// No fixture of record has this name yet.
        case new
        /// The behaviour differs from the fixture of record.
        case changed
        /// The platforms answered the same actions differently (`answers` holds each one's).
        case diverged
    }

    /// The fixture file the recording was compared against, as it was then. Accepting is refused
    /// unless the file is still exactly that, so an old recording never overwrites newer bytes.
    public enum Base: Sendable, Equatable {
        /// No fixture file of this name existed.
        case absent
        /// The content hash of the file's bytes.
        case file(ContentHash)
        /// Not known (a recording from before pending files, or a pending file without its sidecar): never accepted.
        case unknown
    }

    /// What one platform answered, for producers that compare platforms (`reason == .diverged`).
    public struct Answer: Sendable, Equatable {
        public var platform: String
        /// The recording as this platform played it.
        public var fixture: Fixture
        /// What else the platform said (a refusal, a crash), when it did.
        public var note: String?
        public init(platform: String, fixture: Fixture, note: String? = nil) {
            self.platform = platform; self.fixture = fixture; self.note = note
        }
    }

    /// What accepting writes to `parity/fixtures/NAME.fixture.json`.
    public var fixture: Fixture
    public var reason: Reason
    public var recordedAt: String
    /// What wrote it: `record`, `explore`, …
    public var producer: String
    public var base: Base
    /// Where the recording first differs from the stored fixture; 0-based step.
    public var step: Int?
    public var path: String?
    public var expected: String?
    public var actual: String?
    /// Each platform's answer, when the producer compared platforms; empty otherwise.
    public var answers: [Answer]

    public var name: String { fixture.name }

    public init(fixture: Fixture, reason: Reason, recordedAt: String, producer: String = "record", base: Base,
                step: Int? = nil, path: String? = nil, expected: String? = nil, actual: String? = nil, answers: [Answer] = []) {
        self.fixture = fixture; self.reason = reason; self.recordedAt = recordedAt; self.producer = producer; self.base = base
        self.step = step; self.path = path; self.expected = expected; self.actual = actual; self.answers = answers
    }
}

/// `pending accept|reject NAME` named a recording that is not pending.
public struct PendingNotFound: Error, Sendable, CustomStringConvertible {
    public var names: [String]
    public init(names: [String]) { self.names = names }
    public var description: String {
        "no pending recording named \(names.joined(separator: ", ")) — `duet pending` lists them"
    }
}

/// `pending accept` refused: accepting would overwrite bytes the recording was not compared against.
/// Nothing was accepted.
public struct PendingAcceptRefused: Error, Sendable, CustomStringConvertible {
    public struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        public var name: String
        /// What is wrong, naming the file.
        public var message: String
        public var description: String { message }
    }
    public var problems: [Problem]
    public var description: String {
        problems.map(\.message).joined(separator: "\n") + (problems.count > 1 ? "\nnothing was accepted" : "")
    }
}
