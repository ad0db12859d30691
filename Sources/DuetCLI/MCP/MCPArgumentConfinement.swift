import Foundation
import Duet
import DuetCorpus

/// Keeps a tool's file arguments inside the tree the server was started in: each `.file`
/// argument is resolved (symbolic links included) and must be a regular file below the tree's
/// root, no larger than `maximumBytes` — not `/etc/shadow`, not `/dev/zero`, not a FIFO that
/// would block the server, not a file reached by `..` or a link out of the tree. The verb is
/// handed the resolved path, so what was checked is what it opens.
///
/// ```swift
/// let confined = try MCPArgumentConfinement(workingDirectory: "/repo").confine(["manifest": "parity/manifest.yaml"], of: tool)
/// confined["manifest"]     // "/repo/parity/manifest.yaml"
/// ```
struct MCPArgumentConfinement {
    let workingDirectory: String
    /// Larger than any manifest; a file argument is read whole.
    static let maximumBytes = 16 << 20

    /// The folder tool arguments must stay in: the tree holding `parity/`, else the working directory.
    var root: String { RecordTree.locate(from: workingDirectory)?.root ?? workingDirectory }

    func confine(_ arguments: JSONObject, of tool: MCPTool) throws(MCPArgumentError) -> JSONObject {
        var confined = arguments
        for parameter in tool.parameters {
            guard case .file = parameter.kind, case .string(let given)? = arguments[parameter.name] else { continue }
            confined[parameter.name] = .string(try resolve(given, for: parameter.name))
        }
        return confined
    }

    private func resolve(_ given: String, for name: String) throws(MCPArgumentError) -> String {
        let shown = JSONRPC.excerpt(given, limit: 120)
        let absolute = URL(fileURLWithPath: given, relativeTo: URL(fileURLWithPath: workingDirectory, isDirectory: true)).standardizedFileURL.path
        guard let real = Self.realPath(absolute), let top = Self.realPath(root) else {
            throw MCPArgumentError("\"\(name)\": \(shown) does not exist (tools read only files inside the tree \(root))")
        }
        guard real.hasPrefix(top.hasSuffix("/") ? top : top + "/") else {
            throw MCPArgumentError("\"\(name)\": \(shown) is outside the tree \(root) — tools read only files inside it; pass a path in the tree")
        }
        var facts = stat()
        guard stat(real, &facts) == 0, facts.st_mode & S_IFMT == S_IFREG else {
            throw MCPArgumentError("\"\(name)\": \(shown) is not a regular file (a folder, a FIFO or a device) — pass a file in the tree")
        }
        guard Int(facts.st_size) <= Self.maximumBytes else {
            throw MCPArgumentError("\"\(name)\": \(shown) is \(facts.st_size) bytes, more than a tool reads (\(Self.maximumBytes))")
        }
        return real
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
