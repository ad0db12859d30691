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

/// `../shared/reference` next to the package, when present.
var referenceDirectory: URL? {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/reference")
    return FileManager.default.fileExists(atPath: url.path) ? url : nil
}

/// `root` made a copy of an upstream Duet tree: the reference fixtures under `parity/fixtures`
/// (a skip when `../shared/reference` is absent).
@discardableResult
func copyUpstreamTree(to root: URL) throws -> URL {
    guard let reference = referenceDirectory else { throw XCTSkip("../shared/reference is absent: this check copies its fixtures") }
    let fixtures = root.appendingPathComponent("parity/fixtures")
    try FileManager.default.createDirectory(at: fixtures, withIntermediateDirectories: true)
    for name in try FileManager.default.contentsOfDirectory(atPath: reference.appendingPathComponent("duet/fixtures").path) {
        try FileManager.default.copyItem(at: reference.appendingPathComponent("duet/fixtures/\(name)"), to: fixtures.appendingPathComponent(name))
    }
    return root
}

/// The package root, found from this file's location.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
