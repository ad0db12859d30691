import Duet

/// A virtual kernel clock: time moves only when a test says so, and scheduled work runs in
/// deadline order (ties in scheduling order) as `advance` passes over it.
///
/// ```swift
/// let clock = TestClock()
/// let store = Store(Counter.self, initialState: .init(), clock: clock, effects: handler)
/// store.send(.toggleAutoIncrement)
/// clock.advance(by: .seconds(1))    // the ticker fires once
/// ```
public final class TestClock: KernelClock {
    /// Virtual time since the clock was made.
    public private(set) var now: Duration = .zero
    /// Called at the start of every `advance`, before any work runs (traces record it).
    public var onAdvance: ((Duration) -> Void)?
    private var pending: [Entry] = []
    private var nextSequence = 0

    private struct Entry {
        let deadline: Duration
        let sequence: Int
        let token: ScheduledWork
        let work: () -> Void
    }

    public init() {}

    /// Work scheduled and neither run nor cancelled.
    public var pendingCount: Int { pending.filter { !$0.token.isCancelled }.count }

    public func schedule(after delay: Duration, _ work: @escaping () -> Void) -> ScheduledWork {
        nextSequence += 1
        let token = ScheduledWork()
        pending.append(Entry(deadline: now + max(delay, .zero), sequence: nextSequence, token: token, work: work))
        return token
    }

    /// Moves time forward by `duration`, running everything that falls due on the way
    /// (including work scheduled by that work).
    public func advance(by duration: Duration) {
        onAdvance?(duration)
        let target = now + duration
        while let index = nextDue(by: target) {
            let entry = pending.remove(at: index)
            now = entry.deadline
            entry.work()
        }
        now = target
    }

    private func nextDue(by target: Duration) -> Int? {
        pending.removeAll { $0.token.isCancelled }
        var best: Int?
        for (index, entry) in pending.enumerated() where entry.deadline <= target {
            if let current = best {
                let other = pending[current]
                if (entry.deadline, entry.sequence) < (other.deadline, other.sequence) { best = index }
            } else {
                best = index
            }
        }
        return best
    }
}
