import Foundation

/// The git commit a folder is checked out at, read with the `git` the machine has; nil outside a
/// checkout or without git — a report then says it does not know, it never guesses.
struct TreeRevision {
    var commit: String
    /// Tracked files differ from the commit.
    var modified: Bool

    static func of(_ directory: String) -> TreeRevision? {
        guard let head = git(["rev-parse", "--verify", "HEAD"], in: directory)?.trimmingCharacters(in: .whitespacesAndNewlines),
              head.count >= 40, head.allSatisfy(\.isHexDigit) else { return nil }
        let status = git(["status", "--porcelain", "--untracked-files=no"], in: directory) ?? ""
        return TreeRevision(commit: head, modified: !status.isEmpty)
    }

    private static func git(_ arguments: [String], in directory: String) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", directory] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? String(decoding: data, as: UTF8.self) : nil
    }
}
