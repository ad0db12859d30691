import DuetManifest
import Foundation

/// Which command runs each platform's runner: `--runner CMD`, else `runners:` in
/// `parity/manifest.yaml` (run from the repository root, the folder holding `parity/`).
///
/// ```swift
/// let commands = try RunnerCommands.resolve(platforms: ["swift"], explicit: nil, manifest: manifest)
/// commands.commands["swift"]     // "cd '/repo' && swift run -q memorylane-runner"
/// commands.missing               // platforms without a runner: the run fails for them
/// ```
public struct RunnerCommands: Sendable, Equatable {
    public var commands: [String: String]
    public var missing: [String]

    /// Commands given outright (a bench's runners, a test's): platform → command.
    public init(commands: [String: String], missing: [String] = []) { self.commands = commands; self.missing = missing }

    public static func resolve(platforms: [String], explicit: String?, manifest: Manifest?) -> RunnerCommands {
        var result = RunnerCommands(commands: [:], missing: [])
        for platform in platforms {
            if let explicit, platforms.count == 1 {
                result.commands[platform] = explicit
            } else if let manifest, let command = manifest.runners[platform] {
                result.commands[platform] = "cd \(shellQuoted(root(of: manifest))) && \(command)"
            } else {
                result.missing.append(platform)
            }
        }
        return result
    }

    /// The repository root runner commands run from: the folder holding `parity/`.
    public static func root(of manifest: Manifest) -> String {
        URL(fileURLWithPath: manifest.file).deletingLastPathComponent().deletingLastPathComponent().path
    }

    static func shellQuoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'" }
}
