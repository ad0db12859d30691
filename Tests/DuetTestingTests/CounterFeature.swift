import Duet

/// The exemplar feature of the reference fixtures: state changes, a guarded system action,
/// an effect with a cancel-in-flight id, an explicit cancel.
enum Counter: Feature {
    static let name = "counter"
    static let initialState = State()

    struct State: Codable, Sendable, Equatable {
        var count = 0
        var isAutoIncrementing = false
    }

    enum Action: SumType, Sendable, Equatable {
        case increment, decrement, tick, toggleAutoIncrement
        case set(count: Int)
    }

    enum EffectPayload: SumType, Sendable, Equatable {
        case startTicker
        case announce(Int)
    }

    static func reduce(_ state: inout State, _ action: Action) -> [Effect<EffectPayload>] {
        switch action {
        case .increment: state.count += 1; return []
        case .decrement: state.count -= 1; return []
        case .tick:
            guard state.isAutoIncrementing else { return [] }
            state.count += 1
            return []
        case .toggleAutoIncrement:
            state.isAutoIncrementing.toggle()
            return state.isAutoIncrementing ? [.run(.startTicker, id: "counter.ticker")] : [.cancel(id: "counter.ticker")]
        case .set(let count):
            state.count = count
            return [.run(.announce(count))]
        }
    }

    /// The ticker ticks every second until cancelled; an announcement finishes at once.
    static func live(_ payload: EffectPayload, _ context: EffectContext<Action>) {
        switch payload {
        case .startTicker:
            func tick() { context.after(.seconds(1)) { context.send(.tick); tick() } }
            tick()
        case .announce:
            context.finish()
        }
    }
}
