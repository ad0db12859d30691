import Duet
import Foundation

/// Asks, in our words first, whether reminders are welcome; only then the system prompt.
///
/// ```swift
/// var state = Priming.State()
/// Priming.reduce(&state, .enableTapped)   // [.run(.requestAuthorization, id: "priming.request")]
/// ```
public enum Priming: Feature {
    public static let name = "priming"
    public static let initialState = State()

    public struct State: Codable, Sendable, Equatable {
        public var isRequesting = false
        /// When the user answered; absent until then.
        public var answeredAt: Date?
        public var granted = false
        public init() {}
    }

    public enum Action: SumType, Sendable, Equatable {
        case enableTapped
        case authorizationAnswered(granted: Bool, at: Date)
        case notNowTapped(at: Date)
    }

    public enum EffectPayload: SumType, Sendable, Equatable {
        case requestAuthorization
        case scheduleWeeklyReminder
        /// Delegate: `MainNav.priming` makes it the shell's `primingFinished`.
        case primingFinished(granted: Bool)
    }

    public static func reduce(_ state: inout State, _ action: Action) -> [Effect<EffectPayload>] {
        switch action {
        case .enableTapped:
            guard !state.isRequesting, state.answeredAt == nil else { return [] }
            state.isRequesting = true
            return [.run(.requestAuthorization, id: "priming.request")]

        case let .authorizationAnswered(granted, at):
            guard state.isRequesting else { return [] }
            state.isRequesting = false
            state.answeredAt = at
            state.granted = granted
            let reminder: [Effect<EffectPayload>] = granted ? [.run(.scheduleWeeklyReminder)] : []
            return reminder + [.run(.primingFinished(granted: granted))]

        case .notNowTapped(let at):
            guard state.answeredAt == nil else { return [] }
            state.isRequesting = false
            state.answeredAt = at
            state.granted = false
            return [.cancel(id: "priming.request"), .run(.primingFinished(granted: false))]
        }
    }
}
