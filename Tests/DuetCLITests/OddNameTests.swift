import Foundation
import XCTest
import Duet
import DuetCorpus
@testable import DuetCLI

/// Every odd name has an answer: a milestone or scenario name with a control, DEL, a bidi control,
/// a line separator, a `%` (milestones are words), or too long for a file name is refused as bad
/// input, escaped, with the fix, before anything runs or is written; two scenarios with one name
/// are refused naming both sources.
final class OddNameTests: XCTestCase {
    private var repository: URL!
    private var corpusPath: String { repository.appendingPathComponent("corpus.db").path }
    private var corpus: [String] { ["--corpus", corpusPath] }
    private var runner: String!

    override func setUpWithError() throws {
        repository = try temporaryDirectory()
        runner = try BuildProducts.executable("duet-sample-runner")
        try FileManager.default.createDirectory(at: repository.appendingPathComponent("parity"), withIntermediateDirectories: true)
        try Data("runners:\n  swift: '\(runner!)'\n".utf8).write(to: repository.appendingPathComponent("parity/manifest.yaml"))
        let record = duet(corpus + ["record"], in: repository.path)
        XCTAssertEqual(record.status, .holds, record.stderr)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: repository) }

    private var fixtureFiles: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: repository.appendingPathComponent("parity/fixtures").path)) ?? []).sorted()
    }

    func testOddMilestoneNamesAreRefusedEscapedBeforeAnyGateRuns() throws {
        let cases: [(name: String, shown: String)] = [
            ("beta\u{7F}1", #"beta\u{7F}1"#), ("beta\u{2028}1", #"beta\u{2028}1"#), ("beta%1", "beta%1"),
            ("beta\u{202E}1", #"beta\u{202E}1"#), ("beta\u{1B}[31m", #"beta\u{1B}[31m"#), ("beta 1", "beta 1"),
        ]
        for (name, shown) in cases {
            let run = duet(corpus + ["milestone", name], in: repository.path)
            XCTAssertEqual(run.status, .usage, "\(shown): \(run.stderr)")
            XCTAssertTrue(run.stderr.contains("milestone name \"\(shown)\""), "\(shown): \(run.stderr)")
            XCTAssertTrue(run.stderr.contains("—"), "the fix follows: \(run.stderr)")
            XCTAssertFalse(run.stderr.unicodeScalars.contains(where: Self.hidesText), "no raw control reaches the terminal: \(shown)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: repository.appendingPathComponent("parity/milestones").path))
        XCTAssertEqual(try Corpus.open(at: corpusPath).runs(limit: 10).count, 0, "the name is checked before verify runs")
        XCTAssertNotEqual(duet(corpus + ["milestone", "beta-1.0_rc"], in: repository.path).status, .usage, "a word is a name")
    }

    /// A control (other than the line ends of the message), DEL, C1, a bidi control or a line separator.
    static func hidesText(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A: return false
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: return true
        default: return false
        }
    }

    private func record(_ variant: String) -> CLIRun {
        duet(corpus + ["record", "--runner", "'\(runner!)' --odd-scenario \(variant)"], in: repository.path)
    }

    func testAScenarioNameTooLongForAFileIsBadInputNamingIt() throws {
        let before = fixtureFiles
        let run = record("long-name")
        XCTAssertEqual(run.status, .usage, run.stderr)
        XCTAssertTrue(run.stderr.contains("scenario name \"tally.xxxx"), run.stderr)
        XCTAssertTrue(run.stderr.contains("306 bytes long") && run.stderr.contains("shorten it"), run.stderr)
        XCTAssertFalse(run.stderr.contains("File name too long"), run.stderr)
        XCTAssertEqual(fixtureFiles, before, "nothing is written")
    }

    func testTwoScenariosWithOneNameAreRefusedNamingBothSources() throws {
        let before = fixtureFiles
        let run = record("duplicate")
        XCTAssertEqual(run.status, .usage, run.stderr)
        XCTAssertTrue(run.stderr.contains("two scenarios are named \"tally\""), run.stderr)
        XCTAssertTrue(run.stderr.contains("Tests/SampleRunner/SampleScenarios.swift") && run.stderr.contains("Tests/SampleRunner/OtherScenarios.swift"), run.stderr)
        XCTAssertEqual(fixtureFiles, before)
    }

    func testABidiOverrideInAScenarioNameIsRefusedEscaped() throws {
        let before = fixtureFiles
        let run = record("bidi")
        XCTAssertEqual(run.status, .usage, run.stderr)
        XCTAssertTrue(run.stderr.contains(#"tally.\u{202E}evil"#), run.stderr)
        XCTAssertFalse(run.stderr.unicodeScalars.contains("\u{202E}"), "the override itself never reaches the terminal")
        XCTAssertEqual(fixtureFiles, before)
    }

    func testARunnerThatNamesItsPlatformWithABidiOverrideIsRefusedEscaped() throws {
        let script = repository.appendingPathComponent("odd-runner.sh")
        try Data("printf '{\"protocol\":\"duet-replay\",\"version\":1,\"platform\":\"sw\\342\\200\\256ift\",\"features\":[]}\\n'\nread line\n".utf8).write(to: script)
        let run = duet(corpus + ["verify", "--runner", "sh '\(script.path)'"], in: repository.path)
        XCTAssertEqual(run.status, .environment, run.stderr)
        XCTAssertTrue(run.stderr.contains(#"sw\u{202E}ift"#), run.stderr)
        XCTAssertFalse(run.stderr.unicodeScalars.contains("\u{202E}"), run.stderr)
    }

    func testAManifestRunnerKeyWithABidiOverrideIsShownEscaped() throws {
        try Data("runners:\n  \"sw\u{202E}ift\": '\(runner!)'\n".utf8).write(to: repository.appendingPathComponent("parity/manifest.yaml"))
        let run = duet(corpus + ["lint"], in: repository.path)
        XCTAssertEqual(run.status, .usage, run.stderr + run.stdout)
        XCTAssertTrue((run.stderr + run.stdout).contains(#"sw\u{202E}ift"#), run.stderr + run.stdout)
        XCTAssertFalse((run.stderr + run.stdout).unicodeScalars.contains("\u{202E}"), run.stderr + run.stdout)
    }
}
