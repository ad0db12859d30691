import Duet

/// What a gate judges in a fixture (upstream Duet's rule): `initialState` / `initialStates`, and per
/// step `node`, `action`, `expectedState` and `expectedEffects`, by canonical bytes. Everything else in
/// the document — description, dialect, feature and chain names, scenario source and branch, step
/// labels and lines, `linkToNext`, keys this model does not know — is metadata: `record` rewrites it,
/// no gate fails on it.
///
/// ```swift
/// stored.behaviour == recorded.behaviour                 // the drift gate
/// recorded.behaviour.differences(from: stored.behaviour).first?.fieldPath   // "expectedState.count", step 3
/// Fixture.metadataChanges(stored: stored, recorded: recorded)              // ["steps[0].line"]
/// ```
public struct BehaviouralSubset: Sendable, Equatable {
    /// The fixture-level members judged, in replay order.
    public enum InitialField: String, CaseIterable, Sendable { case initialState, initialStates }
    /// The members of each step judged, in replay order.
    public enum StepField: String, CaseIterable, Sendable { case node, action, expectedState, expectedEffects }

    /// The judged members as one document: `{"initialState":…,"steps":[{"action":…,…}]}`.
    public let document: JSONValue

    public init(_ fixture: Fixture) {
        var object = JSONObject()
        for field in InitialField.allCases { object[field.rawValue] = fixture.value(of: field) }
        object["steps"] = .array(fixture.steps.map { step in
            var judged = JSONObject()
            for field in StepField.allCases { judged[field.rawValue] = step.value(of: field) }
            return .object(judged)
        })
        document = .object(object)
    }

    public var canonicalBytes: [UInt8] { document.canonicalBytes }

    public static func == (left: BehaviouralSubset, right: BehaviouralSubset) -> Bool {
        left.canonicalBytes == right.canonicalBytes
    }

    /// One judged member that differs: the initial state(s) (`step` nil) or a step's field.
    public struct Difference: Sendable, Equatable {
        /// 0-based; nil for the initial state(s). For a different step count: the first step one side lacks.
        public var step: Int?
        /// An `InitialField` or `StepField` raw value, or `steps` when the step counts differ.
        public var field: String
        public var divergence: Divergence
    }

    /// Every judged member that differs from `stored`, in replay order, each at its first divergent
    /// path; a different step count is one more difference (`steps`) after the steps both have.
    public func differences(from stored: BehaviouralSubset) -> [Difference] {
        var found: [Difference] = []
        for field in InitialField.allCases {
            if let divergence = JSONValue.firstDivergence(expected: stored.document[field.rawValue], actual: document[field.rawValue]) {
                found.append(Difference(step: nil, field: field.rawValue, divergence: divergence))
            }
        }
        let old = stored.document["steps"]?.arrayValue ?? [], new = document["steps"]?.arrayValue ?? []
        for index in 0..<min(old.count, new.count) {
            for field in StepField.allCases {
                if let divergence = JSONValue.firstDivergence(expected: old[index][field.rawValue], actual: new[index][field.rawValue]) {
                    found.append(Difference(step: index, field: field.rawValue, divergence: divergence))
                }
            }
        }
        if old.count != new.count {
            found.append(Difference(step: min(old.count, new.count), field: "steps",
                                    divergence: Divergence(path: "count", expected: String(old.count), actual: String(new.count))))
        }
        return found
    }
}

extension Fixture {
    /// The members a gate judges.
    public var behaviour: BehaviouralSubset { BehaviouralSubset(self) }

    public func value(of field: BehaviouralSubset.InitialField) -> JSONValue? {
        switch field {
        case .initialState: return initialState
        case .initialStates: return initialStates.map(JSONValue.object)
        }
    }

    /// The document without its behavioural subset: what may change with no gate failing.
    public var metadata: JSONValue {
        guard case .object(var object) = document else { return document }
        for field in BehaviouralSubset.InitialField.allCases { object[field.rawValue] = nil }
        if case .array(let steps)? = object["steps"] {
            object["steps"] = .array(steps.map { step in
                guard case .object(var members) = step else { return step }
                for field in BehaviouralSubset.StepField.allCases { members[field.rawValue] = nil }
                return .object(members)
            })
        }
        return .object(object)
    }

    /// Where the metadata of two recordings of one fixture differ: `description`, `scenario.source`,
    /// `steps[0].line`, … in canonical order; empty when only behaviour (or nothing) differs.
    public static func metadataChanges(stored: Fixture, recorded: Fixture) -> [String] {
        JSONValue.differences(expected: stored.metadata, actual: recorded.metadata).map { $0.path.isEmpty ? "document" : $0.path }
    }
}

extension FixtureStep {
    public func value(of field: BehaviouralSubset.StepField) -> JSONValue? {
        switch field {
        case .node: return node.map(JSONValue.string)
        case .action: return action
        case .expectedState: return expectedState
        case .expectedEffects: return expectedEffects
        }
    }
}
