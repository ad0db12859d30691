import CYAML

/// A YAML document as a tree of scalars, sequences and mappings, each with its 1-based line and column.
///
/// ```swift
/// let root = try YAMLNode.parse(text, file: "parity/manifest.yaml")
/// root["runners"]?["swift"]?.scalar   // "swift run -q memorylane-runner"
/// ```
public indirect enum YAMLNode: Sendable {
    case scalar(String, Mark)
    case sequence([YAMLNode], Mark)
    case mapping([(key: String, value: YAMLNode)], Mark)

    public struct Mark: Sendable, Equatable {
        public var line: Int
        public var column: Int
    }

    public var mark: Mark {
        switch self {
        case .scalar(_, let mark), .sequence(_, let mark), .mapping(_, let mark): return mark
        }
    }

    public var scalar: String? { if case .scalar(let value, _) = self { return value }; return nil }
    public var items: [YAMLNode]? { if case .sequence(let items, _) = self { return items }; return nil }
    public var pairs: [(key: String, value: YAMLNode)]? { if case .mapping(let pairs, _) = self { return pairs }; return nil }

    public subscript(key: String) -> YAMLNode? { pairs?.first { $0.key == key }?.value }
}

/// A YAML syntax error at a place in a file.
public struct YAMLError: Error, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    public var message: String
    public var description: String { "\(file):\(line):\(column): \(message)" }
}

extension YAMLNode {
    /// Parses the first document of `text` with libyaml. An empty document is an empty mapping.
    public static func parse(_ text: String, file: String) throws(YAMLError) -> YAMLNode {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            throw YAMLError(file: file, line: 1, column: 1, message: "libyaml could not start")
        }
        defer { yaml_parser_delete(&parser) }
        let bytes = Array(text.utf8)
        var document = yaml_document_t()
        let loaded = bytes.withUnsafeBufferPointer { buffer -> Int32 in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            return yaml_parser_load(&parser, &document)
        }
        guard loaded == 1 else {
            let mark = parser.problem_mark
            let problem = parser.problem.map { String(cString: $0) } ?? "invalid YAML"
            let context = parser.context.map { " " + String(cString: $0) } ?? ""
            throw YAMLError(file: file, line: Int(mark.line) + 1, column: Int(mark.column) + 1, message: problem + context)
        }
        defer { yaml_document_delete(&document) }
        guard let root = yaml_document_get_root_node(&document) else { return .mapping([], Mark(line: 1, column: 1)) }
        return try convert(root, in: &document, file: file, depth: 0)
    }

    private static func convert(_ node: UnsafeMutablePointer<yaml_node_t>, in document: inout yaml_document_t,
                                file: String, depth: Int) throws(YAMLError) -> YAMLNode {
        let mark = Mark(line: Int(node.pointee.start_mark.line) + 1, column: Int(node.pointee.start_mark.column) + 1)
        guard depth < 256 else { throw YAMLError(file: file, line: mark.line, column: mark.column, message: "nesting too deep") }
        switch node.pointee.type {
        case YAML_SCALAR_NODE:
            let scalar = node.pointee.data.scalar
            let buffer = UnsafeBufferPointer(start: scalar.value, count: scalar.length)
            return .scalar(String(decoding: buffer, as: UTF8.self), mark)
        case YAML_SEQUENCE_NODE:
            var items: [YAMLNode] = []
            var item = node.pointee.data.sequence.items.start
            while let current = item, current != node.pointee.data.sequence.items.top {
                if let child = yaml_document_get_node(&document, current.pointee) {
                    items.append(try convert(child, in: &document, file: file, depth: depth + 1))
                }
                item = current + 1
            }
            return .sequence(items, mark)
        case YAML_MAPPING_NODE:
            var pairs: [(key: String, value: YAMLNode)] = []
            var pair = node.pointee.data.mapping.pairs.start
            while let current = pair, current != node.pointee.data.mapping.pairs.top {
                guard let keyNode = yaml_document_get_node(&document, current.pointee.key),
                      let valueNode = yaml_document_get_node(&document, current.pointee.value) else { pair = current + 1; continue }
                let key = try convert(keyNode, in: &document, file: file, depth: depth + 1)
                guard let keyText = key.scalar else {
                    throw YAMLError(file: file, line: key.mark.line, column: key.mark.column, message: "mapping keys must be plain scalars")
                }
                if pairs.contains(where: { $0.key == keyText }) {
                    throw YAMLError(file: file, line: key.mark.line, column: key.mark.column, message: "duplicate key '\(keyText)'")
                }
                pairs.append((keyText, try convert(valueNode, in: &document, file: file, depth: depth + 1)))
                pair = current + 1
            }
            return .mapping(pairs, mark)
        default:
            return .scalar("", mark)
        }
    }
}
