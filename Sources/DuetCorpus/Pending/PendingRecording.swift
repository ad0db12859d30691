import Duet
import DuetFixtures

/// A recording waiting for review: a new scenario, or a fixture whose behaviour drifted.
public struct PendingRecording: Sendable, Equatable {
    public enum Reason: String, Sendable { case new, changed }
    public var fixture: Fixture
    public var reason: Reason
    public var recordedAt: String
    /// Where the recording first differs from the stored fixture (`changed` only); 0-based step.
    public var step: Int?
    public var path: String?
    public var expected: String?
    public var actual: String?

    public var name: String { fixture.name }

    public init(fixture: Fixture, reason: Reason, recordedAt: String, step: Int? = nil, path: String? = nil,
                expected: String? = nil, actual: String? = nil) {
        self.fixture = fixture; self.reason = reason; self.recordedAt = recordedAt
        self.step = step; self.path = path; self.expected = expected; self.actual = actual
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
