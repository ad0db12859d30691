import Foundation
import XCTest
import Duet
@testable import DuetCorpus

/// A seed cannot build more than a dump would: one value is at most 64 MiB, the whole load at most
/// four times the seed plus 16 MiB, one statement at most 5 million steps — each refused with the
/// seed's line, nothing left behind. An empty seed is bad input, not the environment.
final class SeedBoundsTests: XCTestCase {
    private var dir: URL!
    private var seed: URL { dir.appendingPathComponent("corpus.db.seed") }
    private var target: String { dir.appendingPathComponent("corpus.db").path }

    override func setUpWithError() throws { dir = try makeTemporaryDirectory("seed-bounds") }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    private func dump() throws -> String {
        let corpus = try Corpus.temporary()
        try corpus.upsertFixtures([try navigationFixture(steps: [(#"{"case":"open"}"#, #"{"path":[],"sheet":null}"#)])])
        return try corpus.dumpText()
    }

    /// The dump with `statements` inserted before its `COMMIT`; returns the text and the first statement's line.
    private func crafted(_ statements: [String]) throws -> (String, Int) {
        var lines = try dump().components(separatedBy: "\n")
        let index = try XCTUnwrap(lines.lastIndex(of: "COMMIT;"))
        lines.insert(contentsOf: statements, at: index)
        return (lines.joined(separator: "\n"), index + 1)
    }

    private func assertRefused(_ text: String, line: Int, saying words: String, file: StaticString = #filePath, at: UInt = #line) throws {
        try write(text, to: seed)
        XCTAssertThrowsError(try Corpus.load(seed: seed.path, into: target), file: file, line: at) { error in
            let input = error as? InputError
            XCTAssertEqual(input?.line, line, "\(error)", file: file, line: at)
            XCTAssertTrue(input?.message.contains(words) == true, "\(error)", file: file, line: at)
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0 != "corpus.db.seed" }
        XCTAssertEqual(left, [], "a refused seed leaves no file", file: file, line: at)
    }

    func testAPrintfAmplificationIsRefusedBeforeItRuns() throws {
        let (text, line) = try crafted(["INSERT INTO corpus_meta VALUES ('k3', printf('%.*c', 900000000, 'x'));"])
        try assertRefused(text, line: line, saying: "printf() is not allowed")
    }

    /// Statements that double a value each: `d(k) = d(k-1) || d(k-1)`, from three bytes.
    private func doubling(_ count: Int) -> [String] {
        ["INSERT INTO corpus_meta VALUES ('d0', 'abc');"]
            + (1...count).map { "INSERT INTO corpus_meta SELECT 'd\($0)', value || value FROM corpus_meta WHERE key = 'd\($0 - 1)';" }
    }

    func testAValueLongerThanTheBudgetIsRefusedBeforeItIsBuilt() throws {
        // A long comment raises the load's budget (four times the seed), so the value's budget is met first:
        // 3 × 2^25 bytes (96 MiB) is past 64 MiB.
        let padding = "-- " + String(repeating: "x", count: 24 << 20)
        let (text, line) = try crafted([padding] + doubling(25))
        try assertRefused(text, line: line + 26, saying: "longer than 64 MiB")
    }

    func testValuesUnderTheValueBudgetStillStopAtTheLoadBudget() throws {
        // Every value fits one value's budget; together they pass the load's (16 MiB + 4 × the seed) at 3 × 2^22 bytes more.
        let (text, line) = try crafted(doubling(25))
        try assertRefused(text, line: line + 22, saying: "would build a corpus of more than")
    }

    func testAStatementThatRunsForeverOverTheCorpusTablesIsStopped() throws {
        let rows = (0..<200).map { "INSERT INTO corpus_meta VALUES ('row\($0)', 'v');" }
        // No index helps: every one of the 200^4 combinations is visited.
        let join = "INSERT INTO corpus_meta SELECT 'x', a.key FROM corpus_meta a, corpus_meta b, corpus_meta c, corpus_meta d "
            + "WHERE a.value || b.value || c.value || d.value = 'never';"
        let (text, line) = try crafted(rows + [join])
        try assertRefused(text, line: line + rows.count, saying: "ran more than 5000000 steps")
    }

    func testAnEmptySeedIsBadInputWithAPlainMessage() throws {
        for text in ["", "-- nothing but a comment\n", "PRAGMA foreign_keys=OFF;\nBEGIN TRANSACTION;\nCOMMIT;\n"] {
            try assertRefused(text, line: 1, saying: "the seed holds no corpus")
        }
    }

    func testADumpLoadsWithinItsBudget() throws {
        try write(try dump(), to: seed)
        XCTAssertEqual(try Corpus.load(seed: seed.path, into: target).fixtureNames(), ["nav"])
    }
}
