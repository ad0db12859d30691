import Foundation
import XCTest
@testable import DuetCLI

/// Runs `duet` in-process with captured output.
struct CLIRun {
    var status: ExitStatus
    var stdout: String
    var stderr: String
    var stdoutBytes: [UInt8]
}

func duet(_ arguments: String..., in directory: String = FileManager.default.currentDirectoryPath,
          environment: [String: String] = [:]) -> CLIRun {
    duet(arguments, in: directory, environment: environment)
}

func duet(_ arguments: [String], in directory: String = FileManager.default.currentDirectoryPath,
          environment: [String: String] = [:]) -> CLIRun {
    let out = OutputSink(capturing: ())
    let err = OutputSink(capturing: ())
    let status = DuetCommandLine.run(arguments, environment: environment, workingDirectory: directory, stdout: out, stderr: err)
    return CLIRun(status: status, stdout: String(decoding: out.captured, as: UTF8.self),
                  stderr: String(decoding: err.captured, as: UTF8.self), stdoutBytes: out.captured)
}

/// A fresh temporary directory, removed by the caller's `defer`.
func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("duet-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// The tutorial tree's fixtures (`vectors/tutorial`, the project's own tree in the upstream layout).
var tutorialFixtures: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("vectors/tutorial/parity/fixtures")
}

/// `root` made a tree in the upstream Duet layout: the tutorial's fixtures under `parity/fixtures`.
@discardableResult
func copyUpstreamTree(to root: URL) throws -> URL {
    let fixtures = root.appendingPathComponent("parity/fixtures")
    try FileManager.default.createDirectory(at: fixtures, withIntermediateDirectories: true)
    for name in try FileManager.default.contentsOfDirectory(atPath: tutorialFixtures.path) {
        try FileManager.default.copyItem(at: tutorialFixtures.appendingPathComponent(name), to: fixtures.appendingPathComponent(name))
    }
    return root
}

/// The package root, found from this file's location.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
