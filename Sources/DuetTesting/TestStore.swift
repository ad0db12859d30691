import Duet

/// A test harness around `Store` on virtual time. Exhaustive by default: every state change,
/// every emitted effect and every action delivered by an effect must be asserted, and a store
/// that goes away without `finish()` while effects run or actions wait fails the test.
/// `exhaustivity: .partial` asserts only what a step names and lists what it skipped.
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
    private var finished = false
    private let exhaustivity: Exhaustivity
    private let report: @Sendable (TestStoreFailure) -> Void
    private let creation: (file: String, line: Int)
    /// What a `.partial` store let pass without an assertion, in order (empty when exhaustive).
    public private(set) var skipped: [String] = []

    /// How much a test must assert.
    public enum Exhaustivity: Sendable {
        /// Every change, effect and delivered action (the default).
        case exhaustive
        /// Only what each step names: state fields the update sets must match, everything else —
        /// other changes, unasserted effects, unreceived actions, effects running at `finish()` —
        /// is skipped and listed in `skipped` (and reported as a note when `showSkipped`).
        case partial(showSkipped: Bool = true)
    }

    private enum Origin { case send, effect }

    private struct Reduction {
        let action: F.Action
        let before: F.State
        let after: F.State
        let effects: [Effect<F.EffectPayload>]
    }

    /// `report` receives what no `try` can: a store dropped without `finish()` while effects run or
    /// actions wait, and a `.partial` store's list of what it skipped. The default fails the running
    /// XCTest (`XCTFail`), or prints to stderr where XCTest is absent.
    public init(_ feature: F.Type = F.self, initialState: F.State, clock: TestClock = TestClock(), effects: EffectHandler<F>? = nil,
                exhaustivity: Exhaustivity = .exhaustive, file: String = #filePath, line: Int = #line,
                report: @escaping @Sendable (TestStoreFailure) -> Void = TestStoreReporting.default) {
        self.clock = clock
        self.state = initialState
        self.lastReduced = initialState
        self.exhaustivity = exhaustivity
        self.report = report
        self.creation = (file, line)
        self.store = Store(F.self, initialState: initialState, clock: clock, effects: effects)
        store.observe { [weak self] event in self?.observe(event) }
    }

    deinit {
        guard !finished else { return }
        var waiting: [String] = []
        if !store.inFlightEffects.isEmpty { waiting.append("\(store.inFlightEffects.count) effect(s) still running: \(store.inFlightEffects.map(render).joined(separator: ", "))") }
        if !received.isEmpty { waiting.append("\(received.count) delivered action(s) never received: \(received.map { render($0.action) }.joined(separator: ", "))") }
        if !unassertedEffects.isEmpty { waiting.append("effects never asserted: \(render(unassertedEffects))") }
        store.teardown()
        guard !waiting.isEmpty, case .exhaustive = exhaustivity else { return }
        report(TestStoreFailure(.unfinished, "the test ended without finish() while \(waiting.joined(separator: "; ")) — assert them and call try store.finish()",
                                file: creation.file, line: creation.line))
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
        finished = true
        defer {
            store.teardown()
            if case .partial(showSkipped: true) = exhaustivity, !skipped.isEmpty {
                report(TestStoreFailure(.skipped, "a partial TestStore skipped \(skipped.count) thing(s):\n  " + skipped.joined(separator: "\n  "),
                                        file: file, line: line))
            }
        }
        try requireSettled(before: "finish", file: file, line: line)
        let running = store.inFlightEffects
        if !isExhaustive, !running.isEmpty { skip("\(running.count) effect(s) still running at finish(): \(running.map(render).joined(separator: ", "))") }
        guard running.isEmpty || !isExhaustive else {
            let payloads = running.map(render).joined(separator: ", ")
            throw TestStoreFailure(.effectsInFlight,
                "\(running.count) effect(s) still in flight at finish(): \(payloads) — advance the clock until they finish, or cancel them",
                file: file, line: line)
        }
    }

    // MARK: - Checking

    private func check(_ reduction: Reduction, _ update: ((inout F.State) throws -> Void)?, step: String, file: String, line: Int) throws {
        // Partial: what the update sets must match; whatever it does not mention is taken as it came.
        var expectedState = isExhaustive ? reduction.before : reduction.after
        try update?(&expectedState)
        if !isExhaustive {
            // The changes the step made that the update did not name.
            let before = try canonical(reduction.before, what: "state", file: file, line: line)
            var named = reduction.before
            try update?(&named)
            let touched = JSONValue.differences(expected: before, actual: try canonical(named, what: "state", file: file, line: line)).map(\.path)
            let unnamed = JSONValue.differences(expected: before, actual: try canonical(reduction.after, what: "state", file: file, line: line))
                .filter { change in !touched.contains { change.path == $0 || change.path.hasPrefix($0 + ".") || change.path.hasPrefix($0 + "[") } }
            for change in unnamed {
                skip("\(step) changed \(change.path.isEmpty ? "the state" : change.path) from \(change.expected ?? "(absent)") to \(change.actual ?? "(absent)") unasserted")
            }
        }
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
        if !isExhaustive, !received.isEmpty {
            skip("\(received.count) delivered action(s) not received before \(step): \(received.map { render($0.action) }.joined(separator: ", "))")
            received = []
        }
        guard received.isEmpty else {
            let actions = received.map { render($0.action) }.joined(separator: ", ")
            throw TestStoreFailure(.unreceivedActions,
                "\(received.count) action(s) delivered by effects but never received before \(step): \(actions) — add store.receive(…) for each",
                file: file, line: line)
        }
    }

    private func requireEffectsAsserted(before step: String, file: String, line: Int) throws {
        if !isExhaustive, !unassertedEffects.isEmpty {
            skip("effects not asserted before \(step): \(render(unassertedEffects))")
            unassertedEffects = []
        }
        guard unassertedEffects.isEmpty else {
            let effects = (try? encoder.encode(unassertedEffects).canonicalString) ?? "\(unassertedEffects.count) effect(s)"
            unassertedEffects = []
            throw TestStoreFailure(.unassertedEffects,
                "the previous step emitted \(effects), never asserted before \(step) — add store.expectEffects([…])",
                file: file, line: line)
        }
    }

    private var isExhaustive: Bool { if case .exhaustive = exhaustivity { return true } else { return false } }

    private func skip(_ what: String) { skipped.append(what) }

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
