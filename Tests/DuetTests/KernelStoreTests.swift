import Duet
import DuetScenarios
import DuetTesting
import XCTest

/// A feature whose state is the log of the actions it reduced.
private enum Journal: Feature {
    static let name = "journal"
    static let initialState = State()
    struct State: Codable, Sendable, Equatable { var log: [String] = [] }
    enum Action: SumType, Sendable, Equatable {
        case note(String)
        case startBoth
        case startEcho(String)
        case startDelayed(String, id: String?)
        case stop(id: String)
    }
    enum EffectPayload: SumType, Sendable, Equatable {
        case named(String)
        case echo(String)
        case delayed(String)
    }
    static func reduce(_ state: inout State, _ action: Action) -> [Effect<EffectPayload>] {
        switch action {
        case .note(let text): state.log.append(text); return []
        case .startBoth: state.log.append("startBoth"); return [.run(.named("first")), .run(.named("second"))]
        case .startEcho(let text): state.log.append("startEcho"); return [.run(.echo(text))]
        case .startDelayed(let text, let id): return [.run(.delayed(text), id: id)]
        case .stop(let id): return [.cancel(id: id)]
        }
    }
}

final class KernelStoreTests: XCTestCase {
    private let clock = TestClock()
    private var seen: [String] = []

    private func makeStore() -> Store<Journal> {
        var store: Store<Journal>!
        store = Store(Journal.self, initialState: .init(), clock: clock) { [unowned self] payload, context in
            switch payload {
            case .named(let name):
                self.seen.append("\(name) saw \(store.state.log)")
                context.finish()
            case .echo(let text):
                context.send(.note(text)); context.finish()
            case .delayed(let text):
                self.seen.append("start \(text)")
                context.onCancel { self.seen.append("cancel \(text)") }
                context.after(.seconds(1)) { context.send(.note(text)); context.finish() }
            }
        }
        return store
    }

    func testSendReducesBeforeItReturns() {
        let store = makeStore()
        store.send(.note("a"))
        XCTAssertEqual(store.state.log, ["a"])
        store.send(.note("b"))
        XCTAssertEqual(store.state.log, ["a", "b"])
    }

    func testEffectsStartAfterTheStateIsPublishedInDeclarationOrder() {
        let store = makeStore()
        store.send(.startBoth)
        XCTAssertEqual(seen, ["first saw [\"startBoth\"]", "second saw [\"startBoth\"]"])
    }

    func testEffectActionsComeBackThroughTheReducer() {
        let store = makeStore()
        var events: [String] = []
        store.observe { event in
            switch event {
            case .effectAction(let action): events.append("effectAction \(action)")
            case .reduce(let action, _, _): events.append("reduce \(action)")
            default: break
            }
        }
        store.send(.startEcho("e"))
        XCTAssertEqual(store.state.log, ["startEcho", "e"])
        XCTAssertEqual(events, ["reduce startEcho(\"e\")", "effectAction note(\"e\")", "reduce note(\"e\")"])
    }

    func testASendWhileBusyIsQueuedNeverNested() {
        let store = makeStore()
        var insideSend: [String]?
        store.observe { event in
            guard case .reduce(.note("a"), _, _) = event else { return }
            store.send(.note("b"))
            insideSend = store.state.log
        }
        store.send(.note("a"))
        XCTAssertEqual(insideSend, ["a"], "the re-entrant send must not reduce inside the running one")
        XCTAssertEqual(store.state.log, ["a", "b"], "the queued send runs right after")
    }

    func testRunWithAnIdCancelsTheInFlightOneBeforeTheNewStarts() {
        let store = makeStore()
        store.send(.startDelayed("x1", id: "timer"))
        store.send(.startDelayed("x2", id: "timer"))
        XCTAssertEqual(seen, ["start x1", "cancel x1", "start x2"])
        clock.advance(by: .seconds(1))
        XCTAssertEqual(store.state.log, ["x2"])
    }

    func testAnonymousRunsAreNotCancelled() {
        let store = makeStore()
        store.send(.startDelayed("x1", id: nil))
        store.send(.startDelayed("x2", id: nil))
        clock.advance(by: .seconds(1))
        XCTAssertEqual(store.state.log, ["x1", "x2"])
    }

    func testCancelStopsTheEffectAndIsANoOpWhenNothingRuns() {
        let store = makeStore()
        var cancelled = 0
        store.observe { if case .effectCancelled = $0 { cancelled += 1 } }
        store.send(.stop(id: "timer"))
        XCTAssertEqual(cancelled, 0)
        store.send(.startDelayed("x", id: "timer"))
        store.send(.stop(id: "timer"))
        XCTAssertEqual(cancelled, 1)
        clock.advance(by: .seconds(1))
        XCTAssertEqual(store.state.log, [])
        XCTAssertTrue(store.inFlightEffects.isEmpty)
    }

    func testTeardownCancelsEverythingAndNothingIsDeliveredAfterwards() {
        let store = makeStore()
        store.send(.startDelayed("late", id: nil))
        store.send(.startDelayed("keyed", id: "timer"))
        XCTAssertEqual(store.inFlightEffects.count, 2)
        store.teardown()
        XCTAssertEqual(seen, ["start late", "start keyed", "cancel late", "cancel keyed"])
        XCTAssertTrue(store.inFlightEffects.isEmpty)
        clock.advance(by: .seconds(5))
        store.send(.note("after"))
        XCTAssertEqual(store.state.log, [])
    }

    func testWithoutTeardownTheSameEffectDelivers() {
        let store = makeStore()
        store.send(.startDelayed("late", id: nil))
        clock.advance(by: .seconds(5))
        XCTAssertEqual(store.state.log, ["late"])
        XCTAssertTrue(store.inFlightEffects.isEmpty)
    }

    func testWithoutAHandlerEffectsAreDataOnly() {
        let store = Store(Journal.self, initialState: .init(), clock: clock)
        var started = 0
        store.observe { if case .effectStart = $0 { started += 1 } }
        store.send(.startEcho("e"))
        XCTAssertEqual(store.state.log, ["startEcho"])
        XCTAssertEqual(started, 0)
    }
}
