import Foundation
import XCTest
import DuetCorpus
import DuetGates

/// Committed files carry no machine paths: nothing git tracks in the reference tree names the
/// tree's absolute path, and a milestone stored from a copy of it names runners and files relative
/// to that copy.
final class MachinePathTests: XCTestCase {
    private var work: URL!
    override func setUpWithError() throws { work = try temporaryDirectory() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: work) }

    func testNoFileGitTracksInTheReferenceTreeNamesItsAbsolutePath() throws {
        let root = RecordTree(root: packageRoot.path).root
        let files = try Self.trackedFiles(in: packageRoot)
        XCTAssertGreaterThan(files.count, 100, "git ls-files listed the tree")
        XCTAssertEqual(try Self.files(files, in: packageRoot, naming: root), [])
        // Negative control: the same search finds a file that does name it.
        let planted = work.appendingPathComponent("planted.json")
        try Data("{\"runner\": \"cd '\(root)' && swift run -q memorylane-runner\"}\n".utf8).write(to: planted)
        XCTAssertEqual(try Self.files(["planted.json"], in: work, naming: root), ["planted.json"])
    }

    func testAMilestoneStoredFromACopyOfTheReferenceTreeNamesNoMachinePath() throws {
        let copy = try referenceTreeCopy(in: work)
        let milestone = duet("milestone", "m1", "--format", "json", in: copy.path)
        XCTAssertNotEqual(milestone.status, .usage, milestone.stderr)
        let root = RecordTree(root: copy.path).root
        let stored = String(decoding: try Data(contentsOf: copy.appendingPathComponent("parity/milestones/m1.json")), as: UTF8.self)
        XCTAssertFalse(stored.contains(root), "parity/milestones/m1.json names \(root)")
        XCTAssertFalse(milestone.stdout.contains(root), "what it printed is what it stored")
        XCTAssertTrue(stored.contains("\"manifest\": \"parity/manifest.yaml\""), "the lint's manifest, relative to the tree")
        XCTAssertTrue(stored.contains("kotlin/build/memorylane-runner is not built (no executable at kotlin/build/memorylane-runner)"), stored)
        // Negative control: the inputs the milestone judged did name this machine's path.
        XCTAssertTrue(try XCTUnwrap(RunnerPreflight.problem(command: "kotlin/build/memorylane-runner", root: root)).contains(root))
        XCTAssertEqual(milestone.stderr.split(separator: "\n").last.map(String.init)?.hasPrefix("milestone m1: "), true, milestone.stderr)
    }

    // MARK: - Support

    static func trackedFiles(in root: URL) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", root.path, "ls-files", "-z"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = Pipe()
        do { try process.run() } catch { throw XCTSkip("git cannot run here (\(error)): the committed files are not checked") }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw XCTSkip("\(root.path) is not a git checkout: the committed files are not checked") }
        return data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }

    static func files(_ names: [String], in root: URL, naming path: String) throws -> [String] {
        let needle = Data(path.utf8)
        return names.filter { name in
            guard let data = FileManager.default.contents(atPath: root.appendingPathComponent(name).path) else { return false }
            return data.range(of: needle) != nil
        }
    }
}
