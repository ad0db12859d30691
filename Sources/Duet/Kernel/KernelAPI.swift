// PUBLIC API CONTRACT OF THE KERNEL AND L0 STRUCTURE — the kernel owner replaces these stubs
// with real files (Effect.swift, Feature.swift, Store.swift, Clock.swift, Structure/*.swift ...).
// Signatures here are what MemoryLane and DuetReplay code against: keep them (additions fine).

import Foundation

/// Effects are data: run a payload (an id makes it cancel-in-flight) or cancel by id.
public enum Effect<Payload> {
    case run(Payload, id: String? = nil)
    case cancel(id: String)
}
extension Effect: Sendable where Payload: Sendable {}
extension Effect: Equatable where Payload: Equatable {}
// Codable: {"kind":"run","id":…,"payload":…} (id omitted when nil) / {"kind":"cancel","id":…}
extension Effect: Encodable where Payload: Encodable {
    public func encode(to encoder: any Encoder) throws { fatalError("stub") }
}
extension Effect: Decodable where Payload: Decodable {
    public init(from decoder: any Decoder) throws { fatalError("stub") }
}

/// A feature: typed state, a sum-type action, a sum-type effect payload, a pure reducer.
///
/// ```swift
/// enum Counter: Feature {
///     struct State: Codable, Sendable { var count = 0 }
///     enum Action: SumType, Sendable { case increment }
///     enum EffectPayload: SumType, Sendable { case none }
///     static let name = "counter"
///     static func reduce(_ state: inout State, _ action: Action) -> [Effect<EffectPayload>] { … }
/// }
/// ```
public protocol Feature {
    associatedtype State: Codable & Sendable
    associatedtype Action: Codable & Sendable
    associatedtype EffectPayload: Codable & Sendable
    static var name: String { get }
    static func reduce(_ state: inout State, _ action: Action) -> [Effect<EffectPayload>]
}

// MARK: - L0 structure

/// An enum whose cases are L1 kinds (routes, sheets, tabs, phases).
/// `kindNames` is the full case list; `kindName` the case of this value.
public protocol KindEnum: Codable, Sendable {
    static var kindNames: [String] { get }
    var kindName: String { get }
}

/// A push stack, back-poppable. Encodes exactly as the plain array.
@propertyWrapper public struct Path<Route: KindEnum>: Sendable {
    public var wrappedValue: [Route]
    public init(wrappedValue: [Route]) { self.wrappedValue = wrappedValue }
}
/// One optional modal. Encodes exactly as the plain optional (nil omitted).
@propertyWrapper public struct Slot<Kind: KindEnum>: Sendable {
    public var wrappedValue: Kind?
    public init(wrappedValue: Kind?) { self.wrappedValue = wrappedValue }
}
/// User-switchable tabs, siblings alive.
@propertyWrapper public struct Tabs<Tab: KindEnum>: Sendable {
    public var wrappedValue: Tab
    public init(wrappedValue: Tab) { self.wrappedValue = wrappedValue }
}
/// Exactly one full-screen child, changed only by reducer edges.
@propertyWrapper public struct Stage<Phase: KindEnum>: Sendable {
    public var wrappedValue: Phase
    public init(wrappedValue: Phase) { self.wrappedValue = wrappedValue }
}
/// The persisted boundary summary of an L4 island; the type names its island.
public protocol IslandBoundary: Codable, Sendable {
    /// `<feature>.<island>`, e.g. `memorydetail.photo-carousel`.
    static var islandID: String { get }
}
@propertyWrapper public struct Island<Summary: IslandBoundary>: Sendable {
    public var wrappedValue: Summary
    public init(wrappedValue: Summary) { self.wrappedValue = wrappedValue }
}

// MARK: - describe (what the corpus indexes and the census counts)

public struct FeatureStructure: Codable, Sendable, Equatable {
    public var feature: String
    public var fields: [FieldDescription]
    /// Action and effect payload case names.
    public var actions: [String]
    public var effects: [String]
    public init(feature: String, fields: [FieldDescription], actions: [String], effects: [String]) {
        self.feature = feature; self.fields = fields; self.actions = actions; self.effects = effects
    }
}
public struct FieldDescription: Codable, Sendable, Equatable {
    /// Dotted for nested structs: `form.email`.
    public var path: String
    /// JSON shape: `string`, `int`, `bool`, `date`, `uuid`, `object`, `sum`, `enum`, wrapped as
    /// `optional<…>` / `array<…>` / `map<…>`.
    public var shape: String
    /// `path`, `slot`, `tabs`, `stage`, `island:<id>` or `data`.
    public var role: String
    /// The full case list when the field (or its element) is an enum.
    public var kinds: [String]?
    public init(path: String, shape: String, role: String, kinds: [String]? = nil) {
        self.path = path; self.shape = shape; self.role = role; self.kinds = kinds
    }
}
