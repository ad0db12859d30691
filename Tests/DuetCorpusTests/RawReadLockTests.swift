import Foundation
import XCTest
import Duet
import DuetFixtures
@testable import DuetCorpus

/// Reading a corpus file raw (the whole-file check before a first write, a header, a WAL's database)
/// keeps this process's SQLite locks on it: a closed descriptor would drop them, and another
/// process's connection closing last would then checkpoint and delete the WAL still in use here
/// (what made two imports, or readers inside an importing tree, report the corpus malformed).
final class RawReadLockTests: XCTestCase {
    private func fixtures(_ count: Int, tag: String) -> [Fixture] {
        (0..<count).map { index in
            try! navigationFixture(name: "nav.\(index)", steps: [
                (#"{"case":"open"}"#, #"{"path":[],"sheet":{"case":"camera"},"title":"\#(tag) \#(index)"}"#),
            ])
        }
    }

    /// Another process (the stock sqlite3 shell) opens the file, reads, and closes.
    private func anotherProcessReadsAndCloses(_ path: String) throws -> String {
        let process = Process(), output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sqlite3", path, "SELECT count(*) FROM fixtures"]
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { throw XCTSkip("the sqlite3 shell is not installed (\(error)); CI installs it") }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw XCTSkip("the sqlite3 shell failed (exit \(process.terminationStatus))") }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func testAnotherProcessClosingDoesNotTakeTheWALFromAnOpenCorpus() throws {
        let path = try makeTemporaryDirectory("raw-read-locks").appendingPathComponent("corpus.db").path
        let corpus = try Corpus.open(at: path)
        try corpus.setStructures(manifestStructures: ["nav": ["path": .path, "sheet": .slot]])
        try corpus.upsertFixtures(fixtures(30, tag: "first"))
        // A second connection in this process: its open reads the file's header and the WAL's database raw.
        let second = try Corpus.open(at: path)
        XCTAssertEqual(try second.fixtures().count, 30)
        // Every page read raw, as a write does first and recovery does after an error.
        XCTAssertNil(try WholeFileCheck.firstDamagedPage(path))
        XCTAssertFalse(try CorpusRecovery.damageIsInTheFile(path))
        XCTAssertEqual(try anotherProcessReadsAndCloses(path), "30")
        XCTAssertTrue(FileManager.default.fileExists(atPath: path + "-wal"),
                      "the other process closed last: this process's locks on the file were gone, so it took the WAL")
        try corpus.upsertFixtures(fixtures(30, tag: "second"))
        XCTAssertEqual(try second.fixtures().count, 30)
        XCTAssertTrue(try second.check().holds)
    }

    /// Negative control: the kept descriptors still see the file's bytes as they are.
    func testAFlippedByteIsStillFoundThroughAKeptDescriptor() throws {
        let path = try makeTemporaryDirectory("raw-read-locks").appendingPathComponent("corpus.db").path
        do {
            let corpus = try Corpus.open(at: path)
            try corpus.setStructures(manifestStructures: ["nav": ["path": .path, "sheet": .slot]])
            try corpus.upsertFixtures(fixtures(30, tag: "first"))
        }
        XCTAssertNil(try WholeFileCheck.firstDamagedPage(path), "the intact file holds")
        let handle = try XCTUnwrap(FileHandle(forUpdatingAtPath: path))
        let position = UInt64(Database.pageSize + 9_000)
        try handle.seek(toOffset: position)
        var byte = try XCTUnwrap(handle.read(upToCount: 1))
        byte[0] ^= 0x10
        try handle.seek(toOffset: position)
        try handle.write(contentsOf: byte)
        try handle.close()
        XCTAssertEqual(try WholeFileCheck.firstDamagedPage(path), 2)
        XCTAssertTrue(try CorpusRecovery.damageIsInTheFile(path))
    }

    /// Descriptors this process has open on `path` (by /proc/self/fd).
    private func openDescriptors(on path: String) -> Int {
        let folder = "/proc/self/fd"
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return entries.filter { (try? FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/\($0)"))?.hasPrefix(path) == true }.count
    }

    /// A long-lived process (the MCP server, a test run) keeps no descriptor on a corpus once its
    /// last connection closed: not on the file, not on the WAL SQLite deleted (which would keep the
    /// space, and keeps a tmpfs from being remounted read-only). While a connection is open, the
    /// raw reads' descriptor stays (the negative control: closing it would drop SQLite's locks).
    func testNoDescriptorOutlivesTheFilesLastConnection() throws {
        let path = try makeTemporaryDirectory("raw-read-locks").appendingPathComponent("corpus.db").path
        do {
            let corpus = try Corpus.open(at: path)
            try corpus.setStructures(manifestStructures: ["nav": ["path": .path, "sheet": .slot]])
            try corpus.upsertFixtures(fixtures(30, tag: "first"))
            XCTAssertNil(try WholeFileCheck.firstDamagedPage(path))
            XCTAssertGreaterThanOrEqual(openDescriptors(on: path), 2, "SQLite's own and the raw reads' kept one")
        }
        do {
            let corpus = try Corpus.open(at: path)
            try corpus.upsertFixtures(fixtures(30, tag: "second"))
            XCTAssertEqual(try corpus.fixtures().count, 30)
        }
        XCTAssertNil(try WholeFileCheck.firstDamagedPage(path), "a raw read with no connection open closes what it opened")
        XCTAssertEqual(openDescriptors(on: path), 0, "no descriptor on the corpus, its WAL or -shm after the last connection closed")
    }
}
