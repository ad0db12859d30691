import Duet
import DuetFixtures

/// The drift gate: a fresh recording against the stored fixtures, compared on the behavioural
/// projection (initial state(s); per step node, action, expectedState, expectedEffects) by full
/// canonical bytes. Labels, lines, description, source and branch are metadata: listed, never gated.
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
            if fixture.behaviouralProjection.canonicalBytes != previous.behaviouralProjection.canonicalBytes {
                return DriftEntry(fixture: fixture.name, change: .changed, recorded: fixture,
                                  location: locate(stored: previous, recorded: fixture))
            }
            let metadata = metadataChanges(stored: previous, recorded: fixture)
            if metadata.isEmpty && fixture.document.canonicalBytes == previous.document.canonicalBytes {
                return DriftEntry(fixture: fixture.name, change: .unchanged, recorded: fixture)
            }
            return DriftEntry(fixture: fixture.name, change: .metadata, recorded: fixture,
                              metadataChanges: metadata.isEmpty ? ["document"] : metadata)
        }
    }

    /// The first behavioural difference, in replay order.
    public static func locate(stored: Fixture, recorded: Fixture) -> DriftLocation {
        if let divergence = divergence(stored.initialState, recorded.initialState) {
            return DriftLocation(step: nil, field: "initialState", divergence: divergence)
        }
        if let divergence = divergence(stored.initialStates.map(JSONValue.object), recorded.initialStates.map(JSONValue.object)) {
            return DriftLocation(step: nil, field: "initialStates", divergence: divergence)
        }
        for index in 0..<min(stored.steps.count, recorded.steps.count) {
            let old = stored.steps[index], new = recorded.steps[index]
            let fields: [(String, JSONValue?, JSONValue?)] = [
                ("node", old.node.map(JSONValue.string), new.node.map(JSONValue.string)),
                ("action", old.action, new.action),
                ("expectedState", old.expectedState, new.expectedState),
                ("expectedEffects", old.expectedEffects, new.expectedEffects),
            ]
            for (field, before, after) in fields {
                if let divergence = divergence(before, after) {
                    return DriftLocation(step: index, field: field, label: new.label ?? old.label, divergence: divergence)
                }
            }
        }
        let count = min(stored.steps.count, recorded.steps.count)
        return DriftLocation(step: count, field: "steps", divergence: Divergence(
            path: "steps.count", expected: String(stored.steps.count), actual: String(recorded.steps.count)))
    }

    /// Every behavioural difference: the initial state(s), then the first divergence of each differing step field.
    public static func differences(stored: Fixture, recorded: Fixture) -> [DriftLocation] {
        var found: [DriftLocation] = []
        if let divergence = divergence(stored.initialState, recorded.initialState) {
            found.append(DriftLocation(step: nil, field: "initialState", divergence: divergence))
        }
        if let divergence = divergence(stored.initialStates.map(JSONValue.object), recorded.initialStates.map(JSONValue.object)) {
            found.append(DriftLocation(step: nil, field: "initialStates", divergence: divergence))
        }
        for index in 0..<max(stored.steps.count, recorded.steps.count) {
            let old = stored.steps.indices.contains(index) ? stored.steps[index] : nil
            let new = recorded.steps.indices.contains(index) ? recorded.steps[index] : nil
            let fields: [(String, JSONValue?, JSONValue?)] = [
                ("node", old?.node.map(JSONValue.string), new?.node.map(JSONValue.string)),
                ("action", old?.action, new?.action),
                ("expectedState", old?.expectedState, new?.expectedState),
                ("expectedEffects", old?.expectedEffects, new?.expectedEffects),
            ]
            for (field, before, after) in fields {
                if let divergence = divergence(before, after) {
                    found.append(DriftLocation(step: index, field: field, label: new?.label ?? old?.label, divergence: divergence))
                }
            }
        }
        return found
    }

    public static func metadataChanges(stored: Fixture, recorded: Fixture) -> [String] {
        var changes: [String] = []
        if stored.description != recorded.description { changes.append("description") }
        if stored.dialect != recorded.dialect { changes.append("dialect") }
        if stored.scenarioSource != recorded.scenarioSource { changes.append("scenario.source") }
        if stored.scenarioBranch != recorded.scenarioBranch { changes.append("scenario.branch") }
        if stored.chain != recorded.chain { changes.append("chain") }
        for (index, (old, new)) in zip(stored.steps, recorded.steps).enumerated() {
            if old.label != new.label { changes.append("steps[\(index)].label") }
            if old.line != new.line { changes.append("steps[\(index)].line") }
            if old.linkToNext != new.linkToNext { changes.append("steps[\(index)].linkToNext") }
        }
        return changes
    }

    private static func divergence(_ expected: JSONValue?, _ actual: JSONValue?) -> Divergence? {
        JSONValue.firstDivergence(expected: expected, actual: actual)
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
