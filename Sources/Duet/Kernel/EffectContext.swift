/// What an effect handler gets to talk back to its store: send actions, schedule work on the
/// kernel clock, and finish. Once the effect is cancelled (or finished) every call is a no-op.
///
/// ```swift
/// let store = Store(Counter.self, initialState: .init(), clock: clock) { payload, context in
///     context.after(.seconds(1)) { context.send(.tick); context.finish() }
/// }
/// ```
public final class EffectContext<Action> {
    public private(set) var isCancelled = false
    public private(set) var isFinished = false
    private let clock: any KernelClock
    private let deliver: (Action) -> Void
    private let finished: () -> Void
    private var scheduled: [ScheduledWork] = []
    private var cancelHandlers: [() -> Void] = []

    init(clock: any KernelClock, deliver: @escaping (Action) -> Void, finished: @escaping () -> Void) {
        self.clock = clock; self.deliver = deliver; self.finished = finished
    }

    private var isActive: Bool { !isCancelled && !isFinished }

    /// Feeds an action back through the store (queued behind whatever the store is doing).
    public func send(_ action: Action) {
        guard isActive else { return }
        deliver(action)
    }

    /// Runs `work` on the kernel clock after `delay`; dropped if the effect ends first.
    public func after(_ delay: Duration, _ work: @escaping () -> Void) {
        guard isActive else { return }
        let token = clock.schedule(after: delay) { [weak self] in
            guard let self, self.isActive else { return }
            work()
        }
        scheduled.append(token)
    }

    /// Ends the effect: no more actions from it.
    public func finish() {
        guard isActive else { return }
        isFinished = true
        cancelScheduled()
        finished()
    }

    /// Runs when the effect is cancelled (by id, by `cancel`, or by teardown).
    public func onCancel(_ handler: @escaping () -> Void) {
        cancelHandlers.append(handler)
    }

    func cancel() {
        guard isActive else { return }
        isCancelled = true
        cancelScheduled()
        let handlers = cancelHandlers
        cancelHandlers = []
        handlers.forEach { $0() }
    }

    private func cancelScheduled() {
        scheduled.forEach { $0.cancel() }
        scheduled = []
    }
}
