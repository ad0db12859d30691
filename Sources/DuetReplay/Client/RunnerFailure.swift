/// Why a runner could not answer: the fixture in flight fails with this reason.
public struct RunnerFailure: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        case spawnFailed = "spawn-failed"
        case handshake
        case timeout
        case exited
        case garbage
    }
    public var kind: Kind
    /// The runner command, so reports name the runner.
    public var runner: String
    public var message: String
    /// The last lines the runner wrote to stderr, when any.
    public var stderrTail: String

    public init(kind: Kind, runner: String, message: String, stderrTail: String = "") {
        self.kind = kind; self.runner = runner; self.message = message; self.stderrTail = stderrTail
    }

    public var description: String {
        var text = "runner `\(runner)`: \(message)"
        let tail = stderrTail.split(separator: "\n").suffix(3).joined(separator: " | ")
        if !tail.isEmpty { text += " (stderr: \(tail))" }
        return text
    }
}
