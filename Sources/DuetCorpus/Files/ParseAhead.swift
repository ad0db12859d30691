import Foundation

/// Batches produced in order by one thread and taken in order by another, the producer staying at
/// most `lookahead` batches ahead (bounded memory).
final class ParseAhead<Batch>: @unchecked Sendable {
    private let condition = NSCondition()
    private let lookahead: Int
    private var ready: [Int: Batch] = [:]
    private var taken = 0
    private var stopped = false
    private var finished = false

    init(lookahead: Int) { self.lookahead = max(1, lookahead) }

    /// Waits until batch `index` may be produced; false when the consumer stopped.
    func waitForRoom(_ index: Int) -> Bool {
        condition.lock(); defer { condition.unlock() }
        while !stopped && index - taken >= lookahead { condition.wait() }
        return !stopped
    }

    func put(_ index: Int, _ batch: Batch) {
        condition.lock(); defer { condition.unlock() }
        ready[index] = batch
        condition.broadcast()
    }

    func take(_ index: Int) -> Batch {
        condition.lock(); defer { condition.unlock() }
        while ready[index] == nil { condition.wait() }
        taken = index + 1
        condition.broadcast()
        return ready.removeValue(forKey: index)!
    }

    func stop() {
        condition.lock(); defer { condition.unlock() }
        stopped = true
        ready.removeAll()
        condition.broadcast()
    }

    func finish() {
        condition.lock(); defer { condition.unlock() }
        finished = true
        condition.broadcast()
    }

    func waitUntilFinished() {
        condition.lock(); defer { condition.unlock() }
        while !finished { condition.wait() }
    }
}
