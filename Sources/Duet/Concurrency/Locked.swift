import Foundation

/// A value reached only while holding its lock, so a type that keeps one as a `let` is checked
/// `Sendable` — the one unchecked conformance behind the package's cross-thread state sits here.
///
/// ```swift
/// let counts = Locked([String: Int]())
/// counts.withLock { $0["reads", default: 0] += 1 }                       // from any thread
/// let reads = counts.wait(until: { $0["reads"] != nil }) { $0["reads"]! } // blocks until it holds
/// ```
///
/// `Synchronization.Mutex` would serve, but it needs macOS 15 / iOS 18, above the package's platforms.
package final class Locked<State: Sendable>: @unchecked Sendable {
    // Sound: `state` is touched only with `condition` locked, and a `Sendable` state shares no
    // unguarded mutable memory with anything a body copies out of it.
    private let condition = NSCondition()
    private var state: State

    package init(_ state: State) { self.state = state }

    /// Runs `body` on the state under the lock, then wakes the threads waiting in `wait(until:_:)`.
    package func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        condition.lock()
        defer { condition.broadcast(); condition.unlock() }
        return try body(&state)
    }

    /// Blocks until `ready` holds for the state (checked after each change), then runs `body` as `withLock` does.
    package func wait<Result>(until ready: (State) -> Bool, _ body: (inout State) throws -> Result) rethrows -> Result {
        condition.lock()
        defer { condition.broadcast(); condition.unlock() }
        while !ready(state) { condition.wait() }
        return try body(&state)
    }
}
