/// Runs an effect payload: the handler talks back through its `EffectContext`.
public typealias EffectHandler<F: Feature> = (F.EffectPayload, EffectContext<F.Action>) -> Void

/// The runtime around one feature. Single-threaded and deterministic:
/// - `send` reduces synchronously; the new state is readable before `send` returns;
/// - the effects of one reduce start after the state is published, in declaration order;
/// - effects feed actions back through the same queue; they never touch state;
/// - a `send` that arrives while the store is busy is queued, never nested;
/// - `run` with an id cancels the in-flight effect with that id; `cancel(id)` with nothing
///   running is a no-op;
/// - `teardown()` cancels every in-flight effect; nothing is delivered afterwards.
///
/// Without an effect handler, effects are data only: returned by the reducer, never run.
///
/// ```swift
/// let store = Store(Counter.self, initialState: .init(), clock: clock) { payload, context in
///     context.after(.seconds(1)) { context.send(.tick); context.finish() }
/// }
/// store.send(.toggleAutoIncrement)
/// store.state.isAutoIncrementing   // true
/// ```
public final class Store<F: Feature> {
    public private(set) var state: F.State
    public private(set) var isTornDown = false
    private let clock: any KernelClock
    private let handler: EffectHandler<F>?
    private var observers: [(StoreEvent<F>) -> Void] = []
    private var queue: [Work] = []
    private var isProcessing = false
    private var inFlight: [Running] = []
    private var nextToken = 0

    private enum Work {
        case send(F.Action)
        case effectAction(F.Action, token: Int)
        case finish(token: Int)
    }

    private struct Running {
        let token: Int
        let payload: F.EffectPayload
        let id: String?
        let context: EffectContext<F.Action>
    }

    public init(_ feature: F.Type = F.self, initialState: F.State, clock: any KernelClock, effects handler: EffectHandler<F>? = nil) {
        self.state = initialState
        self.clock = clock
        self.handler = handler
    }

    /// Payloads of the effects that started and have neither finished nor been cancelled, in start order.
    public var inFlightEffects: [F.EffectPayload] { inFlight.map(\.payload) }

    /// Calls `observer` with every event from now on (traces, `TestStore`).
    public func observe(_ observer: @escaping (StoreEvent<F>) -> Void) {
        observers.append(observer)
    }

    /// Reduces `action` now, or right after the work in progress when called re-entrantly.
    public func send(_ action: F.Action) {
        enqueue(.send(action))
    }

    /// Cancels every in-flight effect; later sends and effect output are dropped.
    public func teardown() {
        guard !isTornDown else { return }
        isTornDown = true
        queue.removeAll()
        emit(.teardown)
        let running = inFlight
        inFlight.removeAll()
        for effect in running { cancel(effect) }
    }

    // MARK: - Processing

    private func enqueue(_ work: Work) {
        guard !isTornDown else { return }
        queue.append(work)
        guard !isProcessing else { return }
        isProcessing = true
        defer { isProcessing = false }
        while !isTornDown, !queue.isEmpty {
            process(queue.removeFirst())
        }
    }

    private func process(_ work: Work) {
        switch work {
        case .send(let action):
            emit(.send(action))
            reduce(action)
        case .effectAction(let action, let token):
            guard inFlight.contains(where: { $0.token == token }) else { return }
            emit(.effectAction(action))
            reduce(action)
        case .finish(let token):
            guard let index = inFlight.firstIndex(where: { $0.token == token }) else { return }
            let effect = inFlight.remove(at: index)
            emit(.effectFinished(effect.payload, id: effect.id))
        }
    }

    private func reduce(_ action: F.Action) {
        var next = state
        let effects = F.reduce(&next, action)
        state = next
        emit(.reduce(action, state: next, effects: effects))
        for effect in effects where !isTornDown {
            switch effect {
            case .run(let payload, let id): start(payload, id: id)
            case .cancel(let id): cancelInFlight(id: id)
            }
        }
    }

    private func start(_ payload: F.EffectPayload, id: String?) {
        guard let handler else { return }
        nextToken += 1
        let token = nextToken
        let context = EffectContext<F.Action>(
            clock: clock,
            deliver: { [weak self] action in self?.enqueue(.effectAction(action, token: token)) },
            finished: { [weak self] in self?.enqueue(.finish(token: token)) })
        emit(.effectStart(payload, id: id))
        // The replaced effect is cancelled before the new handler runs; its cancellation is
        // logged after the new effect's start (the reference trace order).
        if let id { cancelInFlight(id: id) }
        inFlight.append(Running(token: token, payload: payload, id: id, context: context))
        handler(payload, context)
    }

    private func cancelInFlight(id: String) {
        guard let index = inFlight.firstIndex(where: { $0.id == id }) else { return }
        cancel(inFlight.remove(at: index))
    }

    private func cancel(_ effect: Running) {
        effect.context.cancel()
        emit(.effectCancelled(effect.payload, id: effect.id))
    }

    private func emit(_ event: StoreEvent<F>) {
        for observer in observers { observer(event) }
    }
}
