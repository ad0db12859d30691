/// A child feature embedded in a parent: where the parent's state mounts it, and which of its
/// effects are the parent's actions. The delegate mapping is a Swift function over both features'
/// types, so the compiler checks the seam (an exhaustive `switch` makes a new child delegate a
/// compile error until the parent handles it); on the wire nothing changes — the child's effect
/// and the parent's action are each encoded as they always were.
///
/// - `scope`: always mounted (a tab's content: siblings stay alive);
/// - `ifLet`: mounted while the parent shows it (a slot or stage kind, a presentation flag);
/// - `forEach`: one child per matching element of a path.
///
/// ```swift
/// static let capture = Embedding.ifLet(MainNav.self, Capture.self, shown: { $0.sheet == .capture }) { delegate in
///     switch delegate {
///     case .captureFinished(let memoryId): .captureFinished(memoryId: memoryId)
///     case .captureCancelled: .captureCancelled
///     case .saveMemory: nil                       // the child's own work
///     }
/// }
/// capture.delegate(.captureCancelled)             // MainNav.Action.captureCancelled
/// ```
public struct Embedding<Parent: Feature, Child: Feature>: Sendable {
    public enum Placement: String, Sendable { case scope, ifLet, forEach }

    public let placement: Placement
    /// The children the parent's state mounts, one per live child.
    public let mounts: @Sendable (Parent.State) -> [Mount]
    /// The parent action a child effect delegates; nil when the effect is the child's own work.
    public let delegate: @Sendable (Child.EffectPayload) -> Parent.Action?

    /// Mounted for as long as the parent is.
    public static func scope(_ parent: Parent.Type, _ child: Child.Type,
                             delegate: @escaping @Sendable (Child.EffectPayload) -> Parent.Action?) -> Embedding {
        Embedding(placement: .scope, mounts: { _ in [Mount(index: 0, route: "")] }, delegate: delegate)
    }

    /// Mounted while `shown` holds of the parent's state.
    public static func ifLet(_ parent: Parent.Type, _ child: Child.Type, shown: @escaping @Sendable (Parent.State) -> Bool,
                             delegate: @escaping @Sendable (Child.EffectPayload) -> Parent.Action?) -> Embedding {
        Embedding(placement: .ifLet, mounts: { shown($0) ? [Mount(index: 0, route: "")] : [] }, delegate: delegate)
    }

    /// One child per element of `path` that `matches`, identified by its index and its route.
    public static func forEach<Route: Encodable & Sendable>(_ parent: Parent.Type, _ child: Child.Type,
                                                 path: @escaping @Sendable (Parent.State) -> [Route],
                                                 where matches: @escaping @Sendable (Route) -> Bool = { _ in true },
                                                 delegate: @escaping @Sendable (Child.EffectPayload) -> Parent.Action?) -> Embedding {
        Embedding(placement: .forEach, mounts: { state in
            path(state).enumerated().compactMap { index, route in
                guard matches(route) else { return nil }
                return Mount(index: index, route: (try? CanonicalEncoder().canonicalString(route)) ?? "")
            }
        }, delegate: delegate)
    }
}

extension Embedding {
    /// This seam as `describe` reports it on the parent, and declaration parity compares it.
    public var seam: Seam { Seam(parent: Parent.name, child: Child.name, placement: placement.rawValue) }
}

/// A parent → child seam by feature names: what a runner registers (`ReplayRegistry.addSeams`).
public struct Seam: Hashable, Sendable {
    public var parent: String
    public var child: String
    /// `scope`, `ifLet` or `forEach`.
    public var placement: String
    public init(parent: String, child: String, placement: String) { self.parent = parent; self.child = child; self.placement = placement }
}

/// One mounted child: the path index it stands at (0 outside a path) and, in a path, the route
/// it was mounted for — a new route at the same index is a new child.
public struct Mount: Hashable, Sendable {
    public var index: Int
    /// The route's canonical JSON; empty outside a path.
    public var route: String
    public init(index: Int, route: String) { self.index = index; self.route = route }
}
