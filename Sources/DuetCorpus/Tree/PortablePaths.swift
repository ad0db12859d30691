import Duet

/// Committed and shared files name runners and files relative to the tree, never by this machine's
/// absolute path: a clone elsewhere reads the same bytes, and no home folder leaks into git.
///
/// ```swift
/// let tree = RecordTree(root: "/home/ada/app")
/// tree.portable("cd '/home/ada/app' && kotlin/build/runner")     // "kotlin/build/runner"
/// tree.portable("no executable at /home/ada/app/kotlin/build/x")  // "no executable at kotlin/build/x"
/// let report = try tree.portable(milestoneReport)                 // every string of a Codable value
/// ```
extension RecordTree {
    /// `text` with the tree's root taken out: `cd '<root>' && ` (how runner commands are run) goes,
    /// `<root>/` becomes relative, and the root itself becomes `.`.
    public func portable(_ text: String) -> String {
        guard text.contains(root), root != "/" else { return text }
        var rest = Substring(text.replacingOccurrences(of: "cd '\(root)' && ", with: ""))
        var result = ""
        while let found = rest.range(of: root) {
            result += rest[..<found.lowerBound]
            let after = rest[found.upperBound...]
            switch after.first {
            case "/"?: rest = after.dropFirst()
            // `/repo2` is another folder, not `/repo` followed by "2".
            case let next? where next.isLetter || next.isNumber || "._-".contains(next): result += root; rest = after
            default: result += "."; rest = after
            }
        }
        return result + rest
    }

    /// Every string in `value` (not the keys) made portable.
    public func portable(_ value: JSONValue) -> JSONValue {
        switch value {
        case .string(let text): return .string(portable(text))
        case .array(let items): return .array(items.map(portable))
        case .object(var object):
            for key in object.keys { object[key] = object[key].map(portable) }
            return .object(object)
        default: return value
        }
    }

    /// `value` with every string made portable, through its canonical encoding.
    public func portable<Value: Codable>(_ value: Value) throws -> Value {
        try CanonicalDecoder().decode(Value.self, from: portable(try CanonicalEncoder().encode(value)))
    }
}
