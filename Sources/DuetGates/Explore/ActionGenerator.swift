import Duet

/// One generated action: its canonical bytes, and whether every value in it is one a fixture of
/// record holds in that place (or an id the current state holds, or a boolean, integer, UUID or
/// date of the right type). A runner refusing a well-formed action is a finding; a refusal of a
/// string the fixtures never sent may be the runner rejecting a value outside an enum.
struct ActionDraft: Sendable, Equatable {
    var actionCase: String
    var value: JSONValue
    var wellFormed: Bool
    var bytes: [UInt8] { value.canonicalBytes }
}

/// Generates actions from a feature's `ActionSchema`: a case uniformly, then its payload, each
/// value either one the fixtures hold at that place or a boundary value of its type.
struct ActionGenerator {
    let schema: ActionSchema

    func draft(_ random: inout SeededRandom, state: [UInt8]) -> ActionDraft {
        let chosen = random.pick(schema.cases)
        if random.chance(1, in: 4) { return ActionDraft(actionCase: chosen.name, value: random.pick(chosen.recorded), wellFormed: true) }
        var object = JSONObject()
        object["case"] = .string(chosen.name)
        var context = Context(random: random, pools: chosen.pools, stateUUIDs: StateUUIDs.scan(state))
        if let payload = chosen.payload { object["value"] = context.value(payload, at: "value") }
        random = context.random
        return ActionDraft(actionCase: chosen.name, value: .object(object), wellFormed: context.wellFormed)
    }

    private struct Context {
        var random: SeededRandom
        let pools: [String: [JSONValue]]
        let stateUUIDs: [String]
        var wellFormed = true

        mutating func value(_ shape: PayloadShape, at path: String) -> JSONValue {
            let pool = pools[path] ?? []
            if !pool.isEmpty, random.chance(1, in: 2) { return random.pick(pool) }
            switch shape {
            case .null: return .null
            case .bool: return .bool(random.chance(1, in: 2))
            case .int:
                let seen = pool.compactMap(\.intValue)
                return .int(random.pick(BoundaryValues.integers + seen.flatMap(BoundaryValues.neighbours)))
            case .text:
                wellFormed = false
                return .string(random.pick(BoundaryValues.strings))
            case .uuid:
                if !stateUUIDs.isEmpty, random.chance(1, in: 2) { return .string(random.pick(stateUUIDs)) }
                return .string(BoundaryValues.freshUUID(&random))
            case .date: return .string(random.pick(BoundaryValues.dates))
            case .array(let element):
                guard let element else { return .array([]) }
                let count = random.pick([0, 1, 1, 2, 3])
                return .array((0..<count).map { _ in value(element, at: path + "[]") })
            case .object(let members):
                var object = JSONObject()
                for key in members.keys.sorted() {
                    let member = members[key]!
                    if member.optional, random.chance(1, in: 4) { continue }
                    object[key] = value(member.shape, at: path + "." + key)
                }
                return .object(object)
            case .sum(let cases):
                let name = random.pick(cases.keys.sorted())
                var object = JSONObject()
                object["case"] = .string(name)
                if let payload = cases[name] ?? nil { object["value"] = value(payload, at: path + ".value") }
                return .object(object)
            case .mixed:
                guard !pool.isEmpty else { wellFormed = false; return .null }
                return random.pick(pool)
            }
        }
    }
}
