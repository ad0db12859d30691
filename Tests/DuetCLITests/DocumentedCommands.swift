import Foundation
@testable import DuetCLI

/// A `duet …` line as the README's ```sh blocks or a verb's `--help` example give it, with the exit
/// code it documents: 0, unless its comment ends with `exits N` (`duet lint --strict  # … — exits 1`).
struct DocumentedCommand: Hashable, CustomStringConvertible {
    /// `README.md:57` or `duet verify --help`.
    var source: String
    /// The line as written, comment and all (what a reader pastes into a shell).
    var line: String
    /// The command without its comment, `swift run duet` and `duet` alike.
    var command: String
    var expectedExit: Int32

    var description: String { "\(source): \(line)" }

    /// Every documented line of `readme` (its ```sh blocks) and of `helps` (each verb's discussion, after `Example:`).
    static func all(readme: String, helps: [(verb: String, discussion: String)]) -> [DocumentedCommand] {
        var found: [DocumentedCommand] = []
        var inShell = false
        for (index, raw) in readme.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let text = raw.trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("```") { inShell = !inShell && text == "```sh"; continue }
            if inShell, let command = parse(text, source: "README.md:\(index + 1)") { found.append(command) }
        }
        for (verb, discussion) in helps {
            guard let example = discussion.range(of: "Example:") else { continue }
            for raw in discussion[example.upperBound...].split(separator: "\n") {
                if let command = parse(raw.trimmingCharacters(in: .whitespaces), source: "duet \(verb) --help") { found.append(command) }
            }
        }
        return found
    }

    /// A line starting `duet ` or `swift run duet `; nil for anything else.
    static func parse(_ text: String, source: String) -> DocumentedCommand? {
        guard text.hasPrefix("duet ") || text == "duet" || text.hasPrefix("swift run duet ") else { return nil }
        let (command, comment) = split(text)
        let exits = comment.firstMatch(of: #/\bexits ([0-9])\s*$/#).flatMap { Int32($0.output.1) } ?? 0
        let plain = command.hasPrefix("swift run duet") ? String(command.dropFirst("swift run ".count)) : command
        return DocumentedCommand(source: source, line: text, command: plain, expectedExit: exits)
    }

    /// The command and its trailing `# comment` (a `#` after a space, outside quotes).
    static func split(_ text: String) -> (command: String, comment: String) {
        var quote: Character?
        var previous: Character = " "
        for index in text.indices {
            let c = text[index]
            if let open = quote {
                if c == open { quote = nil }
            } else if c == "'" || c == "\"" {
                quote = c
            } else if c == "#" && previous == " " {
                return (text[..<index].trimmingCharacters(in: .whitespaces), String(text[text.index(after: index)...]))
            }
            previous = c
        }
        return (text, "")
    }
}

/// The result of running one documented line in a shell.
struct DocumentedRun {
    var status: Int32
    var output: String
    var seconds: Double
    var timedOut: Bool
}

enum DocumentedShell {
    /// Runs `line` as bash does (`pipefail`: a failing `duet` before a `| jq` is its exit code) in
    /// `directory`, with the built `duet` first on PATH; `swift run duet` runs that `duet` too (the
    /// scratch tree is no package). Stdin is empty; after `timeout` seconds the line is killed.
    static func run(_ line: String, in directory: URL, bin: URL, timeout: Double = 300) throws -> DocumentedRun {
        let script = line.replacingOccurrences(of: "swift run duet", with: "duet")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-o", "pipefail", "-c", script]
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = bin.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["DUET_CORPUS"] = nil
        environment["CI"] = nil
        process.environment = environment
        let log = directory.appendingPathComponent(".documented-\(UUID().uuidString).log")
        guard FileManager.default.createFile(atPath: log.path, contents: nil) else { throw BuildFailure("cannot write \(log.path)") }
        let handle = try FileHandle(forWritingTo: log)
        defer { try? handle.close(); try? FileManager.default.removeItem(at: log) }
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        let started = Date()
        try process.run()
        var timedOut = false
        while process.isRunning {
            if Date().timeIntervalSince(started) > timeout { timedOut = true; process.terminate(); break }
            Thread.sleep(forTimeInterval: 0.02)
        }
        process.waitUntilExit()
        let output = String(decoding: (try? Data(contentsOf: log)) ?? Data(), as: UTF8.self)
        return DocumentedRun(status: process.terminationStatus, output: output, seconds: Date().timeIntervalSince(started), timedOut: timedOut)
    }
}
