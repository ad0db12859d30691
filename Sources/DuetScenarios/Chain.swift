import Duet

/// A chain scenario over several features (nodes): compiles to a `ChainDefinition`.
///
/// ```swift
/// let chain = Chain("ping-pong", "The seam receipt",
///                   initial: [Start(Ping.self, .init()), Start(Pong.self, .init())]) {
///     Hop(Ping.self, "fire emits the fired delegate", .fire, linkToNext: true)
///     Hop(Pong.self, "the ping→pong seam", .pingFired(count: 1))
/// }
/// chain.definition.steps.map(\.node)   // ["ping", "pong"]
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
    let encode: () throws -> JSONValue
    public init<F: Feature>(_ feature: F.Type, _ label: String, _ action: F.Action, linkToNext: Bool = false, line: Int = #line) {
        node = F.name; self.label = label; self.line = line; self.linkToNext = linkToNext
        encode = { try CanonicalEncoder().encode(action) }
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
