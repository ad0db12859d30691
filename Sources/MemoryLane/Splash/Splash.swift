import Duet
import Foundation

/// The first screen: restores the stored session, retrying on failure, then tells the root.
///
/// ```swift
/// var state = Splash.State()
/// Splash.reduce(&state, .appeared)    // [.run(.loadSession, id: "splash.load")]
/// ```
public enum Splash: Feature {
    public static let name = "splash"
    public static let initialState = State()
    static let retryLimit = 3

    public struct State: Codable, Sendable, Equatable {
        public var isLoading = false
        public var attempts = 0
        /// Empty when there is nothing to say.
        public var errorMessage = ""
        public init() {}
    }

    public enum Action: SumType, Sendable, Equatable {
        case appeared
        case sessionLoaded(userId: UUID, displayName: String, onboarded: Bool)
        case sessionMissing
        case sessionLoadFailed(message: String)
        case retryTapped
    }

    public enum EffectPayload: SumType, Sendable, Equatable {
        case loadSession
        /// Delegate: `RootNav.splash` makes it the root's `sessionRestored`.
        case sessionRestored(userId: UUID, displayName: String, onboarded: Bool)
        /// Delegate: `RootNav.splash` makes it the root's `noSession`.
        case noSession
    }

    public static func reduce(_ state: inout State, _ action: Action) -> [Effect<EffectPayload>] {
        switch action {
        case .appeared:
            guard !state.isLoading, state.attempts == 0 else { return [] }
            return load(&state)

        case let .sessionLoaded(userId, displayName, onboarded):
            guard state.isLoading else { return [] }
            state.isLoading = false
            state.errorMessage = ""
            return [.run(.sessionRestored(userId: userId, displayName: displayName, onboarded: onboarded))]

        case .sessionMissing:
            guard state.isLoading else { return [] }
            state.isLoading = false
            state.errorMessage = ""
            return [.run(.noSession)]

        case .sessionLoadFailed:
            guard state.isLoading else { return [] }
            state.isLoading = false
            state.errorMessage = state.attempts >= retryLimit
                ? "Still can't open your memories. You can start fresh and sign in again later."
                : "We couldn't open your memories. Check your connection and try again."
            return []

        case .retryTapped:
            guard !state.isLoading else { return [] }
            if state.attempts >= retryLimit {
                state.errorMessage = ""
                return [.run(.noSession)]
            }
            return load(&state)
        }
    }

    private static func load(_ state: inout State) -> [Effect<EffectPayload>] {
        state.isLoading = true
        state.attempts += 1
        state.errorMessage = ""
        return [.run(.loadSession, id: "splash.load")]
    }
}
