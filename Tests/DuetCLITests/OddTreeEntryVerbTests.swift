import Foundation
import XCTest
@testable import DuetCLI

/// Odd entries in `parity/fixtures` — a name that is not UTF-8, one with a newline, a bidi override,
/// a link out of the tree, a FIFO — do not stop `corpus check` or `export`: each answers, names
/// every entry once, escaped, follows no link, and exports the fixtures of record.
final class OddTreeEntryVerbTests: XCTestCase {
    private var repository: URL!
    private var fixtures: URL { repository.appendingPathComponent("parity/fixtures") }
    private let markers = [#"bad\xFF.fixture.json"#, #"two\u{A}lines.fixture.json"#, #"evil\u{202E}nosj.fixture.json"#, "link.fixture.json is a symbolic link", "pipe.fixture.json is not a regular file"]

    override func setUpWithError() throws {
        repository = try temporaryDirectory()
        let runner = try BuildProducts.executable("duet-sample-runner")
        try FileManager.default.createDirectory(at: repository.appendingPathComponent("parity"), withIntermediateDirectories: true)
        try Data("runners:\n  swift: '\(runner)'\n".utf8).write(to: repository.appendingPathComponent("parity/manifest.yaml"))
        let record = duet("record", in: repository.path)
        XCTAssertEqual(record.status, .holds, record.stderr)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: repository) }

    private var recorded: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: fixtures.path)) ?? []).filter { $0.hasSuffix(".fixture.json") }.sorted()
    }

    private func plant() throws -> URL {
        let outside = repository.appendingPathComponent("outside.fixture.json")
        try FileManager.default.copyItem(at: fixtures.appendingPathComponent(recorded[0]), to: outside)
        var path = Array(fixtures.path.utf8) + Array("/bad".utf8) + [0xFF] + Array(".fixture.json".utf8) + [0]
        let descriptor = path.withUnsafeMutableBufferPointer { open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY, 0o644) }
        XCTAssertGreaterThanOrEqual(descriptor, 0)
        close(descriptor)
        try Data("{".utf8).write(to: fixtures.appendingPathComponent("two\nlines.fixture.json"))
        try Data("{".utf8).write(to: fixtures.appendingPathComponent("evil\u{202E}nosj.fixture.json"))
        try FileManager.default.createSymbolicLink(atPath: fixtures.appendingPathComponent("link.fixture.json").path, withDestinationPath: outside.path)
        XCTAssertEqual(mkfifo(fixtures.appendingPathComponent("pipe.fixture.json").path, 0o644), 0)
        return outside
    }

    private func assertNamedOnceEscaped(_ run: CLIRun, _ verb: String, file: StaticString = #filePath, line: UInt = #line) {
        for marker in markers {
            XCTAssertEqual(run.stderr.split(separator: "\n").filter { $0.contains(marker) }.count, 1, "\(verb) names \(marker) once: \(run.stderr)", file: file, line: line)
        }
        XCTAssertFalse(run.stderr.contains("\u{202E}") || run.stderr.contains("two\nlines"), "nothing raw reaches the terminal: \(run.stderr)", file: file, line: line)
    }

    func testCorpusCheckAnswersAndNamesEachOddEntryOnceEscaped() throws {
        let before = duet("corpus", "check", in: repository.path)
        XCTAssertEqual(before.status, .holds, before.stderr)
        XCTAssertFalse(markers.contains { before.stderr.contains($0) }, "negative control: a tree without odd entries names none")
        let fixturesOfRecord = recorded
        _ = try plant()
        let check = duet("corpus", "check", in: repository.path)
        XCTAssertEqual(check.status, .holds, check.stdout + check.stderr)
        assertNamedOnceEscaped(check, "corpus check")
        let held = duet("query", "sql", "SELECT count(*) FROM fixtures", "--format", "csv", in: repository.path)
        XCTAssertEqual(held.stdout.split(whereSeparator: \.isNewline).last.map(String.init), String(fixturesOfRecord.count), "the rest is synced, nothing odd indexed")
    }

    func testExportAnswersWritesTheFixturesOfRecordAndFollowsNoLink() throws {
        let fixturesOfRecord = recorded
        let outside = try plant()
        let outsideBytes = try Data(contentsOf: outside)
        let target = repository.appendingPathComponent("exported")
        let export = duet("export", target.path, in: repository.path)
        XCTAssertEqual(export.status, .holds, export.stdout + export.stderr)
        assertNamedOnceEscaped(export, "export")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: target.path).sorted(), fixturesOfRecord,
                       "the fixtures of record, none of the odd entries, nothing through the link")
        XCTAssertEqual(try Data(contentsOf: outside), outsideBytes)
    }
}
