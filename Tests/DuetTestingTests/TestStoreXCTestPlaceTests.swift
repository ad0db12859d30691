import Duet
import DuetTesting
import XCTest

/// Under XCTest a `TestStore` failure is an `XCTFail` at the test's own file and line: each entry
/// point fails on purpose here, and XCTestCase's failure-recording hook catches where it landed.
final class TestStoreXCTestPlaceTests: XCTestCase {
    private var caught: [(description: String, file: String, line: Int)] = []
    private var catching = false

    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        guard catching else {
            return super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
        caught.append((description, filePath, lineNumber))
    }

    /// `body` records exactly one failure, at `line` of this file, whose text contains `says`.
    private func assertRecorded(at line: Int, saying says: String, _ body: () -> Void,
                                file: StaticString = #filePath, assertionLine: UInt = #line) {
        caught = []
        catching = true
        body()
        catching = false
        XCTAssertEqual(caught.map(\.line), [line], "\(caught)", file: file, line: assertionLine)
        XCTAssertEqual(caught.first?.file, "\(file)", file: file, line: assertionLine)
        XCTAssertTrue(caught.first?.description.contains(says) ?? false, "\(caught)", file: file, line: assertionLine)
    }

    func testTheHookCatchesAnXCTFailWhereItIsWritten() {
        // The check's own control: what the hook reports for a plain XCTFail.
        assertRecorded(at: #line, saying: "on purpose") { XCTFail("on purpose") }
        XCTAssertFalse(TestStoreReporting.isSwiftTestingRunning, "an XCTest is not a Swift Testing test")
    }

    func testAWrongStateIsReportedAtTheSendsLine() {
        let store = TestStore(Counter.self, initialState: .init())
        assertRecorded(at: #line, saying: "state after send({\"case\":\"increment\"}) differs at count") { store.send(.increment) { $0.count = 2 } }
        store.finish()
    }

    func testAStepThatHoldsRecordsNothing() {
        let store = TestStore(Counter.self, initialState: .init())
        caught = []
        catching = true
        store.send(.increment) { $0.count = 1 }
        store.finish()
        catching = false
        XCTAssertTrue(caught.isEmpty, "\(caught)")
    }

    func testAWrongReceiveIsReportedAtItsLine() {
        let store = TestStore(Counter.self, initialState: .init(), effects: Counter.live)
        store.send(.toggleAutoIncrement) { $0.isAutoIncrementing = true }
        store.expectEffects([.run(.startTicker, id: "counter.ticker")])
        assertRecorded(at: #line, saying: "no effect delivered an action") { store.receive(.tick) { $0.count = 1 } }
        store.clock.advance(by: .seconds(1))
        assertRecorded(at: #line, saying: #"expected to receive {"case":"increment"}"#) { store.receive(.increment) { $0.count = 1 } }
        store.send(.toggleAutoIncrement) { $0.isAutoIncrementing = false }
        store.expectEffects([.cancel(id: "counter.ticker")])
        store.finish()
    }

    func testWrongEffectsAreReportedAtTheExpectationsLine() {
        let store = TestStore(Counter.self, initialState: .init(), effects: Counter.live)
        store.send(.set(count: 5)) { $0.count = 5 }
        assertRecorded(at: #line, saying: "the step emitted") { store.expectEffects([.run(.announce(4))]) }
        store.finish()
    }

    func testAnUnfinishedRunIsReportedAtFinishAndADroppedStoreWhereItWasMade() {
        let store = TestStore(Counter.self, initialState: .init(), effects: Counter.live)
        store.send(.toggleAutoIncrement) { $0.isAutoIncrementing = true }
        store.expectEffects([.run(.startTicker, id: "counter.ticker")])
        assertRecorded(at: #line, saying: "still in flight at finish()") { store.finish() }

        let made = #line + 3
        assertRecorded(at: made, saying: "the test ended without finish()") {
            do {
                let dropped = TestStore(Counter.self, initialState: .init(), effects: Counter.live)
                dropped.send(.toggleAutoIncrement) { $0.isAutoIncrementing = true }
                dropped.expectEffects([.run(.startTicker, id: "counter.ticker")])
            }
        }
    }

    func testAHelperThatHandsOnItsPlaceReportsAtItsCallersLine() {
        let store = TestStore(Counter.self, initialState: .init())
        assertRecorded(at: #line, saying: "differs at count") { increment(store, to: 5) }
        store.finish()
    }

    private func increment(_ store: TestStore<Counter>, to count: Int,
                           fileID: StaticString = #fileID, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column) {
        store.send(.increment, fileID: fileID, file: file, line: line, column: column) { $0.count = count }
    }
}
