/// A YAML document as a tree of scalars, sequences and mappings, each with its 1-based line and column.
///
/// ```swift
/// let root = try YAMLNode.parse(text, file: "parity/manifest.yaml")
/// root["runners"]?["swift"]?.scalar   // "swift run -q memorylane-runner"
/// ```
public indirect enum YAMLNode: Sendable {
    case scalar(String, Mark, quoted: Bool)
    case sequence([YAMLNode], Mark)
    case mapping([Pair], Mark)

    public struct Mark: Sendable, Equatable {
        public var line: Int
        public var column: Int
        public init(line: Int, column: Int) { self.line = line; self.column = column }
    }

    public struct Pair: Sendable {
        public var key: String
        public var keyMark: Mark
        public var value: YAMLNode
    }

    public var mark: Mark {
        switch self {
        case .scalar(_, let mark, _), .sequence(_, let mark), .mapping(_, let mark): return mark
        }
    }

    public var scalar: String? { if case .scalar(let value, _, _) = self { return value }; return nil }
    public var items: [YAMLNode]? { if case .sequence(let items, _) = self { return items }; return nil }
    public var pairs: [Pair]? { if case .mapping(let pairs, _) = self { return pairs }; return nil }

    /// A plain empty scalar, `~` or `null`: a key written without a value.
    public var isNull: Bool {
        guard case .scalar(let value, _, false) = self else { return false }
        return ["", "~", "null", "Null", "NULL"].contains(value)
    }

    /// What the node is, for messages: `a mapping`, `a list`, `a value`.
    public var kindDescription: String {
        switch self {
        case .scalar: return isNull ? "empty" : "a plain value"
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        }
    }

    public subscript(key: String) -> YAMLNode? { pairs?.first { $0.key == key }?.value }
}
