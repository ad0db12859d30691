import Duet

/// An exhaustive test harness around `Store`: every state change, every emitted effect and
/// every action delivered by an effect must be asserted, on virtual time.
///
/// ```swift
/// let store = TestStore(Counter.self, initialState: .init(), effects: Counter.live)
/// try store.send(.toggleAutoIncrement) { $0.isAutoIncrementing = true }
/// try store.expectEffects([.run(.startTicker, id: "counter.ticker")])
/// store.clock.advance(by: .seconds(1))
/// try store.receive(.tick) { $0.count = 1 }
/// try store.send(.toggleAutoIncrement) { $0.isAutoIncrementing = false }
/// try store.expectEffects([.cancel(id: "counter.ticker")])
/// try store.finish()
/// ```
public final class TestStore<F: Feature> {
    public let clock: TestClock
    /// The state after the last asserted step.
    public private(set) var state: F.State
    private let store: Store<F>
    private let encoder = CanonicalEncoder()
    private var reductions: [Reduction] = []
    private var received: [Reduction] = []
    private var unassertedEffects: [Effect<F.EffectPayload>] = []
    private var lastReduced: F.State
    private var nextOrigin = Origin.send

    private enum Origin { case send, effect }

    private struct Reduction {
        let action: F.Action
        let before: F.State
        let after: F.State
        let effects: [Effect<F.EffectPayload>]
    }

    public init(_ feature: F.Type = F.self, initialState: F.State, clock: TestClock = TestClock(), effects: EffectHandler<F>? = nil) {
        self.clock = clock
        self.state = initialState
        self.lastReduced = initialState
        self.store = Store(F.self, initialState: initialState, clock: clock, effects: effects)
        store.observe { [unowned self] event in self.observe(event) }
    }

    /// Sends `action`; `update` turns the previous state into the expected one.
    public func send(_ action: F.Action, file: String = #filePath, line: Int = #line,
                     _ update: ((inout F.State) throws -> Void)? = nil) throws {
        try requireSettled(before: "send", file: file, line: line)
        guard !store.isTornDown else { throw TestStoreFailure(.unusable, "send after finish(): the store is torn down", file: file, line: line) }
        reductions = []
        store.send(action)
        guard let reduction = reductions.first else {
            throw TestStoreFailure(.unusable, "the store did not reduce \(render(action))", file: file, line: line)
        }
        try check(reduction, update, step: "send(\(render(action)))", file: file, line: line)
    }

    /// Takes the next action an effect delivered; it must equal `action`.
    public func receive(_ action: F.Action, file: String = #filePath, line: Int = #line,
                        _ update: ((inout F.State) throws -> Void)? = nil) throws {
        try requireEffectsAsserted(before: "receive", file: file, line: line)
        guard !received.isEmpty else {
            throw TestStoreFailure(.nothingReceived,
                "expected to receive \(render(action)) but no effect delivered an action — advance the clock (store.clock.advance(by:)) or check the effect handler",
                file: file, line: line)
        }
        let reduction = received.removeFirst()
        let expected = try canonical(action, what: "action", file: file, line: line)
        let actual = try canonical(reduction.action, what: "action", file: file, line: line)
        guard expected == actual else {
            throw TestStoreFailure(.actionMismatch,
                "expected to receive \(expected.canonicalString), got \(actual.canonicalString)", file: file, line: line)
        }
        try check(reduction, update, step: "receive(\(expected.canonicalString))", file: file, line: line)
    }

    /// Asserts the effects the last step emitted, in order.
    public func expectEffects(_ effects: [Effect<F.EffectPayload>], file: String = #filePath, line: Int = #line) throws {
        let expected = try canonical(effects, what: "expected effects", file: file, line: line)
        let actual = try canonical(unassertedEffects, what: "emitted effects", file: file, line: line)
        unassertedEffects = []
        guard expected == actual else {
            throw TestStoreFailure(.effectsMismatch,
                "expected effects \(expected.canonicalString), the step emitted \(actual.canonicalString)", file: file, line: line)
        }
    }

    /// Ends the test: every effect asserted, every delivered action received, nothing running.
    /// Tears the store down either way.
    public func finish(file: String = #filePath, line: Int = #line) throws {
        defer { store.teardown() }
        try requireSettled(before: "finish", file: file, line: line)
        let running = store.inFlightEffects
        guard running.isEmpty else {
            let payloads = running.map(render).joined(separator: ", ")
            throw TestStoreFailure(.effectsInFlight,
                "\(running.count) effect(s) still in flight at finish(): \(payloads) — advance the clock until they finish, or cancel them",
                file: file, line: line)
        }
    }

    // MARK: - Checking

    private func check(_ reduction: Reduction, _ update: ((inout F.State) throws -> Void)?, step: String, file: String, line: Int) throws {
        var expectedState = reduction.before
        try update?(&expectedState)
        state = reduction.after
        unassertedEffects = reduction.effects
        let expected = try canonical(expectedState, what: "expected state", file: file, line: line)
        let actual = try canonical(reduction.after, what: "state", file: file, line: line)
        if let divergence = JSONValue.firstDivergence(expected: expected, actual: actual) {
            throw TestStoreFailure(.stateMismatch, "state after \(step) differs \(divergence)", divergence: divergence, file: file, line: line)
        }
    }

    private func requireSettled(before step: String, file: String, line: Int) throws {
        try requireEffectsAsserted(before: step, file: file, line: line)
        guard received.isEmpty else {
            let actions = received.map { render($0.action) }.joined(separator: ", ")
            throw TestStoreFailure(.unreceivedActions,
                "\(received.count) action(s) delivered by effects but never received before \(step): \(actions) — add store.receive(…) for each",
                file: file, line: line)
        }
    }

    private func requireEffectsAsserted(before step: String, file: String, line: Int) throws {
        guard unassertedEffects.isEmpty else {
            let effects = (try? encoder.encode(unassertedEffects).canonicalString) ?? "\(unassertedEffects.count) effect(s)"
            unassertedEffects = []
            throw TestStoreFailure(.unassertedEffects,
                "the previous step emitted \(effects), never asserted before \(step) — add store.expectEffects([…])",
                file: file, line: line)
        }
    }

    // MARK: - Observing the store

    private func observe(_ event: StoreEvent<F>) {
        switch event {
        case .send: nextOrigin = .send
        case .effectAction: nextOrigin = .effect
        case .reduce(let action, let after, let effects):
            let reduction = Reduction(action: action, before: lastReduced, after: after, effects: effects)
            lastReduced = after
            if nextOrigin == .send, reductions.isEmpty { reductions.append(reduction) } else { received.append(reduction) }
        case .effectStart, .effectCancelled, .effectFinished, .teardown: break
        }
    }

    private func canonical<T: Encodable>(_ value: T, what: String, file: String, line: Int) throws -> JSONValue {
        do { return try encoder.encode(value) } catch {
            throw TestStoreFailure(.unusable, "cannot encode the \(what) canonically: \(error)", file: file, line: line)
        }
    }

    private func render<T: Encodable>(_ value: T) -> String {
        (try? encoder.encode(value).canonicalString) ?? String(describing: value)
    }
}
