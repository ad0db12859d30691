import Duet
import DuetCorpus

/// What explore knows of one feature: what it may send, where walks start, how its L0 kinds read.
struct ExploreFeature: Sendable {
    let name: String
    let schema: ActionSchema
    let starts: [ExploreStart]
    /// nil when the feature has no L0 field (no transition can happen).
    let transitions: L0Transitions?
}

/// One generated sequence: a recorded start state, then actions drawn one at a time, each sent to
/// every platform; the state goes on from what they agreed on.
struct ExploreWalk: Sendable {
    let index: Int
    let feature: Int
    let start: ExploreStart
    var random: SeededRandom
    var state: [UInt8]
    /// Steps sent, refused ones included (a walk stops at `depth`).
    var sent = 0
    /// Actions the platforms reduced, and the state after each.
    var actions: [ActionDraft] = []
    var states: [[UInt8]] = []
    /// The action waiting for its answers.
    var pending: ActionDraft?
    /// The L0 fields of `state` as bytes, and their kinds (features with L0 fields only).
    var l0Bytes: [[UInt8]?] = []
    var kinds: L0Transitions.Kinds?

    init(index: Int, feature: Int, start: ExploreStart, random: SeededRandom) {
        self.index = index; self.feature = feature; self.start = start; self.random = random
        state = start.state
    }
}

/// Reads a state's L0 fields straight from its bytes, and their kinds only when those bytes changed.
struct L0Reader {
    let transitions: L0Transitions
    let document = ByteDocument()

    /// The bytes of each L0 field (nil when absent); nil when the state is not a dialect document.
    func fieldBytes(_ state: [UInt8]) -> [[UInt8]?]? {
        document.read(state) { root -> [[UInt8]?]? in
            guard let root else { return nil }
            return transitions.fieldPaths.map { components in
                var value: ByteDocument.Value? = root
                for key in components { value = value.flatMap { document.member(key, of: $0) } }
                return value.map { document.bytes(of: $0) }
            }
        }
    }

    /// The kinds of a state whose L0 fields are `bytes` (parsed alone: they are small).
    func kinds(_ bytes: [[UInt8]?]) -> L0Transitions.Kinds {
        var root = JSONValue.object(JSONObject())
        for (components, field) in zip(transitions.fieldPaths, bytes) {
            guard let field, let value = try? CanonicalJSON.parse(field) else { continue }
            root = Self.setting(value, at: components[...], in: root)
        }
        return transitions.kinds(in: root)
    }

    private static func setting(_ value: JSONValue, at components: ArraySlice<String>, in tree: JSONValue) -> JSONValue {
        guard let key = components.first else { return value }
        var object = tree.objectValue ?? JSONObject()
        object[key] = setting(value, at: components.dropFirst(), in: object[key] ?? .object(JSONObject()))
        return .object(object)
    }
}
