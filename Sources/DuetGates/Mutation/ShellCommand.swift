import Foundation
import Duet

/// A shell command run to its end in a folder (`/bin/sh -c`), its output kept for the report.
///
/// ```swift
/// let build = try ShellCommand.run("swift build --product memorylane-runner", in: copy)
/// build.succeeded           // exit 0
/// build.tail(lines: 5)      // the last lines of its output, for a failure message
/// ```
struct ShellCommand {
    var status: Int32
    var output: String
    var milliseconds: Int

    var succeeded: Bool { status == 0 }

    /// The last `lines` non-empty lines of the output.
    func tail(lines: Int) -> String {
        output.split(separator: "\n").suffix(lines).joined(separator: "\n")
    }

    /// The lines that say `error:` (compilers), else the tail.
    func errors(limit: Int = 5) -> String {
        let errors = output.split(separator: "\n").filter { $0.contains("error:") || $0.contains("error ") }
        return errors.isEmpty ? tail(lines: limit) : errors.prefix(limit).joined(separator: "\n")
    }

    static func run(_ command: String, in directory: String) throws -> ShellCommand {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("duet-shell-\(UUID().uuidString).log")
        guard FileManager.default.createFile(atPath: log.path, contents: nil), let handle = try? FileHandle(forWritingTo: log) else {
            throw EnvironmentError("cannot create a log file in \(FileManager.default.temporaryDirectory.path)", fix: "check the temporary folder")
        }
        defer { try? FileManager.default.removeItem(at: log) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.standardInput = FileHandle.nullDevice
        // One file for both streams: nothing can fill a pipe and stall the command.
        process.standardOutput = handle
        process.standardError = handle
        let started = Date()
        do { try process.run() } catch {
            throw EnvironmentError("cannot run `\(command)` in \(directory): \(error.localizedDescription)", fix: "check /bin/sh and the folder")
        }
        process.waitUntilExit()
        try? handle.close()
        let output = (try? Data(contentsOf: log)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        return ShellCommand(status: process.terminationStatus, output: output,
                            milliseconds: Int(Date().timeIntervalSince(started) * 1000))
    }
}
