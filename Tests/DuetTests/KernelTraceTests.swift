import Duet
import DuetScenarios
import DuetTesting
import Foundation
import XCTest

/// The Swift store reproduces each kernel-trace vector (`vectors/kernel-trace`, written by the Kotlin
/// store from the same scripts: see its README) byte for byte.
final class KernelTraceTests: XCTestCase {
    enum Move {
        case send(KernelScript.Action)
        case advance(Duration)
        case teardown
    }

    func testSendReduceSync() throws {
        try assertTrace("send-reduce-sync", [.send(.inc), .send(.inc), .teardown])
    }

    func testEffectRoundtrip() throws {
        try assertTrace("effect-roundtrip", [.send(.startPing), .teardown])
    }

    func testEffectStartOrder() throws {
        try assertTrace("effect-start-order", [.send(.startTwo), .advance(.milliseconds(50)), .teardown])
    }

    func testReentrancyQueue() throws {
        try assertTrace("reentrancy-queue", [.send(.burst), .send(.startChain), .teardown])
    }

    func testCancelInFlight() throws {
        try assertTrace("cancel-in-flight", [
            .send(.startClocked), .advance(.milliseconds(50)), .send(.cancelClock), .advance(.milliseconds(100)),
            .send(.startClocked), .send(.startClocked), .advance(.milliseconds(100)), .teardown,
        ])
    }

    func testTeardownCancels() throws {
        try assertTrace("teardown-cancels", [.send(.startPark), .teardown, .advance(.milliseconds(200))])
    }

    func testAChangedScriptNoLongerMatchesItsTrace() throws {
        let reference = try vectorTrace("cancel-in-flight")
        let withoutReplacement = play([
            .send(.startClocked), .advance(.milliseconds(50)), .send(.cancelClock), .advance(.milliseconds(100)),
            .send(.startClocked), .advance(.milliseconds(100)), .teardown,
        ])
        XCTAssertNotEqual(withoutReplacement, reference)
    }

    func testAMutatedVectorNoLongerMatchesItsScript() throws {
        let played = play([.send(.inc), .send(.inc), .teardown])
        XCTAssertEqual(played, try vectorTrace("send-reduce-sync"))
        XCTAssertNotEqual(played, try vectorTrace("send-reduce-sync").replacingOccurrences(of: #""state":"2""#, with: #""state":"3""#))
    }

    // MARK: - Driving

    private func play(_ moves: [Move]) -> String {
        let clock = TestClock()
        let store = Store(KernelScript.self, initialState: 0, clock: clock, effects: KernelScript.run)
        let recorder = TraceRecorder()
        recorder.record(store)
        clock.onAdvance = { recorder.recordAdvance($0) }
        for move in moves {
            switch move {
            case .send(let action): store.send(action)
            case .advance(let duration): clock.advance(by: duration)
            case .teardown: store.teardown()
            }
        }
        return recorder.text
    }

    private func assertTrace(_ name: String, _ moves: [Move], file: StaticString = #filePath, line: UInt = #line) throws {
        let expected = try vectorTrace(name)
        let actual = play(moves)
        XCTAssertEqual(Array(actual.utf8), Array(expected.utf8), "\(name): got\n\(actual)", file: file, line: line)
    }

    private func vectorTrace(_ name: String) throws -> String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return try String(contentsOf: root.appendingPathComponent("vectors/kernel-trace/\(name).trace.jsonl"), encoding: .utf8)
    }
}
