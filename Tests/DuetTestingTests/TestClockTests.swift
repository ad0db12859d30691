import Duet
import DuetScenarios
import DuetTesting
import XCTest

final class TestClockTests: XCTestCase {
    func testWorkRunsOnlyWhenVirtualTimeReachesItsDeadline() {
        let clock = TestClock()
        var fired: [String] = []
        _ = clock.schedule(after: .milliseconds(100)) { fired.append("a") }
        clock.advance(by: .milliseconds(99))
        XCTAssertEqual(fired, [])
        clock.advance(by: .milliseconds(1))
        XCTAssertEqual(fired, ["a"])
        XCTAssertEqual(clock.now, .milliseconds(100))
    }

    func testWorkRunsInDeadlineOrderThenSchedulingOrder() {
        let clock = TestClock()
        var fired: [String] = []
        _ = clock.schedule(after: .seconds(2)) { fired.append("late") }
        _ = clock.schedule(after: .seconds(1)) { fired.append("first") }
        _ = clock.schedule(after: .seconds(1)) { fired.append("second") }
        clock.advance(by: .seconds(5))
        XCTAssertEqual(fired, ["first", "second", "late"])
    }

    func testWorkScheduledByWorkFiresWithinTheSameAdvance() {
        let clock = TestClock()
        var times: [Duration] = []
        func again() { _ = clock.schedule(after: .seconds(1)) { times.append(clock.now); again() } }
        again()
        clock.advance(by: .milliseconds(3500))
        XCTAssertEqual(times, [.seconds(1), .seconds(2), .seconds(3)])
        XCTAssertEqual(clock.pendingCount, 1)
    }

    func testCancelledWorkNeverRuns() {
        let clock = TestClock()
        var fired = false
        let work = clock.schedule(after: .seconds(1)) { fired = true }
        work.cancel()
        clock.advance(by: .seconds(2))
        XCTAssertFalse(fired)
        XCTAssertEqual(clock.pendingCount, 0)
    }
}
