import Foundation

/// Whether a runner command from the manifest can start at all, judged before any process is
/// spawned: its program is a built file (a path, relative to the repository root) or a program on
/// `PATH`. A gate that only reports (the milestone) says "not checked" for such a platform instead
/// of storing a failed run — a fresh clone has not built every flavor's runner yet.
///
/// ```swift
/// RunnerPreflight.problem(command: "kotlin/build/memorylane-runner", root: "/repo")
/// // "kotlin/build/memorylane-runner is not built (no executable at /repo/kotlin/build/memorylane-runner)"
/// ```
public enum RunnerPreflight {
    /// nil when the program exists and is executable; otherwise what is missing.
    public static func problem(command: String, root: String, path: String? = ProcessInfo.processInfo.environment["PATH"]) -> String? {
        // Leading `NAME=value` words are environment assignments, not the program.
        guard let program = command.split(whereSeparator: \.isWhitespace).map(String.init).first(where: { !isAssignment($0) }) else {
            return "the runner command is empty"
        }
        let files = FileManager.default
        if program.contains("/") {
            let full = program.hasPrefix("/") ? program : URL(fileURLWithPath: root).appendingPathComponent(program).path
            return files.isExecutableFile(atPath: full) ? nil : "\(program) is not built (no executable at \(full))"
        }
        let directories = (path ?? "").split(separator: ":").map(String.init)
        return directories.contains { files.isExecutableFile(atPath: $0 + "/" + program) } ? nil : "\(program) is not on PATH"
    }

    private static func isAssignment(_ word: String) -> Bool {
        guard let equals = word.firstIndex(of: "="), equals != word.startIndex else { return false }
        return word[..<equals].allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }
}
