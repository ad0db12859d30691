import Duet

/// Three explainer pages and a finish. `page` is feature data: nothing mounts a child from
/// it, so the census records a ruling instead of counting a fifth primitive.
///
/// ```swift
/// var state = Onboarding.State()
/// Onboarding.reduce(&state, .nextTapped)   // page: .capture
/// ```
public enum Onboarding: Feature {
    public static let name = "onboarding"
    public static let initialState = State()

    public enum Page: String, Codable, Sendable, Equatable, CaseIterable {
        case welcome, capture, share, reminders
    }

    public struct State: Codable, Sendable, Equatable {
        public var page: Page = .welcome
        /// How far the user got, for the skip analytics.
        public var furthestPageIndex = 0
        public var skipped = false
        public init() {}
    }

    public enum Action: SumType, Sendable, Equatable {
        case nextTapped
        case backTapped
        case pageSwiped(toIndex: Int)
        case skipTapped
    }

    public enum EffectPayload: SumType, Sendable, Equatable {
        case trackSkipped(atIndex: Int)
        /// Delegate: `RootNav.onboarding` makes it the root's `onboardingCompleted`.
        case onboardingCompleted
    }

    public static func reduce(_ state: inout State, _ action: Action) -> [Effect<EffectPayload>] {
        let pages = Page.allCases
        let index = pages.firstIndex(of: state.page) ?? 0
        switch action {
        case .nextTapped:
            guard index + 1 < pages.count else { return [.run(.onboardingCompleted)] }
            show(index + 1, in: &state)
            return []

        case .backTapped:
            guard index > 0 else { return [] }
            show(index - 1, in: &state)
            return []

        case .pageSwiped(let target):
            guard pages.indices.contains(target) else { return [] }
            show(target, in: &state)
            return []

        case .skipTapped:
            guard !state.skipped else { return [] }
            state.skipped = true
            return [.run(.trackSkipped(atIndex: index)), .run(.onboardingCompleted)]
        }
    }

    private static func show(_ index: Int, in state: inout State) {
        state.page = Page.allCases[index]
        state.furthestPageIndex = max(state.furthestPageIndex, index)
    }
}
