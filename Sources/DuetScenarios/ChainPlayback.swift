import Duet

extension Chain {
    /// Reduces every hop in-process and checks each seam hop through its embedding: the parent
    /// mounts the child when it speaks, and the embedding maps the child's last effect to exactly
    /// the next hop's action, sent to that parent. Throws `ChainPlayFailure` at the first that fails.
    ///
    /// ```swift
    /// try MainNav.chains.forEach { try $0.play() }
    /// ```
    public func play() throws {
        let definition = try makeDefinition()
        var states = definition.initialStates
        for (index, hop) in hops.enumerated() {
            let failure = { (reason: String) in ChainPlayFailure(chain: chain, label: hop.label, source: source, line: hop.line, reason: reason) }
            let delegation: Hop.Delegation?
            do { delegation = try hop.play(&states) } catch { throw failure("\(error)") }
            guard let delegation else { continue }
            guard let mounted = delegation.mounted else { throw failure("the chain has no state for the parent \(delegation.parent); add Start(\(delegation.parent)…)") }
            guard mounted else { throw failure("\(delegation.parent) does not mount \(hop.node) here (\(delegation.placement)): the child speaks while it is not shown") }
            guard index + 1 < hops.count else { throw failure("a seam on the last hop: there is no next hop for its action") }
            let next = definition.steps[index + 1]
            guard next.node == delegation.parent else { throw failure("the seam delegates to \(delegation.parent), but the next hop is \(next.node)'s") }
            guard let action = delegation.action else { throw failure("the last effect is not a delegate of the seam to \(delegation.parent)") }
            guard action == next.action else {
                throw failure("the seam delegates \(action.canonicalString), but the next hop sends \(next.action.canonicalString)")
            }
        }
    }
}

/// A hop of a chain that failed during `Chain.play()`.
public struct ChainPlayFailure: Error, Sendable, CustomStringConvertible {
    public var chain: String
    public var label: String
    public var source: String
    public var line: Int
    public var reason: String
    public var description: String { "\(source):\(line): chain \(chain) hop \"\(label)\": \(reason)" }

    struct Reason: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
