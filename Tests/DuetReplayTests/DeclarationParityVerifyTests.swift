import Duet
import DuetCorpus
@testable import DuetCLI
import Foundation
import XCTest

/// `verify --platform all`: both runners' `describe` must agree; a difference is a finding naming feature, field and aspect.
final class DeclarationParityVerifyTests: XCTestCase {
    var directory: URL!
    var corpusPath: String { directory.appendingPathComponent("corpus.db").path }

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("duet-parity-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("parity"), withIntermediateDirectories: true)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: directory) }

    private func run(_ arguments: String...) -> (status: ExitStatus, out: String, err: String) {
        let out = OutputSink(capturing: ()), err = OutputSink(capturing: ())
        let status = DuetCommandLine.run(["--corpus", corpusPath] + arguments, environment: [:], workingDirectory: directory.path,
                                         stdout: out, stderr: err)
        return (status, String(decoding: out.captured, as: UTF8.self), String(decoding: err.captured, as: UTF8.self))
    }

    private func manifest(kotlinFlags: String) throws {
        // Both platforms are the sample runner, named relative to the repository root.
        try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent("runner").path,
                                                   withDestinationPath: try XCTUnwrap(SampleRunner.executable))
        try "runners:\n  swift: ./runner\n  kotlin: ./runner \(kotlinFlags)\n"
            .write(to: directory.appendingPathComponent("parity/manifest.yaml"), atomically: true, encoding: .utf8)
        XCTAssertEqual(run("record", "--runner", try SampleRunner.command()).status, .holds)
    }

    func testAgreeingDeclarationsHoldAndEachPlatformsAnswerIsStored() throws {
        try manifest(kotlinFlags: "")
        let verify = run("verify", "--platform", "all")
        XCTAssertEqual(verify.status, .holds, verify.out + verify.err)
        XCTAssertTrue(verify.out.contains("Declaration parity"), verify.out)
        XCTAssertTrue(verify.out.contains("holds — swift and kotlin declare the same 3 features"), verify.out)
        XCTAssertEqual(try Corpus.open(at: corpusPath).runnerDescribes().keys.sorted(), ["kotlin", "swift"])
    }

    func testADifferentRoleIsAFindingThatNamesFeatureFieldAndAspect() throws {
        try manifest(kotlinFlags: "--describe-sheet-as-data")
        let verify = run("verify", "--platform", "all")
        XCTAssertEqual(verify.status, .findings, verify.out + verify.err)
        XCTAssertTrue(verify.out.contains("tally: field sheet: role slot on swift, data on kotlin"), verify.out)
        let json = run("verify", "--platform", "all", "--format", "json")
        let report = try CanonicalJSON.parse(json.out.trimmingCharacters(in: .whitespacesAndNewlines))
        let difference = report["declarations"]?["differences"]?.arrayValue?.first
        XCTAssertEqual(difference?["feature"]?.stringValue, "tally")
        XCTAssertEqual(difference?["subject"]?.stringValue, "sheet")
        XCTAssertEqual(difference?["aspect"]?.stringValue, "role")
        XCTAssertEqual(report["declarations"]?["status"]?.stringValue, "fails")
    }

    func testOnePlatformAloneChecksNoDeclarations() throws {
        try manifest(kotlinFlags: "--describe-sheet-as-data")
        let verify = run("verify", "--platform", "kotlin")
        XCTAssertEqual(verify.status, .holds, verify.out + verify.err)
        XCTAssertFalse(verify.out.contains("Declaration parity"), verify.out)
    }
}
