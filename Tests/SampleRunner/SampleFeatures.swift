import Duet
import Foundation

/// A small feature for replay tests: a counter with a history, an optional sheet and effects.
/// `mutated` flips one rule (increment past 2 adds 2) so tests can see verify turn red.
enum Tally: Feature {
    nonisolated(unsafe) static var mutated = false
    /// `named("crash")` exits the process and `named("hang")` never answers: runner failures on demand.
    /// `named("print")` prints to stdout, which the server keeps off the protocol stream.
    nonisolated(unsafe) static var crashes = false
    /// After this many reductions the process stops answering (a runner that stalls).
    nonisolated(unsafe) static var stallAfter: Int?
    nonisolated(unsafe) static var reductions = 0

    struct State: Codable, Sendable, Equatable {
        var count = 0
        var history: [String] = []
        var sheet: Sheet?
    }
    enum Sheet: SumType, Sendable, Equatable {
        case editor(name: String)
        case about
    }
    enum Action: SumType, Sendable {
        case increment
        case decrement
        case named(String)
        case present(Sheet)
        case dismiss
        case save(id: String)
    }
    enum EffectPayload: SumType, Sendable {
        case persist(count: Int)
        case announce(String)
    }
    static let name = "tally"
    static let initialState = State()

    static func reduce(_ state: inout State, _ action: Action) -> [Effect<EffectPayload>] {
        reductions += 1
        if let stallAfter, reductions > stallAfter { while true { sleep(60) } }
        switch action {
        case .increment:
            state.count += (mutated && state.count >= 2) ? 2 : 1
            return []
        case .decrement:
            state.count -= 1
            return []
        case .named(let name):
            if name == "crash" && crashes { exit(70) }
            if name == "hang" && crashes { while true { sleep(60) } }
            if name == "print" { print("a stray debug print from the reducer"); fflush(nil) }
            state.history.append(name)
            return [.run(.announce(name))]
        case .present(let sheet):
            state.sheet = sheet
            return []
        case .dismiss:
            state.sheet = nil
            return [.cancel(id: "tally.persist")]
        case .save:
            return [.run(.persist(count: state.count), id: "tally.persist")]
        }
    }

    static let structure = FeatureStructure(
        feature: name,
        fields: [FieldDescription(path: "count", shape: "int", role: .data),
                 FieldDescription(path: "history", shape: "array<string>", role: .data),
                 FieldDescription(path: "sheet", shape: "optional<sum>", role: .slot, kinds: ["editor", "about"])],
        actions: ["increment", "decrement", "named", "present", "dismiss", "save"],
        effects: ["persist", "announce"])

    static var structureWithSheetAsData: FeatureStructure {
        var structure = Self.structure
        structure.fields[2].role = .data
        return structure
    }
}

/// The two nodes of a chain: ping fires a delegate payload that pong receives as an action.
enum Ping: Feature {
    struct State: Codable, Sendable { var sent = 0 }
    enum Action: SumType, Sendable { case fire }
    enum EffectPayload: SumType, Sendable { case notifyListener(count: Int) }
    static let name = "ping"
    static let initialState = State()
    static func reduce(_ state: inout State, _ action: Action) -> [Effect<EffectPayload>] {
        state.sent += 1
        return [.run(.notifyListener(count: state.sent))]
    }
}

enum Pong: Feature {
    struct State: Codable, Sendable { var received = 0 }
    enum Action: SumType, Sendable { case pingFired(count: Int) }
    enum EffectPayload: SumType, Sendable { case none }
    static let name = "pong"
    static let initialState = State()
    static func reduce(_ state: inout State, _ action: Action) -> [Effect<EffectPayload>] {
        if case .pingFired(let count) = action { state.received = count }
        return []
    }
}
