import Foundation

/// The patterns of a `.gitignore` at a tree's root, enough to say whether a path is ignored:
/// `name`, `/name`, `dir/`, globs (`corpus.db*`), negations (`!keep`), comments.
///
/// ```swift
/// IgnorePatterns("/corpus.db*\n!/corpus.db.seed\n").ignores("corpus.db-wal", directory: false)   // true
/// ```
public struct IgnorePatterns: Sendable {
    private struct Pattern: Sendable { var glob: String; var anchored: Bool; var directoryOnly: Bool; var negated: Bool }
    private var patterns: [Pattern] = []

    public init(_ text: String) {
        for raw in text.split(separator: "\n") {
            var line = raw.trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            let negated = line.hasPrefix("!")
            if negated { line.removeFirst() }
            let directoryOnly = line.hasSuffix("/")
            if directoryOnly { line.removeLast() }
            let anchored = line.hasPrefix("/") || line.dropLast().contains("/")
            if line.hasPrefix("/") { line.removeFirst() }
            guard !line.isEmpty else { continue }
            patterns.append(Pattern(glob: line, anchored: anchored, directoryOnly: directoryOnly, negated: negated))
        }
    }

    /// Whether `path` (relative to the root; a folder when `directory`) is ignored: the last matching pattern wins.
    public func ignores(_ path: String, directory: Bool) -> Bool {
        var ignored = false
        let components = path.split(separator: "/").map(String.init)
        for pattern in patterns {
            // A folder pattern also ignores everything below the folder it names.
            let prefixes = (1...components.count).map { components.prefix($0).joined(separator: "/") }
            let matches = prefixes.enumerated().contains { index, prefix in
                let isFolder = index < components.count - 1 || directory
                guard !pattern.directoryOnly || isFolder else { return false }
                if pattern.anchored { return fnmatch(pattern.glob, prefix, FNM_PATHNAME) == 0 }
                return fnmatch(pattern.glob, components[index], 0) == 0
            }
            if matches { ignored = !pattern.negated }
        }
        return ignored
    }
}
