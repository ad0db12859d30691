import Duet
import DuetScenarios

/// A camera-like screen for drill tests: a slot, an island with a summary, an island whose boundary
/// is empty, and `unlocked` — data that one transition depends on, so a relaunch loses it.
enum Lens: Feature {
    static let name = "lens"
    static let initialState = State()
    enum Sheet: SumType, KindEnum, Equatable, Sendable {
        case filters
        case note(text: String)
    }
    struct Chrome: IslandBoundary, Equatable {
        static let islandID = "lens.chrome"
        var zoom = 1
    }
    struct Flash: IslandBoundary, Equatable {
        static let islandID = "lens.flash"
    }
    struct State: Codable, Sendable, Equatable {
        @Slot var sheet: Sheet? = nil
        @Island var chrome = Chrome()
        @Island var flash = Flash()
        var unlocked = false
        var shots = 0
    }
    enum Action: SumType, Sendable, Equatable {
        case zoomed(Int), filtersTapped, dismissed, noted(String), unlockTapped, proTapped, shot
    }
    enum EffectPayload: SumType, Sendable, Equatable {
        case flashFired
    }

    static func reduce(_ state: inout State, _ action: Action) -> [Effect<EffectPayload>] {
        switch action {
        case .zoomed(let zoom): state.chrome.zoom = zoom
        case .filtersTapped: if state.sheet == nil { state.sheet = .filters }
        case .dismissed: state.sheet = nil
        case .noted(let text): state.sheet = .note(text: text)
        case .unlockTapped: state.unlocked = true
        case .proTapped: if state.unlocked { state.sheet = .filters }
        case .shot:
            state.shots += 1
            return [.run(.flashFired)]
        }
        return []
    }

    static var scenarios: [ScenarioDefinition] {
        [
            Scenario(Lens.self, "lens.zoom", "Zooming and the filters sheet: every spine restores whole.", initial: State()) {
                Step("zoom in", .zoomed(2))
                Step("filters", .filtersTapped)
                Step("zoom more", .zoomed(3))
                Step("dismiss", .dismissed)
            },
            Scenario(Lens.self, "lens.pro", "The pro filters need an unlock the spine does not hold.", initial: State()) {
                Step("unlock", .unlockTapped)
                Step("pro filters", .proTapped)
            },
            Scenario(Lens.self, "lens.shots", "Shots are data: lost on relaunch, harmless to the spine.", initial: State()) {
                Step("shot", .shot)
                Step("shot", .shot)
                Step("filters", .filtersTapped)
            },
            Scenario(Lens.self, "lens.note", "A long note in the sheet makes a large spine.", initial: State()) {
                Step("note", .noted(String(repeating: "a long note ", count: 10)))
            },
        ].map(\.definition)
    }
}

/// A safe whose island summary breaks the persistence rules: it holds an L0 slot and a runtime-only token.
enum Vault: Feature {
    static let name = "vault"
    static let initialState = State()
    enum Alarm: String, KindEnum, CaseIterable, Sendable { case ringing }
    struct Safe: IslandBoundary, Equatable {
        static let islandID = "vault.safe"
        var dial = 0
        @RuntimeOnly var token: String? = nil
        @Slot var alarm: Alarm? = nil
    }
    struct State: Codable, Sendable, Equatable {
        @Island var safe = Safe()
    }
    enum Action: SumType, Sendable, Equatable {
        case turned(Int), sessionOpened(token: String), alarmRaised
    }
    enum EffectPayload: SumType, Sendable, Equatable {
        case none
    }

    static func reduce(_ state: inout State, _ action: Action) -> [Effect<EffectPayload>] {
        switch action {
        case .turned(let dial): state.safe.dial = dial
        case .sessionOpened(let token): state.safe.token = token
        case .alarmRaised: state.safe.alarm = .ringing
        }
        return []
    }

    static var scenarios: [ScenarioDefinition] {
        [
            Scenario(Vault.self, "vault", "A dial, a session token, an alarm.", initial: State()) {
                Step("turn", .turned(7))
                Step("open a session", .sessionOpened(token: "live-handle-1"))
                Step("alarm", .alarmRaised)
            },
        ].map(\.definition)
    }
}

/// Lens as a twin changed by hand on branches no fixture of the samples reaches (for explore tests):
/// a zoom below 1 is held at 1, and a fourth shot fires no flash.
enum LensTwin: Feature {
    static let name = "lens"
    typealias State = Lens.State
    typealias Action = Lens.Action
    typealias EffectPayload = Lens.EffectPayload
    static var initialState: State { Lens.initialState }

    static func reduce(_ state: inout State, _ action: Action) -> [Effect<EffectPayload>] {
        switch action {
        case .zoomed(let zoom) where zoom < 1:
            state.chrome.zoom = 1
            return []
        case .shot where state.shots >= 3:
            state.shots += 1
            return []
        default:
            return Lens.reduce(&state, action)
        }
    }
}
