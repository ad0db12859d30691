import Duet
import DuetTesting
import XCTest

final class TestStoreTests: XCTestCase {
    private func makeStore() -> TestStore<Counter> {
        TestStore(Counter.self, initialState: .init(), effects: Counter.live)
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
}
