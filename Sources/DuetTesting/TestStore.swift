import Duet

/// A test harness around `Store` on virtual time. Exhaustive by default: every state change,
/// every emitted effect and every action delivered by an effect must be asserted, and a store
/// that goes away without `finish()` while effects run or actions wait fails the test.
/// `exhaustivity: .partial` asserts only what a step names and lists what it skipped.
///
/// A failure is reported at the step's own line, in the framework that runs the test (an `Issue`
/// under Swift Testing, an `XCTFail` under XCTest: `TestStoreReporting`), and the test goes on
/// from the state the feature really reached.
///
/// ```swift
/// let store = TestStore(Counter.self, initialState: .init(), effects: Counter.live)
/// store.send(.toggleAutoIncrement) { $0.isAutoIncrementing = true }
/// store.expectEffects([.run(.startTicker, id: "counter.ticker")])
/// store.clock.advance(by: .seconds(1))
/// store.receive(.tick) { $0.count = 1 }
/// store.send(.toggleAutoIncrement) { $0.isAutoIncrementing = false }
/// store.expectEffects([.cancel(id: "counter.ticker")])
/// store.finish()
/// ```
///
/// A helper of your own takes the same defaults and hands them on, so its failures land on its caller's line:
///
/// ```swift
/// func increment(_ store: TestStore<Counter>, to count: Int,
///                fileID: StaticString = #fileID, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column) {
///     store.send(.increment, fileID: fileID, file: file, line: line, column: column) { $0.count = count }
/// }
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
    private let creation: TestPlace
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

    /// `report` receives every failure and a `.partial` store's list of what it skipped; the default
    /// (`TestStoreReporting.default`) fails the running test at the step's place. A test that fails
    /// on purpose passes its own to collect them. A store dropped without `finish()` reports at the
    /// line that made it.
    public init(_ feature: F.Type = F.self, initialState: F.State, clock: TestClock = TestClock(), effects: EffectHandler<F>? = nil,
                exhaustivity: Exhaustivity = .exhaustive,
                fileID: StaticString = #fileID, file filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
                report: @escaping @Sendable (TestStoreFailure) -> Void = TestStoreReporting.default) {
        self.clock = clock
        self.state = initialState
        self.lastReduced = initialState
        self.exhaustivity = exhaustivity
        self.report = report
        self.creation = TestPlace(fileID: fileID, filePath: filePath, line: line, column: column)
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
        report(TestStoreFailure(.unfinished, "the test ended without finish() while \(waiting.joined(separator: "; ")) — assert them and call store.finish()",
                                at: creation))
    }

    /// Sends `action`; `update` turns the previous state into the expected one.
    public func send(_ action: F.Action,
                     fileID: StaticString = #fileID, file filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
                     _ update: ((inout F.State) throws -> Void)? = nil) {
        let place = TestPlace(fileID: fileID, filePath: filePath, line: line, column: column)
        reporting(at: place) {
            settle(before: "send", at: place)
            guard !store.isTornDown else { throw TestStoreFailure(.unusable, "send after finish(): the store is torn down", at: place) }
            reductions = []
            store.send(action)
            guard let reduction = reductions.first else {
                throw TestStoreFailure(.unusable, "the store did not reduce \(render(action))", at: place)
            }
            try check(reduction, update, step: "send(\(render(action)))", at: place)
        }
    }

    /// Takes the next action an effect delivered; it must equal `action`.
    public func receive(_ action: F.Action,
                        fileID: StaticString = #fileID, file filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
                        _ update: ((inout F.State) throws -> Void)? = nil) {
        let place = TestPlace(fileID: fileID, filePath: filePath, line: line, column: column)
        reporting(at: place) {
            settleEffects(before: "receive", at: place)
            guard !received.isEmpty else {
                throw TestStoreFailure(.nothingReceived,
                    "expected to receive \(render(action)) but no effect delivered an action — advance the clock (store.clock.advance(by:)) or check the effect handler",
                    at: place)
            }
            let reduction = received.removeFirst()
            let expected = try canonical(action, what: "action", at: place)
            let actual = try canonical(reduction.action, what: "action", at: place)
            if expected != actual {
                // Reported, and the step goes on with the action that arrived.
                report(TestStoreFailure(.actionMismatch, "expected to receive \(expected.canonicalString), got \(actual.canonicalString)", at: place))
            }
            try check(reduction, update, step: "receive(\(actual.canonicalString))", at: place)
        }
    }

    /// Asserts the effects the last step emitted, in order.
    public func expectEffects(_ effects: [Effect<F.EffectPayload>],
                              fileID: StaticString = #fileID, file filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) {
        let place = TestPlace(fileID: fileID, filePath: filePath, line: line, column: column)
        reporting(at: place) {
            defer { unassertedEffects = [] }
            let expected = try canonical(effects, what: "expected effects", at: place)
            let actual = try canonical(unassertedEffects, what: "emitted effects", at: place)
            guard expected == actual else {
                throw TestStoreFailure(.effectsMismatch,
                    "expected effects \(expected.canonicalString), the step emitted \(actual.canonicalString)", at: place)
            }
        }
    }

    /// Ends the test: every effect asserted, every delivered action received, nothing running.
    /// Tears the store down either way.
    public func finish(fileID: StaticString = #fileID, file filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) {
        let place = TestPlace(fileID: fileID, filePath: filePath, line: line, column: column)
        finished = true
        defer {
            store.teardown()
            if case .partial(showSkipped: true) = exhaustivity, !skipped.isEmpty {
                report(TestStoreFailure(.skipped, "a partial TestStore skipped \(skipped.count) thing(s):\n  " + skipped.joined(separator: "\n  "),
                                        at: place))
            }
        }
        settle(before: "finish", at: place)
        let running = store.inFlightEffects
        if !isExhaustive, !running.isEmpty { skip("\(running.count) effect(s) still running at finish(): \(running.map(render).joined(separator: ", "))") }
        guard running.isEmpty || !isExhaustive else {
            let payloads = running.map(render).joined(separator: ", ")
            report(TestStoreFailure(.effectsInFlight,
                "\(running.count) effect(s) still in flight at finish(): \(payloads) — advance the clock until they finish, or cancel them",
                at: place))
            return
        }
    }

    // MARK: - Checking

    /// Runs one step; what it throws is reported at the step's place.
    private func reporting(at place: TestPlace, _ step: () throws -> Void) {
        do { try step() } catch let failure as TestStoreFailure {
            report(failure)
        } catch {
            report(TestStoreFailure(.unusable, "the step's update threw \(error)", at: place))
        }
    }

    private func check(_ reduction: Reduction, _ update: ((inout F.State) throws -> Void)?, step: String, at place: TestPlace) throws {
        // Partial: what the update sets must match; whatever it does not mention is taken as it came.
        state = reduction.after
        unassertedEffects = reduction.effects
        var expectedState = isExhaustive ? reduction.before : reduction.after
        try update?(&expectedState)
        if !isExhaustive {
            // The changes the step made that the update did not name.
            let before = try canonical(reduction.before, what: "state", at: place)
            var named = reduction.before
            try update?(&named)
            let touched = JSONValue.differences(expected: before, actual: try canonical(named, what: "state", at: place)).map(\.path)
            let unnamed = JSONValue.differences(expected: before, actual: try canonical(reduction.after, what: "state", at: place))
                .filter { change in !touched.contains { change.path == $0 || change.path.hasPrefix($0 + ".") || change.path.hasPrefix($0 + "[") } }
            for change in unnamed {
                skip("\(step) changed \(change.path.isEmpty ? "the state" : change.path) from \(change.expected ?? "(absent)") to \(change.actual ?? "(absent)") unasserted")
            }
        }
        let expected = try canonical(expectedState, what: "expected state", at: place)
        let actual = try canonical(reduction.after, what: "state", at: place)
        if let divergence = JSONValue.firstDivergence(expected: expected, actual: actual) {
            throw TestStoreFailure(.stateMismatch, "state after \(step) differs \(divergence)", divergence: divergence, at: place)
        }
    }

    /// Before `step`: every effect asserted and every delivered action received. What is not is
    /// reported (or, partial, skipped) and dropped, so the step itself still runs.
    private func settle(before step: String, at place: TestPlace) {
        settleEffects(before: step, at: place)
        guard !received.isEmpty else { return }
        let actions = received.map { render($0.action) }.joined(separator: ", ")
        if isExhaustive {
            report(TestStoreFailure(.unreceivedActions,
                "\(received.count) action(s) delivered by effects but never received before \(step): \(actions) — add store.receive(…) for each",
                at: place))
        } else {
            skip("\(received.count) delivered action(s) not received before \(step): \(actions)")
        }
        received = []
    }

    private func settleEffects(before step: String, at place: TestPlace) {
        guard !unassertedEffects.isEmpty else { return }
        if isExhaustive {
            report(TestStoreFailure(.unassertedEffects,
                "the previous step emitted \(render(unassertedEffects)), never asserted before \(step) — add store.expectEffects([…])",
                at: place))
        } else {
            skip("effects not asserted before \(step): \(render(unassertedEffects))")
        }
        unassertedEffects = []
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

    private func canonical<T: Encodable>(_ value: T, what: String, at place: TestPlace) throws -> JSONValue {
        do { return try encoder.encode(value) } catch {
            throw TestStoreFailure(.unusable, "cannot encode the \(what) canonically: \(error)", at: place)
        }
    }

    private func render<T: Encodable>(_ value: T) -> String {
        (try? encoder.encode(value).canonicalString) ?? String(describing: value)
    }
}
