import Foundation
import XCTest
import Duet
@testable import DuetCLI

/// Every gate ends with one verdict line, the one a person reads first: the last line on stdout
/// for a table, the `verdict` field (and the last line on stderr) for JSON — and it agrees with
/// the exit code.
final class GateVerdictTests: XCTestCase {
    private var work: URL!
    override func setUpWithError() throws { work = try temporaryDirectory() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: work) }

    func testEveryGateOfTheReferenceTreeEndsWithItsVerdict() throws {
        let tree = try referenceTreeCopy(in: work)
        let gates: [(words: [String], gate: String)] = [
            (["record", "--check"], "record --check"), (["verify"], "verify"), (["drill", "restore"], "drill restore"),
            (["lint"], "lint"), (["census"], "census"), (["islands"], "islands"),
            (["audit", packageRoot.appendingPathComponent("Sources/MemoryLane").path], "audit"),
        ]
        for (words, gate) in gates {
            let table = duet(words, in: tree.path)
            let last = try XCTUnwrap(table.stdout.split(separator: "\n").last.map(String.init), "\(gate): \(table.stderr)")
            XCTAssertTrue(last.hasPrefix(gate + ": "), "\(gate) ends with its verdict, not: \(last)")
            XCTAssertEqual(last.hasPrefix(gate + ": holds") || last.hasPrefix(gate + ": no drift"), table.status == .holds,
                           "\(gate): the verdict agrees with exit \(table.status.rawValue): \(last)")

            let json = duet(words + ["--format", "json"], in: tree.path)
            let parsed = try CanonicalJSON.parse(json.stdout)
            XCTAssertEqual(parsed["verdict"]?["gate"]?.stringValue, gate, "\(gate): the verdict is a field of the JSON")
            XCTAssertEqual(parsed["verdict"]?["holds"], .bool(json.status == .holds), gate)
            let line = try XCTUnwrap(parsed["verdict"]?["line"]?.stringValue)
            XCTAssertEqual(json.stderr.split(separator: "\n").last.map(String.init), line, "\(gate): and the last line on stderr")
            XCTAssertFalse(json.stdout.contains("\n" + line), "\(gate): never a stray line in the JSON")
        }
        // The reference tree holds: these verdicts are the README's.
        XCTAssertEqual(duet(["record", "--check"], in: tree.path).stdout.split(separator: "\n").last,
                       "record --check: no drift — 177 fixtures, 0 metadata-only")
        let drill = duet(["drill", "restore"], in: tree.path)
        XCTAssertEqual(drill.stdout.split(separator: "\n").last, "drill restore: holds — 0 findings, 4 ruled — 177 fixtures on swift")
        // Ruled gaps are headed as what they are, not as findings.
        XCTAssertTrue(drill.stdout.contains("Ruled gaps (drill.rulings in parity/manifest.yaml; not findings)"), drill.stdout)
        XCTAssertFalse(drill.stdout.contains("Restore drill findings"), "no finding, so no findings table: \(drill.stdout)")
    }

    func testShardResultsNameTheRunnerRelativeToTheTreeAndTheMergeEndsWithItsVerdict() throws {
        let tree = try referenceTreeCopy(in: work)
        let shard = duet(["verify", "--shard", "1/1", "--results", "results-1.json"], in: tree.path)
        XCTAssertEqual(shard.status, .holds, shard.stderr)
        XCTAssertTrue(shard.stdout.split(separator: "\n").last?.hasPrefix("verify --shard 1/1: holds — swift 177 passed of 177") == true, shard.stdout)
        XCTAssertTrue(shard.stderr.contains("duet verify: wrote results-1.json"), "the command says where it wrote: \(shard.stderr)")
        let results = String(decoding: try Data(contentsOf: tree.appendingPathComponent("results-1.json")), as: UTF8.self)
        XCTAssertTrue(results.contains("\"runner\": \"bin/memorylane-runner\""), results)
        XCTAssertFalse(results.contains(tree.path), "no machine path in a results file")
        let merge = duet(["runs", "import", "results-1.json"], in: tree.path)
        XCTAssertEqual(merge.status, .holds, merge.stderr)
        XCTAssertEqual(merge.stdout.split(separator: "\n").last, "runs import: holds — swift full run passed: 177 passed of 177 fixtures from 1 file")
    }
}
