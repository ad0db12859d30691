import Foundation
import XCTest
@testable import DuetCorpus

/// A large batch's files are written back in the background at `threshold` bytes staged and each
/// time the total doubles, one writeback at a time; its closing flush is what is relied on.
final class BackgroundWritebackTests: XCTestCase {
    private final class Calls: @unchecked Sendable {
        private let lock = NSLock()
        private var folders: [String] = []
        let release = DispatchSemaphore(value: 0)
        func record(_ folder: String) { lock.lock(); folders.append(folder); lock.unlock() }
        var seen: [String] { lock.lock(); defer { lock.unlock() }; return folders }
    }

    func testAWritebackStartsAtTheThresholdThenEachTimeTheTotalDoublesAndNeverTwoAtOnce() {
        let calls = Calls()
        let writeback = BackgroundWriteback(threshold: 100) { folder in
            calls.record(folder)
            calls.release.wait()   // held until the test lets it finish
        }
        writeback.staged(60, in: "/a")
        writeback.staged(39, in: "/a")
        XCTAssertEqual(calls.seen, [], "99 bytes: below the threshold, nothing starts")
        writeback.staged(1, in: "/a")
        waitUntil { calls.seen == ["/a"] }
        writeback.staged(500, in: "/b")   // enough for another, but one is running
        Thread.sleep(forTimeInterval: 0.05)
        XCTAssertEqual(calls.seen, ["/a"], "never two at once")
        calls.release.signal()
        writeback.waitUntilIdle()
        writeback.staged(100, in: "/c")   // 700 in all, past the next mark (200): the next one starts
        waitUntil { calls.seen == ["/a", "/c"] }
        calls.release.signal()
        writeback.waitUntilIdle()
        writeback.staged(600, in: "/d")   // 1,300: short of twice 700
        Thread.sleep(forTimeInterval: 0.05)
        XCTAssertEqual(calls.seen, ["/a", "/c"], "the marks double")
        writeback.staged(100, in: "/e")
        waitUntil { calls.seen == ["/a", "/c", "/e"] }
        calls.release.signal()
        writeback.waitUntilIdle()
    }

    func testALargeBatchStillPublishesWithItsWritebackOn() throws {
        let root = try makeTemporaryDirectory("background-writeback")
        defer { try? FileManager.default.removeItem(at: root) }
        let batch = TreeWriteBatch(expected: FileFlush.perFileLimit + 1)
        let bytes = Array(repeating: UInt8(ascii: "x"), count: 64 << 10)
        for index in 0...FileFlush.perFileLimit {   // 257 files of 64 KB: two background writebacks' worth
            _ = try batch.stage(bytes, to: root.appendingPathComponent("fixtures/f\(index).json").path)
        }
        try batch.publish()
        let names = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("fixtures").path)
        XCTAssertEqual(names.count, FileFlush.perFileLimit + 1)
        XCTAssertEqual(try Data(contentsOf: root.appendingPathComponent("fixtures/f7.json")).count, 64 << 10)
    }

    private func waitUntil(_ condition: () -> Bool, file: StaticString = #filePath, line: UInt = #line) {
        let deadline = Date().addingTimeInterval(10)
        while !condition() && Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
        XCTAssertTrue(condition(), "timed out", file: file, line: line)
    }
}
