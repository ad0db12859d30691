import Foundation

/// The time source effects schedule work on. Tests use a virtual clock (`TestClock` in
/// DuetTesting) so nothing ever sleeps on the wall clock.
///
/// ```swift
/// let work = clock.schedule(after: .milliseconds(100)) { context.send(.ticked) }
/// work.cancel()
/// ```
public protocol KernelClock: AnyObject {
    /// Runs `work` once `delay` has elapsed, unless the returned token is cancelled first.
    func schedule(after delay: Duration, _ work: @escaping () -> Void) -> ScheduledWork
}

/// A pending piece of clock work; cancelling it is idempotent.
public final class ScheduledWork {
    public private(set) var isCancelled = false
    private var onCancel: (() -> Void)?

    public init(onCancel: (() -> Void)? = nil) { self.onCancel = onCancel }

    public func cancel() {
        guard !isCancelled else { return }
        isCancelled = true
        onCancel?()
        onCancel = nil
    }
}

/// The production clock: work runs on the main queue. Drive the store from the main thread.
///
/// ```swift
/// let store = Store(Counter.self, initialState: .init(), clock: DispatchClock())
/// ```
public final class DispatchClock: KernelClock {
    public init() {}

    public func schedule(after delay: Duration, _ work: @escaping () -> Void) -> ScheduledWork {
        let box = MainQueueWork(work)
        let item = DispatchWorkItem { box.run() }
        let (seconds, attoseconds) = delay.components
        let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
        DispatchQueue.main.asyncAfter(deadline: .now() + .nanoseconds(nanoseconds), execute: item)
        return ScheduledWork { item.cancel() }
    }
}

// Unchecked because `DispatchWorkItem` wants a `@Sendable` block; sound because the store is driven
// from the main thread (see `DispatchClock`) and the work runs on the main queue, so it never changes thread.
private final class MainQueueWork: @unchecked Sendable {
    private let work: () -> Void
    init(_ work: @escaping () -> Void) { self.work = work }
    func run() { work() }
}
