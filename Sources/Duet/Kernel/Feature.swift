/// A feature: typed state, a sum-type action, a sum-type effect payload, a pure reducer.
///
/// ```swift
/// enum Counter: Feature {
///     struct State: Codable, Sendable { var count = 0 }
///     enum Action: SumType, Sendable { case increment }
///     enum EffectPayload: SumType, Sendable { case none }
///     static let name = "counter"
///     static let initialState = State()
///     static func reduce(_ state: inout State, _ action: Action) -> [Effect<EffectPayload>] { … }
/// }
/// ```
public protocol Feature {
    associatedtype State: Codable & Sendable
    associatedtype Action: Codable & Sendable
    associatedtype EffectPayload: Codable & Sendable
    static var name: String { get }
    /// The state a screen starts from, and the one the default restore lays a spine over (as the
    /// Kotlin flavor's `Feature.initial`).
    static var initialState: State { get }
    static func reduce(_ state: inout State, _ action: Action) -> [Effect<EffectPayload>]
}
