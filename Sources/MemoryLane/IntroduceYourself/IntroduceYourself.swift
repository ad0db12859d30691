import Duet
import Foundation

/// "What should we call you?": a name (and optional avatar) saved before onboarding.
///
/// ```swift
/// var state = IntroduceYourself.State()
/// IntroduceYourself.reduce(&state, .nameChanged("Ada"))
/// IntroduceYourself.reduce(&state, .continueTapped)   // [.run(.saveProfile(…), id: "introduceyourself.save")]
/// ```
public enum IntroduceYourself: Feature {
    public static let name = "introduceyourself"
    public static let initialState = State()
    static let maximumNameLength = 30

    public struct State: Codable, Sendable, Equatable {
        public var name = ""
        public var nameError = ""
        /// The picked avatar; absent until the user picks one.
        public var avatarId: UUID?
        public var isSaving = false
        public var serverError = ""
        public init() {}
    }

    public enum Action: SumType, Sendable, Equatable {
        case nameChanged(String)
        case avatarPicked(UUID)
        case continueTapped
        case profileSaved
        case profileSaveFailed(message: String)
    }

    public enum EffectPayload: SumType, Sendable, Equatable {
        case saveProfile(name: String, avatarId: UUID?)
        /// Delegate: `RootNav.introduceYourself` makes it the root's `introduced`.
        case introduced(displayName: String)
    }

    public static func reduce(_ state: inout State, _ action: Action) -> [Effect<EffectPayload>] {
        switch action {
        case .nameChanged(let name):
            state.name = name
            state.nameError = ""
            return []

        case .avatarPicked(let avatarId):
            state.avatarId = avatarId
            return []

        case .continueTapped:
            guard !state.isSaving else { return [] }
            let name = state.name.trimmingCharacters(in: .whitespaces)
            if name.isEmpty {
                state.nameError = "Tell us what to call you."
            } else if name.count > maximumNameLength {
                state.nameError = "Keep it under \(maximumNameLength) characters."
            } else {
                state.nameError = ""
            }
            guard state.nameError.isEmpty else { return [] }
            state.name = name
            state.isSaving = true
            state.serverError = ""
            return [.run(.saveProfile(name: name, avatarId: state.avatarId), id: "introduceyourself.save")]

        case .profileSaved:
            guard state.isSaving else { return [] }
            state.isSaving = false
            return [.run(.introduced(displayName: state.name))]

        case .profileSaveFailed:
            guard state.isSaving else { return [] }
            state.isSaving = false
            state.serverError = "We couldn't save your name. Please try again."
            return []
        }
    }
}
