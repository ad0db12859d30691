import XCTest
import Duet
@testable import DuetCorpus
import DuetSynthetic

/// A stock SQLite client (Python's `sqlite3`) that reads the corpus while duet writes it closes
/// last and checkpoints the WAL itself, without duet's VFS: the pages it copies into the file must
/// already carry their seals, or the corpus reads as damaged.
final class StockClientCheckpointTests: XCTestCase {
    private var work: URL!
    override func setUpWithError() throws { work = try makeTemporaryDirectory("stock-checkpoint") }
    override func tearDownWithError() throws {
        ChecksumVFS.sealsWALPages = true
        try? FileManager.default.removeItem(at: work)
    }

    /// Python holding a read transaction on `database` until its stdin closes, then closing (last).
    private func stockReader(_ database: String) throws -> (process: Process, input: Pipe) {
        let script = """
            import sqlite3, sys
            c = sqlite3.connect(sys.argv[1], isolation_level=None)
            c.execute("BEGIN")
            print(c.execute("SELECT count(*) FROM fixtures").fetchone()[0], flush=True)
            sys.stdin.read()
            c.execute("COMMIT")
            c.close()
            """
        let process = Process(), input = Pipe(), output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, database]
        process.standardInput = input
        process.standardOutput = output
        do { try process.run() } catch { throw XCTSkip("python3 is needed for this check: \(error)") }
        let line = output.fileHandleForReading.availableLine()
        guard line != nil else { throw XCTSkip("python3's sqlite3 module did not answer") }
        return (process, input)
    }

    /// Imports a generation of fixtures while a stock reader holds its snapshot, then lets it close last.
    private func writeBesideAStockReader() throws -> Corpus.CheckResultLike {
        let path = work.appendingPathComponent("corpus-\(UUID().uuidString.prefix(6)).db").path
        let files = work.appendingPathComponent("files")
        try? FileManager.default.removeItem(at: files)
        try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
        for (index, generation) in [1, 2].enumerated() {
            for fixture in try GenerationFixtures.make("g\(generation)", feature: "stock", count: 20, steps: 30) {
                try Data(fixture.document.prettyBytes).write(to: files.appendingPathComponent("\(fixture.name).fixture.json"))
            }
            if index == 0 { do { try Corpus.open(at: path).importFixtures(from: files.path) } }
        }
        let reader = try stockReader(path)
        do { try Corpus.open(at: path).importFixtures(from: files.path) }
        let wal = (try? FileManager.default.attributesOfItem(atPath: path + "-wal"))?[.size] as? Int ?? 0
        XCTAssertGreaterThan(wal, 0, "the stock reader's snapshot kept duet's checkpoint from emptying the WAL")
        try reader.input.fileHandleForWriting.close()
        reader.process.waitUntilExit()
        XCTAssertEqual(reader.process.terminationStatus, 0)
        XCTAssertFalse(((try? FileManager.default.attributesOfItem(atPath: path + "-wal"))?[.size] as? Int ?? 0) > 0,
                       "the stock client closed last and checkpointed the WAL into the file")
        return Corpus.CheckResultLike(check: try Corpus.open(at: path).check(limit: 5), path: path)
    }

    func testPagesAStockClientCheckpointsCarryTheirSeals() throws {
        let sealed = try writeBesideAStockReader()
        XCTAssertTrue(sealed.check.holds, sealed.check.problems.joined(separator: "\n"))
        // Negative control: WAL pages left unsealed, as before, read as damage once a stock client checkpoints them.
        ChecksumVFS.sealsWALPages = false
        let unsealed = try writeBesideAStockReader()
        XCTAssertFalse(unsealed.check.holds, "without sealed WAL pages the stock client's checkpoint leaves stale seals")
        XCTAssertTrue(unsealed.check.problems.joined().contains("does not match its checksum"), unsealed.check.problems.joined(separator: "\n"))
        DamageRecord.clear(for: unsealed.path)
    }

    func testACommitInASealedWALIsRecoveredAfterACrash() throws {
        // SQLite's recovery checks every frame's checksum: the rewritten ones must be SQLite's own.
        let path = work.appendingPathComponent("crash.db").path
        let corpus = try Corpus.open(at: path)
        try corpus.importFixtures(from: try generation(in: "one"))
        let copy = work.appendingPathComponent("copy.db").path
        for suffix in ["", "-wal"] { try FileManager.default.copyItem(atPath: path + suffix, toPath: copy + suffix) }
        XCTAssertGreaterThan((try FileManager.default.attributesOfItem(atPath: copy + "-wal"))[.size] as? Int ?? 0, 0)
        let recovered = try Corpus.open(at: copy)
        XCTAssertEqual(try recovered.fixtures().count, 10, "every committed frame was found valid on recovery")
        XCTAssertTrue(try recovered.check(limit: 5).holds)
    }

    private func generation(in name: String) throws -> String {
        let folder = work.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for fixture in try GenerationFixtures.make(name, feature: "crash", count: 10, steps: 20) {
            try Data(fixture.document.prettyBytes).write(to: folder.appendingPathComponent("\(fixture.name).fixture.json"))
        }
        return folder.path
    }
}

private extension Corpus {
    struct CheckResultLike { var check: CorpusCheck; var path: String }
}

private extension FileHandle {
    /// One line, or nil at the end of the stream.
    func availableLine() -> String? {
        var bytes: [UInt8] = []
        while let byte = try? read(upToCount: 1), let first = byte.first {
            if first == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(first)
        }
        return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
    }
}
