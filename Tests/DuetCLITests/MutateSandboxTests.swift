import Foundation
import XCTest
import Duet
import DuetCorpus
@testable import DuetCLI
@testable import DuetGates

/// `duet mutate` writes only inside its workspace: the copy holds files, never links, so a link in
/// the repository (`src/link -> /outside`) cannot carry a mutant out, and a row whose file lies
/// through a link is refused before anything is written — a kill at any moment leaves nothing
/// outside the workspace.
final class MutateSandboxTests: XCTestCase {
    private var root: URL!
    private var repository: URL { root.appendingPathComponent("repo") }
    private var outside: URL { root.appendingPathComponent("outside") }
    private var workspace: URL { repository.appendingPathComponent(".build/duet-mutate") }
    private var corpus: [String] { ["--corpus", repository.appendingPathComponent("corpus.db").path] }

    override func setUpWithError() throws {
        root = try temporaryDirectory()
        let runner = try BuildProducts.executable("duet-sample-runner")
        try write("repo/src/runner.sh", "#!/bin/sh\n# The sample app's runner.\nflags=\"\"\nexec '\(runner)' $flags\n")
        try write("repo/parity/manifest.yaml", "runners:\n  swift: sh src/runner.sh\n")
        try write("outside/t.sh", "echo outside\n")
        try FileManager.default.createSymbolicLink(atPath: repository.appendingPathComponent("src/link").path, withDestinationPath: outside.path)
        try FileManager.default.createSymbolicLink(atPath: repository.appendingPathComponent("src/alias.sh").path, withDestinationPath: "runner.sh")
        let record = duet(corpus + ["record", "--runner", "sh '\(repository.appendingPathComponent("src/runner.sh").path)'"], in: repository.path)
        XCTAssertEqual(record.status, .holds, record.stderr)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: root) }

    private func write(_ relative: String, _ text: String) throws {
        let url = root.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    private func plan(file: String, old: String, new: String, build: String = "sh -n src/runner.sh") throws {
        let row = JSONRPC.object(["name": .string("row"), "file": .string(file), "old": .string(old), "new": .string(new)])
        let document = JSONRPC.object([
            "platforms": JSONRPC.object(["swift": JSONRPC.object(["sources": .array([.string("src")]), "build": .string(build)])]),
            "mutations": .array([row]),
        ])
        try Data(document.prettyBytes).write(to: repository.appendingPathComponent("parity/mutations.json"))
    }

    private func mutate() throws -> (status: ExitStatus, report: JSONValue, stderr: String) {
        let run = duet(corpus + ["mutate", "--format", "json"], in: repository.path)
        return (run.status, try CanonicalJSON.parse(run.stdout.isEmpty ? "{}" : run.stdout), run.stderr)
    }

    /// Every entry below `folder` that is a symbolic link, relative to it.
    private func links(under folder: URL) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var found: [String] = []
        while let relative = walker.nextObject() as? String {
            if walker.fileAttributes?[.type] as? FileAttributeType == .typeSymbolicLink { found.append(relative) }
        }
        return found.sorted()
    }

    func testARowThroughALinkIsRefusedAndNothingOutsideIsWritten() throws {
        try plan(file: "src/link/t.sh", old: "outside", new: "mutated")
        let result = try mutate()
        let row = try XCTUnwrap(result.report["rows"]?.arrayValue?.first, "\(result.report) \(result.stderr)")
        XCTAssertEqual(row["verdict"]?.stringValue, "stale", "\(row)")
        XCTAssertTrue(row["detail"]?.stringValue?.contains("symbolic link src/link") == true, "\(row)")
        XCTAssertEqual(try String(contentsOf: outside.appendingPathComponent("t.sh"), encoding: .utf8), "echo outside\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: outside.path), ["t.sh"], "nothing new outside")
    }

    func testTheCopyHoldsFilesNeverLinks() throws {
        try plan(file: "src/runner.sh", old: "# The sample app's runner.", new: "# A sample runner.")
        let result = try mutate()
        XCTAssertEqual(result.report["rows"]?.arrayValue?.first?["verdict"]?.stringValue, "survived", "\(result.report) \(result.stderr)")
        XCTAssertEqual(links(under: workspace), [], "the workspace holds no link")
        XCTAssertEqual(try String(contentsOf: workspace.appendingPathComponent("src/alias.sh"), encoding: .utf8),
                       try String(contentsOf: repository.appendingPathComponent("src/runner.sh"), encoding: .utf8),
                       "a link to a file is copied as the file it names")
        XCTAssertFalse(FileManager.default.fileExists(atPath: workspace.appendingPathComponent("src/link").path),
                       "a link to a folder outside the repository is not followed into the copy")
    }

    func testALinkLeftInAnOldWorkspaceIsReplacedNotWrittenThrough() throws {
        // A workspace made before the copy refused links holds src/link -> outside.
        try FileManager.default.createDirectory(at: workspace.appendingPathComponent("src"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: workspace.appendingPathComponent("src/runner.sh").path,
                                                   withDestinationPath: outside.appendingPathComponent("t.sh").path)
        try plan(file: "src/runner.sh", old: "flags=\"\"", new: "flags=\"--mutate\"")
        let result = try mutate()
        XCTAssertEqual(result.report["rows"]?.arrayValue?.first?["verdict"]?.stringValue, "caught", "\(result.report) \(result.stderr)")
        XCTAssertEqual(try String(contentsOf: outside.appendingPathComponent("t.sh"), encoding: .utf8), "echo outside\n",
                       "the mutant never went through the old link")
        XCTAssertEqual(links(under: workspace), [])
    }

    func testAKillDuringTheBuildLeavesNothingOutside() throws {
        // The build sleeps only for the mutant, so the kill lands while it is in place; the row goes through a link.
        try plan(file: "src/link/t.sh", old: "outside", new: "mutated",
                 build: "if grep -q mutated src/link/t.sh 2>/dev/null; then sleep 5; fi")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try BuildProducts.executable("duet"))
        process.arguments = corpus + ["mutate"]
        process.currentDirectoryURL = repository
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(4)
        while Date() < deadline && process.isRunning { usleep(20_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        XCTAssertEqual(try String(contentsOf: outside.appendingPathComponent("t.sh"), encoding: .utf8), "echo outside\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: outside.path), ["t.sh"])
    }
}
