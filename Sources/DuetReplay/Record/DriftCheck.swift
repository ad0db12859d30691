import Duet
import DuetFixtures

/// The drift gate: a fresh recording against the stored fixtures, compared on the behavioural
/// subset (`BehaviouralSubset`) by full canonical bytes. Labels, lines, description, source and
/// branch are metadata: listed, never gated.
///
/// ```swift
/// let drift = DriftCheck.compare(recorded: recording.fixtures, stored: storedByName)
/// drift.filter { $0.change == .changed }   // behavioural drift: keep pending, fail the gate
/// ```
public enum DriftCheck {
    public static func compare(recorded: [Fixture], stored: [String: Fixture]) -> [DriftEntry] {
        recorded.map { fixture in
            guard let previous = stored[fixture.name] else {
                return DriftEntry(fixture: fixture.name, change: .new, recorded: fixture)
            }
            if fixture.behaviour != previous.behaviour {
                return DriftEntry(fixture: fixture.name, change: .changed, recorded: fixture,
                                  location: locate(stored: previous, recorded: fixture))
            }
            let metadata = Fixture.metadataChanges(stored: previous, recorded: fixture)
            if metadata.isEmpty { return DriftEntry(fixture: fixture.name, change: .unchanged, recorded: fixture) }
            return DriftEntry(fixture: fixture.name, change: .metadata, recorded: fixture, metadataChanges: metadata)
        }
    }

    /// The first behavioural difference, in replay order.
    public static func locate(stored: Fixture, recorded: Fixture) -> DriftLocation {
        differences(stored: stored, recorded: recorded).first
            ?? DriftLocation(step: nil, field: "steps", divergence: Divergence(path: "", expected: nil, actual: nil))
    }

    /// Every behavioural difference: the initial state(s), then the first divergence of each differing step field.
    public static func differences(stored: Fixture, recorded: Fixture) -> [DriftLocation] {
        recorded.behaviour.differences(from: stored.behaviour).map { difference in
            let label = difference.step.flatMap { step in
                recorded.steps.indices.contains(step) ? recorded.steps[step].label : nil
            } ?? difference.step.flatMap { step in stored.steps.indices.contains(step) ? stored.steps[step].label : nil }
            return DriftLocation(step: difference.step, field: difference.field, label: label, divergence: difference.divergence)
        }
    }

    public static func metadataChanges(stored: Fixture, recorded: Fixture) -> [String] {
        Fixture.metadataChanges(stored: stored, recorded: recorded)
    }
}

/// One recorded fixture measured against the corpus.
public struct DriftEntry: Sendable, Equatable {
    public enum Change: String, Sendable {
        case unchanged
        /// Only metadata differs: passes, is listed and written.
        case metadata
        /// The behaviour differs: fails the gate, kept pending.
        case changed
        /// No stored fixture yet: pending until accepted (or written by a plain `record`).
        case new
    }
    public var fixture: String
    public var change: Change
    public var recorded: Fixture
    public var location: DriftLocation?
    public var metadataChanges: [String] = []
}

/// Where a recording first differs from the stored fixture.
public struct DriftLocation: Sendable, Equatable, CustomStringConvertible {
    /// 0-based step; nil for the initial state(s).
    public var step: Int?
    /// `initialState`, `initialStates`, `node`, `action`, `expectedState`, `expectedEffects` or `steps` (count).
    public var field: String
    public var label: String?
    public var divergence: Divergence

    public init(step: Int?, field: String, label: String? = nil, divergence: Divergence) {
        self.step = step; self.field = field; self.label = label; self.divergence = divergence
    }

    /// The field and the path inside it: `expectedState.sheet.value.memoryId`.
    public var fieldPath: String {
        divergence.path.isEmpty ? field : field + (divergence.path.hasPrefix("[") ? "" : ".") + divergence.path
    }

    public var description: String {
        let at = step.map { "step \($0)" + (label.map { " \"\($0)\"" } ?? "") + " " } ?? ""
        return "\(at)\(fieldPath): stored \(divergence.expected ?? "(absent)"), recorded \(divergence.actual ?? "(absent)")"
    }
}
