import Duet
import Foundation

/// A feature using every L0 marker, and its unmarked twin: same fields, plain types.
enum Gallery: Feature {
    static let name = "gallery"
    static let initialState = State()

    enum Context: String, Codable, Sendable, CaseIterable, KindEnum, Equatable { case lane, shared }
    enum Route: SumType, KindEnum, Sendable, Equatable {
        case detail(id: UUID, context: Context)
        case settings
    }
    enum Sheet: SumType, KindEnum, Sendable, Equatable {
        case share(memoryId: UUID)
        case camera
    }
    enum Tab: String, KindEnum, CaseIterable, Equatable { case home, profile }
    enum Phase: SumType, KindEnum, CaseIterable, Sendable, Equatable { case splash, main }
    struct CarouselSummary: IslandBoundary, Equatable {
        static let islandID = "gallery.carousel"
        var index = 0
        var total = 0
    }
    struct Form: Codable, Sendable, Equatable {
        var email = ""
        var agreed = false
        var note: String?
    }

    struct State: Codable, Sendable, Equatable {
        @Path var path: [Route] = []
        @Slot var sheet: Sheet? = nil
        @Tabs var tab: Tab = .home
        @Stage var phase: Phase = .splash
        @Island var carousel = CarouselSummary()
        var form = Form()
        var tags: [String] = []
        var scores: [String: Int] = [:]
        var context: Context = .lane
        var owner: UUID?
        var createdAt = Date(timeIntervalSince1970: 0)
    }

    /// The same state without markers.
    struct PlainState: Codable, Sendable, Equatable {
        var path: [Route] = []
        var sheet: Sheet? = nil
        var tab: Tab = .home
        var phase: Phase = .splash
        var carousel = CarouselSummary()
        var form = Form()
        var tags: [String] = []
        var scores: [String: Int] = [:]
        var context: Context = .lane
        var owner: UUID?
        var createdAt = Date(timeIntervalSince1970: 0)
    }

    /// Mixed payload and payload-free cases: declaration order is not the metadata's tag order.
    enum Action: SumType, Sendable {
        case opened(Route), dismissed, tabbed(Tab)
    }
    enum EffectPayload: String, Codable, Sendable, CaseIterable { case save, load }

    static func reduce(_ state: inout State, _ action: Action) -> [Effect<EffectPayload>] {
        switch action {
        case .opened(let route): state.path.append(route)
        case .dismissed: state.sheet = nil
        case .tabbed(let tab): state.tab = tab
        }
        return []
    }
}

/// The twin as a feature, so it can be described too.
enum PlainGallery: Feature {
    static let name = "gallery"
    static let initialState = State()
    typealias State = Gallery.PlainState
    typealias Action = Gallery.Action
    typealias EffectPayload = Gallery.EffectPayload
    static func reduce(_ state: inout State, _ action: Action) -> [Effect<EffectPayload>] { [] }
}
