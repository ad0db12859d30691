import Foundation
import Duet

/// Writes back what a large batch has staged so far while it is still staging: once `threshold`
/// bytes are staged, then each time the total has doubled, one `syncfs` of their file system runs
/// on another thread (never two at once). An import computes while the disk is idle; the batch's
/// closing `syncfs`, which is what makes the files durable and is waited for, then finds less left
/// to write (4.9 s of a 1M-step import's 53 s were that one flush). The doubling keeps the count of
/// writebacks logarithmic: every `syncfs` walks all of the file system's inodes, and one per 8 MB
/// made a 1M-step import 15–30 % slower. Nothing here is relied on: a failure only leaves more to
/// the closing flush.
///
/// ```swift
/// let writeback = BackgroundWriteback(threshold: 8 << 20)   // at 8, 16, 32 … MB staged
/// writeback.staged(bytes.count, in: "/repo/parity/.fixtures.duet-41-7.tmp")   // from any thread
/// ```
final class BackgroundWriteback: Sendable {
    private struct State { var staged = 0; var nextAt: Int; var running = false }
    private let state: Locked<State>
    private let flush: @Sendable (String) -> Void

    /// `flush`: what writes a folder's file system back (tests pass their own).
    init(threshold: Int = 8 << 20, flush: @escaping @Sendable (String) -> Void = { _ = FileFlush.flushFileSystem(of: $0) }) {
        self.flush = flush
        state = Locked(State(nextAt: threshold))
    }

    /// Counts `count` more bytes staged in `folder`; starts a writeback when the total has reached the next mark.
    func staged(_ count: Int, in folder: String) {
        let start = state.withLock { state -> Bool in
            state.staged += count
            guard state.staged >= state.nextAt, !state.running else { return false }
            state.nextAt = 2 * state.staged
            state.running = true
            return true
        }
        guard start else { return }
        DispatchQueue.global(qos: .utility).async { [state, flush] in
            flush(folder)
            state.withLock { $0.running = false }
        }
    }

    /// Waits until no writeback runs (tests).
    func waitUntilIdle() { state.wait(until: { !$0.running }) { _ in } }
}
