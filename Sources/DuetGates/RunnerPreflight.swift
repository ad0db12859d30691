import DuetReplay
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
    /// nil when the program exists and is executable (or the command is one this reading cannot
    /// judge: a variable, a pipe); otherwise what is missing. `command` may start with `cd DIR &&`.
    public static func problem(command: String, root: String, path: String? = ProcessInfo.processInfo.environment["PATH"]) -> String? {
        if command.allSatisfy(\.isWhitespace) { return "the runner command is empty" }
        guard let program = RunnerProgram(command: command) else { return nil }
        if program.path(root: root, searchPath: path) != nil { return nil }
        guard let file = program.file(root: root) else { return "\(program.program) is not on PATH" }
        return "\(program.program) is not built (no executable at \(file))"
    }
}
