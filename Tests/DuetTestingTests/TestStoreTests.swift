import Foundation
import Duet
import DuetScenarios
import DuetTesting
import XCTest

final class TestStoreTests: XCTestCase {
    /// Negative tests fail on purpose: what the store reports goes to `reports`, not to the test.
    private let reports = Reports()

    private func makeStore(_ exhaustivity: TestStore<Counter>.Exhaustivity = .exhaustive,
                           fileID: StaticString = #fileID, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column) -> TestStore<Counter> {
        let reports = self.reports
        return TestStore(Counter.self, initialState: .init(), effects: Counter.live, exhaustivity: exhaustivity,
                         fileID: fileID, file: file, line: line, column: column, report: { reports.add($0) })
    }

    /// `body` reports exactly `rules`, in order, each at `body`'s own line (the caller passes it as `at:`).
    private func assertFails(_ rules: TestStoreFailure.Rule..., at stepLine: UInt, _ body: () -> Void, file: StaticString = #filePath, line: UInt = #line) {
        let before = reports.all.count
        body()
        let new = reports.all.dropFirst(before)
        XCTAssertEqual(new.map(\.rule), rules, "\(Array(new))", file: file, line: line)
        XCTAssertEqual(new.map(\.place.line), rules.map { _ in stepLine }, "reported at the step's line", file: file, line: line)
        XCTAssertEqual(Set(new.map(\.file)), ["\(file)"], file: file, line: line)
    }

    func testAFullExhaustiveRunHolds() throws {
        let store = makeStore()
        store.send(.increment) { $0.count = 1 }
        store.send(.toggleAutoIncrement) { $0.isAutoIncrementing = true }
        store.expectEffects([.run(.startTicker, id: "counter.ticker")])
        store.clock.advance(by: .seconds(2))
        store.receive(.tick) { $0.count = 2 }
        store.receive(.tick) { $0.count = 3 }
        store.send(.toggleAutoIncrement) { $0.isAutoIncrementing = false }
        store.expectEffects([.cancel(id: "counter.ticker")])
        store.finish()
        XCTAssertEqual(store.state, Counter.State(count: 3, isAutoIncrementing: false))
    }

    func testAWrongMutationReportsTheFirstDivergentPath() throws {
        let store = makeStore()
        store.send(.increment) { $0.count = 2 }
        let failure = reports.all.first
        XCTAssertEqual(reports.all.map(\.rule), [.stateMismatch])
        XCTAssertEqual(failure?.divergence, Divergence(path: "count", expected: "2", actual: "1"))
        XCTAssertTrue(failure?.description.contains("TestStoreTests.swift:\(#line - 4): state after") ?? false, "\(reports.all)")
        XCTAssertEqual(store.state.count, 1, "the test goes on from the state the feature reached")
    }

    func testAMissingMutationFails() {
        assertFails(.stateMismatch, at: #line) { makeStore().send(.increment) }
    }

    func testAnUnassertedEffectFailsTheNextStep() throws {
        let store = makeStore()
        store.send(.set(count: 5)) { $0.count = 5 }
        assertFails(.unassertedEffects, at: #line) { store.send(.increment) { $0.count = 6 } }
    }

    func testAnUnassertedEffectFailsFinish() throws {
        let store = makeStore()
        store.send(.set(count: 5)) { $0.count = 5 }
        assertFails(.unassertedEffects, at: #line) { store.finish() }
    }

    func testAssertedEffectsMustMatch() throws {
        let store = makeStore()
        store.send(.set(count: 5)) { $0.count = 5 }
        assertFails(.effectsMismatch, at: #line) { store.expectEffects([.run(.announce(4))]) }
        let holding = makeStore()
        holding.send(.set(count: 5)) { $0.count = 5 }
        holding.expectEffects([.run(.announce(5))])
        holding.finish()
    }

    func testAnActionDeliveredButNeverReceivedFailsTheNextSend() throws {
        let store = makeStore()
        store.send(.toggleAutoIncrement) { $0.isAutoIncrementing = true }
        store.expectEffects([.run(.startTicker, id: "counter.ticker")])
        store.clock.advance(by: .seconds(1))
        assertFails(.unreceivedActions, at: #line) { store.send(.increment) { $0.count = 2 } }
    }

    func testAnActionDeliveredButNeverReceivedFailsFinish() throws {
        let store = makeStore()
        store.send(.toggleAutoIncrement) { $0.isAutoIncrementing = true }
        store.expectEffects([.run(.startTicker, id: "counter.ticker")])
        store.clock.advance(by: .seconds(1))
        assertFails(.unreceivedActions, .effectsInFlight, at: #line) { store.finish() }
    }

    func testReceiveWithNothingArrivingFails() throws {
        let store = makeStore()
        store.send(.toggleAutoIncrement) { $0.isAutoIncrementing = true }
        store.expectEffects([.run(.startTicker, id: "counter.ticker")])
        store.clock.advance(by: .milliseconds(999))
        assertFails(.nothingReceived, at: #line) { store.receive(.tick) { $0.count = 1 } }
        store.clock.advance(by: .milliseconds(1))
        store.receive(.tick) { $0.count = 1 }
    }

    func testReceivingADifferentActionFails() throws {
        let store = makeStore()
        store.send(.toggleAutoIncrement) { $0.isAutoIncrementing = true }
        store.expectEffects([.run(.startTicker, id: "counter.ticker")])
        store.clock.advance(by: .seconds(1))
        assertFails(.actionMismatch, at: #line) { store.receive(.increment) { $0.count = 1 } }
    }

    func testAReceivedActionsStateIsChecked() throws {
        let store = makeStore()
        store.send(.toggleAutoIncrement) { $0.isAutoIncrementing = true }
        store.expectEffects([.run(.startTicker, id: "counter.ticker")])
        store.clock.advance(by: .seconds(1))
        assertFails(.stateMismatch, at: #line) { store.receive(.tick) { $0.count = 7 } }
    }

    func testEffectsStillInFlightFailFinish() throws {
        let store = makeStore()
        store.send(.toggleAutoIncrement) { $0.isAutoIncrementing = true }
        store.expectEffects([.run(.startTicker, id: "counter.ticker")])
        store.finish()
        XCTAssertEqual(reports.all.map(\.rule), [.effectsInFlight])
        XCTAssertTrue(reports.all.first?.message.contains(#"{"case":"startTicker"}"#) ?? false, "\(reports.all)")
    }

    // MARK: - Ending without finish()

    func testAStoreDroppedWithoutFinishWhileAnEffectRunsFailsTheTest() throws {
        let made: UInt = #line + 2
        do {
            let store = makeStore()
            store.send(.toggleAutoIncrement) { $0.isAutoIncrementing = true }
            store.expectEffects([.run(.startTicker, id: "counter.ticker")])
        }
        XCTAssertEqual(reports.all.map(\.rule), [.unfinished])
        XCTAssertEqual(reports.all.first?.place.line, made, "reported where the test made the store")
        XCTAssertTrue(reports.all.first?.message.contains(#"{"case":"startTicker"}"#) ?? false, "\(reports.all)")
    }

    func testAStoreDroppedWithAnActionWaitingFailsTheTest() throws {
        do {
            let store = makeStore()
            store.send(.toggleAutoIncrement) { $0.isAutoIncrementing = true }
            store.expectEffects([.run(.startTicker, id: "counter.ticker")])
            store.clock.advance(by: .seconds(1))
        }
        XCTAssertEqual(reports.all.map(\.rule), [.unfinished])
        XCTAssertTrue(reports.all.first?.message.contains("never received: {\"case\":\"tick\"}") ?? false, "\(reports.all)")
    }

    func testAStoreDroppedWithNothingPendingOrFinishedReportsNothing() throws {
        // Negative controls of the two above.
        do {
            let store = makeStore()
            store.send(.increment) { $0.count = 1 }
        }
        do {
            let store = makeStore()
            store.send(.toggleAutoIncrement) { $0.isAutoIncrementing = true }
            store.expectEffects([.run(.startTicker, id: "counter.ticker")])
            store.send(.toggleAutoIncrement) { $0.isAutoIncrementing = false }
            store.expectEffects([.cancel(id: "counter.ticker")])
            store.finish()
        }
        XCTAssertEqual(reports.all.map(\.rule), [])
    }

    // MARK: - Partial mode

    func testAPartialStoreAssertsWhatItNamesAndListsWhatItSkipped() throws {
        let store = makeStore(.partial())
        store.send(.set(count: 5))                                  // state and effect unasserted
        store.send(.toggleAutoIncrement) { $0.isAutoIncrementing = true }
        store.clock.advance(by: .seconds(2))                            // two ticks never received
        store.send(.increment) { $0.count = 8 }
        store.finish()                                              // the ticker still runs
        XCTAssertEqual(store.skipped.count, 5, "\(store.skipped)")
        XCTAssertTrue(store.skipped[0].contains("changed count from 0 to 5"), store.skipped[0])
        XCTAssertTrue(store.skipped.contains { $0.contains(#"{"case":"announce","value":5}"#) }, "\(store.skipped)")
        XCTAssertTrue(store.skipped.contains { $0.contains("2 delivered action(s) not received") }, "\(store.skipped)")
        XCTAssertTrue(store.skipped.last?.contains("still running at finish()") ?? false, "\(store.skipped)")
        XCTAssertEqual(reports.all.map(\.rule), [.skipped], "the list is shown at finish()")
    }

    func testAPartialStoreStillFailsOnAValueItNamesWrongly() throws {
        let store = makeStore(.partial(showSkipped: false))
        store.send(.set(count: 5))
        assertFails(.stateMismatch, at: #line) { store.send(.increment) { $0.count = 7 } }
        store.finish()
        XCTAssertEqual(reports.all.map(\.rule), [.stateMismatch], "showSkipped: false keeps the list to `skipped`")
    }
}

/// Collects what stores report (thread-safe: deinit may run anywhere).
private struct Reports: Sendable {
    private let failures = Locked([TestStoreFailure]())
    func add(_ failure: TestStoreFailure) { failures.withLock { $0.append(failure) } }
    var all: [TestStoreFailure] { failures.withLock { $0 } }
}
