import XCTest
import Duet
@testable import DuetCLI

/// The README's `sqlite3 corpus.db "SELECT …"` beside duet: the sqlite3 shell and Python's sqlite3
/// read the corpus with no WAL, and hold a read transaction while duet writes (the stock client
/// then closes last and checkpoints the WAL itself). Afterwards every read and write verb works on
/// the same corpus — without it being rebuilt, which would hide damage behind a notice.
final class StockSQLiteClientTests: XCTestCase {
    private var work: URL!
    private var tree: URL!
    private var corpus: String { tree.appendingPathComponent("corpus.db").path }

    override func setUpWithError() throws {
        work = try temporaryDirectory()
        tree = try referenceTreeCopy(in: work)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: work) }

    private enum Client: String, CaseIterable { case shell, python }

    /// `client` with a read transaction open on the corpus; closing its input ends it (it closes last).
    private func reader(_ client: Client) throws -> (process: Process, input: Pipe) {
        let process = Process(), input = Pipe(), output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        switch client {
        case .shell:
            process.arguments = ["sqlite3", "-batch", corpus]
        case .python:
            process.arguments = ["python3", "-c", """
                import sqlite3, sys
                c = sqlite3.connect(sys.argv[1], isolation_level=None)
                for line in sys.stdin:
                    for row in c.execute(line):
                        print("|".join(str(v) for v in row), flush=True)
                c.close()
                """, corpus]
        }
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { throw XCTSkip("the \(client) client is not installed (\(error)); CI installs sqlite3 and python3") }
        let statements = client == .shell ? "BEGIN;\nSELECT count(*) FROM fixtures;\n" : "BEGIN\nSELECT count(*) FROM fixtures\n"
        input.fileHandleForWriting.write(Data(statements.utf8))
        guard let line = output.fileHandleForReading.line(), Int(line) != nil else {
            throw XCTSkip("the \(client) client did not answer (is its sqlite3 installed?)")
        }
        return (process, input)
    }

    /// A one-off `SELECT` by `client` with no other connection open (so no WAL).
    private func selectAlone(_ client: Client) throws -> String {
        let process = Process(), output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = client == .shell
            ? ["sqlite3", corpus, "SELECT count(*) FROM fixtures"]
            : ["python3", "-c", "import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute('SELECT count(*) FROM fixtures').fetchone()[0])", corpus]
        process.standardOutput = output
        do { try process.run() } catch { throw XCTSkip("the \(client) client is not installed: \(error)") }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private var walSize: Int { (try? FileManager.default.attributesOfItem(atPath: corpus + "-wal"))?[.size] as? Int ?? 0 }

    /// Every read verb and the write verbs that need no network or Kotlin: none may exit 3, and none
    /// may have had to rebuild the corpus.
    private func everyVerbWorks(_ moment: String, file: StaticString = #filePath, line: UInt = #line) {
        let export = work.appendingPathComponent("export-\(UUID().uuidString.prefix(6))").path
        let source = tree.appendingPathComponent("parity/fixtures").path
        let verbs: [[String]] = [
            ["query", "fixtures"], ["query", "kinds"], ["query", "touches", "capture.slot.camera"], ["query", "verbs"],
            ["query", "sql", "SELECT count(*) FROM fixtures"], ["census"], ["show", "capture.photos.camera"], ["corpus", "dump"], ["islands"],
            ["lint"], ["corpus", "stats"], ["corpus", "check"], ["export", export],
            ["pending"], ["ledger", "history"],
            ["import", source], ["ledger", "sync"], ["verify", "--platform", "swift"], ["drill", "restore", "--platform", "swift"],
            ["record", "--check", "--runner", tree.appendingPathComponent("bin/memorylane-runner").path],
        ]
        for verb in verbs {
            let run = duet(verb, in: tree.path)
            XCTAssertNotEqual(run.status, .environment, "\(moment): duet \(verb.joined(separator: " ")): \(run.stderr)", file: file, line: line)
            XCTAssertNotEqual(run.status, .usage, "\(moment): duet \(verb.joined(separator: " ")): \(run.stderr)", file: file, line: line)
            XCTAssertFalse(run.stderr.contains("damaged"), "\(moment): duet \(verb.joined(separator: " ")): \(run.stderr)", file: file, line: line)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: corpus + ".damaged"), "\(moment): the corpus was never rebuilt", file: file, line: line)
    }

    func testTheSqlite3ShellAndPythonNeverMakeTheCorpusReadAsDamaged() throws {
        XCTAssertEqual(duet("query", "fixtures", in: tree.path).status, .holds, "the corpus is built from the seed")
        XCTAssertEqual(walSize, 0, "no WAL while no connection is open")
        let recorded = try FileManager.default.contentsOfDirectory(atPath: tree.appendingPathComponent("parity/fixtures").path)
            .filter { $0.hasSuffix(".fixture.json") }.count
        XCTAssertGreaterThan(recorded, 0, "the tree holds fixtures")
        for client in Client.allCases { XCTAssertEqual(Int(try selectAlone(client)) ?? 0, recorded, client.rawValue) }
        everyVerbWorks("after stock reads without a WAL")

        for client in Client.allCases {
            let held = try reader(client)
            // A write under the client's snapshot: duet's closing checkpoint cannot fold the WAL in.
            let changed = tree.appendingPathComponent("parity/fixtures/accept.expired.fixture.json")
            let text = String(decoding: try Data(contentsOf: changed), as: UTF8.self)
            try Data(text.replacingOccurrences(of: "\"description\": \"", with: "\"description\": \"\(client) ").utf8).write(to: changed)
            XCTAssertEqual(duet("query", "fixtures", in: tree.path).status, .holds)
            XCTAssertGreaterThan(walSize, 0, "\(client): the client's read transaction kept duet's pages in the WAL")
            try held.input.fileHandleForWriting.close()
            held.process.waitUntilExit()
            XCTAssertEqual(walSize, 0, "\(client): the client closed last and checkpointed the WAL itself")
            everyVerbWorks("after \(client) checkpointed duet's WAL")
        }
    }
}

private extension FileHandle {
    func line() -> String? {
        var bytes: [UInt8] = []
        while let data = try? read(upToCount: 1), let byte = data.first {
            if byte == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(byte)
        }
        return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
    }
}
