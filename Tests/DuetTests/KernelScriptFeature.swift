import Duet

/// The scripted feature the six reference kernel traces imply: an `Int` state, string actions
/// and payloads, one effect behaviour per payload.
enum KernelScript: Feature {
    static let name = "kernel-script"
    static let initialState = State()
    typealias State = Int

    enum Action: String, Codable, Sendable {
        case inc
        case startClocked = "start-clocked", cancelClock = "cancel-clock", ticked
        case startPing = "start-ping", pong
        case startTwo = "start-two"
        case burst, b1, b2, startChain = "start-chain", chainDone = "chain-done"
        case startPark = "start-park"
    }

    enum EffectPayload: String, Codable, Sendable {
        case tick, ping, alpha, beta, burst, chained, park
    }

    static func reduce(_ state: inout Int, _ action: Action) -> [Effect<EffectPayload>] {
        switch action {
        case .inc: state += 1; return []
        case .startClocked: return [.run(.tick, id: "clock")]
        case .cancelClock: return [.cancel(id: "clock")]
        case .ticked, .pong, .b2, .chainDone: state += 10; return []
        case .b1: state += 100; return []
        case .startPing: return [.run(.ping)]
        case .startTwo: return [.run(.alpha), .run(.beta)]
        case .burst: return [.run(.burst)]
        case .startChain: return [.run(.chained)]
        case .startPark: return [.run(.park)]
        }
    }

    /// tick: 100 ms then `ticked`; ping: `pong` at once; alpha finishes at once, beta after
    /// 50 ms; burst: `b1`, `b2`; chained: `chain-done`; park: would send after 200 ms.
    static func run(_ payload: EffectPayload, _ context: EffectContext<Action>) {
        switch payload {
        case .tick:
            context.after(.milliseconds(100)) { context.send(.ticked); context.finish() }
        case .ping:
            context.send(.pong); context.finish()
        case .alpha:
            context.finish()
        case .beta:
            context.after(.milliseconds(50)) { context.finish() }
        case .burst:
            context.send(.b1); context.send(.b2); context.finish()
        case .chained:
            context.send(.chainDone); context.finish()
        case .park:
            context.after(.milliseconds(200)) { context.send(.inc); context.finish() }
        }
    }
}
