import Duet

/// A chain scenario over several features (nodes): compiles to a `ChainDefinition`.
/// A hop whose child speaks to its parent names the `Embedding` that carries it (`seam:`): the
/// fixture pins the seam on every platform (the child's last effect is the next action, byte for
/// byte), and `play()` checks it in Swift through the typed delegate mapping.
///
/// ```swift
/// let chain = Chain("ping-pong", "The seam receipt",
///                   initial: [Start(Ping.self, .init()), Start(Pong.self, .init())]) {
///     Hop(Ping.self, "fire emits the fired delegate", .fire, seam: Pong.ping)
///     Hop(Pong.self, "the ping→pong seam", .pingFired(count: 1))
/// }
/// chain.definition.steps.map(\.node)   // ["ping", "pong"]
/// try chain.play()                     // Pong.ping.delegate(ping's last effect) is the next action
/// ```
public struct Chain {
    public var chain: String
    public var description: String
    public var source: String
    public var starts: [Start]
    public var hops: [Hop]

    public init(_ chain: String, _ description: String, initial starts: [Start], file: String = #filePath,
                @ChainBuilder _ content: () -> [Hop]) {
        self.chain = chain; self.description = description; self.source = ScenarioSource.relativePath(file)
        self.starts = starts; self.hops = content()
    }

    /// The chain as data; traps (naming the step) when the dialect refuses a value.
    public var definition: ChainDefinition {
        do { return try makeDefinition() } catch { preconditionFailure("\(error)") }
    }

    public func makeDefinition() throws -> ChainDefinition {
        var states: [String: JSONValue] = [:]
        for start in starts {
            do { states[start.node] = try start.encode() } catch {
                throw ScenarioEncodingError(source: source, line: nil, what: "initial state of node \(start.node)", reason: "\(error)")
            }
        }
        let steps = try hops.map { hop in
            guard states[hop.node] != nil else {
                throw ScenarioEncodingError(source: source, line: hop.line, what: "hop \"\(hop.label)\"",
                                            reason: "node \(hop.node) has no initial state; add Start(\(hop.node)…) to `initial:`")
            }
            do {
                return ChainStep(node: hop.node, label: hop.label, line: hop.line, action: try hop.encode(), linkToNext: hop.linkToNext)
            } catch {
                throw ScenarioEncodingError(source: source, line: hop.line, what: "action of hop \"\(hop.label)\"", reason: "\(error)")
            }
        }
        return ChainDefinition(chain: chain, description: description, source: source, initialStates: states, steps: steps)
    }
}

/// The initial state of one chain node.
public struct Start {
    public var node: String
    let encode: () throws -> JSONValue
    public init<F: Feature>(_ feature: F.Type, _ state: F.State) {
        node = F.name
        encode = { try CanonicalEncoder().encode(state) }
    }
}

/// One step of a chain: an action sent to one node.
public struct Hop {
    public var node: String
    public var label: String
    public var line: Int
    public var linkToNext: Bool
    /// The parent node a seam hop delegates to; nil for a plain hop.
    public var seamParent: String?
    /// The seam a seam hop checks; nil for a plain hop.
    public var seam: Seam?
    let encode: () throws -> JSONValue
    /// Reduces the hop in-process over the chain's states; for a seam hop, what its embedding makes of it.
    let play: (inout [String: JSONValue]) throws -> Delegation?

    public init<F: Feature>(_ feature: F.Type, _ label: String, _ action: F.Action, linkToNext: Bool = false, line: Int = #line) {
        node = F.name; self.label = label; self.line = line; self.linkToNext = linkToNext
        encode = { try CanonicalEncoder().encode(action) }
        play = { states in _ = try Self.reduce(F.self, action, &states); return nil }
    }

    /// A hop whose last effect `seam` delegates to its parent: the next hop is the parent's, with that action.
    public init<Parent: Feature, F: Feature>(_ feature: F.Type, _ label: String, _ action: F.Action,
                                             seam: Embedding<Parent, F>, line: Int = #line) {
        node = F.name; self.label = label; self.line = line; linkToNext = true; seamParent = Parent.name; self.seam = seam.seam
        encode = { try CanonicalEncoder().encode(action) }
        play = { states in
            let parent = try states[Parent.name].map { try CanonicalDecoder().decode(Parent.State.self, from: $0) }
            let effects = try Self.reduce(F.self, action, &states)
            let lastRun = effects.reversed().lazy.compactMap { effect -> F.EffectPayload? in
                if case .run(let payload, _) = effect { return payload }
                return nil
            }.first
            return Delegation(parent: Parent.name, placement: seam.placement.rawValue,
                              mounted: parent.map { !seam.mounts($0).isEmpty },
                              action: try lastRun.flatMap(seam.delegate).map { try CanonicalEncoder().encode($0) })
        }
    }

    /// What a seam hop's embedding made of it.
    struct Delegation {
        var parent: String
        var placement: String
        /// nil when the chain holds no state for the parent.
        var mounted: Bool?
        /// The parent action the last effect delegates; nil when it delegates none.
        var action: JSONValue?
    }

    private static func reduce<F: Feature>(_: F.Type, _ action: F.Action, _ states: inout [String: JSONValue]) throws -> [Effect<F.EffectPayload>] {
        guard let tree = states[F.name] else { throw ChainPlayFailure.Reason("node \(F.name) has no initial state") }
        var state = try CanonicalDecoder().decode(F.State.self, from: tree)
        let effects = F.reduce(&state, action)
        states[F.name] = try CanonicalEncoder().encode(state)
        return effects
    }
}

@resultBuilder
public enum ChainBuilder {
    public static func buildExpression(_ hop: Hop) -> [Hop] { [hop] }
    public static func buildExpression(_ hops: [Hop]) -> [Hop] { hops }
    public static func buildBlock(_ parts: [Hop]...) -> [Hop] { parts.flatMap { $0 } }
    public static func buildArray(_ parts: [[Hop]]) -> [Hop] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [Hop]?) -> [Hop] { part ?? [] }
    public static func buildEither(first part: [Hop]) -> [Hop] { part }
    public static func buildEither(second part: [Hop]) -> [Hop] { part }
}
