import Duet

/// Batches produced in order by one thread and taken in order by another, the producer staying at
/// most `lookahead` batches ahead (bounded memory).
struct ParseAhead<Batch: Sendable>: Sendable {
    private struct Queue: Sendable {
        var ready: [Int: Batch] = [:]
        var taken = 0
        var stopped = false
        var finished = false
    }
    private let queue = Locked(Queue())
    private let lookahead: Int

    init(lookahead: Int) { self.lookahead = max(1, lookahead) }

    /// Waits until batch `index` may be produced; false when the consumer stopped.
    func waitForRoom(_ index: Int) -> Bool {
        queue.wait(until: { $0.stopped || index - $0.taken < lookahead }) { !$0.stopped }
    }

    func put(_ index: Int, _ batch: Batch) {
        queue.withLock { $0.ready[index] = batch }
    }

    func take(_ index: Int) -> Batch {
        queue.wait(until: { $0.ready[index] != nil }) { queue in
            queue.taken = index + 1
            return queue.ready.removeValue(forKey: index)!
        }
    }

    func stop() {
        queue.withLock { $0.stopped = true; $0.ready.removeAll() }
    }

    func finish() {
        queue.withLock { $0.finished = true }
    }

    func waitUntilFinished() {
        queue.wait(until: \.finished) { _ in }
    }
}
