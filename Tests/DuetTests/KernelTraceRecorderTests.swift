import Duet
import DuetScenarios
import DuetTesting
import XCTest

/// The recorder's vocabulary, independent of the reference traces.
final class KernelTraceRecorderTests: XCTestCase {
    func testEventsAreCompactCanonicalLinesWithEmbeddedValues() {
        let clock = TestClock()
        let store = Store(KernelScript.self, initialState: 0, clock: clock, effects: KernelScript.run)
        let recorder = TraceRecorder()
        recorder.record(store)
        clock.onAdvance = { recorder.recordAdvance($0) }
        store.send(.inc)
        store.send(.startClocked)
        clock.advance(by: .milliseconds(100))
        store.teardown()
        XCTAssertEqual(recorder.lines, [
            #"{"action":"\"inc\"","event":"send"}"#,
            #"{"action":"\"inc\"","event":"reduce","state":"1"}"#,
            #"{"action":"\"start-clocked\"","event":"send"}"#,
            #"{"action":"\"start-clocked\"","event":"reduce","state":"1"}"#,
            #"{"event":"effectStart","id":null,"payload":"\"tick\""}"#,
            #"{"event":"advance","nanoseconds":100000000}"#,
            #"{"action":"\"ticked\"","event":"effectAction"}"#,
            #"{"action":"\"ticked\"","event":"reduce","state":"11"}"#,
            #"{"event":"effectFinished","payload":"\"tick\""}"#,
            #"{"event":"teardown"}"#,
        ])
        XCTAssertEqual(recorder.text, recorder.lines.map { $0 + "\n" }.joined())
    }

    func testNothingIsRecordedForAStoreThatWasNotAttached() {
        let recorder = TraceRecorder()
        let store = Store(KernelScript.self, initialState: 0, clock: TestClock(), effects: KernelScript.run)
        store.send(.inc)
        XCTAssertEqual(recorder.lines, [])
        recorder.record(store)
        store.send(.inc)
        XCTAssertEqual(recorder.lines.count, 2)
    }
}
