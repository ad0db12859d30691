import Foundation

/// The program a runner command starts, read from the command line the way `/bin/sh` would for
/// the forms runner commands take: `[cd DIR &&] [NAME=value…] PROGRAM [ARG…]`, words quoted with
/// `'…'`, `"…"` or backslashes. A command it cannot read exactly (a variable, a pipe, a subshell)
/// gives nil: nothing is guessed.
///
/// ```swift
/// let program = RunnerProgram(command: "cd '/repo' && kotlin/build/memorylane-runner --quiet")
/// program?.path(root: "/elsewhere")   // "/repo/kotlin/build/memorylane-runner"
/// program?.arguments                  // ["--quiet"]
/// ```
public struct RunnerProgram: Sendable, Equatable {
    /// The directory a leading `cd DIR &&` moves to (absolute, or relative to the root).
    public var directory: String?
    /// The program word as written.
    public var program: String
    public var arguments: [String]

    public init?(command: String) {
        guard let words = Self.words(command) else { return nil }
        var segments: [[String]] = [[]]
        for word in words {
            switch word {
            case .operator("&&"), .operator(";"): segments.append([])
            case .operator: return nil
            case .word(let text): segments[segments.count - 1].append(text)
            }
        }
        segments.removeAll { $0.isEmpty }
        guard let last = segments.popLast() else { return nil }
        var directory: String?
        for segment in segments {
            // Only `cd DIR` may come before the program: anything else could change what it runs.
            guard segment.count == 2, segment[0] == "cd" else { return nil }
            directory = directory.map { segment[1].hasPrefix("/") ? segment[1] : $0 + "/" + segment[1] } ?? segment[1]
        }
        let command = last.drop(while: Self.isAssignment)
        guard let program = command.first, program != "cd" else { return nil }
        self.directory = directory
        self.program = program
        self.arguments = Array(command.dropFirst())
    }

    /// The program's file: a path is taken relative to the `cd` directory, else to `root`; a bare
    /// name is looked up on `PATH`. nil when no such executable exists.
    public func path(root: String, searchPath: String? = ProcessInfo.processInfo.environment["PATH"]) -> String? {
        let files = FileManager.default
        if let file = file(root: root) { return files.isExecutableFile(atPath: file) ? file : nil }
        let directories = (searchPath ?? "").split(separator: ":").map(String.init)
        return directories.map { $0 + "/" + program }.first(where: files.isExecutableFile)
    }

    /// Where a program written as a path is, absolute; nil for a bare name (found on `PATH`).
    public func file(root: String) -> String? {
        guard program.contains("/") else { return nil }
        if program.hasPrefix("/") { return program }
        let base = directory.map { $0.hasPrefix("/") ? $0 : root + "/" + $0 } ?? root
        return URL(fileURLWithPath: base).appendingPathComponent(program).standardizedFileURL.path
    }

    /// Programs that start something else (a build tool, an interpreter, a shell): their own bytes
    /// say nothing about the runner they start.
    public static let launchers: Set<String> = [
        "swift", "java", "kotlin", "sh", "bash", "zsh", "dash", "env", "exec", "nice", "time", "timeout", "python", "python3",
        "node", "ruby", "gradle", "gradlew", "make", "xcrun", "npx", "npm", "cargo", "go", "dotnet",
    ]

    public var isLauncher: Bool {
        Self.launchers.contains(String(program.split(separator: "/").last ?? Substring(program)))
    }

    // MARK: - Words

    private enum Token: Equatable { case word(String), `operator`(String) }

    /// The command's words and operators; nil for anything this reading does not cover.
    private static func words(_ command: String) -> [Token]? {
        var tokens: [Token] = []
        var current = "", inWord = false
        var scalars = command.unicodeScalars.makeIterator()
        func flush() { if inWord { tokens.append(.word(current)) }; current = ""; inWord = false }
        while let scalar = scalars.next() {
            switch scalar {
            case " ", "\t", "\n": flush()
            case "'":
                inWord = true
                while true {
                    guard let next = scalars.next() else { return nil }
                    if next == "'" { break }
                    current.unicodeScalars.append(next)
                }
            case "\"":
                inWord = true
                while true {
                    guard let next = scalars.next() else { return nil }
                    if next == "\"" { break }
                    if next == "$" || next == "`" { return nil }
                    if next == "\\" {
                        guard let escaped = scalars.next() else { return nil }
                        current.unicodeScalars.append(escaped)
                        continue
                    }
                    current.unicodeScalars.append(next)
                }
            case "\\":
                guard let escaped = scalars.next() else { return nil }
                inWord = true
                current.unicodeScalars.append(escaped)
            case "$", "`", "(", ")", "<", ">", "*", "?", "~", "{", "}":
                return nil
            case "&", "|", ";":
                flush()
                var text = String(scalar)
                if scalar != ";", let next = scalars.next() {
                    guard next == scalar else { return nil }
                    text.unicodeScalars.append(next)
                }
                tokens.append(.operator(text))
            default:
                inWord = true
                current.unicodeScalars.append(scalar)
            }
        }
        flush()
        return tokens
    }

    private static func isAssignment(_ word: String) -> Bool {
        guard let equals = word.firstIndex(of: "="), equals != word.startIndex else { return false }
        return word[..<equals].allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }
}
