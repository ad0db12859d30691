import Foundation
import Duet
import DuetScenarios
import DuetTesting
import XCTest

final class TestStoreTests: XCTestCase {
    /// Negative tests stop mid-way on purpose: what the store reports when dropped goes to `reports`.
    private let reports = Reports()

    private func makeStore(_ exhaustivity: TestStore<Counter>.Exhaustivity = .exhaustive) -> TestStore<Counter> {
        let reports = self.reports
        return TestStore(Counter.self, initialState: .init(), effects: Counter.live, exhaustivity: exhaustivity, report: { reports.add($0) })
    }

    private func assertFails(_ rule: TestStoreFailure.Rule, _ body: () throws -> Void, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try body(), file: file, line: line) { error in
            XCTAssertEqual((error as? TestStoreFailure)?.rule, rule, "\(error)", file: file, line: line)
        }
    }

    func testAFullExhaustiveRunHolds() throws {
        let store = makeStore()
        try store.send(.increment) { $0.count = 1 }
        try store.send(.toggleAutoIncrement) { $0.isAutoIncrementing = true }
        try store.expectEffects([.run(.startTicker, id: "counter.ticker")])
        store.clock.advance(by: .seconds(2))
        try store.receive(.tick) { $0.count = 2 }
        try store.receive(.tick) { $0.count = 3 }
        try store.send(.toggleAutoIncrement) { $0.isAutoIncrementing = false }
        try store.expectEffects([.cancel(id: "counter.ticker")])
        try store.finish()
        XCTAssertEqual(store.state, Counter.State(count: 3, isAutoIncrementing: false))
    }

    func testAWrongMutationReportsTheFirstDivergentPath() throws {
        let store = makeStore()
        XCTAssertThrowsError(try store.send(.increment) { $0.count = 2 }) { error in
            let failure = error as? TestStoreFailure
            XCTAssertEqual(failure?.rule, .stateMismatch)
            XCTAssertEqual(failure?.divergence, Divergence(path: "count", expected: "2", actual: "1"))
            XCTAssertTrue(failure?.description.contains("TestStoreTests.swift") ?? false, "\(error)")
        }
    }

    func testAMissingMutationFails() {
        assertFails(.stateMismatch) { try makeStore().send(.increment) }
    }

    func testAnUnassertedEffectFailsTheNextStep() throws {
        let store = makeStore()
        try store.send(.set(count: 5)) { $0.count = 5 }
        assertFails(.unassertedEffects) { try store.send(.increment) { $0.count = 6 } }
    }

    func testAnUnassertedEffectFailsFinish() throws {
        let store = makeStore()
        try store.send(.set(count: 5)) { $0.count = 5 }
        assertFails(.unassertedEffects) { try store.finish() }
    }

    func testAssertedEffectsMustMatch() throws {
        let store = makeStore()
        try store.send(.set(count: 5)) { $0.count = 5 }
        assertFails(.effectsMismatch) { try store.expectEffects([.run(.announce(4))]) }
        let holding = makeStore()
        try holding.send(.set(count: 5)) { $0.count = 5 }
        try holding.expectEffects([.run(.announce(5))])
        try holding.finish()
    }

    func testAnActionDeliveredButNeverReceivedFailsTheNextSend() throws {
        let store = makeStore()
        try store.send(.toggleAutoIncrement) { $0.isAutoIncrementing = true }
        try store.expectEffects([.run(.startTicker, id: "counter.ticker")])
        store.clock.advance(by: .seconds(1))
        assertFails(.unreceivedActions) { try store.send(.increment) { $0.count = 2 } }
    }

    func testAnActionDeliveredButNeverReceivedFailsFinish() throws {
        let store = makeStore()
        try store.send(.toggleAutoIncrement) { $0.isAutoIncrementing = true }
        try store.expectEffects([.run(.startTicker, id: "counter.ticker")])
        store.clock.advance(by: .seconds(1))
        assertFails(.unreceivedActions) { try store.finish() }
    }

    func testReceiveWithNothingArrivingFails() throws {
        let store = makeStore()
        try store.send(.toggleAutoIncrement) { $0.isAutoIncrementing = true }
        try store.expectEffects([.run(.startTicker, id: "counter.ticker")])
        store.clock.advance(by: .milliseconds(999))
        assertFails(.nothingReceived) { try store.receive(.tick) { $0.count = 1 } }
        store.clock.advance(by: .milliseconds(1))
        try store.receive(.tick) { $0.count = 1 }
    }

    func testReceivingADifferentActionFails() throws {
        let store = makeStore()
        try store.send(.toggleAutoIncrement) { $0.isAutoIncrementing = true }
        try store.expectEffects([.run(.startTicker, id: "counter.ticker")])
        store.clock.advance(by: .seconds(1))
        assertFails(.actionMismatch) { try store.receive(.increment) { $0.count = 1 } }
    }

    func testAReceivedActionsStateIsChecked() throws {
        let store = makeStore()
        try store.send(.toggleAutoIncrement) { $0.isAutoIncrementing = true }
        try store.expectEffects([.run(.startTicker, id: "counter.ticker")])
        store.clock.advance(by: .seconds(1))
        assertFails(.stateMismatch) { try store.receive(.tick) { $0.count = 7 } }
    }

    func testEffectsStillInFlightFailFinish() throws {
        let store = makeStore()
        try store.send(.toggleAutoIncrement) { $0.isAutoIncrementing = true }
        try store.expectEffects([.run(.startTicker, id: "counter.ticker")])
        XCTAssertThrowsError(try store.finish()) { error in
            XCTAssertEqual((error as? TestStoreFailure)?.rule, .effectsInFlight)
            XCTAssertTrue("\(error)".contains(#"{"case":"startTicker"}"#), "\(error)")
        }
    }

    // MARK: - Ending without finish()

    func testAStoreDroppedWithoutFinishWhileAnEffectRunsFailsTheTest() throws {
        do {
            let store = makeStore()
            try store.send(.toggleAutoIncrement) { $0.isAutoIncrementing = true }
            try store.expectEffects([.run(.startTicker, id: "counter.ticker")])
        }
        XCTAssertEqual(reports.all.map(\.rule), [.unfinished])
        XCTAssertTrue(reports.all.first?.message.contains(#"{"case":"startTicker"}"#) ?? false, "\(reports.all)")
    }

    func testAStoreDroppedWithAnActionWaitingFailsTheTest() throws {
        do {
            let store = makeStore()
            try store.send(.toggleAutoIncrement) { $0.isAutoIncrementing = true }
            try store.expectEffects([.run(.startTicker, id: "counter.ticker")])
            store.clock.advance(by: .seconds(1))
        }
        XCTAssertEqual(reports.all.map(\.rule), [.unfinished])
        XCTAssertTrue(reports.all.first?.message.contains("never received: {\"case\":\"tick\"}") ?? false, "\(reports.all)")
    }

    func testAStoreDroppedWithNothingPendingOrFinishedReportsNothing() throws {
        // Negative controls of the two above.
        do {
            let store = makeStore()
            try store.send(.increment) { $0.count = 1 }
        }
        do {
            let store = makeStore()
            try store.send(.toggleAutoIncrement) { $0.isAutoIncrementing = true }
            try store.expectEffects([.run(.startTicker, id: "counter.ticker")])
            try store.send(.toggleAutoIncrement) { $0.isAutoIncrementing = false }
            try store.expectEffects([.cancel(id: "counter.ticker")])
            try store.finish()
        }
        XCTAssertEqual(reports.all.map(\.rule), [])
    }

    // MARK: - Partial mode

    func testAPartialStoreAssertsWhatItNamesAndListsWhatItSkipped() throws {
        let store = makeStore(.partial())
        try store.send(.set(count: 5))                                  // state and effect unasserted
        try store.send(.toggleAutoIncrement) { $0.isAutoIncrementing = true }
        store.clock.advance(by: .seconds(2))                            // two ticks never received
        try store.send(.increment) { $0.count = 8 }
        try store.finish()                                              // the ticker still runs
        XCTAssertEqual(store.skipped.count, 5, "\(store.skipped)")
        XCTAssertTrue(store.skipped[0].contains("changed count from 0 to 5"), store.skipped[0])
        XCTAssertTrue(store.skipped.contains { $0.contains(#"{"case":"announce","value":5}"#) }, "\(store.skipped)")
        XCTAssertTrue(store.skipped.contains { $0.contains("2 delivered action(s) not received") }, "\(store.skipped)")
        XCTAssertTrue(store.skipped.last?.contains("still running at finish()") ?? false, "\(store.skipped)")
        XCTAssertEqual(reports.all.map(\.rule), [.skipped], "the list is shown at finish()")
    }

    func testAPartialStoreStillFailsOnAValueItNamesWrongly() throws {
        let store = makeStore(.partial(showSkipped: false))
        try store.send(.set(count: 5))
        assertFails(.stateMismatch) { try store.send(.increment) { $0.count = 7 } }
        try store.finish()
        XCTAssertEqual(reports.all.map(\.rule), [], "showSkipped: false keeps the list to `skipped`")
    }
}

/// Collects what stores report (thread-safe: deinit may run anywhere).
private struct Reports: Sendable {
    private let failures = Locked([TestStoreFailure]())
    func add(_ failure: TestStoreFailure) { failures.withLock { $0.append(failure) } }
    var all: [TestStoreFailure] { failures.withLock { $0 } }
}
