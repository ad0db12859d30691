import Foundation
import XCTest
@testable import Duet

/// `Locked` serialises changes from many threads and lets a thread wait for a state another makes.
final class LockedTests: XCTestCase {
    func testChangesFromManyThreadsAreAllKept() {
        let counts = Locked([Int](repeating: 0, count: 8))
        DispatchQueue.concurrentPerform(iterations: 64) { i in
            for _ in 0..<500 { counts.withLock { $0[i % 8] += 1 } }
        }
        XCTAssertEqual(counts.withLock { $0 }, [Int](repeating: 8 * 500, count: 8))
    }

    func testWaitReturnsOnlyOnceTheConditionHolds() {
        let progress = Locked(0)
        let producer = Thread {
            for _ in 0..<200 { progress.withLock { $0 += 1 }; usleep(50) }
        }
        producer.start()
        XCTAssertEqual(progress.wait(until: { $0 == 200 }) { $0 }, 200, "the waiter wakes on each change and waits on until the last")
        // Negative control: a condition that already holds does not wait for the producer.
        let idle = Locked(0)
        XCTAssertEqual(idle.wait(until: { _ in true }) { $0 }, 0)
    }

    func testTheBodyRunsUnderTheLockWhenTheConditionIsMet() {
        let queue = Locked([Int]())
        let taken = Locked([Int]())
        let consumer = Thread {
            for _ in 0..<50 {
                let value = queue.wait(until: { !$0.isEmpty }) { $0.removeFirst() }
                taken.withLock { $0.append(value) }
            }
        }
        consumer.start()
        for value in 0..<50 { queue.withLock { $0.append(value) } }
        XCTAssertEqual(taken.wait(until: { $0.count == 50 }) { $0 }, Array(0..<50), "every value taken once, in order")
        XCTAssertEqual(queue.withLock { $0 }, [])
    }
}
