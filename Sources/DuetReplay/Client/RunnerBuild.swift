import Foundation
import DuetRunner

/// Which build of a runner answered: what its handshake said in `"build"`, else a hash of the
/// executable the client launched, else unidentified (and then no result it gives is reused).
///
/// ```swift
/// let client = try ReplayClient(command: "./memorylane-runner", timeout: 10)
/// client.runnerBuild.stored      // "9b1f…" (sent), "exe:3f9c…" (hashed here), nil (unidentified)
/// ```
public enum RunnerBuild: Sendable, Equatable, CustomStringConvertible {
    /// The runner's own `"build"`.
    case sent(String)
    /// The client's hash of the native executable the command starts.
    case executable(String)
    /// Why the runner could not be identified.
    case unidentified(String)

    /// How results keep it (`runs.runner_build`); nil when unidentified.
    public var stored: String? {
        switch self {
        case .sent(let build): return build
        case .executable(let hash): return "exe:" + hash
        case .unidentified: return nil
        }
    }

    public var description: String {
        switch self {
        case .sent(let build): return build
        case .executable(let hash): return "exe:" + hash
        case .unidentified(let reason): return "unidentified (\(reason))"
        }
    }

    /// A runner's `"build"` as the handshake carries it: a non-empty printable string of at most 256 bytes.
    static func sent(_ value: String?) -> RunnerBuild? {
        guard let value, !value.isEmpty, value.utf8.count <= 256,
              value.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) else { return nil }
        return .sent(value)
    }

    /// For a runner that sends no build: the hash of the native executable `command` starts (run
    /// from `root` when the command has no `cd`). A launcher (`swift run`, `java -jar`), a script or
    /// a command this reading does not cover cannot be identified by a file.
    public static func ofCommand(_ command: String, root: String = FileManager.default.currentDirectoryPath) -> RunnerBuild {
        guard let program = RunnerProgram(command: command) else {
            return .unidentified("its command is not a plain [cd DIR &&] PROGRAM ARGS line")
        }
        if program.isLauncher {
            return .unidentified("it is started through \(program.program), and sends no \"build\" in its handshake")
        }
        guard let path = program.path(root: root) else { return .unidentified("\(program.program) is not an executable file") }
        guard isNativeExecutable(path) else {
            return .unidentified("\(program.program) is a script, and the runner sends no \"build\" in its handshake")
        }
        guard let hash = BuildHash.ofFile(at: path) else { return .unidentified("\(path) cannot be read") }
        return .executable(hash)
    }

    /// ELF or Mach-O: a file whose bytes are the program (a script's are not).
    static func isNativeExecutable(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let magic = [UInt8](handle.readData(ofLength: 4))
        guard magic.count == 4 else { return false }
        if magic == [0x7F, 0x45, 0x4C, 0x46] { return true }
        let machO: Set<[UInt8]> = [[0xFE, 0xED, 0xFA, 0xCE], [0xFE, 0xED, 0xFA, 0xCF], [0xCE, 0xFA, 0xED, 0xFE], [0xCF, 0xFA, 0xED, 0xFE],
                                   [0xCA, 0xFE, 0xBA, 0xBE]]
        return machO.contains(magic)
    }
}
