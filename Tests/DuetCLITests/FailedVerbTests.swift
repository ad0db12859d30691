import Foundation
import XCTest
import Duet
import DuetCorpus
@testable import DuetCLI

/// A failed verb leaves nothing behind: the files a verb is asked to write (`milestone --out`,
/// `verify --junit`, `verify --results`) are checked before the work — a folder that does not
/// exist is bad input, exit 2, with nothing stored — and written beside their place, then moved
/// in only when the verb succeeds.
final class FailedVerbTests: XCTestCase {
    private var repository: URL!
    private var corpusPath: String { repository.appendingPathComponent("corpus.db").path }
    private var corpus: [String] { ["--corpus", corpusPath] }

    override func setUpWithError() throws {
        repository = try temporaryDirectory()
        let runner = try BuildProducts.executable("duet-sample-runner")
        try FileManager.default.createDirectory(at: repository.appendingPathComponent("parity"), withIntermediateDirectories: true)
        try Data("runners:\n  swift: '\(runner)'\n".utf8).write(to: repository.appendingPathComponent("parity/manifest.yaml"))
        let record = duet(corpus + ["record"], in: repository.path)
        XCTAssertEqual(record.status, .holds, record.stderr)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: repository) }

    private var storedRuns: Int { (try? Corpus.open(at: corpusPath).runs(limit: 100).count) ?? -1 }
    private var milestoneFiles: [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: repository.appendingPathComponent("parity/milestones").path)) ?? []
    }

    private func assertPlain(_ run: CLIRun, naming path: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(run.status, .usage, run.stderr, file: file, line: line)
        XCTAssertTrue(run.stderr.contains("does not exist") && run.stderr.contains(path), run.stderr, file: file, line: line)
        for raw in ["Error Domain", "NSCocoaErrorDomain", "SQLite"] {
            XCTAssertFalse(run.stderr.contains(raw), "raw text reached the user: \(run.stderr)", file: file, line: line)
        }
    }

    func testMilestoneWithAnUnwritableOutStoresNothing() throws {
        let out = repository.appendingPathComponent("missing/report.md").path
        let run = duet(corpus + ["milestone", "beta-1", "--out", out], in: repository.path)
        assertPlain(run, naming: repository.appendingPathComponent("missing").path)
        XCTAssertEqual(milestoneFiles, [], "no milestone file")
        XCTAssertEqual(try Corpus.open(at: corpusPath).milestoneNames(), [], "no milestone row")
        XCTAssertEqual(storedRuns, 0, "the check ran before the gates: no verify run stored either")

        let written = duet(corpus + ["milestone", "beta-1", "--out", "report.md"], in: repository.path)
        XCTAssertNotEqual(written.status, .usage, written.stderr)
        XCTAssertEqual(milestoneFiles, ["beta-1.json"], "the control: a writable --out stores it")
        XCTAssertTrue(FileManager.default.fileExists(atPath: repository.appendingPathComponent("report.md").path))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: repository.path).filter { $0.hasSuffix(".tmp") }, [],
                       "no staging file is left beside it")
    }

    func testVerifyWithJUnitIntoAMissingFolderStoresNoRun() throws {
        let run = duet(corpus + ["verify", "--junit", "missing/verify.xml"], in: repository.path)
        assertPlain(run, naming: repository.appendingPathComponent("missing").path)
        XCTAssertEqual(storedRuns, 0)

        let control = duet(corpus + ["verify", "--junit", "verify.xml"], in: repository.path)
        XCTAssertEqual(control.status, .holds, control.stderr)
        XCTAssertEqual(storedRuns, 1)
        XCTAssertTrue(try String(contentsOf: repository.appendingPathComponent("verify.xml"), encoding: .utf8).contains("<testsuite"))
    }

    func testVerifyWithResultsIntoAMissingFolderCreatesNoFolder() throws {
        let run = duet(corpus + ["verify", "--results", "missing/results.json"], in: repository.path)
        assertPlain(run, naming: repository.appendingPathComponent("missing").path)
        XCTAssertFalse(FileManager.default.fileExists(atPath: repository.appendingPathComponent("missing").path), "the folder is not made")
        XCTAssertEqual(storedRuns, 0)
    }

    func testAnOutputThatIsAFolderIsRefusedFirst() throws {
        try FileManager.default.createDirectory(at: repository.appendingPathComponent("out.xml"), withIntermediateDirectories: true)
        let run = duet(corpus + ["verify", "--junit", "out.xml"], in: repository.path)
        XCTAssertEqual(run.status, .usage, run.stderr)
        XCTAssertTrue(run.stderr.contains("is a folder"), run.stderr)
        XCTAssertEqual(storedRuns, 0)
    }
}
