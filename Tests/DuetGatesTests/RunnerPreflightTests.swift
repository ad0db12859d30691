import DuetGates
import Foundation
import XCTest

/// A runner command's program is judged before anything is spawned: built, on PATH, or neither.
final class RunnerPreflightTests: XCTestCase {
    var root: URL!

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("duet-preflight-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("bin"), withIntermediateDirectories: true)
        XCTAssertTrue(FileManager.default.createFile(atPath: root.appendingPathComponent("bin/runner").path, contents: Data("#!/bin/sh\n".utf8),
                                       attributes: [.posixPermissions: 0o755]))
        XCTAssertTrue(FileManager.default.createFile(atPath: root.appendingPathComponent("bin/plain").path, contents: Data(),
                                                     attributes: [.posixPermissions: 0o644]))
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: root) }

    func testABuiltRunnerRelativeToTheRootOrAbsoluteStarts() {
        XCTAssertNil(RunnerPreflight.problem(command: "bin/runner --flag", root: root.path))
        XCTAssertNil(RunnerPreflight.problem(command: "RUST_LOG=1 bin/runner", root: root.path), "an assignment is not the program")
        XCTAssertNil(RunnerPreflight.problem(command: root.appendingPathComponent("bin/runner").path, root: "/nowhere"))
    }

    func testAMissingOrNonExecutableFileIsNotBuilt() {
        XCTAssertEqual(RunnerPreflight.problem(command: "kotlin/build/runner", root: root.path),
                       "kotlin/build/runner is not built (no executable at \(root.appendingPathComponent("kotlin/build/runner").path))")
        XCTAssertNotNil(RunnerPreflight.problem(command: "bin/plain", root: root.path), "a file without the execute bit cannot start")
    }

    func testAProgramIsLookedUpOnPath() {
        XCTAssertNil(RunnerPreflight.problem(command: "runner -q", root: "/", path: "/nowhere:\(root.appendingPathComponent("bin").path)"))
        XCTAssertEqual(RunnerPreflight.problem(command: "runner -q", root: "/", path: "/nowhere"), "runner is not on PATH")
        XCTAssertEqual(RunnerPreflight.problem(command: "  ", root: "/"), "the runner command is empty")
    }
}
