import Duet
import Foundation

/// The signed-in shell: three tabs and one sheet (capture, invite code, notification priming).
///
/// ```swift
/// var state = MainNav.State()
/// MainNav.reduce(&state, .captureTapped)    // sheet: .capture
/// ```
public enum MainNav: Feature {
    public static let name = "mainnav"
    public static let initialState = State()

    public enum Tab: SumType, KindEnum, Equatable, CaseIterable {
        case myLane, shared, profile
    }

    public enum Sheet: SumType, KindEnum, Equatable {
        case capture
        case inviteCode(prefilledCode: String?)
        case notificationPriming
    }

    public struct State: Codable, Sendable, Equatable {
        @Tabs public var activeTab: Tab = .myLane
        @Slot public var sheet: Sheet? = nil
        public var unseenSharedCount = 0
        public var hasAnsweredPriming = false
        public var memoriesCaptured = 0
        public init() {}
    }

    public enum Action: SumType, Sendable, Equatable {
        case tabSelected(Tab)
        case captureTapped
        case inviteRequested(prefilledCode: String?)
        case sheetDismissed
        case captureFinished(memoryId: UUID)
        case captureCancelled
        case inviteFinished
        case primingFinished(granted: Bool)
        case sharedActivityArrived(count: Int)
    }

    public enum EffectPayload: SumType, Sendable, Equatable {
        case refreshLane
        case markSharedSeen
    }

    public static func reduce(_ state: inout State, _ action: Action) -> [Effect<EffectPayload>] {
        switch action {
        case .tabSelected(let tab):
            guard state.sheet == nil, tab != state.activeTab else { return [] }
            state.activeTab = tab
            guard tab == .shared, state.unseenSharedCount > 0 else { return [] }
            state.unseenSharedCount = 0
            return [.run(.markSharedSeen, id: "mainnav.seen")]

        case .captureTapped:
            guard state.sheet == nil else { return [] }
            state.sheet = .capture
            return []

        case .inviteRequested(let prefilledCode):
            guard state.sheet == nil else { return [] }
            state.sheet = .inviteCode(prefilledCode: prefilledCode)
            return []

        case .sheetDismissed:
            state.sheet = nil
            return []

        case .captureFinished:
            guard state.sheet == .capture else { return [] }
            state.memoriesCaptured += 1
            state.activeTab = .myLane
            // The first saved memory is the moment reminders make sense to ask for.
            state.sheet = state.hasAnsweredPriming ? nil : .notificationPriming
            return [.run(.refreshLane, id: "mainnav.refresh")]

        case .captureCancelled:
            guard state.sheet == .capture else { return [] }
            state.sheet = nil
            return []

        case .inviteFinished:
            guard case .inviteCode = state.sheet else { return [] }
            state.sheet = nil
            return []

        case .primingFinished:
            guard state.sheet == .notificationPriming else { return [] }
            state.hasAnsweredPriming = true
            state.sheet = nil
            return []

        case .sharedActivityArrived(let count):
            guard state.activeTab != .shared else { return [] }
            state.unseenSharedCount = state.unseenSharedCount.addingSaturating(max(0, count))
            return []
        }
    }
}
