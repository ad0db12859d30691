import Duet
import DuetCorpus

/// What explore can send a feature: per action case, the payload shape learned from the fixtures
/// of record and the values they hold at each place in it. A declared case no fixture sends has
/// no known payload and is left out (`unknownCases`): record its fixture first.
///
/// ```swift
/// let schema = ActionSchema(feature: "timeline", declared: structure.actions, recorded: try corpus.recordedActions(feature: "timeline"))
/// schema.cases.map(\.name)    // ["appeared", "refreshPulled", …]
/// ```
struct ActionSchema: Sendable {
    struct Case: Sendable {
        var name: String
        /// nil: the case carries no payload.
        var payload: PayloadShape?
        /// The actions the fixtures send, whole.
        var recorded: [JSONValue]
        /// Values seen at each place of the payload (`value.memoryId`, `value.memories[]`), distinct, capped.
        var pools: [String: [JSONValue]]
    }

    static let poolLimit = 24

    let feature: String
    /// In the declared order, then recorded cases no declaration names.
    private(set) var cases: [Case] = []
    /// Declared cases no fixture sends.
    private(set) var unknownCases: [String] = []

    init(feature: String, declared: [String], recorded: [RecordedAction]) {
        self.feature = feature
        var byCase: [String: [JSONValue]] = [:]
        var order: [String] = declared
        for action in recorded where action.feature == feature {
            guard let value = try? CanonicalJSON.parse(action.action) else { continue }
            if byCase[action.actionCase] == nil && !declared.contains(action.actionCase) { order.append(action.actionCase) }
            byCase[action.actionCase, default: []].append(value)
        }
        for name in order {
            guard let values = byCase[name], !values.isEmpty else { unknownCases.append(name); continue }
            var payload: PayloadShape?
            var pools: [String: [JSONValue]] = [:]
            for value in values {
                guard let inner = value["value"] else { continue }
                let shape = PayloadShape.learn(inner)
                payload = payload.map { $0.merged(with: shape) } ?? shape
                Self.collect(inner, at: "value", into: &pools)
            }
            cases.append(Case(name: name, payload: payload, recorded: values, pools: pools))
        }
    }

    var isEmpty: Bool { cases.isEmpty }

    private static func collect(_ value: JSONValue, at path: String, into pools: inout [String: [JSONValue]]) {
        var pool = pools[path] ?? []
        if pool.count < poolLimit, !pool.contains(value) { pool.append(value); pools[path] = pool }
        switch value {
        case .array(let items): for item in items { collect(item, at: path + "[]", into: &pools) }
        case .object(let object):
            if PayloadShape.sumCase(object) != nil {
                if let inner = object["value"] { collect(inner, at: path + ".value", into: &pools) }
            } else {
                for member in object.members { collect(member.value, at: path + "." + member.key, into: &pools) }
            }
        default: break
        }
    }
}
